import type { Diagnostic } from "../../../diagnostic.ts";
import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { DuckEngine } from "../../../engine/duckEngine.ts";
import { isWholeNumberType } from "../../../engine/numericTypes.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { ScanObservation } from "../../../operators/scan/scanObservation.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { locate, present } from "../../evidence.ts";
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
    for (const b of blocks) {
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

async function scanFinding(ctx: OperatorContext, o: ScanObservation): Promise<Diagnostic[]> {
  const table = ctx.state.table(o.table);
  if (!table) return [];
  const copies = await memoized(table, "copied-period", () => copiesOf(ctx.engine, table));
  if (copies.length === 0) return [];
  const file = table.provenance.files[0];
  const again = saidBefore(ctx.state, copiedPeriodDoc.code, `${file?.path ?? table.name}`, ctx.callOrder);
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
  const first = copies[0]!;
  return [
    {
      code: "copied-period",
      severity: again ? "info" : "warning",
      message:
        `${again ? "(As said earlier in this session.) " : ""}In ${table.name}${file ? ` (${file.path})` : ""}, ${said}: one year's block was copied into the other, and every figure for it is the other year's. ` +
        `Find which year the rows belong to (another source for ${first.copy} and ${first.of}), and leave the copy out (WHERE ${sqlIdent(first.column)} <> ${first.copy}) or take that year from elsewhere; say so in the answer.`,
      locations,
    },
  ];
}

/**
 * `copied-period` (warning): a Scan made a table in which one year's rows are a copy of another
 * year's in every other column (held-out JH-03: a Masters results file whose 2016 block is 2017's,
 * Sergio Garcia winning both). Said once per file and session (again, an info).
 */
export const copiedPeriodRule: ValidationRule = {
  code: copiedPeriodDoc.code,
  runOrder: 237,
  phase: "after",
  ops: ["Scan"],
  inputsOnly: false,
  check: async (facts) =>
    facts.op === "Scan" ? scanFinding(facts.ctx, facts.observation as ScanObservation) : [],
};
