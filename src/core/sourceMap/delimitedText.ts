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
}

export function splitRecords(text: string, delimiter: string, maxRecords = Infinity): SplitResult {
  const records: TextRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let inQuotes = false;
  let line = 1;
  let recordLine = 1;
  let quotedNewlines = false;
  let atRecordStart = true;
  let fieldStarted = false;
  const length = text.length;
  // A one-character delimiter compares by code; a longer "delimiter" never matches a character.
  const delim = delimiter.length === 1 ? delimiter.charCodeAt(0) : -1;

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
  for (let i = 0; i < length && records.length < maxRecords; i++) {
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
    } else if (ch === delim) {
      fields.push(field);
      field = "";
      fieldStarted = true;
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
  return { records, quotedNewlines };
}

export function nonEmptyCount(fields: string[]): number {
  let n = 0;
  for (const f of fields) if (f.trim() !== "") n++;
  return n;
}

const candidates = [",", "\t", ";", "|"];

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
  return best ? { delimiter: best.delimiter, width: best.width } : undefined;
}
