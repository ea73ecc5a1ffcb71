import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { DuckEngine } from "../../../engine/duckEngine.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { isAnyAggregate } from "../../aggregates.ts";
import { locate, present } from "../../evidence.ts";
import type { SourceLocation } from "../../../diagnostic.ts";
import { keptRelation, ROWID } from "../../keptRelation.ts";
import { FindingsOnce } from "../../findingsOnce.ts";
import { scopedSelects, walkOwn } from "../../sqlFacts.ts";
import type { Json } from "../../sqlFacts.ts";
import { memoized } from "../../tableMemo.ts";
import { isWrittenTable } from "../../writtenTables.ts";
import type { ExecutedFacts, ValidationRule } from "../../validationRule.ts";
import type { ScanObservation } from "../../../operators/scan/scanObservation.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { Diagnostic } from "../../../diagnostic.ts";
import { saidBefore, saidEarlier, sayOnceSettled } from "../../saidInSession.ts";
import { paddingRowsDoc } from "./paddingRowsDoc.ts";

/**
 * A table whose file goes on below its data with rows that hold almost nothing: a blank grid
 * saved with the sheet (`,,,,,,`), a case number `0` on 2,400 rows (held-out IM: the 2018 shark
 * attack file holds 6,302 incidents in 23,102 rows), derived columns filled down past the last
 * record (held-out IH: 3,562 rows `,,,,,,,Sri Lanka,First,Second` after 3,932 matches). They read
 * as rows: count(*) counts them, GROUP BY gives them a group.
 */

/** The share of a table's fullest rows whose fill stands for its records. */
const TYPICAL_QUANTILE = 0.9;
/** A padding row holds at most this share of a typical record's values. */
const PADDING_SHARE = 1 / 3;
/** A typical record fills at least this many cells, or fill says nothing of padding. */
const MIN_TYPICAL = 3;
/** The block must be this long (and this share of the table), after at least this many records. */
const MIN_BLOCK = 20;
const MIN_BLOCK_SHARE = 0.01;
const MIN_RECORDS = 10;
/** Past this many columns the test would be as wide as the table: not looked for. */
const MAX_COLUMNS = 300;

interface Padding {
  /** Row id of the last record; the padding is every row after it. */
  lastRecord: number;
  records: number;
  rows: number;
  /** Values a typical record holds, and the most a padding row holds. */
  typical: number;
  most: number;
  /** The first padding row's values, by column. */
  example: [string, string][];
}

/** Whether the table ends with a block of padding rows, and which. */
async function paddingOf(engine: DuckEngine, table: TableInfo): Promise<Padding | undefined> {
  if (!isWrittenTable(table) || table.schema.length < MIN_TYPICAL) return undefined;
  if (table.schema.length > MAX_COLUMNS) return undefined;
  const t = sqlIdent(table.name);
  const filled = table.schema
    .map((c) => `(${sqlIdent(c.name)} IS NOT NULL AND trim(${sqlIdent(c.name)}::VARCHAR) <> '')::INTEGER`)
    .join(" + ");
  const f = `WITH f AS (SELECT rowid AS r, ${filled} AS n FROM ${t}) `;
  const [row] = await engine.all(
    `${f}SELECT count(*) AS total, quantile_disc(n, ${TYPICAL_QUANTILE}) AS typical FROM f`,
  );
  const total = Number(row?.total ?? 0);
  const typical = Number(row?.typical ?? 0);
  if (typical < MIN_TYPICAL) return undefined;
  const threshold = Math.floor(typical * PADDING_SHARE);
  const [block] = await engine.all(
    `${f}, l AS (SELECT max(r) AS last FROM f WHERE n > ${threshold}) ` +
      `SELECT any_value(l.last) AS last_record, count(*) FILTER (WHERE r > l.last) AS rows, ` +
      `count(*) FILTER (WHERE r <= l.last) AS records, max(n) FILTER (WHERE r > l.last) AS most FROM f, l`,
  );
  if (block?.last_record === null || block?.last_record === undefined) return undefined;
  const lastRecord = Number(block.last_record);
  const rows = Number(block?.rows ?? 0);
  const records = Number(block?.records ?? 0);
  if (rows < Math.max(MIN_BLOCK, MIN_BLOCK_SHARE * total) || records < MIN_RECORDS) return undefined;
  // The first padding row that holds anything shows what the block is made of.
  const [shown] = await engine.all(
    `SELECT * FROM ${t} WHERE rowid > ${lastRecord} AND (${filled}) > 0 ORDER BY rowid LIMIT 1`,
  );
  const example = Object.entries(shown ?? {})
    .filter(([, v]) => v !== null && v !== undefined && String(v).trim() !== "")
    .map(([k, v]) => [k, String(v)] as [string, string]);
  return { lastRecord, records, rows, typical, most: Number(block?.most ?? 0), example };
}

/** Whether the SELECT counts or groups its rows: an aggregate, a GROUP BY or a DISTINCT. */
function aggregates(select: Json): boolean {
  if (((select.group_expressions as unknown[] | undefined) ?? []).length > 0) return true;
  if (((select.modifiers as Json[] | undefined) ?? []).some((m) => m.type === "DISTINCT_MODIFIER"))
    return true;
  let found = false;
  walkOwn(select.select_list, (n) => {
    if (n.class === "FUNCTION" && isAnyAggregate(String(n.function_name).toLowerCase())) found = true;
  });
  return found;
}

const count = (n: number): string => n.toLocaleString("en-US");

/** Where the block lies, as lines of the file (or rows of the table), and its first location. */
async function blockLines(
  ctx: OperatorContext,
  table: TableInfo,
  padding: Padding,
): Promise<{ lines: string; first: SourceLocation | null }> {
  const last = padding.lastRecord + padding.rows;
  const [from, to] = await locate(ctx.engine, table, [padding.lastRecord + 1, last]);
  const file = table.provenance.files[0]?.path;
  const lines =
    from && to && from.file === to.file
      ? `lines ${count(from.line)}–${count(to.line)} of ${from.file}`
      : `rows ${count(padding.lastRecord + 2)}–${count(last + 1)}${file ? ` of ${file}` : ""}`;
  return { lines, first: from ?? null };
}

/** What the block is: its size and place, what its rows hold against the records. */
function blockText(table: TableInfo, padding: Padding, lines: string): string {
  const holds = padding.example.length
    ? `the first that holds anything has ${padding.example
        .slice(0, 3)
        .map(([k, v]) => `${k} '${v.length > 40 ? `${v.slice(0, 40)}…` : v}'`)
        .join(", ")}${padding.example.length > 3 ? ", …" : ""} and nothing else`
    : "every one is blank";
  return (
    `${table.name} ends with ${count(padding.rows)} rows (${lines}) that hold at most ${padding.most} of its ${table.schema.length} columns' values, where its fuller rows hold ${padding.typical}: ${holds}. ` +
    `They follow its ${count(padding.records)} rows of data and read as padding, not records`
  );
}

/** The block as the session knows it: its file and where its records end. */
function blockKey(table: TableInfo, padding: Padding): string {
  const f = table.provenance.files[0];
  return `${f?.path ?? table.name}${f?.sheet ? ` [${f.sheet}]` : ""}:${padding.lastRecord}`;
}

const LEAVE_OUT = "If they are not records, leave them out (WHERE a column every record fills IS NOT NULL).";

/** The Scan that made the table: the first time in the session its file is read so, a warning. */
async function scanFinding(ctx: OperatorContext, o: ScanObservation): Promise<Diagnostic[]> {
  const table = ctx.state.table(o.table);
  if (!table) return [];
  const padding = await memoized(table, "padding-rows", () => paddingOf(ctx.engine, table));
  if (!padding) return [];
  const { lines, first } = await blockLines(ctx, table, padding);
  const again = saidBefore(ctx.state, paddingRowsDoc.code, blockKey(table, padding), ctx.callOrder);
  return [
    {
      code: "padding-rows",
      severity: again ? "info" : "warning",
      message: `${again ? "(As said earlier in this session.) " : ""}${blockText(table, padding, lines)}: the table's ${count(table.rowCount)} rows count them, and a count or a GROUP BY over it takes them in. ${LEAVE_OUT}`,
      locations: present([first]),
    },
  ];
}

/** The queries that count or group the table's rows with some of the block kept: the effect is measured. */
async function queryFindings(facts: ExecutedFacts): Promise<Diagnostic[]> {
  const { ctx, sql } = facts;
  if (!sql) return [];
  const findings = new FindingsOnce();
  for (const { select, scope } of scopedSelects(sql.statement, ctx.state)) {
    if (!aggregates(select)) continue;
    for (const [alias, table] of scope) {
      if (findings.has(table.name)) continue;
      const padding = await memoized(table, "padding-rows", () => paddingOf(ctx.engine, table));
      if (!padding) continue;
      const kept = await keptRelation(ctx, select, alias, {});
      const [row] = await ctx.engine.all(
        `SELECT count(DISTINCT ${sqlIdent(alias)}.${ROWID}) AS n${kept.from} AND ${sqlIdent(alias)}.${ROWID} > ${padding.lastRecord}`,
      );
      const keptRows = Number(row?.n ?? 0);
      if (keptRows === 0) continue;
      const { lines, first } = await blockLines(ctx, table, padding);
      // Told at the Scan or an earlier query: the same block again is an info (a query that looks
      // into the block itself — how many rows hold case '0' — is one of these).
      const again = saidEarlier(ctx.state, paddingRowsDoc.code, blockKey(table, padding), ctx.callOrder);
      const finding: Diagnostic = {
        code: "padding-rows",
        severity: again ? "info" : "warning",
        message:
          `${again ? "(As said earlier in this session.) " : ""}${blockText(table, padding, lines)}; the query keeps ${count(keptRows)} of them, so count(*) counts them and GROUP BY gives them a group. ` +
          LEAVE_OUT,
        locations: present([first]),
        remedy: {
          table: table.name,
          sql: `SELECT * FROM ${sqlIdent(table.name)} WHERE rowid <= ${padding.lastRecord}`,
          says: `the ${count(padding.rows)} padding rows (${lines}) left out`,
        },
      };
      // Said once its effect is known: a query whose result the block does not change is told in
      // an info, and the next that it does change hears it as new.
      findings.report(
        table.name,
        sayOnceSettled(finding, ctx.state, paddingRowsDoc.code, blockKey(table, padding), ctx.callOrder),
      );
    }
  }
  return findings.list;
}

/**
 * `padding-rows` (warning): a scanned table ends with a block of rows holding almost nothing — a
 * third or less of the values its fuller rows hold (their 90th percentile), at least 20 rows and
 * 1 % of the table, after the last fuller row. Said at the Scan that makes the table, and at a
 * query that counts or groups its rows with some of the block kept by its WHERE — there with the
 * remedy that leaves the block out, so the effect on what the call returns is measured (none:
 * info). Once per session and block: said again, an info. A list of rows is its own evidence.
 */
export const paddingRowsRule: ValidationRule = {
  code: paddingRowsDoc.code,
  runOrder: 234,
  phase: "after",
  ops: ["Scan", "Query"],
  inputsOnly: false,
  check: async (facts) =>
    facts.op === "Scan" ? scanFinding(facts.ctx, facts.observation as ScanObservation) : queryFindings(facts),
};
