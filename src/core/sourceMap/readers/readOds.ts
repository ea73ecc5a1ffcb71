import { StringDecoder } from "node:string_decoder";
import { htmlParser } from "./htmlParser.ts";
import {
  cellRef,
  emptyFacts,
  isoDateText,
  noteErrorCell,
  noteMerge,
  numberText,
  placeCell,
} from "./spreadsheetValues.ts";
import type { SheetFacts, SheetInfo, SheetRow, WorkbookEvent } from "./spreadsheetValues.ts";
import { ZipArchive, ZipError } from "../decoders/zipArchive.ts";

/**
 * Streams the sheets of an OpenDocument spreadsheet (.ods, LibreOffice's own format). All sheets
 * live in one part (content.xml), in tab order; it is parsed as it streams, one row at a time.
 * Repeated rows and cells (`number-rows-repeated`) are expanded only when they hold values.
 */

/** A row repeated more often than this with values is cut here (files pad styles, not data). */
const MAX_REPEAT = 100_000;
const MAX_COLUMNS = 16_384;

function local(name: string): string {
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(colon + 1);
}

const NAMESPACES = {
  office: "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
  table: "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
  text: "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
  style: "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
  calcext: "urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0",
} as const;
type Namespace = keyof typeof NAMESPACES;

/**
 * Attribute names as the document spells them: prefixes are declared on the root element
 * (`xmlns:table="urn:…:table:1.0"`), conventionally office:, table:, text:, style:.
 */
function attributeNames(root: Record<string, string>) {
  const prefix = (ns: Namespace): string => {
    for (const [key, value] of Object.entries(root))
      if (key.startsWith("xmlns:") && value === NAMESPACES[ns]) return key.slice("xmlns:".length);
    return ns;
  };
  const office = prefix("office");
  const table = prefix("table");
  const style = prefix("style");
  return {
    valueType: `${office}:value-type`,
    value: `${office}:value`,
    dateValue: `${office}:date-value`,
    timeValue: `${office}:time-value`,
    booleanValue: `${office}:boolean-value`,
    stringValue: `${office}:string-value`,
    errorType: `${prefix("calcext")}:value-type`,
    family: `${style}:family`,
    styleName: `${style}:name`,
    display: `${table}:display`,
    tableName: `${table}:name`,
    tableStyle: `${table}:style-name`,
    rowsRepeated: `${table}:number-rows-repeated`,
    columnsRepeated: `${table}:number-columns-repeated`,
    columnsSpanned: `${table}:number-columns-spanned`,
    rowsSpanned: `${table}:number-rows-spanned`,
    spaces: `${prefix("text")}:c`,
  };
}

/** "PT13H45M07.5S" → "13:45:07.5" (hours may pass 24 for durations). */
function durationText(value: string): string {
  const m = /^-?P(?:(\d+)D)?T?(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?$/.exec(value);
  if (!m) return value;
  const hours = Number(m[1] ?? 0) * 24 + Number(m[2] ?? 0);
  const seconds = Number(m[4] ?? 0);
  const whole = Math.floor(seconds);
  const fraction = seconds - whole;
  const pad = (n: number): string => String(n).padStart(2, "0");
  const millis = Math.round(fraction * 1000);
  return `${pad(hours)}:${pad(Number(m[3] ?? 0))}:${pad(whole)}${millis ? `.${String(millis).padStart(3, "0")}` : ""}`;
}

interface OdsCell {
  column: number;
  repeat: number;
  typed?: string;
  text: string[];
  paragraphs: number;
  error: boolean;
  spanColumns: number;
  spanRows: number;
}

export async function* readOds(absPath: string, onlySheet?: string): AsyncGenerator<WorkbookEvent> {
  const zip = await ZipArchive.open(absPath);
  try {
    if (!zip.has("content.xml"))
      throw new ZipError(
        "the archive has no content.xml: it is not an OpenDocument spreadsheet, or it is damaged",
      );
    if (
      zip.has("META-INF/manifest.xml") &&
      (await zip.text("META-INF/manifest.xml")).includes("encryption-data")
    )
      throw new ZipError(
        "the spreadsheet is password-protected (encrypted): open it in LibreOffice, remove the password (File ▸ Properties ▸ Security, or Save As without “Save with password”) and save it again",
      );
    const hiddenStyles = new Set<string>();
    let styleName: string | null = null;
    let events: WorkbookEvent[] = [];
    let pendingRows: SheetRow[] = [];
    let sheet: { info: SheetInfo; facts: SheetFacts; skip: boolean } | null = null;
    let sheetCount = 0;
    let depth = 0; // nesting of tables: only top-level tables are sheets
    let rowNumber = 0;
    let row: string[] | null = null;
    let rowRepeat = 1;
    let column = 0;
    let cell: OdsCell | null = null;
    let skipText = 0; // inside an annotation (a comment) or a nested table

    const flushRows = (): void => {
      if (pendingRows.length) events.push({ kind: "rows", rows: pendingRows });
      pendingRows = [];
    };

    let q = attributeNames({});
    let rootSeen = false;
    const cellValue = (attributes: Record<string, string>): string | undefined => {
      switch (attributes[q.valueType]) {
        case "float":
        case "percentage":
        case "currency": {
          const v = attributes[q.value];
          return v === undefined ? undefined : numberText(Number(v));
        }
        case "date": {
          const v = attributes[q.dateValue];
          return v === undefined ? undefined : isoDateText(v);
        }
        case "time": {
          const v = attributes[q.timeValue];
          return v === undefined ? undefined : durationText(v);
        }
        case "boolean": {
          const v = attributes[q.booleanValue];
          return v === undefined ? undefined : v === "true" ? "true" : "false";
        }
        default:
          return attributes[q.stringValue];
      }
    };

    const parser = new (await htmlParser())(
      {
        onopentag(name, attributes) {
          if (!rootSeen) {
            rootSeen = true;
            q = attributeNames(attributes);
          }
          const tag = local(name);
          if (tag === "style" && attributes[q.family] === "table")
            styleName = attributes[q.styleName] ?? null;
          else if (tag === "table-properties" && styleName && attributes[q.display] === "false")
            hiddenStyles.add(styleName);
          else if (tag === "table") {
            depth++;
            if (depth > 1) {
              skipText++;
              return;
            }
            const name = attributes[q.tableName] ?? `Sheet${sheetCount + 1}`;
            sheetCount++;
            const style = attributes[q.tableStyle];
            const info: SheetInfo = {
              name,
              ...(style && hiddenStyles.has(style) ? { state: "hidden" } : {}),
            };
            const skip = onlySheet !== undefined && name !== onlySheet;
            sheet = { info, facts: emptyFacts(), skip };
            rowNumber = 0;
            if (!skip) events.push({ kind: "sheet", info });
          } else if (depth === 1 && sheet && !sheet.skip) {
            if (tag === "table-row") {
              row = [];
              column = 0;
              rowRepeat = Math.max(1, Number(attributes[q.rowsRepeated] ?? 1));
            } else if ((tag === "table-cell" || tag === "covered-table-cell") && row) {
              const repeat = Math.max(1, Number(attributes[q.columnsRepeated] ?? 1));
              const typed = tag === "table-cell" ? cellValue(attributes) : undefined;
              cell = {
                column,
                repeat,
                ...(typed !== undefined ? { typed } : {}),
                text: [],
                paragraphs: 0,
                // LibreOffice marks a formula's error result with calcext:value-type="error".
                error: attributes[q.errorType] === "error",
                spanColumns: Number(attributes[q.columnsSpanned] ?? 1),
                spanRows: Number(attributes[q.rowsSpanned] ?? 1),
              };
            } else if (cell && skipText === 0) {
              if (tag === "annotation") skipText++;
              else if (tag === "p" || tag === "h") {
                if (cell.paragraphs++ > 0) cell.text.push("\n");
              } else if (tag === "s") cell.text.push(" ".repeat(Number(attributes[q.spaces] ?? 1)));
              else if (tag === "tab") cell.text.push("\t");
              else if (tag === "line-break") cell.text.push("\n");
            }
          } else if (tag === "annotation") skipText++;
        },
        ontext(text) {
          if (cell && skipText === 0) cell.text.push(text);
        },
        onclosetag(name) {
          const tag = local(name);
          if (tag === "style") styleName = null;
          else if (tag === "annotation") skipText--;
          else if (tag === "table") {
            depth--;
            if (depth > 0) {
              skipText--;
              return;
            }
            if (sheet && !sheet.skip) {
              flushRows();
              events.push({ kind: "end", facts: sheet.facts });
            }
            sheet = null;
          } else if (depth === 1 && sheet && !sheet.skip) {
            if ((tag === "table-cell" || tag === "covered-table-cell") && cell && row) {
              const text = cell.typed ?? cell.text.join("");
              const rowAt = rowNumber + 1;
              if (cell.error) {
                noteErrorCell(sheet.facts, cellRef(cell.column, rowAt), cell.text.join(""));
              } else if (text !== "" && tag === "table-cell") {
                const copies = Math.min(cell.repeat, MAX_COLUMNS - cell.column);
                for (let i = 0; i < copies; i++) placeCell(row, cell.column + i, text);
              }
              if (cell.spanColumns > 1 || cell.spanRows > 1)
                noteMerge(
                  sheet.facts,
                  `${cellRef(cell.column, rowAt)}:${cellRef(cell.column + cell.spanColumns - 1, rowAt + cell.spanRows - 1)}`,
                );
              column = cell.column + cell.repeat;
              cell = null;
            } else if (tag === "table-row" && row) {
              if (row.length > 0) {
                const copies = Math.min(rowRepeat, MAX_REPEAT);
                for (let i = 0; i < copies; i++) pendingRows.push({ line: rowNumber + 1 + i, cells: row });
              }
              rowNumber += rowRepeat;
              row = null;
            }
          }
        },
      },
      { xmlMode: true },
    );
    const decoder = new StringDecoder("utf8");
    for await (const chunk of await zip.stream("content.xml")) {
      parser.write(decoder.write(chunk as Buffer));
      flushRows();
      const ready = events;
      events = [];
      yield* ready;
    }
    parser.write(decoder.end());
    parser.end();
    flushRows();
    yield* events;
  } finally {
    await zip.close();
  }
}
