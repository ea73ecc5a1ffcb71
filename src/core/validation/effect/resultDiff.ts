import { isNumericType } from "../../engine/numericTypes.ts";
/**
 * What changes between two results of one query — as run, and with a remedy — said in a line a
 * person reads: "sum(acres) 1,234,567 → 1,001,200" for a one-row result, "2 of 12 rows change:
 * 'CA': total 10 → 12; 'NV' no longer in the result" for a keyed one. Pure: no DuckDB.
 */

export interface ResultColumn {
  name: string;
  type: string;
}

export interface ResultDiff {
  changed: boolean;
  /** Empty when nothing changed. */
  text: string;
}

/** Shown changes at most: the rest are counted. */
const SHOWN = 3;

/** A cell as compared: numbers to 10 significant digits (parallel float sums differ in the last ones). */
function comparable(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^-?\d/.test(value)
        ? Number(value)
        : NaN;
  if (
    Number.isFinite(n) &&
    (typeof value === "number" || String(n) === value || /^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(String(value)))
  )
    return `n:${Number(n.toPrecision(10))}`;
  return `s:${typeof value === "string" ? value : JSON.stringify(value)}`;
}

function shown(value: unknown, digits = 4): string {
  if (value === null || value === undefined) return "NULL";
  const n = typeof value === "number" ? value : Number(value);
  if (typeof value === "string" && !/^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(value)) return `'${value}'`;
  if (!Number.isFinite(n)) return String(value);
  if (Number.isInteger(n)) return n.toLocaleString("en-US");
  if (Math.abs(n) >= 1000) return n.toLocaleString("en-US", { maximumFractionDigits: 2 });
  return String(Number(n.toPrecision(digits)));
}

/** Both values with as many digits as it takes to tell them apart. */
function pair(a: unknown, b: unknown): string {
  for (let digits = 4; digits <= 12; digits++) {
    const [x, y] = [shown(a, digits), shown(b, digits)];
    if (x !== y) return `${x} → ${y}`;
  }
  return `${shown(a, 12)} → ${shown(b, 12)}`;
}

function cellChanges(columns: ResultColumn[], a: unknown[], b: unknown[], skip: Set<number>): string[] {
  const out: string[] = [];
  columns.forEach((c, i) => {
    if (skip.has(i) || comparable(a[i]) === comparable(b[i])) return;
    out.push(`${c.name} ${pair(a[i], b[i])}`);
  });
  return out;
}

function more(count: number, noun: string): string {
  return count > 0 ? `; ${count} more${noun ? ` ${noun}` : ""}` : "";
}

export function diffResults(columns: ResultColumn[], before: unknown[][], after: unknown[][]): ResultDiff {
  if (before.length === 1 && after.length === 1) {
    const changes = cellChanges(columns, before[0]!, after[0]!, new Set());
    return changes.length === 0
      ? { changed: false, text: "" }
      : {
          changed: true,
          text: changes.slice(0, SHOWN).join(", ") + more(changes.length - SHOWN, "column(s) change"),
        };
  }
  const keys = columns.map((c, i) => (isNumericType(c.type) ? -1 : i)).filter((i) => i >= 0);
  const keyOf = (row: unknown[]): string => JSON.stringify(keys.map((i) => comparable(row[i])));
  const keyText = (row: unknown[]): string => keys.map((i) => shown(row[i])).join(" / ");
  const beforeKeys = new Map(before.map((r) => [keyOf(r), r] as const));
  const afterKeys = new Map(after.map((r) => [keyOf(r), r] as const));
  const rowsLine = before.length !== after.length ? `rows ${pair(before.length, after.length)}` : "";
  if (keys.length > 0 && beforeKeys.size === before.length && afterKeys.size === after.length) {
    const lines: string[] = [];
    for (const [k, row] of beforeKeys) {
      const other = afterKeys.get(k);
      if (!other) lines.push(`${keyText(row)} no longer in the result`);
      else {
        const changes = cellChanges(columns, row, other, new Set(keys));
        if (changes.length > 0) lines.push(`${keyText(row)}: ${changes.join(", ")}`);
      }
    }
    for (const [k, row] of afterKeys) if (!beforeKeys.has(k)) lines.push(`${keyText(row)} new in the result`);
    if (lines.length === 0) return { changed: false, text: "" };
    const head = `${lines.length} of ${Math.max(before.length, after.length)} rows change`;
    return {
      changed: true,
      text: `${rowsLine ? `${rowsLine}; ` : ""}${head}: ${lines.slice(0, SHOWN).join("; ")}${more(lines.length - SHOWN, "")}`.replace(
        /; $/,
        "",
      ),
    };
  }
  // No key to pair rows by: compare the results as multisets of rows.
  const counts = new Map<string, number>();
  for (const r of before)
    counts.set(JSON.stringify(r.map(comparable)), (counts.get(JSON.stringify(r.map(comparable))) ?? 0) + 1);
  let added = 0;
  for (const r of after) {
    const k = JSON.stringify(r.map(comparable));
    const n = counts.get(k) ?? 0;
    if (n > 0) counts.set(k, n - 1);
    else added++;
  }
  const removed = [...counts.values()].reduce((s, n) => s + n, 0);
  if (added === 0 && removed === 0) return { changed: false, text: "" };
  return {
    changed: true,
    text: [rowsLine, `${removed} row(s) no longer in the result, ${added} new`].filter(Boolean).join("; "),
  };
}
