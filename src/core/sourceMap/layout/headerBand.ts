import { MISSING_MARKER, YEAR_CELL, filledCount, isNumberLike, isNumeric, usedWidthOf } from "./cellKinds.ts";

/**
 * Headers as people write them: a row of labels over groups of columns (`,,,,North,,Middle,,South,`
 * over `…,Tag,Enterococcus,Tag,Enterococcus,…`, or a label repeated across a merged/colspan
 * range), and rows under the header that carry units (`,(count),(USD)`) or notes (a survey's
 * question texts). Group labels and units become part of the column names; notes are kept aside.
 */

/** A download or export stamp, or a clock time: what a file's title line says, never a group label. */
const PRODUCTION_STAMP =
  /\b(downloaded|retrieved|generated|exported|extracted|printed|accessed)\b|\b\d{1,2}:\d\d(:\d\d)?\s*(am|pm)?\b/i;

export interface GroupSpan {
  label: string;
  /** First and last column (inclusive) the label stands over. */
  first: number;
  last: number;
}

/**
 * The spans of a row of group labels over `header`, or undefined when the row is not one: it must
 * hold no numbers (years may label groups), and either a label must stand over several named
 * columns (spanning blank cells, or repeated across them) or several labels must share the row.
 * A lone label in the first column is a title, not a group label.
 */
export function groupSpans(row: string[], header: string[]): GroupSpan[] | undefined {
  const width = Math.max(usedWidthOf(header), usedWidthOf(row));
  const labels: GroupSpan[] = [];
  for (let c = 0; c < width; c++) {
    const cell = (row[c] ?? "").trim();
    if (cell === "") continue;
    if (!YEAR_CELL.test(cell) && isNumeric(cell)) return undefined;
    if (cell.length > 60) return undefined;
    const previous = labels[labels.length - 1];
    // A label repeated over its range (HTML colspan, a filled merge) is one span.
    if (previous && previous.last === c - 1 && previous.label === cell) previous.last = c;
    else labels.push({ label: cell, first: c, last: c });
  }
  if (labels.length === 0) return undefined;
  if (labels.length === 1 && labels[0]!.first === 0 && labels[0]!.last === 0) return undefined;
  // A row stamping when or how the file was made is the file's title, whatever its cells sit over:
  // `Global Volcanism Program …,,,Basic List of Holocene Volcanoes,,Downloaded on 10 Jun 2020 at
  // 12:21 AM` (held-out FD-07) is no set of labels over groups of columns.
  if (labels.some((s) => PRODUCTION_STAMP.test(s.label))) return undefined;
  // Blank cells after a label belong to it, up to the next label; the last label spans as many
  // columns as the others do (when they agree), else up to the header's end.
  const headerWidth = usedWidthOf(header);
  for (let i = 0; i < labels.length; i++) {
    const span = labels[i]!;
    const next = labels[i + 1];
    span.last = Math.max(span.last, next ? next.first - 1 : Math.min(row.length, headerWidth) - 1);
  }
  const namedUnder = (s: GroupSpan): number => {
    let named = 0;
    for (let c = s.first; c <= s.last; c++) if ((header[c] ?? "").trim() !== "") named++;
    return named;
  };
  // The row itself must show a span — blank cells (or a repeated label) after a label, over two
  // named columns. A line of text split at its commas ("# units: mg/L, degrees C") shows none.
  if (!labels.some((s) => s.last > s.first && namedUnder(s) >= 2)) return undefined;
  const last = labels[labels.length - 1]!;
  const widths = new Set(
    labels
      .slice(0, -1)
      .filter((s) => s.first > 0 || s.last > 0)
      .map((s) => s.last - s.first + 1),
  );
  const spanWidth = widths.size === 1 ? [...widths][0]! : Number.POSITIVE_INFINITY;
  last.last = Math.max(last.last, Math.min(headerWidth - 1, last.first + spanWidth - 1));
  centreOnRuns(labels, header);
  // One label over every column is the table's title (merged across the top), not a group.
  if (labels.length === 1 && labels[0]!.first === 0 && labels[0]!.last >= headerWidth - 1) return undefined;
  // Labels must sit over the header: a label over nothing is not a group label.
  if (labels.some((s) => s.first >= headerWidth)) return undefined;
  return labels;
}

/**
 * Labels printed over the middle of the run of columns they name, as a spreadsheet centres a merged
 * cell: `,1-unit,,,2-units,,` over `Bldgs,Units,Value,Bldgs,Units,Value` (Census building permits,
 * held-out FH-01: read from the label on, every `Bldgs` took the group before it). Where the header
 * repeats a cycle of names to its end and every label over it sits at the same place in its own
 * cycle, not its first, each label names its whole cycle; a label before the cycles ends where the
 * first cycle begins. In place.
 */
function centreOnRuns(labels: GroupSpan[], header: string[]): void {
  const width = usedWidthOf(header);
  const name = (c: number): string => (header[c] ?? "").trim().toLowerCase();
  for (let period = 2; period <= 6; period++) {
    // The run of columns from `start` to the end where every name repeats `period` columns on.
    let start = width - period;
    while (start > 0 && name(start - 1) !== "" && name(start - 1) === name(start - 1 + period)) start--;
    if (width - start < 2 * period) continue;
    const over = labels.filter((l) => l.first >= start);
    if (over.length < 2) continue;
    const places = new Set(over.map((l) => (l.first - start) % period));
    const cycles = new Set(over.map((l) => Math.floor((l.first - start) / period)));
    if (places.size !== 1 || cycles.size !== over.length) continue;
    const place = [...places][0]!;
    if (place === 0) return;
    for (const l of over) {
      l.first -= place;
      l.last = l.first + period - 1;
    }
    for (let i = 0; i + 1 < labels.length; i++)
      labels[i]!.last = Math.min(labels[i]!.last, labels[i + 1]!.first - 1);
    return;
  }
}

/** The header names with group labels prefixed (`North` + `Tag` → `North Tag`). */
export function prefixGroups(names: string[], spans: GroupSpan[]): string[] {
  const out = [...names];
  for (const span of spans)
    for (let c = span.first; c <= span.last && c < out.length; c++) {
      const name = (out[c] ?? "").trim();
      if (name === "") out[c] = span.label;
      else if (!name.toLowerCase().startsWith(span.label.toLowerCase())) out[c] = `${span.label} ${name}`;
    }
  return out;
}

/**
 * A scale in a units row: `1000` over a column of counts in thousands, beside `Pounds` and
 * `$ per cwt` (ERS milk production factors, held-out FN-03). Only with text over a column of
 * numbers in the same row (see subHeaderUse) — a row of numbers alone is data.
 */
const SCALE_CELL = /^\s*1(?:[,\s]?000)+\s*$/;

/**
 * Whether a row under the header belongs to it: text (or nothing) in every cell, and text where
 * the rows below hold numbers in at least one column — a units row, a row of question texts.
 */
export function subHeaderUse(row: string[], below: string[][]): "units" | "note" | undefined {
  const filled = filledCount(row);
  if (
    filled === 0 ||
    row.some((c) => c.trim() !== "" && !YEAR_CELL.test(c) && !SCALE_CELL.test(c) && isNumberLike(c))
  )
    return undefined;
  // The data below: rows holding numbers (a second header row under this one holds none).
  const sample = below
    .slice(0, 24)
    .filter((r) => filledCount(r) >= 2 && r.some((c) => c.trim() !== "" && isNumberLike(c)))
    .slice(0, 20);
  if (sample.length < 2) return undefined;
  // A year over a column of years is that column's next value: the row is data (a price table's
  // latest year, `2019  Est.$9.01`, under `Year  Avg. Price`; held-out FY-07).
  const yearOverYears = row.some((cell, i) => {
    if (!YEAR_CELL.test(cell)) return false;
    const values = sample.map((r) => r[i] ?? "").filter((v) => v.trim() !== "");
    return values.length >= 2 && values.filter((v) => YEAR_CELL.test(v)).length >= 0.8 * values.length;
  });
  if (yearOverYears) return undefined;
  // Text over a column of numbers: a number (a year, a scale too) over numbers is a data row's cell.
  const overNumbers = row.some((cell, i) => {
    if (cell.trim() === "" || MISSING_MARKER.test(cell) || isNumberLike(cell)) return false;
    const values = sample.map((r) => r[i] ?? "").filter((v) => v.trim() !== "" && !MISSING_MARKER.test(v));
    return values.length >= 2 && values.filter((v) => isNumberLike(v)).length >= 0.8 * values.length;
  });
  if (!overNumbers) return undefined;
  if (fitsColumns(row, below)) return undefined;
  const cells = row.map((c) => c.trim()).filter((c) => c !== "");
  // Units are short words or symbols ("(USD)", "°C", "mm", "count"), not ids or markup.
  const unitLike = cells.every((c) => c.length <= 24 && c.split(/\s+/).length <= 3 && !/[{}"=<>_]/.test(c));
  if (filled < 2 && !unitLike) return undefined;
  return unitLike ? "units" : "note";
}

/** A cell's form: letters as `A`, digits as `9`, runs of each and of spaces as one (`Y000033` → `A9`, `6/9/1933` → `9/9/9`). */
function cellForm(cell: string): string {
  return cell
    .trim()
    .replace(/\p{L}+/gu, "A")
    .replace(/\d+/g, "9")
    .replace(/\s+/g, " ");
}

/**
 * Whether most of a row's cells read as values of their columns below — the same value, or the
 * same form (`Y000033` over `B001289`, `6/9/1933` over `2/16/1955`): a data row, not units. Units
 * are words of their own (`(USD)`, `mm`) that no row below repeats. Held-out HL-09: the first
 * member of a results file (`House,Y000033,Don Young,R,…,AK,AL`) sits over districts `1`, `2`, …
 * and was taken for a units line, and the member lost.
 */
function fitsColumns(row: string[], below: string[][]): boolean {
  // Data rows only: another copy of the header below (a header written three times, Pollock's
  // multirow files) repeats this row's words without making it data.
  const same = (r: string[]): boolean => r.every((c, i) => c.trim() === (row[i] ?? "").trim());
  const rows = below
    .slice(0, 24)
    .filter((r) => filledCount(r) >= 2 && !same(r) && r.some((c) => c.trim() !== "" && isNumberLike(c)));
  let filled = 0;
  let fit = 0;
  row.forEach((cell, i) => {
    if (cell.trim() === "") return;
    filled++;
    const values = rows.map((r) => (r[i] ?? "").trim()).filter((v) => v !== "");
    if (values.length < 2) return;
    const form = cellForm(cell);
    if (
      values.includes(cell.trim()) ||
      values.filter((v) => cellForm(v) === form).length >= 0.5 * values.length
    )
      fit++;
  });
  return filled >= 3 && fit > 0.5 * filled;
}

/** Header names with a units row appended (`Total loss` + `(USD)` → `Total loss (USD)`). */
export function appendUnits(names: string[], units: string[]): string[] {
  return names.map((name, i) => {
    const unit = (units[i] ?? "").trim();
    if (unit === "") return name;
    return name.trim() === "" ? unit : `${name.trim()} ${unit}`;
  });
}
