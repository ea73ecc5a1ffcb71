import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { Locator, Page } from "playwright-core";
import { E2E_API_KEY } from "./askScenario.ts";
import type { Checks } from "./checks.ts";
import { describeLatency, installLatencyProbe, latencyStats, takeLatency } from "./inputLatency.ts";
import type { LatencyStats } from "./inputLatency.ts";
import { WATER_QUESTION } from "./waterScenario.ts";
import { answerInputBox, patience, reportFrame, runCommand, waitForWorkbench } from "./workbench.ts";

/**
 * RADAR on a real workspace, through the UI (issue 15): the generated water lake (41 files,
 * ~96 MB) opened in a fresh window — how long until the Sources view is complete, what it shows
 * while mapping — then a 40-call "Ask RADAR" run by the scripted model, every view captured at its
 * end, the workspace listed with hashes before and after (unchanged), the run dismissed (Problems
 * cleared); then a ~290 MB folder opened while the user types in an editor, the input latency
 * measured during its mapping and after.
 */
export interface WorkspaceFigures {
  workspaceBytes: number;
  workspaceFiles: number;
  openToFirstSourceMs?: number;
  openToSourcesCompleteMs?: number;
  askToReportMs?: number;
  largeFolderBytes?: number;
  /** Only with RADAR_E2E_LARGE_FULL=1: the large folder mapped to its end (minutes). */
  largeOpenToSourcesCompleteMs?: number;
  /** The Sources view's progress line when the typing stopped. */
  largeProgressWhileTyping?: string;
  latencyIdle?: LatencyStats;
  latencyWhileMapping?: LatencyStats;
  stopMappingMs?: number;
}

export interface WorkspaceScenario {
  page: Page;
  /** The workbench URL that opens a folder. */
  url: (folder: string) => string;
  workspace: { dir: string; bytes: number; files: number };
  large: { dir: string; bytes: number };
  /** The large folder's files under another path, never mapped before: a mapping to stop. */
  stopFolder: { dir: string; files: number };
  artifacts: string;
  checks: Checks;
  figures: WorkspaceFigures;
}

const SOURCES_PANE = '.pane:has(.pane-header[aria-label*="Sources"])';
const TRACE_PANE = '.pane:has(.pane-header[aria-label*="Trace"])';
/** A whole mapping of a large folder on a shared 2-core machine can take many minutes. */
const MAPPING_TIMEOUT_MS = 30 * 60_000;

/** Every file of a folder with its size, hash and modification time. */
export function listing(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      const st = statSync(full);
      if (st.isDirectory()) walk(full);
      else
        out.set(
          relative(dir, full),
          `${st.size} ${createHash("sha256").update(readFileSync(full)).digest("hex")} ${st.mtimeMs}`,
        );
    }
  };
  walk(dir);
  return out;
}

function listingDiff(before: Map<string, string>, after: Map<string, string>): string[] {
  const diff: string[] = [];
  for (const [path, sig] of after)
    if (before.get(path) !== sig) diff.push(before.has(path) ? `changed ${path}` : `added ${path}`);
  for (const path of before.keys()) if (!after.has(path)) diff.push(`removed ${path}`);
  return diff;
}

/** Shows RADAR's container (its views activate the extension), however busy the window is. */
export async function showRadar(page: Page): Promise<void> {
  const header = page.locator(`${SOURCES_PANE} .pane-header`).first();
  for (let i = 0; i < 20 && !(await header.isVisible().catch(() => false)); i++) {
    await page.keyboard.press("Escape");
    const clicked = await page
      .locator('.activitybar [aria-label^="RADAR"]')
      .first()
      .click({ timeout: patience(10_000) })
      .then(() => true)
      .catch(() => false);
    if (!clicked) await runCommand(page, "RADAR: Focus on Sources View").catch(() => undefined);
    await header.waitFor({ timeout: patience(10_000) }).catch(() => undefined);
  }
  await header.waitFor({ timeout: patience(10_000) });
}

export async function sourcesMessage(page: Page): Promise<string> {
  const message = page.locator(`${SOURCES_PANE} .message`).first();
  return (
    (await message.isVisible().catch(() => false)) ? await message.innerText().catch(() => "") : ""
  ).trim();
}

/**
 * A row of a view's tree, scrolled into view: the workbench's trees render only the rows in sight,
 * so a row below the fold is not in the page until the list scrolls to it.
 */
export async function treeRow(
  page: Page,
  pane: string,
  text: string,
  timeoutMs = patience(30_000),
): Promise<Locator> {
  const list = page.locator(`${pane} .monaco-list`).first();
  const row = page.locator(`${pane} .monaco-list-row`).filter({ hasText: text }).first();
  const deadline = Date.now() + timeoutMs;
  let steps = 0;
  while (Date.now() < deadline) {
    if (await row.isVisible().catch(() => false)) {
      await row.scrollIntoViewIfNeeded().catch(() => undefined);
      return row;
    }
    const box = await list.boundingBox().catch(() => null);
    if (box) {
      await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 100));
      // Down a page at a time; from the top again after a while (rows may still be arriving).
      await page.mouse.wheel(0, steps++ % 25 === 0 ? -100_000 : box.height * 0.8);
    }
    await page.waitForTimeout(150);
  }
  throw new Error(`no row "${text}" in ${pane}`);
}

/** Expands a tree row (a click on a collapsed node toggles it; an expanded one is left as is). */
async function expand(row: Locator): Promise<void> {
  for (let i = 0; i < 3 && (await row.getAttribute("aria-expanded")) === "false"; i++) {
    await row.click();
    await row.page().waitForTimeout(300);
  }
}

async function sourcesRows(page: Page): Promise<number> {
  return page.locator(`${SOURCES_PANE} .monaco-list-row`).count();
}

/** Waits for the Sources view's summary line ("41 files · 96 MB · …"): every file mapped. */
export async function waitForSourcesComplete(
  page: Page,
  onTick?: (message: string, rows: number) => Promise<void>,
): Promise<string> {
  const deadline = Date.now() + MAPPING_TIMEOUT_MS;
  let last = "";
  while (Date.now() < deadline) {
    last = await sourcesMessage(page);
    const rows = await sourcesRows(page);
    if (/^\d+ files · /.test(last) && rows > 0) return last;
    await onTick?.(last, rows);
    await page.waitForTimeout(250);
  }
  throw new Error(`the Sources view did not complete; its message reads "${last}"`);
}

async function widenSideBar(page: Page, by = 420): Promise<void> {
  const sidebar = page.locator(".part.sidebar").first();
  const box = await sidebar.boundingBox();
  if (!box || box.width > 700) return;
  await page.mouse.move(box.x + box.width + 1, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width + by, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
}

export async function workspaceScenario(s: WorkspaceScenario): Promise<void> {
  const { page, checks, artifacts, figures } = s;
  const shot = (name: string): Promise<Buffer> => page.screenshot({ path: join(artifacts, name) });
  figures.workspaceBytes = s.workspace.bytes;
  figures.workspaceFiles = s.workspace.files;
  const before = listing(s.workspace.dir);

  await checks.run(
    "opening the workspace: the Sources view shows progress and files as they are mapped, then all of them",
    async () => {
      const opened = Date.now();
      await page.goto(s.url(s.workspace.dir), { waitUntil: "domcontentloaded", timeout: patience(60_000) });
      await waitForWorkbench(page);
      await showRadar(page);
      let progressSeen = "";
      let midShot = false;
      const complete = await waitForSourcesComplete(page, async (message, rows) => {
        if (rows > 0 && figures.openToFirstSourceMs === undefined)
          figures.openToFirstSourceMs = Date.now() - opened;
        if (/^Mapping \d+ of \d+ files · /.test(message)) progressSeen = message;
        if (!midShot && rows >= 3 && progressSeen) {
          midShot = true;
          await widenSideBar(page);
          await page
            .locator(".part.sidebar")
            .first()
            .screenshot({ path: join(artifacts, "ws-sources-mapping.png") });
        }
      });
      figures.openToSourcesCompleteMs = Date.now() - opened;
      if (!progressSeen) throw new Error(`no progress line was seen before "${complete}"`);
      return `“${progressSeen}” then “${complete}”; first file after ${((figures.openToFirstSourceMs ?? 0) / 1000).toFixed(1)} s, complete after ${(figures.openToSourcesCompleteMs / 1000).toFixed(1)} s`;
    },
    true,
  );

  await checks.run(
    "the Sources view shows the yearly family as one node and an unreadable file as such",
    async () => {
      await widenSideBar(page);
      const family = await treeRow(page, SOURCES_PANE, "water-body-testing-{year}.csv");
      const familyLabel = (await family.getAttribute("aria-label")) ?? "";
      if (!/family · 22 files · 2002–2023/.test(familyLabel))
        throw new Error(`the family reads "${familyLabel}"`);
      await expand(family);
      await treeRow(page, SOURCES_PANE, "water-body-testing-2002.csv", patience(15_000));
      const unreadable = await treeRow(page, SOURCES_PANE, "beach-program-summary-2024.xlsx");
      const unreadableLabel = (await unreadable.getAttribute("aria-label")) ?? "";
      if (!/unreadable · could not read as xlsx/.test(unreadableLabel))
        throw new Error(`the interrupted download reads "${unreadableLabel}"`);
      await page
        .locator(".part.sidebar")
        .first()
        .screenshot({ path: join(artifacts, "ws-sources.png") });
      return `${familyLabel.slice(0, 80)} | ${unreadableLabel.slice(0, 90)}`;
    },
  );

  await checks.run(
    "“Ask RADAR” on the workspace: a 40-call run by the scripted model ends in the report",
    async () => {
      await runCommand(page, "RADAR: Set API Key");
      await answerInputBox(page, "Set API Key", E2E_API_KEY);
      const asked = Date.now();
      await runCommand(page, "RADAR: Ask RADAR");
      await answerInputBox(page, "Ask RADAR", WATER_QUESTION);
      const report = reportFrame(page);
      await report.locator('main[data-status="answered"]').waitFor({ timeout: MAPPING_TIMEOUT_MS });
      figures.askToReportMs = Date.now() - asked;
      const answer = await report.locator("#answer-text").innerText();
      if (answer.trim() !== "5883") throw new Error(`the answer reads "${answer}" (gold: 5883)`);
      const summary = await report.locator("#summary").innerText();
      const calls = /Calls: (\d+) calls/.exec(summary)?.[1];
      if (!calls || Number(calls) < 41) throw new Error(`the summary reads "${summary}"`);
      return `answer ${answer} after ${(figures.askToReportMs / 1000).toFixed(1)} s; ${summary.replace(/\s+/g, " ")}`;
    },
    true,
  );

  await checks.run("the report: answer, evidence chain, findings per rule, calls per step", async () => {
    const report = reportFrame(page);
    await shot("ws-report.png");
    const chain = await report.locator("#evidence").innerText();
    for (const needed of [
      "answer_table",
      "marine_by_year",
      "range_2019_2023",
      "water-body-testing-2019.csv",
      "water-body-testing-2023.csv",
    ])
      if (!chain.includes(needed))
        throw new Error(`the evidence chain lacks ${needed}: ${chain.slice(0, 400)}`);
    const findings = report.locator("#diagnostics");
    await findings.scrollIntoViewIfNeeded();
    await shot("ws-report-findings.png");
    const groups = await report.locator("details.finding-group").count();
    const codes = await report
      .locator("details.finding-group")
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-code")));
    // The findings the script provokes on purpose: a comma join, a filter on a spelling the column
    // lacks, a misspelt column, a union over a file and its archived copy.
    for (const code of ["unkeyed-join", "filter-no-match", "unknown-column", "duplicate-file"])
      if (!codes.includes(code)) throw new Error(`no ${code} group among ${codes.join(", ")}`);
    const steps = await report.locator("details.step").count();
    if (steps < 13) throw new Error(`${steps} step groups`);
    await report.locator("#calls").evaluate((el) => el.scrollIntoView({ block: "start" }));
    await shot("ws-report-steps.png");
    return `${groups} rule groups (${codes.join(", ")}); ${steps} step groups`;
  });

  await checks.run("a preview's source row column is whole at the default panel width", async () => {
    const report = reportFrame(page);
    const row = report.locator('tr[data-file="water-body-testing-2019.csv"]').first();
    await row.scrollIntoViewIfNeeded();
    const cell = row.locator("td.origin-cell");
    const fits = await cell.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return {
        whole: el.scrollWidth <= el.clientWidth + 1,
        inView: box.left >= 0 && box.right <= document.documentElement.clientWidth,
        text: el.textContent ?? "",
      };
    });
    await shot("ws-report-table.png");
    if (!fits.whole || !fits.inView) throw new Error(`the source row cell "${fits.text}" is cut off`);
    // The table scrolled sideways: the source row stays in view.
    const scrolled = await row.evaluate((tr) => {
      const scroller = tr.closest(".table-scroll") as HTMLElement;
      scroller.scrollLeft = scroller.scrollWidth;
      const cellBox = (tr.querySelector("td.origin-cell") as HTMLElement).getBoundingClientRect();
      const box = scroller.getBoundingClientRect();
      return { left: cellBox.left - box.left, wide: scroller.scrollWidth > scroller.clientWidth };
    });
    if (scrolled.wide && Math.abs(scrolled.left) > 1)
      throw new Error(`scrolled sideways, the source row moved by ${scrolled.left}px`);
    return `“${fits.text}”${scrolled.wide ? ", stays in view when the table scrolls" : ""}`;
  });

  await checks.run("the Trace view reads per step", async () => {
    await runCommand(page, "RADAR: Focus on Trace View");
    const rows = page.locator(`${TRACE_PANE} .monaco-list-row`);
    const run = rows.filter({ hasText: WATER_QUESTION.slice(0, 30) }).first();
    await run.waitFor({ timeout: patience(15_000) });
    const runLabel = (await run.getAttribute("aria-label")) ?? "";
    if (!/answered · 42 calls · \d+ findings/.test(runLabel)) throw new Error(`the run reads "${runLabel}"`);
    await rows
      .filter({ hasText: "Step 13" })
      .first()
      .waitFor({ timeout: patience(15_000) });
    await widenSideBar(page);
    await page
      .locator(".part.sidebar")
      .first()
      .screenshot({ path: join(artifacts, "ws-trace.png") });
    return runLabel.slice(0, 140);
  });

  await checks.run("Problems: one entry per row and rule", async () => {
    await runCommand(page, "Problems: Focus on Problems View");
    const markers = page.locator(".markers-panel .monaco-list-row");
    await markers.first().waitFor({ timeout: patience(15_000) });
    await page.waitForTimeout(500);
    const labels = await markers.evaluateAll((nodes) => nodes.map((n) => n.getAttribute("aria-label") ?? ""));
    const entries = labels.filter((l) => /RADAR/.test(l) || /Error|Warning|Info/.test(l));
    const seen = new Set<string>();
    for (const l of entries) {
      const key = l.replace(/\(#[^)]*\)/g, "");
      if (seen.has(key)) throw new Error(`twice in Problems: ${l}`);
      seen.add(key);
    }
    await shot("ws-problems.png");
    return `${labels.length} rows`;
  });

  await checks.run("the Sources view after the run shows what it scanned", async () => {
    await runCommand(page, "RADAR: Focus on Sources View");
    await expand(await treeRow(page, SOURCES_PANE, "water-body-testing-{year}.csv"));
    const scanned = await treeRow(page, SOURCES_PANE, "water-body-testing-2019.csv");
    const label = (await scanned.getAttribute("aria-label")) ?? "";
    await page
      .locator(".part.sidebar")
      .first()
      .screenshot({ path: join(artifacts, "ws-sources-after.png") });
    if (!/scanned/.test(label)) throw new Error(`water-body-testing-2019.csv reads "${label}"`);
    return label.slice(0, 120);
  });

  await checks.run("the workspace is byte-identical after mapping and a 40-call run", async () => {
    const diff = listingDiff(before, listing(s.workspace.dir));
    if (diff.length) throw new Error(diff.slice(0, 5).join("; "));
    return `${before.size} files, hashes and times unchanged`;
  });

  await checks.run("dismissing the run from the Trace view clears its findings from Problems", async () => {
    await runCommand(page, "RADAR: Focus on Trace View");
    const run = page
      .locator(`${TRACE_PANE} .monaco-list-row`)
      .filter({ hasText: WATER_QUESTION.slice(0, 30) })
      .first();
    await run.hover();
    await run.locator('.action-label[aria-label="Dismiss Run"]').click({ timeout: patience(15_000) });
    await runCommand(page, "Problems: Focus on Problems View");
    await page
      .locator(".markers-panel")
      .getByText("No problems have been detected")
      .first()
      .waitFor({ timeout: patience(15_000) });
    await shot("ws-dismissed.png");
  });

  await checks.run("typing in an editor while nothing maps (the baseline)", async () => {
    figures.latencyIdle = latencyStats(await typeInNewEditor(page, 3));
    await runCommand(page, "View: Revert and Close Editor");
    return describeLatency(figures.latencyIdle);
  });

  await checks.run("typing in an editor while a large folder maps: the window stays responsive", async () => {
    figures.largeFolderBytes = s.large.bytes;
    await page.goto(s.url(s.large.dir), { waitUntil: "domcontentloaded", timeout: patience(60_000) });
    await waitForWorkbench(page);
    await showRadar(page);
    // RADAR maps the folder from its activation on: the user starts typing in a new editor at once
    // and goes on while the Sources view says it maps. A line's keys count when the view said
    // "Mapping" before and after it; after four such lines the mapping is stopped (next check).
    const mapping = async (): Promise<boolean> => /^Mapping \d+ of/.test(await sourcesMessage(page));
    await runCommand(page, "File: New Untitled Text File");
    await page
      .locator(".editor-group-container.active .monaco-editor textarea")
      .first()
      .waitFor({ timeout: patience(60_000) });
    await installLatencyProbe(page);
    // A new window's extension host can take tens of seconds to start on a loaded machine (a clean
    // CI run once typed all twelve lines before the map began): wait until the view says it maps,
    // then type. Keys typed before that would not count anyway.
    const startBy = Date.now() + patience(90_000);
    while (!(await mapping())) {
      if (Date.now() > startBy)
        throw new Error(
          `the large folder did not start mapping: the Sources view read “${await sourcesMessage(page)}”`,
        );
      await page.waitForTimeout(250);
    }
    const during: number[] = [];
    let seenMapping = false;
    for (let line = 0; line < 12 && during.length < 4 * 45; line++) {
      const before = await mapping();
      seenMapping ||= before;
      await page.keyboard.type("the quick brown fox jumps over the lazy dog ", { delay: 60 });
      await page.keyboard.press("Enter");
      const samples = await takeLatency(page);
      const after = await mapping();
      if (before && after) {
        during.push(...samples);
        if (during.length === samples.length) await shot("large-typing-while-mapping.png");
      }
      if (seenMapping && !after) break;
    }
    await expectTypedLines(page, 1);
    figures.largeProgressWhileTyping = await sourcesMessage(page);
    if (during.length < 40) throw new Error(`only ${during.length} keys typed while mapping`);
    figures.latencyWhileMapping = latencyStats(during);
    if (process.env.RADAR_E2E_LARGE_FULL) {
      const opened = Date.now();
      await waitForSourcesComplete(page);
      figures.largeOpenToSourcesCompleteMs = Date.now() - opened;
    }
    return `while mapping ${describeLatency(figures.latencyWhileMapping)} (idle: ${figures.latencyIdle ? describeLatency(figures.latencyIdle) : "n/a"}); the view read “${figures.largeProgressWhileTyping}” when typing stopped`;
  });

  await checks.run("Stop Mapping ends a large folder's mapping early and keeps what was mapped", async () => {
    // A folder never mapped before (the large one under another path, so no cache helps), stopped
    // as soon as its first file is listed: the stop must land while most files are still unmapped.
    const total = s.stopFolder.files;
    await page.goto(s.url(s.stopFolder.dir), { waitUntil: "domcontentloaded", timeout: patience(60_000) });
    await waitForWorkbench(page);
    await showRadar(page);
    const started = Date.now();
    let progress = "";
    while (Date.now() - started < patience(150_000)) {
      progress = await sourcesMessage(page);
      const m = /^Mapping (\d+) of (\d+) files/.exec(progress);
      if (m && Number(m[1]) >= 1) break;
      if (/^\d+ files · /.test(progress)) break;
      await page.waitForTimeout(200);
    }
    if (!/^Mapping [1-9]\d* of \d+ files/.test(progress))
      throw new Error(`no mapping in progress to stop: the view reads "${progress}"`);
    const asked = Date.now();
    await runCommand(page, "RADAR: Stop Mapping");
    let message = "";
    while (Date.now() - asked < patience(30_000)) {
      message = await sourcesMessage(page);
      if (/^Mapping stopped: \d+ file/.test(message) || /^\d+ files · /.test(message)) break;
      await page.waitForTimeout(250);
    }
    const mapped = Number(/^Mapping stopped: (\d+) file/.exec(message)?.[1] ?? NaN);
    if (!Number.isFinite(mapped))
      throw new Error(`the view reads "${message}" (asked to stop at "${progress}")`);
    figures.stopMappingMs = Date.now() - asked;
    const rows = await sourcesRows(page);
    await shot("large-mapping-stopped.png");
    if (mapped < 1 || mapped >= total)
      throw new Error(
        `"${message}": ${mapped} of the folder's ${total} files mapped — the stop did not end the mapping early`,
      );
    if (rows === 0) throw new Error("no mapped file is listed after the stop");
    return `stopped at “${progress}”: “${message}” (${mapped} of ${total} files) ${((figures.stopMappingMs ?? 0) / 1000).toFixed(1)} s after the command; ${rows} rows listed`;
  });
}

/** Opens a new untitled editor and types `lines` lines into it, a key every 60 ms: each key's latency. */
async function typeInNewEditor(page: Page, lines: number): Promise<number[]> {
  await runCommand(page, "File: New Untitled Text File");
  await page
    .locator(".editor-group-container.active .monaco-editor textarea")
    .first()
    .waitFor({ timeout: patience(60_000) });
  await installLatencyProbe(page);
  const samples: number[] = [];
  for (let line = 0; line < lines; line++) {
    await page.keyboard.type("the quick brown fox jumps over the lazy dog ", { delay: 60 });
    await page.keyboard.press("Enter");
    samples.push(...(await takeLatency(page)));
  }
  await expectTypedLines(page, lines);
  return samples;
}

/** The keys went into the editor, not elsewhere: it holds the typed lines. */
async function expectTypedLines(page: Page, lines: number): Promise<void> {
  const text = await page
    .locator(".editor-group-container.active .monaco-editor .view-lines")
    .first()
    .innerText();
  // The editor renders spaces as no-break spaces.
  const typed = (text.replace(/\u00a0/g, " ").match(/the quick brown fox jumps over the lazy dog/g) ?? [])
    .length;
  if (typed < Math.min(lines, 3))
    throw new Error(`the editor holds ${typed} typed line(s): "${text.slice(0, 120)}"`);
}
