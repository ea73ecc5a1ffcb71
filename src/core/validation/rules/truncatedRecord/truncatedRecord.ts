import { join } from "node:path";
import { readFileWindow } from "../../../fileWindow.ts";
import type { Diagnostic, SourceLocation } from "../../../diagnostic.ts";
import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { ScanObservation } from "../../../operators/scan/scanObservation.ts";
import type { UnionScanObservation } from "../../../operators/unionScan/unionScanObservation.ts";
import { sheetProfile } from "../../sheetProfile.ts";
import { literal, locate, quote } from "../../evidence.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { truncatedRecordDoc } from "./truncatedRecordDoc.ts";

const CODE = truncatedRecordDoc.code;
/** The cut field's text is quoted up to this many characters. */
const SHOWN_TEXT = 80;
/** The file's end read for the cut field's text. */
const TAIL_BYTES = 64 * 1024;

/** What the file's end holds of the cut record: the fields it completes before the cut, and the cut field's text. */
interface CutRecord {
  /** Fields of the record written whole before the cut one; undefined when the record's start is out of reach. */
  complete?: number;
  text: string;
}

/**
 * Reads the file's last bytes: the text after its last quote (the cut field's), and — given how
 * many lines before the quote's line the record starts — the record's fields before the cut,
 * split as CSV (quotes doubled inside quoted fields).
 */
function cutRecord(
  absPath: string,
  delimiter: string,
  linesBefore: number | undefined,
): CutRecord | undefined {
  const window = readFileWindow(absPath, TAIL_BYTES, "tail");
  if (!window) return undefined;
  const { buffer, size } = window;
  const n = buffer.length;
  const at = buffer.lastIndexOf(0x22);
  if (at < 0) return undefined;
  const raw = buffer
    .subarray(at + 1)
    .toString("utf8")
    .trim()
    .replace(/\s+/g, " ");
  const text = raw.length > SHOWN_TEXT ? `${raw.slice(0, SHOWN_TEXT)}…` : raw;
  if (linesBefore === undefined || linesBefore < 0) return { text };
  // The record's first byte: the start of the quote's line, then that many line starts back.
  let start = buffer.lastIndexOf(0x0a, at) + 1;
  for (let i = 0; i < linesBefore; i++) {
    if (start === 0) return { text };
    start = buffer.lastIndexOf(0x0a, start - 2) + 1;
  }
  if (start === 0 && n < size) return { text };
  const record = buffer.subarray(start, at + 1).toString("utf8");
  let complete = 0;
  let quoted = false;
  for (const c of record) {
    if (c === '"') quoted = !quoted;
    else if (c === delimiter && !quoted) complete++;
  }
  return { complete, text };
}

/** The table's last row: its line and values by column. */
async function lastRow(
  ctx: OperatorContext,
  tableName: string,
): Promise<{ location: SourceLocation | null; row: Record<string, unknown>; table: TableInfo } | undefined> {
  const table = ctx.state.table(tableName);
  if (!table || table.schema.length === 0) return undefined;
  const [row] = await ctx.engine.all(
    `SELECT rowid AS __rowid, * FROM ${sqlIdent(table.name)} ORDER BY rowid DESC LIMIT 1`,
  );
  if (!row) return undefined;
  const [location] = await locate(ctx.engine, table, [Number(row.__rowid)]);
  return { location: location ?? null, row, table };
}

async function finding(
  ctx: OperatorContext,
  file: string,
  sheet: string | undefined,
  table: string | undefined,
): Promise<Diagnostic | undefined> {
  const entry = ctx.entry(file);
  const cutOff = sheetProfile(entry, sheet)?.cutOff;
  if (!entry || !cutOff) return undefined;
  const last = table ? await lastRow(ctx, table) : undefined;
  const read = sheetProfile(entry, sheet)?.read;
  const delimiter = read?.kind === "csv" ? read.delimiter : ",";
  const cut = cutRecord(
    join(ctx.lakeRoot, file),
    delimiter,
    last?.location ? cutOff.line - last.location.line : undefined,
  );
  const names = last?.table.schema.map((c) => c.name) ?? [];
  const cutColumn = cut?.complete !== undefined ? names[cut.complete] : undefined;
  const first = last ? `${names[0]} ${literal(last.row[names[0]!], last.table.schema[0]!.type)}` : "";
  const record = last
    ? `its last record (${last.location ? `line ${last.location.line}, ` : ""}${first})`
    : "its last record";
  const lacks =
    cutColumn && cut?.complete !== undefined
      ? `${record} is read with NULL in ${cutColumn}${names.length > cut.complete + 1 ? ` and the ${names.length - cut.complete - 1} column(s) after it (${names.slice(cut.complete + 1).join(", ")})` : ""}`
      : `${record} lacks the cut field and the fields after it (NULL)`;
  const holds = cut
    ? `; the file's text for ${cutColumn ?? "the cut field"} stops at ${quote(cut.text)}`
    : "";
  const locations: SourceLocation[] = [
    ...(last?.location ? [last.location] : []),
    { file, line: cutOff.line },
  ];
  return {
    code: CODE,
    severity: "warning",
    message: `${file} ends inside a quoted field opened on line ${cutOff.line} and never closed: the file was cut off there (an interrupted export or download). ${lacks.charAt(0).toUpperCase()}${lacks.slice(1)}${holds}. Look for a complete copy of the file; otherwise leave that record out, or say that counts include it.`,
    locations,
  };
}

/**
 * `truncated-record`: the Source Map's `cutOff` (a file ending inside a quoted field) said where the
 * file is read: a Scan of it, or a UnionScan holding it.
 */
export const truncatedRecordRule: ValidationRule = {
  code: CODE,
  runOrder: 95,
  phase: "after",
  ops: ["Scan", "UnionScan"],
  inputsOnly: false,
  check: async ({ op, observation, ctx }) => {
    if (op === "Scan") {
      const o = observation as ScanObservation;
      const found = await finding(ctx, o.provenance.file, o.provenance.sheet, o.table);
      return found ? [found] : [];
    }
    const o = observation as UnionScanObservation;
    const out: Diagnostic[] = [];
    for (const source of o.sources) {
      const found = await finding(ctx, source.file, undefined, undefined);
      if (found) out.push(found);
    }
    return out;
  },
};
