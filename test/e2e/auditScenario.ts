import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { repoRoot } from "../helpers/tempLake.ts";
import type { Checks } from "./checks.ts";
import { openBrowser } from "./workbench.ts";

/** Writes the audit of one `radar batch` run over a copy of examples/lake; returns the file. */
function auditOf(root: string, name: string, calls: unknown[]): string {
  const lake = join(root, `${name}-lake`);
  cpSync(join(repoRoot, "examples/lake"), lake, { recursive: true });
  const state = join(root, `${name}-state`);
  const batch = join(root, `${name}.json`);
  writeFileSync(batch, JSON.stringify(calls));
  const cli = join(repoRoot, "dist/cli.cjs");
  const ran = spawnSync(
    process.execPath,
    [cli, "batch", batch, "--lake", lake, "--state-dir", state, "--quiet"],
    {
      encoding: "utf8",
    },
  );
  if (ran.status !== 0 && ran.status !== 1) throw new Error(`radar batch failed: ${ran.stderr}`);
  const run = readdirSync(join(state, "runs")).find((f) => f.endsWith(".jsonl"))!;
  const out = join(root, `${name}.html`);
  const exported = spawnSync(
    process.execPath,
    [cli, "export", join(state, "runs", run), "--html", "--out", out, "--lake", lake, "--state-dir", state],
    { encoding: "utf8" },
  );
  if (exported.status !== 0) throw new Error(`radar export --html failed: ${exported.stderr}`);
  return out;
}

/** 120 calls over the demo lake: the demo's scans, then queries and probes per year. */
function longBatch(demo: { op: string }[]): unknown[] {
  const calls: unknown[] = demo.filter((c) => c.op === "Scan");
  for (let i = 0; calls.length < 120; i++)
    calls.push(
      {
        op: "Query",
        sql: `SELECT r.year, r.rainfall_mm, y.yield_t_per_ha FROM rainfall r JOIN crop_yield y ON r.year = y.year WHERE r.year <= ${2017 + (i % 6)} ORDER BY r.year`,
        inputs: ["rainfall", "crop_yield"],
        output: `upto_${i}`,
      },
      { op: "Probe", table: `upto_${i}`, columns: ["yield_t_per_ha"] },
    );
  return calls.slice(0, 120);
}

/**
 * The HTML audit in a real browser (Chromium, file://, offline): it renders with the findings
 * summary above the calls, a finding's file:line link lands on that line of the source excerpt,
 * nothing is fetched and no script runs, and a 120-call run stays readable (calls folded).
 */
export async function auditScenario(
  root: string,
  artifacts: string,
  checks: Checks,
): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(root, "audit-"));
  const demo = JSON.parse(readFileSync(join(repoRoot, "examples/demoBatch.json"), "utf8")) as {
    op: string;
  }[];
  const small = auditOf(dir, "demo", demo);
  const large = auditOf(dir, "long", longBatch(demo));
  const figures = { demoHtmlBytes: statSync(small).size, longHtmlBytes: statSync(large).size };
  const browser = await openBrowser(dir);
  const page: Page = browser.page;
  const fetched: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith("file://")) fetched.push(r.url());
  });
  try {
    await page.goto(`file://${small}`);
    await checks.run(
      "the demo run's audit renders: title, question section, findings before calls",
      async () => {
        const title = await page.title();
        if (!title.startsWith("RADAR audit")) throw new Error(`title "${title}"`);
        const order = await page.evaluate(() =>
          ["question", "findings", "index", "calls", "files", "sources", "sql"].map((id) => {
            const el = document.getElementById(id);
            return el ? el.getBoundingClientRect().top + window.scrollY : -1;
          }),
        );
        if (order.some((y) => y < 0) || order.some((y, i) => i > 0 && y < order[i - 1]!))
          throw new Error(`sections out of order or missing: ${order.join(", ")}`);
        const rows = await page.locator("#findings tbody tr").count();
        if (rows < 4) throw new Error(`${rows} finding rows`);
        return `${rows} findings`;
      },
    );
    await checks.run("a finding's file:line link lands on that line of the source excerpt", async () => {
      const link = page.locator('#findings a[href^="#f"]', { hasText: "climate/rainfall.csv:5" }).first();
      const href = await link.getAttribute("href");
      await link.click();
      const hash = await page.evaluate(() => location.hash);
      if (hash !== href) throw new Error(`hash ${hash}, link ${href}`);
      const target = page.locator(`tr${href}`);
      const text = (await target.textContent()) ?? "";
      const line = readFileSync(join(repoRoot, "examples/lake/climate/rainfall.csv"), "utf8").split("\n")[4]!;
      if (!text.includes(line))
        throw new Error(`the target row reads "${text}", the file's line 5 is "${line}"`);
      const box = await target.boundingBox();
      const viewport = page.viewportSize()!;
      if (!box || box.y < 0 || box.y > viewport.height)
        throw new Error(`the line is not in view (${JSON.stringify(box)})`);
      await page.screenshot({ path: join(artifacts, "audit-demo.png") });
      return `${href} → "${line}"`;
    });
    await checks.run("the audit runs no script and fetches nothing", async () => {
      const scripts = await page.evaluate(() =>
        [...document.scripts].map((s) => s.type || "text/javascript").filter((t) => t !== "application/json"),
      );
      if (scripts.length) throw new Error(`scripts: ${scripts.join(", ")}`);
      if (fetched.length) throw new Error(`fetched ${fetched.slice(0, 3).join(", ")}`);
    });
    await page.goto(`file://${large}`);
    await checks.run(
      "a 120-call audit stays readable: summary on top, calls folded, the index folded",
      async () => {
        const calls = await page.locator("details.call").count();
        const open = await page.locator("details.call[open]").count();
        const indexOpen = await page.locator("#index details[open]").count();
        const findingsTop = await page.evaluate(
          () => document.getElementById("findings")!.getBoundingClientRect().top,
        );
        const viewport = page.viewportSize()!;
        if (calls !== 120) throw new Error(`${calls} calls`);
        if (open > 10) throw new Error(`${open} calls unfolded`);
        if (indexOpen !== 0) throw new Error("the call index is unfolded");
        if (findingsTop > viewport.height)
          throw new Error(`findings start at ${findingsTop}px, below the first screen`);
        await page.screenshot({ path: join(artifacts, "audit-120-calls.png") });
        return `${calls} calls, ${open} unfolded, ${(figures.longHtmlBytes / 1024).toFixed(0)} KiB`;
      },
    );
  } finally {
    await browser.close();
  }
  return figures;
}
