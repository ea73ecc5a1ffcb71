import type { Diagnostic } from "../../../diagnostic.ts";
import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { DuckEngine } from "../../../engine/duckEngine.ts";
import { isNumericType, isWholeNumberType } from "../../../engine/numericTypes.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { ScanObservation } from "../../../operators/scan/scanObservation.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { locate, present } from "../../evidence.ts";
import { keptRelation } from "../../keptRelation.ts";
import { scopedSelects } from "../../sqlFacts.ts";
import type { Json } from "../../sqlFacts.ts";
import { saidBefore } from "../../saidInSession.ts";
import { memoized } from "../../tableMemo.ts";
import { isWrittenTable } from "../../writtenTables.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { copiedPeriodDoc } from "./copiedPeriodDoc.ts";

/** A block this small may repeat by chance (a year with one or two rows of the same values). */
const MIN_ROWS = 5;
/** Different rows a block must hold: a block of blank or constant rows is no copied record. */
const MIN_DISTINCT = 3;
/** Years a column may hold to be read as one (more is a measure, not a period). */
const MAX_YEARS = 300;
/** Copies named in one finding. */
const SHOWN = 3;

interface Copy {
  column: string;
  copy: number;
  of: number;
  rows: number;
  /** The first rowid of each block (the copy's, then the original's). */
  firsts: [number, number];
}

/** Whole-number columns whose values all read as years. */
async function yearColumns(engine: DuckEngine, table: TableInfo): Promise<string[]> {
  const candidates = table.schema.filter((c) => isWholeNumberType(c.type)).slice(0, 8);
  if (candidates.length === 0) return [];
  const [row] = await engine.all(
    `SELECT ${candidates
      .map(
        (c, i) =>
          `min(${sqlIdent(c.name)}) AS lo${i}, max(${sqlIdent(c.name)}) AS hi${i}, approx_count_distinct(${sqlIdent(c.name)}) AS d${i}`,
      )
      .join(", ")} FROM ${sqlIdent(table.name)}`,
  );
  return candidates
    .filter((_, i) => {
      const lo = Number(row?.[`lo${i}`]);
      const hi = Number(row?.[`hi${i}`]);
      const d = Number(row?.[`d${i}`]);
      return lo >= 1000 && hi <= 2999 && d >= 2 && d <= MAX_YEARS;
    })
    .map((c) => c.name);
}

/**
 * Years whose blocks hold the same multiset of rows in every other column: the same count, the
 * same sum and bitwise XOR of the rows' hashes — one pass over the table — then checked row for
 * row, since equal hash sums do not prove equal rows.
 */
async function copiesOf(engine: DuckEngine, table: TableInfo): Promise<Copy[]> {
  if (!isWrittenTable(table) || table.rowCount < 2 * MIN_ROWS) return [];
  const out: Copy[] = [];
  for (const column of await yearColumns(engine, table)) {
    const others = table.schema
      .filter((c) => c.name !== column && c.name !== "rowid")
      .map((c) => sqlIdent(c.name));
    if (others.length === 0) continue;
    const y = sqlIdent(column);
    const t = sqlIdent(table.name);
    const rowHash = `hash(${others.join(", ")})`;
    const blocks = await engine.all(
      `WITH b AS (SELECT ${y} AS yr, count(*) AS n, sum(${rowHash}::HUGEINT) AS s, bit_xor(${rowHash}) AS x, ` +
        `count(DISTINCT ${rowHash}) AS d, min(rowid) AS r FROM ${t} WHERE ${y} IS NOT NULL GROUP BY ${y} HAVING count(*) >= ${MIN_ROWS}) ` +
        `SELECT a.yr AS copy, b.yr AS orig, a.n AS n, a.r AS ra, b.r AS rb FROM b a JOIN b b ON a.n = b.n AND a.s = b.s AND a.x = b.x AND a.yr <> b.yr ` +
        `WHERE a.d >= ${MIN_DISTINCT} AND a.r > b.r ORDER BY a.r LIMIT ${SHOWN}`,
    );
    // Measures the copied rows carry: number columns besides the year. A block of names and codes
    // only is a list, and a list may be the same from one year to the next (held-out JX-04: the
    // makes NHTSA rated in 2017 and in 2018, with a vehicle id always 0).
    const measures = table.schema.filter(
      (c) => c.name !== column && c.name !== "rowid" && isNumericType(c.type),
    );
    if (measures.length === 0) continue;
    for (const b of blocks) {
      // A measure that varies within the block and is no row key (each row its own value, as an
      // id is, unless it is a fraction): values measured, which a real year would not repeat.
      const [spread] = await engine.all(
        `SELECT count(*) AS n, ${measures.map((m, i) => `count(DISTINCT ${sqlIdent(m.name)}) AS d${i}`).join(", ")} FROM ${t} WHERE ${y} = ${Number(b.copy)}`,
      );
      const rows = Number(spread?.n ?? 0);
      const measured = measures.some((m, i) => {
        const d = Number(spread?.[`d${i}`] ?? 0);
        return d >= 2 && (d < rows || !isWholeNumberType(m.type));
      });
      if (!measured) continue;
      // Row for row: the multiset of the copy's rows minus the original's is empty.
      const [diff] = await engine.all(
        `SELECT count(*) AS n FROM (SELECT ${others.join(", ")} FROM ${t} WHERE ${y} = ${Number(b.copy)} EXCEPT ALL SELECT ${others.join(", ")} FROM ${t} WHERE ${y} = ${Number(b.orig)})`,
      );
      if (Number(diff?.n ?? 1) !== 0) continue;
      out.push({
        column,
        copy: Number(b.copy),
        of: Number(b.orig),
        rows: Number(b.n),
        firsts: [Number(b.ra), Number(b.rb)],
      });
    }
    if (out.length > 0) break;
  }
  return out;
}

/** The copied blocks the scanned table holds, found once per table. */
function copiesFor(ctx: OperatorContext, table: TableInfo): Promise<Copy[]> {
  return memoized(table, "copied-period", () => copiesOf(ctx.engine, table));
}

/** Where each block starts, as `(from line N)`, in the copies' order (copy, then original). */
async function blockLines(ctx: OperatorContext, table: TableInfo, copies: Copy[]) {
  const locations = present(
    await locate(
      ctx.engine,
      table,
      copies.flatMap((c) => c.firsts),
    ),
  );
  const line = (i: number): string =>
    locations[i] ? ` (from line ${locations[i].line.toLocaleString("en-US")})` : "";
  const said = copies
    .map(
      (c, i) =>
        `the ${c.rows.toLocaleString("en-US")} rows of ${c.copy}${line(2 * i)} hold the same values as the ${c.rows.toLocaleString("en-US")} rows of ${c.of}${line(2 * i + 1)} in every column but ${c.column}`,
    )
    .join("; ");
  return { locations, said };
}

/** Said at the Scan as a fact of the file: a query that reads a copied year is warned. */
async function scanFinding(ctx: OperatorContext, o: ScanObservation): Promise<Diagnostic[]> {
  const table = ctx.state.table(o.table);
  if (!table) return [];
  const copies = await copiesFor(ctx, table);
  if (copies.length === 0) return [];
  const file = table.provenance.files[0];
  const { locations, said } = await blockLines(ctx, table, copies);
  return [
    {
      code: "copied-period",
      severity: "info",
      message: `In ${table.name}${file ? ` (${file.path})` : ""}, ${said}: one year's block was copied into the other. A query that reads either year is told.`,
      locations,
    },
  ];
}

/**
 * A Query whose kept rows of a scanned table include a copied year (or the year it copies): its
 * figures for that year are the other year's (held-out JH-03: the 2016 winner compared across
 * sources was 2017's). Said once per file and session; again, an info.
 */
async function queryFindings(ctx: OperatorContext, statement: Json): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const { select, scope } of scopedSelects(statement, ctx.state)) {
    for (const [alias, table] of scope) {
      if (seen.has(table.name) || !isWrittenTable(table)) continue;
      seen.add(table.name);
      const copies = await copiesFor(ctx, table);
      if (copies.length === 0) continue;
      const kept = await keptRelation(ctx, select, alias);
      const read: Copy[] = [];
      for (const c of copies) {
        const [row] = await ctx.engine.all(
          `SELECT count(*) AS n${kept.from} AND ${sqlIdent(alias)}.${sqlIdent(c.column)} IN (${c.copy}, ${c.of})`,
        );
        if (Number(row?.n ?? 0) > 0) read.push(c);
      }
      if (read.length === 0) continue;
      const file = table.provenance.files[0];
      const again = saidBefore(ctx.state, copiedPeriodDoc.code, `${file?.path ?? table.name}`, ctx.callOrder);
      const { locations, said } = await blockLines(ctx, table, read);
      const first = read[0]!;
      out.push({
        code: "copied-period",
        severity: again ? "info" : "warning",
        message:
          `${again ? "(As said earlier in this session.) " : ""}This query reads ${first.copy} or ${first.of} of ${table.name}${file ? ` (${file.path})` : ""}, where ${said}: one year's block was copied into the other, and every figure for it is the other year's. ` +
          `Find which year the rows belong to (another source for ${first.copy} and ${first.of}), and leave the copy out (WHERE ${sqlIdent(first.column)} <> ${first.copy}) or take that year from elsewhere; say so in the answer.`,
        locations,
      });
    }
  }
  return out;
}

/**
 * `copied-period` (warning): a table of a Scan in which one year's rows are a copy of another
 * year's in every other column (held-out JH-03: a Masters results file whose 2016 block is 2017's,
 * Sergio Garcia winning both): an info at the Scan, a warning at a Query that reads either year.
 */
export const copiedPeriodRule: ValidationRule = {
  code: copiedPeriodDoc.code,
  runOrder: 237,
  phase: "after",
  ops: ["Scan", "Query"],
  inputsOnly: false,
  check: async (facts) =>
    facts.op === "Scan"
      ? scanFinding(facts.ctx, facts.observation as ScanObservation)
      : facts.op === "Query" && facts.sql
        ? queryFindings(facts.ctx, facts.sql.statement)
        : [],
};
