import { StringDecoder } from "node:string_decoder";
import type { Parser } from "htmlparser2";
import { htmlParser } from "./htmlParser.ts";
import type { Readable } from "node:stream";
import {
  builtinDateKind,
  cellRef,
  decodeOoxmlEscapes,
  emptyFacts,
  formatDateKind,
  isoDateText,
  noteErrorCell,
  noteFormulaWithoutValue,
  noteMerge,
  numberText,
  parseCellRef,
  placeCell,
  serialToText,
  showsSecondFractions,
} from "./spreadsheetValues.ts";
import type { DateKind, SheetFacts, SheetInfo, SheetRow, WorkbookEvent } from "./spreadsheetValues.ts";
import { ZipArchive, ZipError } from "../decoders/zipArchive.ts";
import { noteNumberCell, percentFormat } from "./percentCells.ts";

/**
 * Streams the sheets of an .xlsx/.xlsm workbook (Office Open XML) in tab order. The archive is read
 * through its index, so parts are found wherever the writing program stored them; each sheet is
 * parsed as it streams, and only its current row, the shared strings and the date formats are held.
 */

interface Relationship {
  type: string;
  target: string;
}

interface WorkbookIndex {
  sheets: (SheetInfo & { part?: string; kind: string })[];
  date1904: boolean;
  sharedStrings?: string;
  styles?: string;
}

/** Element name without its namespace prefix (strict OOXML and some writers use `x:row`). */
function local(name: string): string {
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(colon + 1);
}

/** The value of an attribute whatever its prefix (`r:id`, `relationships:id`). */
function prefixedAttribute(attributes: Record<string, string>, localName: string): string | undefined {
  for (const [key, value] of Object.entries(attributes))
    if (key.includes(":") && local(key) === localName) return value;
  return undefined;
}

/** Feeds a part's XML to a SAX parser chunk by chunk, yielding after each chunk. */
async function* parseStream(stream: Readable, parser: Parser): AsyncGenerator<void> {
  const decoder = new StringDecoder("utf8");
  for await (const chunk of stream) {
    parser.write(decoder.write(chunk as Buffer));
    yield;
  }
  parser.write(decoder.end());
  parser.end();
  yield;
}

async function parseWhole(zip: ZipArchive, part: string, parser: Parser): Promise<void> {
  for await (const _ of parseStream(await zip.stream(part), parser)) void _;
}

function partDirectory(part: string): string {
  const slash = part.lastIndexOf("/");
  return slash < 0 ? "" : part.slice(0, slash + 1);
}

function resolvePart(base: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const parts = (partDirectory(base) + target).split("/");
  const out: string[] = [];
  for (const p of parts) {
    if (p === "..") out.pop();
    else if (p !== "." && p !== "") out.push(p);
  }
  return out.join("/");
}

async function readRelationships(zip: ZipArchive, part: string): Promise<Map<string, Relationship>> {
  const relsPart = `${partDirectory(part)}_rels/${part.slice(partDirectory(part).length)}.rels`;
  const rels = new Map<string, Relationship>();
  if (!zip.has(relsPart)) return rels;
  const parser = new (await htmlParser())(
    {
      onopentag(name, attributes) {
        if (local(name) !== "Relationship" || !attributes.Id || !attributes.Target) return;
        if (attributes.TargetMode === "External") return;
        rels.set(attributes.Id, {
          type: attributes.Type ?? "",
          target: resolvePart(part, attributes.Target),
        });
      },
    },
    { xmlMode: true },
  );
  await parseWhole(zip, relsPart, parser);
  return rels;
}

async function readWorkbookIndex(zip: ZipArchive): Promise<WorkbookIndex> {
  const root = await readRelationships(zip, "");
  let workbookPart = [...root.values()].find((r) => r.type.endsWith("/officeDocument"))?.target;
  if (workbookPart?.endsWith(".bin") || zip.has("xl/workbook.bin"))
    throw new Error(
      "an Excel binary workbook (.xlsb), which RADAR does not read: open it in Excel or LibreOffice and save it as .xlsx",
    );
  if (!workbookPart || !zip.has(workbookPart)) workbookPart = "xl/workbook.xml";
  if (!zip.has(workbookPart))
    throw new ZipError(
      "the archive has no workbook part (xl/workbook.xml): it is not an Excel workbook, or it is damaged",
    );
  const rels = await readRelationships(zip, workbookPart);
  const index: WorkbookIndex = { sheets: [], date1904: false };
  for (const r of rels.values()) {
    if (r.type.endsWith("/sharedStrings")) index.sharedStrings = r.target;
    if (r.type.endsWith("/styles")) index.styles = r.target;
  }
  const parser = new (await htmlParser())(
    {
      onopentag(name, attributes) {
        const tag = local(name);
        if (tag === "workbookPr")
          index.date1904 = attributes.date1904 === "1" || attributes.date1904 === "true";
        if (tag !== "sheet") return;
        const rel = rels.get(prefixedAttribute(attributes, "id") ?? "");
        const state = attributes.state;
        index.sheets.push({
          name: attributes.name ?? `Sheet${index.sheets.length + 1}`,
          ...(state === "hidden" || state === "veryHidden" ? { state } : {}),
          ...(rel ? { part: rel.target } : {}),
          kind: rel ? (rel.type.split("/").pop() ?? "") : "",
        });
      },
    },
    { xmlMode: true },
  );
  await parseWhole(zip, workbookPart, parser);
  // Writers that leave out the relationships still name parts the usual way.
  if (!index.sharedStrings && zip.has("xl/sharedStrings.xml")) index.sharedStrings = "xl/sharedStrings.xml";
  if (!index.styles && zip.has("xl/styles.xml")) index.styles = "xl/styles.xml";
  index.sheets.forEach((s, i) => {
    if (!s.part && zip.has(`xl/worksheets/sheet${i + 1}.xml`)) {
      s.part = `xl/worksheets/sheet${i + 1}.xml`;
      s.kind = "worksheet";
    }
  });
  return index;
}

/** Shared strings: plain or rich text (runs concatenated); phonetic guides (`rPh`) left out. */
async function readSharedStrings(zip: ZipArchive, part: string): Promise<string[]> {
  const strings: string[] = [];
  let current: string[] | null = null;
  let inText = false;
  let phonetic = 0;
  const parser = new (await htmlParser())(
    {
      onopentag(name) {
        const tag = local(name);
        if (tag === "si") current = [];
        else if (tag === "rPh") phonetic++;
        else if (tag === "t" && phonetic === 0) inText = true;
      },
      ontext(text) {
        if (inText && current) current.push(text);
      },
      onclosetag(name) {
        const tag = local(name);
        if (tag === "t") inText = false;
        else if (tag === "rPh") phonetic--;
        else if (tag === "si" && current) {
          strings.push(decodeOoxmlEscapes(current.join("")));
          current = null;
        }
      },
    },
    { xmlMode: true },
  );
  await parseWhole(zip, part, parser);
  return strings;
}

/** What a cell style's number format says of a number: a date kind, or a percent format. */
interface CellStyles {
  dates: (DateKind | undefined)[];
  percent: (string | undefined)[];
  /** Whether the style shows fractions of a second (showsSecondFractions). */
  fractions: boolean[];
}

/** The date kind and percent format of each cell style (index into cellXfs), from its number format. */
async function readCellStyles(zip: ZipArchive, part: string): Promise<CellStyles> {
  const custom = new Map<number, string>();
  const styleFormats: number[] = [];
  let inCellXfs = false;
  const parser = new (await htmlParser())(
    {
      onopentag(name, attributes) {
        const tag = local(name);
        if (tag === "numFmt" && attributes.numFmtId)
          custom.set(Number(attributes.numFmtId), attributes.formatCode ?? "");
        else if (tag === "cellXfs") inCellXfs = true;
        else if (tag === "xf" && inCellXfs) styleFormats.push(Number(attributes.numFmtId ?? 0));
      },
      onclosetag(name) {
        if (local(name) === "cellXfs") inCellXfs = false;
      },
    },
    { xmlMode: true },
  );
  await parseWhole(zip, part, parser);
  return {
    dates: styleFormats.map((id) => {
      const code = custom.get(id);
      return code !== undefined ? formatDateKind(code) : builtinDateKind(id);
    }),
    percent: styleFormats.map((id) => percentFormat(id, custom.get(id))),
    fractions: styleFormats.map((id) => showsSecondFractions(custom.get(id), id)),
  };
}

interface CellState {
  column: number;
  type: string;
  style: number;
  value: string[] | null;
  inline: string[] | null;
  hasFormula: boolean;
}

/** Parses one worksheet part, yielding rows as they complete. */
async function* readWorksheet(
  stream: Readable,
  strings: string[],
  styles: CellStyles,
  date1904: boolean,
  facts: SheetFacts,
): AsyncGenerator<SheetRow[]> {
  const dateStyles = styles.dates;
  let pending: SheetRow[] = [];
  let rowNumber = 0;
  let cells: string[] | null = null;
  let nextColumn = 0;
  let cell: CellState | null = null;
  let textTarget: string[] | null = null;
  let phonetic = 0;
  let inSheetData = false;

  const cellText = (c: CellState): string => {
    const raw = c.value ? c.value.join("") : undefined;
    const ref = cellRef(c.column, rowNumber);
    switch (c.type) {
      case "s":
        return raw === undefined ? "" : (strings[Number(raw)] ?? "");
      case "inlineStr":
        return decodeOoxmlEscapes((c.inline ?? c.value ?? []).join(""));
      case "str":
        if (raw === undefined && c.hasFormula) noteFormulaWithoutValue(facts, ref);
        return decodeOoxmlEscapes(raw ?? "");
      case "b":
        return raw === undefined ? "" : raw === "1" || raw === "true" ? "true" : "false";
      case "e":
        if (raw) noteErrorCell(facts, ref, raw);
        return "";
      case "d":
        return raw === undefined ? "" : isoDateText(raw);
      default: {
        if (raw === undefined || raw === "") {
          if (c.hasFormula) noteFormulaWithoutValue(facts, ref);
          return "";
        }
        const kind = dateStyles[c.style];
        const n = Number(raw);
        if (!Number.isFinite(n)) return raw;
        if (kind) return serialToText(n, kind, date1904, styles.fractions[c.style] === true);
        noteNumberCell(facts, c.column, rowNumber, n, styles.percent[c.style]);
        return numberText(n);
      }
    }
  };

  const parser = new (await htmlParser())(
    {
      onopentag(name, attributes) {
        switch (local(name)) {
          case "sheetData":
            inSheetData = true;
            break;
          case "row":
            if (!inSheetData) break;
            rowNumber = attributes.r ? Number(attributes.r) : rowNumber + 1;
            cells = [];
            nextColumn = 0;
            break;
          case "c": {
            if (!cells) break;
            const at = attributes.r ? parseCellRef(attributes.r) : undefined;
            cell = {
              column: at ? at.column : nextColumn,
              type: attributes.t ?? "n",
              style: attributes.s ? Number(attributes.s) : 0,
              value: null,
              inline: null,
              hasFormula: false,
            };
            nextColumn = cell.column + 1;
            break;
          }
          case "v":
            if (cell) textTarget = cell.value = [];
            break;
          case "f":
            if (cell) cell.hasFormula = true;
            break;
          case "is":
            if (cell) cell.inline = [];
            break;
          case "rPh":
            phonetic++;
            break;
          case "t":
            if (cell?.inline && phonetic === 0) textTarget = cell.inline;
            break;
          case "mergeCell":
            if (attributes.ref) noteMerge(facts, attributes.ref);
            break;
        }
      },
      ontext(text) {
        if (textTarget) textTarget.push(text);
      },
      onclosetag(name) {
        switch (local(name)) {
          case "v":
          case "t":
            textTarget = null;
            break;
          case "rPh":
            phonetic--;
            break;
          case "c":
            if (cell && cells) placeCell(cells, cell.column, cellText(cell));
            cell = null;
            break;
          case "row":
            if (cells && cells.length > 0) pending.push({ line: rowNumber, cells });
            cells = null;
            break;
          case "sheetData":
            inSheetData = false;
            break;
        }
      },
    },
    { xmlMode: true },
  );
  for await (const _ of parseStream(stream, parser)) {
    if (pending.length > 0) {
      yield pending;
      pending = [];
    }
  }
}

/** Streams every sheet (or only `onlySheet`) of an xlsx workbook as events, in tab order. */
export async function* readXlsx(absPath: string, onlySheet?: string): AsyncGenerator<WorkbookEvent> {
  const zip = await ZipArchive.open(absPath);
  try {
    const index = await readWorkbookIndex(zip);
    const strings =
      index.sharedStrings && zip.has(index.sharedStrings)
        ? await readSharedStrings(zip, index.sharedStrings)
        : [];
    const styles: CellStyles =
      index.styles && zip.has(index.styles)
        ? await readCellStyles(zip, index.styles)
        : { dates: [], percent: [], fractions: [] };
    for (const sheet of index.sheets) {
      if (onlySheet !== undefined && sheet.name !== onlySheet) continue;
      const info: SheetInfo = { name: sheet.name, ...(sheet.state ? { state: sheet.state } : {}) };
      yield { kind: "sheet", info };
      const facts = emptyFacts();
      if (sheet.kind !== "worksheet" || !sheet.part || !zip.has(sheet.part)) {
        facts.note =
          sheet.kind === "chartsheet"
            ? "a chart sheet: it holds a chart, no cells"
            : sheet.kind === "dialogsheet" || sheet.kind === "macrosheet"
              ? `a ${sheet.kind.replace("sheet", " sheet")}: it holds no table`
              : `its part ${sheet.part ?? "(unnamed)"} is missing from the archive: the workbook is damaged`;
      } else {
        for await (const rows of readWorksheet(
          await zip.stream(sheet.part),
          strings,
          styles,
          index.date1904,
          facts,
        ))
          yield { kind: "rows", rows };
      }
      yield { kind: "end", facts };
    }
  } finally {
    await zip.close();
  }
}
