/**
 * A small RFC-4180 record splitter for *samples* of delimited text (the head and tail of a file),
 * used to find the delimiter, the header row and footnote rows before DuckDB reads the file.
 * It keeps each record's first physical line, counting line breaks inside quoted fields.
 */

export interface TextRecord {
  /** 1-based physical line where the record starts (relative to the sample). */
  line: number;
  fields: string[];
}

export interface SplitResult {
  records: TextRecord[];
  /** A quoted field spanned a line break. */
  quotedNewlines: boolean;
  /** Where reading stopped (after the last record's line break when `maxRecords` stopped it). */
  end: number;
  /** The physical line at `end`. */
  endLine: number;
}

/**
 * The records of `text`, from `from.index` (a record start; line `from.line`) on, at most
 * `maxRecords` of them: reading on from `end`/`endLine` gives the records a single call would.
 */
export function splitRecords(
  text: string,
  delimiter: string,
  maxRecords = Infinity,
  from: { index: number; line: number } = { index: 0, line: 1 },
): SplitResult {
  const records: TextRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let inQuotes = false;
  let line = from.line;
  let recordLine = from.line;
  let quotedNewlines = false;
  let atRecordStart = true;
  let fieldStarted = false;
  const length = text.length;
  // The delimiter's first character compares by code; a two-character one (", ") must match whole.
  const delim = delimiter.length > 0 ? delimiter.charCodeAt(0) : -1;
  const rest = delimiter.length - 1;

  const endRecord = (): void => {
    fields.push(field);
    // Truly empty lines are not records (DuckDB skips them too).
    if (!(fields.length === 1 && fields[0] === "" && !fieldStarted))
      records.push({ line: recordLine, fields });
    fields = [];
    field = "";
    fieldStarted = false;
    atRecordStart = true;
  };

  // Runs of plain characters and of quoted text are taken as slices, not one character at a time
  // (the same records as a character-by-character reading, at a fraction of the allocations).
  let i = from.index;
  for (; i < length && records.length < maxRecords; i++) {
    if (atRecordStart) {
      recordLine = line;
      atRecordStart = false;
    }
    const ch = text.charCodeAt(i);
    if (inQuotes) {
      const close = text.indexOf('"', i);
      const end = close < 0 ? length : close;
      for (let j = text.indexOf("\n", i); j >= 0 && j < end; j = text.indexOf("\n", j + 1)) {
        line++;
        quotedNewlines = true;
      }
      field += text.slice(i, end);
      if (close < 0) {
        i = length;
        break;
      }
      if (text.charCodeAt(close + 1) === 34) {
        field += '"';
        i = close + 1;
      } else {
        inQuotes = false;
        i = close;
      }
      continue;
    }
    if (ch === 34 && field === "") {
      inQuotes = true;
      fieldStarted = true;
    } else if (ch === delim && (rest === 0 || text.startsWith(delimiter, i))) {
      fields.push(field);
      field = "";
      fieldStarted = true;
      i += rest;
    } else if (ch === 10) {
      endRecord();
      line++;
    } else if (ch === 13) {
      if (text.charCodeAt(i + 1) !== 10) {
        endRecord();
        line++;
      }
    } else {
      let j = i + 1;
      while (j < length) {
        const c = text.charCodeAt(j);
        if (c === delim || c === 10 || c === 13) break;
        j++;
      }
      field += text.slice(i, j);
      i = j - 1;
    }
  }
  if (!atRecordStart && records.length < maxRecords) endRecord();
  return { records, quotedNewlines, end: Math.min(i, length), endLine: line };
}

export function nonEmptyCount(fields: string[]): number {
  let n = 0;
  for (const f of fields) if (f.trim() !== "") n++;
  return n;
}

/**
 * `^` is the USDA nutrient database's separator (`~01001~^~0100~^~Butter, salted~`). ", " last: it
 * wins only where it splits records more consistently than "," (or as well, below).
 */
const candidates = [",", "\t", ";", "|", "^", ", "];

/** The delimiter that splits the most records into one consistent width > 1, or undefined. */
export function detectDelimiter(text: string): { delimiter: string; width: number } | undefined {
  let best: { delimiter: string; width: number; count: number } | undefined;
  for (const delimiter of candidates) {
    const { records } = splitRecords(text, delimiter, 500);
    const widths = new Map<number, number>();
    for (const r of records)
      if (r.fields.length > 1) widths.set(r.fields.length, (widths.get(r.fields.length) ?? 0) + 1);
    let width = 0;
    let count = 0;
    for (const [w, c] of widths) if (c > count || (c === count && w > width)) [width, count] = [w, c];
    // Most records must agree, or the "delimiter" is just a character that occurs in prose.
    if (count === 0 || count < records.length * 0.5) continue;
    if (!best || count > best.count) best = { delimiter, width, count };
  }
  if (best?.delimiter === ",") {
    // Fields written ", "-separated: the space is part of the separator when every record splits
    // at ", " as at "," (at least as consistently), and a quoted field after it then reads as quoted.
    const { records } = splitRecords(text, ", ", 500);
    const count = records.filter((r) => r.fields.length === best!.width).length;
    const spaced = records.every((r) => r.fields.length <= best!.width);
    if (spaced && count >= best.count) best = { delimiter: ", ", width: best.width, count };
  }
  return best ? { delimiter: best.delimiter, width: best.width } : undefined;
}

/** What `scanRecords` finds of each record, without splitting it into cells. */
export interface RecordScan {
  /** Index in the text and 1-based physical line where each record starts. */
  starts: number[];
  lines: number[];
  /** The record has two or more filled cells (`filledCount(fields) >= 2`). */
  wide: boolean[];
  /** An empty line (no record) precedes the record — as gapsOf finds it from the records. */
  gaps: boolean[];
  quotedNewlines: boolean;
}

/** JS `trim()`'s white space. */
function trimSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

function hasContent(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!trimSpace(text.charCodeAt(i))) return true;
  return false;
}

/**
 * The records splitRecords finds from `from` on, read by the same rules but without building their
 * cells (a 1 MB file's cells are ~10 MB of small strings to allocate and collect). `nextLine`: the
 * line the previous record's last line break leads to (gaps are counted from it).
 */
export function scanRecords(
  text: string,
  delimiter: string,
  from: { index: number; line: number },
  nextLine: number,
): RecordScan {
  const scan: RecordScan = { starts: [], lines: [], wide: [], gaps: [], quotedNewlines: false };
  const delim = delimiter.length > 0 ? delimiter.charCodeAt(0) : -1;
  const rest = delimiter.length - 1;
  const length = text.length;
  let line = from.line;
  let recordLine = line;
  let recordStart = from.index;
  let expected = nextLine;
  let inQuotes = false;
  let atRecordStart = true;
  let fieldStarted = false;
  let fieldEmpty = true;
  let fieldFilled = false;
  let fieldCount = 0;
  let filledFields = 0;
  let breaks = 0;
  const endField = (): void => {
    fieldCount++;
    if (fieldFilled) filledFields++;
    fieldEmpty = true;
    fieldFilled = false;
  };
  const endRecord = (): void => {
    // As splitRecords: a truly empty line is no record.
    const empty = fieldCount === 0 && fieldEmpty && !fieldStarted;
    endField();
    if (!empty) {
      scan.starts.push(recordStart);
      scan.lines.push(recordLine);
      scan.wide.push(filledFields >= 2);
      scan.gaps.push(recordLine > expected);
      expected = recordLine + breaks + 1;
    }
    fieldCount = 0;
    filledFields = 0;
    breaks = 0;
    fieldStarted = false;
    atRecordStart = true;
  };
  let i = from.index;
  for (; i < length; i++) {
    if (atRecordStart) {
      recordLine = line;
      recordStart = i;
      atRecordStart = false;
    }
    const ch = text.charCodeAt(i);
    if (inQuotes) {
      const close = text.indexOf('"', i);
      const end = close < 0 ? length : close;
      for (let j = text.indexOf("\n", i); j >= 0 && j < end; j = text.indexOf("\n", j + 1)) {
        line++;
        breaks++;
        scan.quotedNewlines = true;
      }
      if (end > i) {
        fieldEmpty = false;
        fieldFilled ||= hasContent(text, i, end);
      }
      if (close < 0) {
        i = length;
        break;
      }
      if (text.charCodeAt(close + 1) === 34) {
        fieldEmpty = false;
        fieldFilled = true;
        i = close + 1;
      } else {
        inQuotes = false;
        i = close;
      }
      continue;
    }
    if (ch === 34 && fieldEmpty) {
      inQuotes = true;
      fieldStarted = true;
    } else if (ch === delim && (rest === 0 || text.startsWith(delimiter, i))) {
      endField();
      fieldStarted = true;
      i += rest;
    } else if (ch === 10) {
      endRecord();
      line++;
    } else if (ch === 13) {
      if (text.charCodeAt(i + 1) !== 10) {
        endRecord();
        line++;
      }
    } else {
      let j = i + 1;
      while (j < length) {
        const c = text.charCodeAt(j);
        if (c === delim || c === 10 || c === 13) break;
        j++;
      }
      fieldEmpty = false;
      fieldFilled ||= hasContent(text, i, j);
      i = j - 1;
    }
  }
  if (!atRecordStart) endRecord();
  return scan;
}
