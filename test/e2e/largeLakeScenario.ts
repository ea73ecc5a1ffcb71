import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import type { DailyLakeMarker } from "../../bench/generateDailyLake.ts";
import type { Checks } from "./checks.ts";
import { patience, waitForWorkbench } from "./workbench.ts";
import { showRadar, sourcesMessage, treeRow, waitForSourcesComplete } from "./workspaceScenario.ts";

/**
 * The Sources view on a lake of 1,500 files (issue 27): 1,400 daily CSVs of one layout in dated
 * folders (bench/generateDailyLake.ts) and a hundred others. Opened in a fresh window, the view
 * shows the mapping's progress, then each family as one collapsed node with its range — the root
 * holds a few dozen rows, not 1,500 — and expanding the daily family lists its 1,400 members. The
 * folder opened again draws its last map at once, while the mapping checks it. Figures, not timed assertions:
 * how long until the first row, until the map is complete, from complete to the family's row, and
 * the same on the second opening.
 */
export interface LargeLakeFigures {
  files: number;
  /** The workbench drawn; then RADAR's view says it maps (the extension host up, RADAR active). */
  openToWorkbenchMs?: number;
  openToMappingMs?: number;
  openToFirstRowMs?: number;
  openToCompleteMs?: number;
  completeToFamilyRowMs?: number;
  /** The folder opened again: its map comes from the cache. */
  reopenToWorkbenchMs?: number;
  reopenToCompleteMs?: number;
  reopenToFamilyRowMs?: number;
  rootRows?: number;
  progress?: string;
}

export interface LargeLakeScenario {
  page: Page;
  url: string;
  lake: DailyLakeMarker;
  artifacts: string;
  checks: Checks;
  figures: LargeLakeFigures;
}

const SOURCES_PANE = '.pane:has(.pane-header[aria-label*="Sources"])';
const FAMILY = "observations/{date}.csv";

/** A row's place in its tree: its level, position and how many siblings it has. */
async function rowPlace(row: Locator): Promise<{ level: number; setSize: number; label: string }> {
  return {
    level: Number(await row.getAttribute("aria-level")),
    setSize: Number(await row.getAttribute("aria-setsize")),
    label: (await row.getAttribute("aria-label")) ?? "",
  };
}

/** Opens the folder and waits for the family's row, timing both from the moment the page loads. */
async function openUntilFamily(
  s: LargeLakeScenario,
  onTick: (message: string, rows: number, sinceOpen: number) => void,
): Promise<{
  complete: string;
  openToWorkbenchMs: number;
  openToCompleteMs: number;
  openToFamilyRowMs: number;
  family: Locator;
}> {
  const { page } = s;
  const opened = Date.now();
  await page.goto(s.url, { waitUntil: "domcontentloaded", timeout: patience(60_000) });
  await waitForWorkbench(page);
  const openToWorkbenchMs = Date.now() - opened;
  await showRadar(page);
  const complete = await waitForSourcesComplete(page, async (message, rows) =>
    onTick(message, rows, Date.now() - opened),
  );
  const openToCompleteMs = Date.now() - opened;
  const family = await treeRow(page, SOURCES_PANE, FAMILY, patience(15_000));
  return { complete, openToWorkbenchMs, openToCompleteMs, openToFamilyRowMs: Date.now() - opened, family };
}

export async function largeLakeScenario(s: LargeLakeScenario): Promise<void> {
  const { page, checks, figures, lake } = s;
  figures.files = lake.files;
  const range = `${lake.firstDay.replaceAll("-", "/")}–${lake.lastDay.replaceAll("-", "/")}`;
  let family: Locator | undefined;

  await checks.run(
    `opening ${lake.files} files: the Sources view shows the mapping's progress, then completes`,
    async () => {
      const opening = await openUntilFamily(s, (message, rows, sinceOpen) => {
        if (rows > 0 && figures.openToFirstRowMs === undefined) figures.openToFirstRowMs = sinceOpen;
        if (/^Mapping /.test(message)) figures.openToMappingMs ??= sinceOpen;
        if (/^Mapping \d+ of \d+ files · /.test(message)) figures.progress = message;
      });
      figures.openToWorkbenchMs = opening.openToWorkbenchMs;
      figures.openToCompleteMs = opening.openToCompleteMs;
      figures.completeToFamilyRowMs = opening.openToFamilyRowMs - opening.openToCompleteMs;
      family = opening.family;
      if (!figures.progress) throw new Error(`no progress line was seen before "${opening.complete}"`);
      if (!opening.complete.startsWith(`${lake.files} files · `))
        throw new Error(`the view reads "${opening.complete}"`);
      return `“${figures.progress}” then “${opening.complete}”`;
    },
    true,
  );

  await checks.run(
    "each family is one collapsed node with its range; the root lists a few dozen rows",
    async () => {
      const place = await rowPlace(family!);
      if (place.level !== 1) throw new Error(`the family's row is at level ${place.level}`);
      const expected = `family · ${lake.dailyMembers.length} files · ${range} · ${lake.missingDays.map((d) => d.replaceAll("-", "/")).join(", ")} missing`;
      if (!place.label.includes(expected))
        throw new Error(`the family reads "${place.label}", not "${expected}"`);
      if ((await family!.getAttribute("aria-expanded")) !== "false")
        throw new Error("the family is not collapsed");
      figures.rootRows = place.setSize;
      // 20 notes, 2 single files, and 3 families (daily, monthly, station sheets).
      if (place.setSize !== 25) throw new Error(`the root holds ${place.setSize} rows (expected 25)`);
      const monthly = await rowPlace(await treeRow(page, SOURCES_PANE, "summaries/monthly_{date}.csv"));
      if (!/family · 48 files · 2019_01–2022_12/.test(monthly.label))
        throw new Error(`the monthly family reads "${monthly.label}"`);
      await page
        .locator(".part.sidebar")
        .first()
        .screenshot({ path: join(s.artifacts, "large-sources.png") });
      return `${place.label} | ${monthly.label.slice(0, 70)} | ${place.setSize} rows at the root`;
    },
  );

  await checks.run("expanding the daily family lists its members, by their dated folders", async () => {
    for (let i = 0; i < 3 && (await family!.getAttribute("aria-expanded")) === "false"; i++) {
      await family!.click();
      await page.waitForTimeout(300);
    }
    const first = lake.dailyMembers[0]!.slice("observations/".length);
    const member = await rowPlace(await treeRow(page, SOURCES_PANE, first, patience(15_000)));
    if (member.level !== 2 || member.setSize !== lake.dailyMembers.length)
      throw new Error(`the member ${first} is at level ${member.level} of ${member.setSize}`);
    if (!/csv · \d+ rows × 5 cols/.test(member.label)) throw new Error(`the member reads "${member.label}"`);
    await page
      .locator(".part.sidebar")
      .first()
      .screenshot({ path: join(s.artifacts, "large-family-expanded.png") });
    return `${member.label} (${member.setSize} members)`;
  });

  await checks.run(
    "opened again, the last map is drawn at once, collapsed, while it is checked",
    async () => {
      // The tree comes from the cache before the mapping (a child process starting DuckDB) ends.
      const opened = Date.now();
      await page.goto(s.url, { waitUntil: "domcontentloaded", timeout: patience(60_000) });
      await waitForWorkbench(page);
      figures.reopenToWorkbenchMs = Date.now() - opened;
      await showRadar(page);
      const row = await treeRow(page, SOURCES_PANE, FAMILY, patience(120_000));
      figures.reopenToFamilyRowMs = Date.now() - opened;
      const shownWhile = await sourcesMessage(page);
      const complete = await waitForSourcesComplete(page);
      figures.reopenToCompleteMs = Date.now() - opened;
      const place = await rowPlace(row);
      if (place.setSize !== figures.rootRows) throw new Error(`the root holds ${place.setSize} rows`);
      return `the family's row shown while the view read “${shownWhile}”, then “${complete}”; ${place.setSize} rows at the root`;
    },
  );
}

export function describeLargeLake(f: LargeLakeFigures): string {
  const s = (ms: number | undefined): string => (ms === undefined ? "n/a" : `${(ms / 1000).toFixed(1)} s`);
  return `large lake (${f.files} files): open → workbench ${s(f.openToWorkbenchMs)}, → "Mapping…" ${s(f.openToMappingMs)}, → first row ${s(f.openToFirstRowMs)}, → map complete ${s(f.openToCompleteMs)}, complete → family row ${s(f.completeToFamilyRowMs)}; opened again (cached map): → workbench ${s(f.reopenToWorkbenchMs)}, → family row ${s(f.reopenToFamilyRowMs)}, → complete ${s(f.reopenToCompleteMs)}; ${f.rootRows ?? "?"} rows at the root`;
}
