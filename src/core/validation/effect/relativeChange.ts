import { isNumericType } from "../../engine/numericTypes.ts";
import type { ResultColumn } from "./resultDiff.ts";

/**
 * The largest change of a returned number between two results of one query, relative to the
 * number (|a − b| / max(|a|, |b|)), over the numeric columns: rows paired as diffResults pairs them
 * (one row each, or by their text columns). Undefined when a row was added or lost, or the rows
 * cannot be paired: the change is then more than a number's.
 */
export function largestRelativeChange(
  columns: ResultColumn[],
  before: unknown[][],
  after: unknown[][],
): number | undefined {
  if (before.length !== after.length) return undefined;
  const numeric = columns.map((c, i) => (isNumericType(c.type) ? i : -1)).filter((i) => i >= 0);
  const keys = columns.map((c, i) => (isNumericType(c.type) ? -1 : i)).filter((i) => i >= 0);
  const keyOf = (row: unknown[]): string => JSON.stringify(keys.map((i) => row[i] ?? null));
  let pairs: [unknown[], unknown[]][];
  if (before.length === 1) pairs = [[before[0]!, after[0]!]];
  else {
    const byKey = new Map(after.map((r) => [keyOf(r), r] as const));
    if (byKey.size !== after.length || new Set(before.map(keyOf)).size !== before.length) return undefined;
    pairs = [];
    for (const row of before) {
      const other = byKey.get(keyOf(row));
      if (!other) return undefined;
      pairs.push([row, other]);
    }
  }
  let largest = 0;
  for (const [a, b] of pairs)
    for (const i of numeric) {
      const [x, y] = [a[i], b[i]];
      if ((x === null || x === undefined) !== (y === null || y === undefined)) return undefined;
      if (x === null || x === undefined) continue;
      const [p, q] = [Number(x), Number(y)];
      if (!Number.isFinite(p) || !Number.isFinite(q)) {
        if (String(x) !== String(y)) return undefined;
        continue;
      }
      const scale = Math.max(Math.abs(p), Math.abs(q));
      if (scale > 0) largest = Math.max(largest, Math.abs(p - q) / scale);
    }
  return largest;
}
