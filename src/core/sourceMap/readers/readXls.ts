import { CompoundFile, CompoundFileError } from "../decoders/compoundFile.ts";
import {
  builtinDateKind,
  cellRef,
  emptyFacts,
  formatDateKind,
  noteErrorCell,
  noteMerge,
  numberText,
  placeCell,
  serialToText,
  showsSecondFractions,
} from "./spreadsheetValues.ts";
import type { DateKind, SheetFacts, SheetInfo, SheetRow, WorkbookEvent } from "./spreadsheetValues.ts";

/**
 * Streams the sheets of a legacy Excel workbook (.xls: BIFF8, written by Excel 97–2003 and by
 * LibreOffice) out of its OLE compound file. The workbook stream is read record by record; only the
 * shared string table, the formats and the current block of rows are held.
 */

/** The file is an OLE container but holds no workbook (a Word document, an encrypted package…). */
export class NotAWorkbookError extends Error {}

const BOF = 0x0809;
const EOF = 0x000a;
const CONTINUE = 0x003c;
const FILEPASS = 0x002f;
const DATEMODE = 0x0022;
const FORMAT = 0x041e;
const XF = 0x00e0;
const BOUNDSHEET = 0x0085;
const SST = 0x00fc;
const LABELSST = 0x00fd;
const LABEL = 0x0204;
const RSTRING = 0x00d6;
const NUMBER = 0x0203;
const RK = 0x027e;
const MULRK = 0x00bd;
const BOOLERR = 0x0205;
const FORMULA = 0x0006;
const STRING = 0x0207;
const MERGECELLS = 0x00e5;
const DBCELL = 0x00d7;

const ERROR_TEXT = new Map([
  [0x00, "#NULL!"],
  [0x07, "#DIV/0!"],
  [0x0f, "#VALUE!"],
  [0x17, "#REF!"],
  [0x1d, "#NAME?"],
  [0x24, "#NUM!"],
  [0x2a, "#N/A"],
]);

interface BiffRecord {
  type: number;
  /** Offset of the record header in the workbook stream. */
  offset: number;
  /** The record's data followed by the data of its CONTINUE records, as segments. */
  segments: Buffer[];
}

/** Records of the workbook stream, with their CONTINUE records attached. */
async function* records(chunks: AsyncIterable<Buffer>): AsyncGenerator<BiffRecord> {
  let buffer: Buffer = Buffer.alloc(0);
  let base = 0; // stream offset of buffer[0]
  let held: BiffRecord | null = null;
  for await (const chunk of chunks) {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    let at = 0;
    while (at + 4 <= buffer.length) {
      const type = buffer.readUInt16LE(at);
      const length = buffer.readUInt16LE(at + 2);
      if (at + 4 + length > buffer.length) break;
      const data = Buffer.from(buffer.subarray(at + 4, at + 4 + length));
      if (type === CONTINUE && held) held.segments.push(data);
      else {
        if (held) yield held;
        held = { type, offset: base + at, segments: [data] };
      }
      at += 4 + length;
    }
    buffer = buffer.subarray(at);
    base += at;
  }
  if (held) yield held;
}

/** Reads across a record's CONTINUE segments; character data restarts with an option byte there. */
class SegmentReader {
  private index = 0;
  private position = 0;

  constructor(
    private readonly segments: Buffer[],
    start = 0,
  ) {
    this.position = start;
  }

  private current(): Buffer | undefined {
    while (this.index < this.segments.length && this.position >= this.segments[this.index]!.length) {
      this.index++;
      this.position = 0;
    }
    return this.segments[this.index];
  }

  get done(): boolean {
    return this.current() === undefined;
  }

  u8(): number {
    const s = this.current();
    if (!s) throw new RangeError("record ended early");
    return s[this.position++]!;
  }

  u16(): number {
    return this.u8() | (this.u8() << 8);
  }

  u32(): number {
    return (this.u16() + this.u16() * 0x10000) >>> 0;
  }

  skip(n: number): void {
    for (let left = n; left > 0;) {
      const s = this.current();
      if (!s) return;
      const step = Math.min(left, s.length - this.position);
      this.position += step;
      left -= step;
    }
  }

  /** `count` characters, one or two bytes each; a new segment starts with its own option byte. */
  chars(count: number, highByte: boolean): string {
    let out = "";
    let high = highByte;
    let left = count;
    while (left > 0) {
      let s = this.current();
      if (!s) break;
      if (this.position === 0 && this.index > 0 && out.length > 0) {
        high = (s[this.position++]! & 1) === 1;
        s = this.current();
        if (!s) break;
      }
      const width = high ? 2 : 1;
      const available = Math.floor((s.length - this.position) / width);
      const take = Math.min(left, available);
      out += s.toString(high ? "utf16le" : "latin1", this.position, this.position + take * width);
      this.position += take * width;
      left -= take;
      if (take === 0) this.position = s.length;
    }
    return out;
  }
}

/** BIFF8 XLUnicodeString (2-byte count) or, with `shortCount`, ShortXLUnicodeString. */
function unicodeString(reader: SegmentReader, shortCount = false): string {
  const count = shortCount ? reader.u8() : reader.u16();
  const flags = reader.u8();
  let runs = 0;
  let ext = 0;
  if (flags & 0x08) runs = reader.u16();
  if (flags & 0x04) ext = reader.u32();
  const text = reader.chars(count, (flags & 1) === 1);
  reader.skip(runs * 4 + ext);
  return text;
}

function readSst(segments: Buffer[]): string[] {
  const reader = new SegmentReader(segments, 8);
  const unique = segments[0]!.readUInt32LE(4);
  const strings: string[] = [];
  for (let i = 0; i < unique && !reader.done; i++) strings.push(unicodeString(reader));
  return strings;
}

function rkValue(rk: number): number {
  let value: number;
  if (rk & 0x02) value = rk >> 2;
  else {
    const b = Buffer.alloc(8);
    b.writeUInt32LE(rk & 0xfffffffc, 4);
    value = b.readDoubleLE(0);
  }
  return rk & 0x01 ? value / 100 : value;
}

interface SheetSlot {
  info: SheetInfo;
  offset: number;
  kind: number;
}

export async function* readXls(absPath: string, onlySheet?: string): AsyncGenerator<WorkbookEvent> {
  let file: CompoundFile;
  try {
    file = await CompoundFile.open(absPath);
  } catch (error) {
    if (error instanceof CompoundFileError) throw new Error(`the file is damaged: ${error.message}`);
    throw error;
  }
  try {
    const stream = file.find("Workbook", "Book");
    if (!stream) {
      if (file.find("EncryptedPackage"))
        throw new Error(
          "the workbook is password-protected (an encrypted Office file): open it in Excel or LibreOffice with its password and save a copy without one (File ▸ Info ▸ Protect Workbook ▸ Encrypt with Password, clear it; or Save As ▸ Tools ▸ General Options)",
        );
      const names = file.entries.filter((e) => e.type === 2).map((e) => e.name);
      throw new NotAWorkbookError(
        `an OLE compound file without a workbook stream (it holds ${names.slice(0, 5).join(", ") || "nothing"}${names.includes("WordDocument") ? ": a Word document" : ""})`,
      );
    }
    try {
      yield* readWorkbookStream(file.chunks(stream), onlySheet);
    } catch (error) {
      if (error instanceof RangeError || error instanceof CompoundFileError)
        throw new Error(
          `the workbook is damaged (${error.message}): open it in Excel or LibreOffice and save it again, or get a fresh copy`,
        );
      throw error;
    }
  } finally {
    await file.close();
  }
}

async function* readWorkbookStream(
  chunks: AsyncIterable<Buffer>,
  onlySheet?: string,
): AsyncGenerator<WorkbookEvent> {
  let date1904 = false;
  const formats = new Map<number, string>();
  const styleFormats: number[] = [];
  let dateStyles: (DateKind | undefined)[] = [];
  let fractionStyles: boolean[] = [];
  const sheets: SheetSlot[] = [];
  let strings: string[] = [];
  let inGlobals = false;
  let globalsDone = false;
  let sheet: { slot: SheetSlot; facts: SheetFacts; skip: boolean } | null = null;
  let rows = new Map<number, string[]>();
  let pendingFormula: { row: number; column: number } | null = null;
  const emitted = new Set<SheetSlot>();

  const put = (row: number, column: number, text: string): void => {
    let cells = rows.get(row);
    if (!cells) rows.set(row, (cells = []));
    placeCell(cells, column, text);
  };

  const numberAt = (row: number, column: number, xf: number, value: number): void => {
    const kind = dateStyles[xf];
    put(
      row,
      column,
      kind ? serialToText(value, kind, date1904, fractionStyles[xf] === true) : numberText(value),
    );
  };

  /** Rows come in blocks; hand over the finished ones in row order. */
  const takeRows = (all: boolean, before = Infinity): SheetRow[] => {
    const keys = [...rows.keys()].filter((r) => all || r < before).sort((a, b) => a - b);
    const out: SheetRow[] = [];
    for (const r of keys) {
      const cells = rows.get(r)!;
      rows.delete(r);
      if (cells.length > 0) out.push({ line: r + 1, cells });
    }
    return out;
  };

  for await (const record of records(chunks)) {
    const data = record.segments[0]!;
    if (record.type === BOF || record.type === 0x0009 || record.type === 0x0209 || record.type === 0x0409) {
      if (record.type !== BOF)
        throw new Error(
          "a pre-1995 Excel file (BIFF2–4), which RADAR does not read: open it in Excel or LibreOffice and save it as .xlsx",
        );
      const version = data.readUInt16LE(0);
      const kind = data.readUInt16LE(2);
      if (!globalsDone && kind === 0x0005) {
        if (version !== 0x0600)
          throw new Error(
            "an Excel 5.0/95 workbook (BIFF5), which RADAR does not read: open it in Excel or LibreOffice and save it as .xlsx",
          );
        inGlobals = true;
        continue;
      }
      const slot = sheets.find((s) => s.offset === record.offset);
      if (slot) {
        const skip = onlySheet !== undefined && slot.info.name !== onlySheet;
        sheet = { slot, facts: emptyFacts(), skip };
        emitted.add(slot);
        rows = new Map();
        if (!skip) yield { kind: "sheet", info: slot.info };
      }
      continue;
    }
    if (record.type === EOF) {
      if (inGlobals) {
        inGlobals = false;
        globalsDone = true;
        dateStyles = styleFormats.map((id) => {
          const code = formats.get(id);
          return code !== undefined ? formatDateKind(code) : builtinDateKind(id);
        });
        fractionStyles = styleFormats.map((id) => showsSecondFractions(formats.get(id), id));
      } else if (sheet) {
        if (!sheet.skip) {
          const last = takeRows(true);
          if (last.length) yield { kind: "rows", rows: last };
          if (sheet.slot.kind === 2) sheet.facts.note = "a chart sheet: it holds a chart, no cells";
          yield { kind: "end", facts: sheet.facts };
        }
        sheet = null;
      }
      continue;
    }
    if (inGlobals) {
      const reader = new SegmentReader(record.segments);
      switch (record.type) {
        case FILEPASS:
          throw new Error(
            "the workbook is password-protected (encrypted): open it in Excel or LibreOffice with its password and save a copy without one, as .xlsx",
          );
        case DATEMODE:
          date1904 = data.readUInt16LE(0) === 1;
          break;
        case FORMAT: {
          const id = reader.u16();
          formats.set(id, unicodeString(reader));
          break;
        }
        case XF:
          styleFormats.push(data.readUInt16LE(2));
          break;
        case BOUNDSHEET: {
          const offset = reader.u32();
          const state = reader.u8() & 0x03;
          const kind = reader.u8();
          const name = unicodeString(reader, true);
          sheets.push({
            info: {
              name,
              ...(state === 1 ? { state: "hidden" } : state === 2 ? { state: "veryHidden" } : {}),
            },
            offset,
            kind,
          });
          break;
        }
        case SST:
          strings = readSst(record.segments);
          break;
      }
      continue;
    }
    if (!sheet || sheet.skip) continue;
    const facts = sheet.facts;
    switch (record.type) {
      case LABELSST:
        put(data.readUInt16LE(0), data.readUInt16LE(2), strings[data.readUInt32LE(6)] ?? "");
        break;
      case LABEL:
      case RSTRING: {
        const reader = new SegmentReader(record.segments, 6);
        put(data.readUInt16LE(0), data.readUInt16LE(2), unicodeString(reader));
        break;
      }
      case NUMBER:
        numberAt(data.readUInt16LE(0), data.readUInt16LE(2), data.readUInt16LE(4), data.readDoubleLE(6));
        break;
      case RK:
        numberAt(
          data.readUInt16LE(0),
          data.readUInt16LE(2),
          data.readUInt16LE(4),
          rkValue(data.readInt32LE(6)),
        );
        break;
      case MULRK: {
        const row = data.readUInt16LE(0);
        const first = data.readUInt16LE(2);
        const count = (data.length - 6) / 6;
        for (let i = 0; i < count; i++)
          numberAt(row, first + i, data.readUInt16LE(4 + i * 6), rkValue(data.readInt32LE(6 + i * 6)));
        break;
      }
      case BOOLERR: {
        const row = data.readUInt16LE(0);
        const column = data.readUInt16LE(2);
        const value = data.readUInt8(6);
        if (data.readUInt8(7) === 1)
          noteErrorCell(facts, cellRef(column, row + 1), ERROR_TEXT.get(value) ?? "#ERROR");
        else put(row, column, value ? "true" : "false");
        break;
      }
      case FORMULA: {
        const row = data.readUInt16LE(0);
        const column = data.readUInt16LE(2);
        if (data.readUInt16LE(12) !== 0xffff) {
          numberAt(row, column, data.readUInt16LE(4), data.readDoubleLE(6));
          break;
        }
        const type = data.readUInt8(6);
        if (type === 0) pendingFormula = { row, column };
        else if (type === 1) put(row, column, data.readUInt8(8) ? "true" : "false");
        else if (type === 2)
          noteErrorCell(facts, cellRef(column, row + 1), ERROR_TEXT.get(data.readUInt8(8)) ?? "#ERROR");
        break;
      }
      case STRING:
        if (pendingFormula) {
          put(pendingFormula.row, pendingFormula.column, unicodeString(new SegmentReader(record.segments)));
          pendingFormula = null;
        }
        break;
      case MERGECELLS: {
        const count = data.readUInt16LE(0);
        for (let i = 0; i < count && 2 + i * 8 + 8 <= data.length; i++) {
          const at = 2 + i * 8;
          noteMerge(
            facts,
            `${cellRef(data.readUInt16LE(at + 4), data.readUInt16LE(at) + 1)}:${cellRef(data.readUInt16LE(at + 6), data.readUInt16LE(at + 2) + 1)}`,
          );
        }
        break;
      }
      case DBCELL: {
        const done = takeRows(true);
        if (done.length) yield { kind: "rows", rows: done };
        break;
      }
    }
    if (rows.size > 256) {
      // No DBCELL index (some writers): hand over all rows but the newest, which may still grow.
      const newest = Math.max(...rows.keys());
      const done = takeRows(false, newest);
      if (done.length) yield { kind: "rows", rows: done };
    }
  }
  for (const slot of sheets) {
    if (emitted.has(slot) || (onlySheet !== undefined && slot.info.name !== onlySheet)) continue;
    yield { kind: "sheet", info: slot.info };
    yield {
      kind: "end",
      facts: {
        ...emptyFacts(),
        note: "its data is missing from the workbook stream: the file is damaged or truncated",
      },
    };
  }
}
