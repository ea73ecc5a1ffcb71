/**
 * The Pollock metric (`pollock/metrics.py` and `evaluate.py` of HPI-Information-Systems/Pollock),
 * ported: per file, success and header / record / cell precision, recall and F1 of a loaded table
 * against the clean one; over files, the simple score (sum of the ten means), the weighted score
 * (each file's ten measures summed, weighted by its pollution's frequency) and the per-class means.
 *
 * As in the original: precision is matched / number in the CLEAN table, recall matched / number in
 * the LOADED one; headers and records are compared normalised (normalizeCell.ts), cells raw; the
 * header is each table's first row, records the rows after it (a record is its normalised cells
 * joined with no separator); an empty clean side scores 1.
 */
import { normalizeCell } from "./normalizeCell.ts";

export const MEASURES = [
  "success",
  "header_precision",
  "header_recall",
  "header_f1",
  "record_precision",
  "record_recall",
  "record_f1",
  "cell_precision",
  "cell_recall",
  "cell_f1",
] as const;
export type Measure = (typeof MEASURES)[number];
export type FileMeasures = Record<Measure, number>;

/**
 * evaluate.py's SUB_MEASURES, verbatim. Its "inconsistent" pattern starts with a literal `%`, so
 * `row_less_sep_*` files never match it and the class holds the `row_more_sep_*` files only; the
 * published figures were computed so, and are reproduced so.
 */
export const CLASSES: Record<string, RegExp> = {
  table: /file_double.*|file_header.*|file_no.*|file_one.*|file_multi.*|file_preamble.*/,
  inconsistent: /%row_less.*|row_more/,
  structural: /file_field.*|row_field.*|file_quote.*|file_record_delimiter.*|row_extra_quote.*|file_escape.*/,
};
export const CLASS_MEASURES = ["success", "header_f1", "record_f1", "cell_f1"] as const;

/** A loaded or clean table: the header row first, then the records; each cell a string. */
export type Rows = string[][];

function multiset(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

function matched(a: string[], b: string[]): number {
  const bCounts = multiset(b);
  let n = 0;
  for (const [k, v] of multiset(a)) n += Math.min(v, bCounts.get(k) ?? 0);
  return n;
}

/** [precision, recall, f1] with the original's conventions (no match: all 0). */
function prf(clean: string[], loaded: string[]): [number, number, number] {
  const m = matched(clean, loaded);
  if (m === 0) return [0, 0, 0];
  const p = m / clean.length;
  const r = m / loaded.length;
  return [p, r, ((p * r) / (p + r)) * 2];
}

/** The measures of one file; `loaded` undefined when the loader failed (every measure 0). */
export function fileMeasures(clean: Rows, loaded: Rows | undefined): FileMeasures {
  const zero = Object.fromEntries(MEASURES.map((m) => [m, 0])) as FileMeasures;
  if (loaded === undefined) return zero;
  const result: FileMeasures = { ...zero, success: 1 };
  if (clean.length === 0) {
    for (const m of MEASURES) result[m] = 1;
    return result;
  }
  const cleanHeader = clean[0]!.map(normalizeCell);
  let header: [number, number, number];
  if (cleanHeader.length === 0) header = [1, 1, 1];
  else if (loaded.length === 0) header = [0, 0, 0];
  else header = prf(cleanHeader, loaded[0]!.map(normalizeCell));
  const record = (rows: Rows): string[] => rows.slice(1).map((r) => r.map(normalizeCell).join(""));
  const cleanRecords = record(clean);
  const rec: [number, number, number] =
    cleanRecords.length === 0 ? [1, 1, 1] : prf(cleanRecords, record(loaded));
  const cleanCells = clean.flat();
  const cell: [number, number, number] = cleanCells.length === 0 ? [1, 1, 1] : prf(cleanCells, loaded.flat());
  [result.header_precision, result.header_recall, result.header_f1] = header;
  [result.record_precision, result.record_recall, result.record_f1] = rec;
  [result.cell_precision, result.cell_recall, result.cell_f1] = cell;
  return result;
}

export interface Scores {
  files: number;
  means: FileMeasures;
  simple: number;
  weighted: number;
  /** `${class}_${measure}`, as the published CSV's columns (table_success, …, structural_cell_f1). */
  classes: Record<string, number>;
}

const sumOf = (m: FileMeasures): number => MEASURES.reduce((s, k) => s + m[k], 0);

/**
 * Aggregates per-file measures. `weights`: pollock_weights.json (file name → frequency); a file it
 * does not list weighs -1, as `weights.get(x, -1)` does in the original.
 */
export function aggregate(perFile: Map<string, FileMeasures>, weights: Record<string, number>): Scores {
  const names = [...perFile.keys()];
  const mean = (subset: string[], m: Measure): number =>
    subset.length === 0 ? NaN : subset.reduce((s, f) => s + perFile.get(f)![m], 0) / subset.length;
  const means = Object.fromEntries(MEASURES.map((m) => [m, mean(names, m)])) as FileMeasures;
  const totalWeight = names.reduce((s, f) => s + (weights[f] ?? -1), 0);
  const weighted = names.reduce((s, f) => s + (sumOf(perFile.get(f)!) * (weights[f] ?? -1)) / totalWeight, 0);
  const classes: Record<string, number> = {};
  for (const [cls, pattern] of Object.entries(CLASSES)) {
    const subset = names.filter((f) => pattern.test(f));
    for (const m of CLASS_MEASURES) classes[`${cls}_${m}`] = mean(subset, m);
  }
  return { files: names.length, means, simple: sumOf(means), weighted, classes };
}

/**
 * Reads CSV text the way Python's `csv.reader(delimiter=",", quotechar='"', doublequote=True)`
 * does (the clean files are written so): quoted fields may hold delimiters, quotes and newlines; a
 * line ending is \n, \r\n or \r; an empty line is a row with no cells.
 */
export function parseCsv(text: string): Rows {
  const rows: Rows = [];
  let row: string[] = [];
  let field = "";
  let inQuotes = false;
  let fieldStarted = false;
  const endRow = (): void => {
    if (fieldStarted || row.length > 0) row.push(field);
    rows.push(row);
    row = [];
    field = "";
    fieldStarted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else inQuotes = false;
      } else field += c;
    } else if (c === '"' && field === "") {
      inQuotes = true;
      fieldStarted = true;
    } else if (c === ",") {
      row.push(field);
      field = "";
      fieldStarted = true;
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      endRow();
    } else {
      field += c;
      fieldStarted = true;
    }
  }
  if (fieldStarted || row.length > 0 || field !== "") endRow();
  return rows;
}
