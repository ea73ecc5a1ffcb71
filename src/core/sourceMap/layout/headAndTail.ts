import { filledCount } from "./cellKinds.ts";
import { scanRecords, splitRecords } from "../readers/delimitedText.ts";
import type { TextRecord } from "../readers/delimitedText.ts";
import { countBreaks, gapsOf } from "./recordLines.ts";

/**
 * A long delimited file read whole is laid out from its head and tail when every record between
 * them is plain data: the same layout as from every row, without splitting them all into cells.
 */

/** Records of a long file read whole laid out from its head and tail (at least this many in the head). */
const FAST_HEAD_RECORDS = 2000;
/** Records kept from the end (at least). */
const FAST_TAIL_RECORDS = 1000;
/** The head holds the header band and this many rows after the first data row. */
export const FAST_HEAD_DATA = 1100;

/**
 * The first FAST_HEAD_RECORDS records of `text` and its last FAST_TAIL_RECORDS or more, with the
 * gaps before them as in the whole text, when every record between them (`left` of them) is plain
 * data — two or more filled cells, no blank line before it; undefined otherwise. The records
 * between are only scanned (scanRecords), never split into cells.
 * `junction`: index of the first tail record. The layout of these rows is that of every row where
 * the rows between cannot matter: findTableEnd (`junction`) and titlesAbove say where they could.
 */
export function headAndTail(
  text: string,
  delimiter: string,
  headRecords = FAST_HEAD_RECORDS,
):
  | {
      records: TextRecord[];
      gapBefore: boolean[];
      junction: number;
      left: number;
      quotedNewlines: boolean;
    }
  | undefined {
  const head = splitRecords(text, delimiter, headRecords);
  if (head.records.length < headRecords) return undefined;
  const last = head.records[head.records.length - 1]!;
  const scan = scanRecords(
    text,
    delimiter,
    { index: head.end, line: head.endLine },
    last.line + countBreaks(last.fields) + 1,
  );
  const n = scan.starts.length;
  const t = Math.max(0, n - FAST_TAIL_RECORDS);
  // The records left out: plain data only. The first tail record continues it (so the run of data
  // goes on across the junction).
  for (let k = 0; k <= t && k < n; k++) if (scan.gaps[k] || !scan.wide[k]) return undefined;
  const tail =
    n === 0
      ? []
      : splitRecords(text, delimiter, Infinity, { index: scan.starts[t]!, line: scan.lines[t]! }).records;
  const tailGaps = gapsOf(tail);
  if (tail.length > 0) tailGaps[0] = scan.gaps[t]!;
  return {
    records: [...head.records, ...tail],
    gapBefore: [...gapsOf(head.records), ...tailGaps],
    junction: tail.length > 0 ? head.records.length : Infinity,
    left: t,
    quotedNewlines: head.quotedNewlines || scan.quotedNewlines,
  };
}

/**
 * Whether every run of rows (rows between blank lines) above the one reaching `junction` holds
 * lone cells only. splitBlocks then reads that run without looking into it past its first filled
 * row (no earlier block for it to continue), so the rows left out cannot change the blocks.
 */
export function titlesAbove(rows: string[][], gapBefore: boolean[], junction: number): boolean {
  if (junction === Infinity) return true;
  let start = junction;
  while (start > 0 && filledCount(rows[start - 1]!) > 0 && gapBefore[start] !== true) start--;
  for (let i = 0; i < start; i++) if (filledCount(rows[i]!) > 1) return false;
  return true;
}
