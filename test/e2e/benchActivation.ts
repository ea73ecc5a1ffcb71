import { existsSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { repoRoot } from "../helpers/tempLake.ts";
import { isolatedRun, missingPrerequisites, sleep, startCodeServer, workspaceFrom } from "./codeServer.ts";
import { openBrowser, runCommand, waitForWorkbench } from "./workbench.ts";

/**
 * `npm run bench:activation`: RADAR's activation in a real extension host (code-server), cold,
 * several times — each window reload starts a new extension host process. For each activation it
 * prints what RADAR measures itself (activationClock.ts: evaluating dist/extension.cjs plus running
 * `activate()`, and, apart, the host's own wait between the two) and what VS Code reports for the
 * extension in "Developer: Show Running Extensions". The extension is loaded from this checkout
 * as a development extension (no VSIX needed; run `npm run build` first).
 * Usage: npm run bench:activation [-- --runs N]
 */
interface Activation {
  totalMs: number;
  loadMs: number;
  activateMs: number;
  hostWaitMs: number;
  cpuMs: number;
  phases: string;
}

const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;

function activations(userData: string): Activation[] {
  const found: Activation[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      const st = statSync(full, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) walk(full);
      else if (name === "RADAR.log")
        for (const m of readFileSync(full, "utf8").matchAll(
          /RADAR activated in ([\d.]+) ms \(bundle ([\d.]+) ms \+ activate ([\d.]+) ms; CPU ([\d.]+) ms; the host's wait in between ([\d.]+) ms; activate: ([^;]*);/g,
        ))
          found.push({
            totalMs: Number(m[1]),
            loadMs: Number(m[2]),
            activateMs: Number(m[3]),
            cpuMs: Number(m[4]),
            hostWaitMs: Number(m[5]),
            phases: m[6]!,
          });
    }
  };
  walk(join(userData, "logs"));
  return found;
}

/** VS Code's own figure for the extension, from the Running Extensions editor. */
async function runningExtensionsFigure(page: Page): Promise<string> {
  await runCommand(page, "Developer: Show Running Extensions");
  const row = page.locator(".runtime-extensions-editor .monaco-list-row", { hasText: "RADAR" }).first();
  await row.waitFor({ timeout: 30_000 });
  const text = (await row.innerText()).replace(/\s+/g, " ");
  const m = /(Startup )?Activation:? ?([\d.]+ ?ms)/i.exec(text) ?? /([\d.]+ ?ms)/.exec(text);
  return m ? m[0] : text.slice(0, 120);
}

async function waitForActivations(userData: string, count: number): Promise<void> {
  for (let i = 0; i < 240 && activations(userData).length < count; i++) await sleep(500);
  if (activations(userData).length < count) throw new Error(`RADAR did not activate (${count})`);
}

async function main(): Promise<void> {
  const missing = missingPrerequisites();
  if (missing.length) throw new Error(`needs: ${missing.join("; ")}`);
  if (!existsSync(join(repoRoot, "dist/extension.cjs"))) throw new Error("run npm run build first");
  const dirs = isolatedRun();
  const lake = workspaceFrom(dirs, join(repoRoot, "examples/lake"), "lake-bench");
  // RADAR_BENCH_CPU_PROF=DIR profiles code-server and its extension hosts (V8 .cpuprofile files).
  const prof = process.env.RADAR_BENCH_CPU_PROF;
  const server = await startCodeServer(
    dirs,
    prof ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${prof}` } : {},
  );
  const browser = await openBrowser(dirs.root);
  const vscodeFigures: string[] = [];
  try {
    const page = browser.page;
    const payload = [["extensionDevelopmentPath", `vscode-remote://${server.authority}${repoRoot}`]];
    await page.goto(
      `${server.url}/?folder=${encodeURIComponent(lake)}&payload=${encodeURIComponent(JSON.stringify(payload))}`,
      { waitUntil: "domcontentloaded", timeout: 120_000 },
    );
    for (let run = 1; run <= RUNS; run++) {
      await waitForWorkbench(page);
      // Showing RADAR's view activates it (onView); after a reload the window restores it.
      const traceHeader = page.locator('.pane-header[aria-label*="Trace"]').first();
      for (let i = 0; i < 12 && !(await traceHeader.isVisible().catch(() => false)); i++) {
        await page.keyboard.press("Escape");
        const icon = page.locator('.activitybar [aria-label^="RADAR"]').first();
        const clicked = await icon
          .click({ timeout: 10_000 })
          .then(() => true)
          .catch(() => false);
        if (!clicked) await runCommand(page, "RADAR: Focus on Trace View").catch(() => undefined);
        await traceHeader.waitFor({ timeout: 10_000 }).catch(() => undefined);
      }
      await waitForActivations(dirs.userData, run);
      vscodeFigures.push(await runningExtensionsFigure(page).catch((e: Error) => `n/a (${e.message})`));
      // Back to a plain editor area, so the palette opens for the reload.
      await page.keyboard.press("Escape");
      await runCommand(page, "View: Close All Editors").catch(() => undefined);
      console.log(`activation ${run}: logged; VS Code: ${vscodeFigures.at(-1)}`);
      if (run < RUNS) {
        const reloaded = page.waitForEvent("domcontentloaded", { timeout: 120_000 });
        reloaded.catch(() => undefined);
        await runCommand(page, "Developer: Reload Window");
        await reloaded;
      }
    }
    const all = activations(dirs.userData);
    const fmt = (xs: number[]): string => {
      const s = [...xs].sort((a, b) => a - b);
      return `median ${s[Math.floor(s.length / 2)]} ms, range ${s[0]}–${s.at(-1)} ms`;
    };
    all.forEach((a, i) =>
      console.log(
        `activation ${i + 1}: RADAR ${a.totalMs} ms (bundle ${a.loadMs} + activate ${a.activateMs}; CPU ${a.cpuMs}; host wait ${a.hostWaitMs}) [${a.phases}] — VS Code: ${vscodeFigures[i] ?? "n/a"}`,
      ),
    );
    console.log(
      `RADAR's own activation cost over ${all.length} cold activations: ${fmt(all.map((a) => a.totalMs))}`,
    );
    console.log(
      `  of which activate(): ${fmt(all.map((a) => a.activateMs))}; bundle: ${fmt(all.map((a) => a.loadMs))}`,
    );
    console.log(`  the host's wait in between (not RADAR's code): ${fmt(all.map((a) => a.hostWaitMs))}`);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dirs.root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
