import type { ParsedNumbers } from "../operators/probe/probeObservation.ts";
import type { Preview } from "../operators/preview.ts";
import type { LinePage } from "./resultRows.ts";

/** Lines of Bash output shown before "… N more lines". */
const OUTPUT_LINES = 12;

/** A value as a cell of a text table: NULL spelled out, text as it is, the rest as JSON. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return "NULL";
  return typeof v === "string" ? v : JSON.stringify(v);
}

/** Rows as an aligned text table, each with its source line. */
export function tableLines(p: Preview, maxWidth = 28): string[] {
  const cells = [p.columns, ...p.rows.map((r) => r.map(cellText))];
  const widths = p.columns.map((_, i) =>
    Math.min(maxWidth, Math.max(...cells.map((r) => (r[i] ?? "").replace(/\n/g, "⏎").length))),
  );
  const line = (r: string[], origin: string): string =>
    r
      .map((raw, i) => {
        const c = raw.replace(/\n/g, "⏎");
        return c.length > widths[i]! ? `${c.slice(0, widths[i]! - 1)}…` : c.padEnd(widths[i]!);
      })
      .join(" │ ") + origin;
  return [
    line(p.columns, ""),
    ...p.rows.map((r, k) => {
      const o = p.origins[k];
      const at = o?.command !== undefined ? `output line ${o.line}` : o ? `${o.file}:${o.line}` : "";
      return line(cells[k + 1]!, o ? `   ← ${at}${o.sheet ? ` [${o.sheet}]` : ""}` : "");
    }),
  ];
}

/** A table's rows the call showed (Scan's preview, Query's records), then how to page on. */
export function previewLines(
  o: { preview?: Preview; records?: Preview } | undefined,
  rowCount: number | undefined,
): string[] {
  const p = o?.records ?? o?.preview;
  if (!p || p.rows.length === 0) return [];
  const first = (p.offset ?? 0) + 1;
  const last = (p.offset ?? 0) + p.rows.length;
  const more =
    p.truncated && rowCount !== undefined
      ? [`(rows ${first}–${last} of ${rowCount}; radar show TABLE --session NAME --offset ${last} for more)`]
      : [];
  return [...tableLines(p), ...more];
}

/**
 * Lines of a command's output from `page.offset` (the first ones unless paged), then how many more
 * there are and how to see them.
 */
export function outputLines(
  label: string,
  text: string,
  page?: LinePage,
  kept?: { offset: number; total: number },
): string[] {
  const lines = text.replace(/\n$/, "").split("\n");
  // The operator paged the output itself (`offset`): `text` starts at that line of `total`.
  const base = kept?.offset ?? 0;
  const total = kept?.total ?? lines.length;
  if (text === "")
    return kept && base > 0 ? [`${label} (no lines from line ${base + 1}: the output has ${total})`] : [];
  const offset = kept ? 0 : (page?.offset ?? 0);
  const count = page ? (page.lines ?? lines.length) : OUTPUT_LINES;
  const shown = lines.slice(offset, offset + count).map((l) => `${label} ${l}`);
  const first = base + offset;
  const rest = total - first - shown.length;
  const range = page ? `lines ${first + 1}–${first + shown.length} of ${total}; ` : "";
  return rest > 0
    ? [...shown, `${label} … ${range}${rest} more lines${page ? ` (--offset ${first + shown.length})` : ""}`]
    : shown;
}

/** How a range of numbers stored as text was read: `numbers stored as text, parsed (%): 0.5 … 20.91 %, by value`. */
export function parsedText(p: ParsedNumbers): string {
  const unit = p.unit === "%" ? " %" : p.unit ? ` ${p.unit}` : "";
  const none = p.notNumbers.reduce((n, v) => n + v.count, 0);
  return (
    `numbers stored as text, parsed${p.stripped.length ? ` (${p.stripped.join(", ")})` : ""}: ${p.min} … ${p.max}${unit}, by value, not text order` +
    (none
      ? `; ${none} value(s) standing for no number left out (${p.notNumbers.map((v) => JSON.stringify(v.value)).join(", ")})`
      : "")
  );
}
