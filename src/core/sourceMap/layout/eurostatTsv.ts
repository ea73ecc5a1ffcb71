/**
 * Eurostat's bulk-download TSV (every `estat_*.tsv(.gz)` of its dissemination API and bulk
 * download facility): a header line `freq,unit,geo\TIME_PERIOD<TAB>2020 <TAB>2021 …` whose first
 * field lists the dimensions, comma-separated, the last glued to the time dimension's name by a
 * backslash, the other fields the periods; then one line per series, `A,EUR_HAB,AT11<TAB>27400
 * <TAB>: c<TAB>28100 p…`: the series' codes comma-separated in the first field, then one value per
 * period — a number or `:` (not available), optionally followed by a space and flag letters.
 *
 * Read as plain delimited text, the first field is one column (`geo\TIME_PERIOD 2020 2021 …` when
 * comma-separated) and every value a text with its flag: nothing is usable. Read by this layout,
 * each dimension is a column of codes, each period a column of numbers, `:` NULL, and the flags are
 * counted in the entry. Detected by the shape of the lines, never by the file's name.
 */

export interface EurostatLayout {
  /** Dimension names, in the order of the codes in each line's first field. */
  dimensions: string[];
  /** The name after the backslash (`TIME_PERIOD`; `time` in older files). */
  timeDimension: string;
  /** The period labels, trimmed (`2020`, `2020-Q1`, `2020-01`). */
  periods: string[];
  /** The header's period cells as written (`2020 `). */
  periodCells: string[];
  /** The first data lines as the reader splits them (see eurostatRow), for the candidate types. */
  sample: string[][];
}

/**
 * A value cell: a number or `:`, optionally a space and flag letters, with any spaces around
 * (`27400 `, `28100 p`, `: c`, `3.2 bep`). Group 1: the value, group 2: the flags. Written for both
 * JavaScript and DuckDB's RE2 (no look-around).
 */
export const FLAGGED_VALUE = String.raw`^ *(:|[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?)(?: +([a-z]+))? *$`;
const FLAGGED_RE = new RegExp(FLAGGED_VALUE);
/** The marker of a value that is not available. */
export const NOT_AVAILABLE = ":";

/** Dimension and time-dimension names: identifiers (`geo`, `na_item`, `TIME_PERIOD`). */
const NAME = String.raw`[A-Za-z][A-Za-z0-9_]*`;
const KEY_HEADER = new RegExp(String.raw`^(${NAME}(?:,${NAME})*)\\(${NAME})$`);
/**
 * A period label: a year, optionally with a semester, half, quarter, month, week or day, in
 * Eurostat's current (`2020-Q1`, `2020-01`, `2020-W05`, `2020-01-15`) or older (`2020Q1`,
 * `2020M01`, `2020S1`, `2020D015`) writing.
 */
const PERIOD =
  /^\d{4}(?:-?(?:Q[1-4]|S[12]|H[12]|M(?:0[1-9]|1[0-2])|W(?:0[1-9]|[1-4]\d|5[0-3])|D\d{1,3})|-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?)?$/;
/** A series code: no spaces, quotes or separators. */
const CODE = /^[^\s",\\]+$/;
/** Data lines kept for the candidate types (typeTextColumns reads SAMPLE_ROWS of them). */
const SAMPLE_LINES = 1000;

/**
 * The layout of a text whose first line is such a header and whose every other line (of the
 * sample; its last, possibly cut line is left out when the sample is not the whole file) is such
 * a series line; undefined otherwise. A blank line among them is no such file.
 */
export function detectEurostatTsv(text: string, complete: boolean): EurostatLayout | undefined {
  const firstBreak = text.indexOf("\n");
  const headerText = stripLineEnd(firstBreak < 0 ? text : text.slice(0, firstBreak)).replace(/^\uFEFF/, "");
  const header = headerText.split("\t");
  if (header.length < 2) return undefined;
  const key = KEY_HEADER.exec(header[0]!);
  if (!key) return undefined;
  const periods = header.slice(1).map((p) => p.trim());
  if (!periods.every((p) => PERIOD.test(p))) return undefined;
  if (new Set(periods).size !== periods.length) return undefined;
  const dimensions = key[1]!.split(",");
  const lines = (firstBreak < 0 ? "" : text.slice(firstBreak + 1)).split("\n");
  if (!complete) lines.pop();
  else if (lines[lines.length - 1] === "") lines.pop();
  if (lines.length === 0) return undefined;
  const sample: string[][] = [];
  for (const raw of lines) {
    const fields = stripLineEnd(raw).split("\t");
    if (fields.length !== header.length) return undefined;
    const codes = fields[0]!.split(",");
    if (codes.length !== dimensions.length || !codes.every((c) => CODE.test(c))) return undefined;
    for (let i = 1; i < fields.length; i++) {
      const cell = fields[i]!;
      if (cell.trim() !== "" && !FLAGGED_RE.test(cell)) return undefined;
    }
    if (sample.length < SAMPLE_LINES) sample.push([...codes, ...fields.slice(1).map(valueOf)]);
  }
  return { dimensions, timeDimension: key[2]!, periods, periodCells: header.slice(1), sample };
}

function stripLineEnd(line: string): string {
  return line.endsWith("\r") ? line.slice(0, -1) : line;
}

/** A value cell as the reader gives it (eurostatRead.ts): its number, `''` for `:`; any other text as written. */
function valueOf(cell: string): string {
  const m = FLAGGED_RE.exec(cell);
  if (!m) return cell;
  return m[1] === NOT_AVAILABLE ? "" : m[1]!;
}

/** Eurostat's flag letters (its dissemination API's code list). */
const FLAG_MEANINGS: Record<string, string> = {
  b: "break in time series",
  c: "confidential",
  d: "definition differs",
  e: "estimated",
  f: "forecast",
  i: "see metadata",
  n: "not significant",
  p: "provisional",
  r: "revised",
  s: "Eurostat estimate",
  u: "low reliability",
  z: "not applicable",
};

/** What the letters of a flag (`p`, `bep`) stand for, where the code list knows them. */
export function flagMeaning(flag: string): string | undefined {
  const meanings = [...flag].map((letter) => FLAG_MEANINGS[letter]);
  return meanings.every((m) => m !== undefined) ? meanings.join(", ") : undefined;
}
