import type { DiagnosticEvidence, SourceLocation } from "../../../diagnostic.ts";
import { sqlString } from "../../../engine/duckEngine.ts";
import { at, quote } from "../../evidence.ts";
import { isCount } from "../../aggregates.ts";
import { sqlName } from "../unknownColumn/unknownColumn.ts";

// How a finding about region and country-group rows reads: how many, a few of them with their
// lines, what the aggregate does with them, and the condition that leaves them out. The full list
// of names goes to the finding's evidence, not into its message.

/** Group rows a message shows with their lines. */
export const SHOWN_GROUPS = 3;

/** Names a suggested `NOT IN (…)` writes out; more are referred to the evidence. */
const INLINE_NAMES = 3;

/**
 * A change of the returned value by less than this share of it (one part in a thousand) is within
 * the result's own rounding: an answer states a figure to three significant digits (70.8 years,
 * 35.2 %), which such a change moves by at most one unit of its last digit. Group rows whose
 * exclusion changes a mean by that little (70.80 → 70.85) change nothing the answer says.
 */
export const GROUP_NEGLIGIBLE_CHANGE = 0.001;

const SUMS = new Set(["sum", "fsum", "sumkahan", "kahan_sum", "product"]);
const MEANS = new Set(["avg", "mean", "favg"]);
const MEDIANS = new Set(["median", "quantile", "quantile_cont", "quantile_disc"]);

/** What the aggregate does with the group rows, as observed (not what they group). */
export function groupConsequence(fn: string): string {
  const f = fn.toLowerCase();
  if (isCount(f)) return "The count counts each of them as one more entity";
  if (SUMS.has(f)) return "The sum adds their figures to the entities'";
  if (MEANS.has(f)) return "The mean mixes group figures with the entities'";
  if (MEDIANS.has(f)) return "The median mixes group figures with the entities'";
  return "The result mixes group figures with the entities'";
}

export interface ShownGroup {
  word: string;
  location: SourceLocation | null;
}

/** `'A' (line 3), 'B' (line 9) of FILE` when they share a file (the path said once), else each with its file:line. */
export function shownGroups(rows: ShownGroup[]): string {
  const files = new Set(rows.map((r) => r.location?.file ?? ""));
  const [file] = files;
  if (files.size === 1 && file && rows.every((r) => r.location && !r.location.sheet))
    return `${rows.map((r) => `${quote(r.word)} (line ${r.location!.line})`).join(", ")} of ${file}`;
  return rows.map((r) => `${quote(r.word)}${at(r.location)}`).join(", ");
}

/** `N rows naming a region or group of countries` (or `… naming K regions or groups of countries`). */
export function groupCount(rows: number, names: number): string {
  const plural = rows === 1 ? "row" : "rows";
  return names === rows || names === 1
    ? `${rows} ${plural} naming a region or group of countries`
    : `${rows} ${plural} naming ${names} regions or groups of countries`;
}

/** The group names by the column holding them, in first-seen order. */
export function namesByColumn(rows: { column: string; word: string }[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of rows) {
    const names = out.get(r.column) ?? [];
    if (!names.includes(r.word)) names.push(r.word);
    out.set(r.column, names);
  }
  return out;
}

/** The condition that leaves the group rows out: the names inline when few, else referred to the evidence. */
export function groupExclusion(names: Map<string, string[]>): string {
  const conditions = [...names].map(([column, words]) =>
    words.length <= INLINE_NAMES
      ? `${sqlName(column)} NOT IN (${words.map(sqlString).join(", ")})`
      : `${sqlName(column)} NOT IN (…)`,
  );
  const listed = [...names.values()].filter((w) => w.length > INLINE_NAMES);
  const count = listed.reduce((n, w) => n + w.length, 0);
  return `Exclude them: WHERE ${conditions.join(" AND ")}${listed.length ? `, with the ${count} names listed in the finding's evidence` : ""}`;
}

/** The finding's evidence: every group name, by table and column. */
export function groupEvidence(table: string, names: Map<string, string[]>): DiagnosticEvidence[] {
  return [...names].map(([column, values]) => ({ table, column, values }));
}
