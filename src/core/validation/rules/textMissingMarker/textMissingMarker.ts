import type { Remedy } from "../../../diagnostic.ts";
import { sheetProfile } from "../../sheetProfile.ts";
import { sqlIdent, sqlString } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import { isMarkerToken } from "../../../sourceMap/typing/markerTokens.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { aggregateCalls } from "../../aggregateUses.ts";
import { isDerivedTable, tableLabel } from "../../derivedTables.ts";
import { at, locate, present, quote } from "../../evidence.ts";
import { keptRelation, PRESENT, ROWID } from "../../keptRelation.ts";
import { memoized } from "../../tableMemo.ts";
import { resolveColumn } from "../../sqlFacts.ts";
import { groupingItems } from "../../groupingItems.ts";
import type { ColumnOf, Json } from "../../sqlFacts.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { selectRule } from "../../partsRule.ts";
import { sqlName } from "../unknownColumn/unknownColumn.ts";
import { nullTestMarkers } from "./nullTestMarkers.ts";
import { textMissingMarkerDoc } from "./textMissingMarkerDoc.ts";

/** Rows shown (and located) per finding; the rest are counted. */
const SHOWN = 4;
/** Marker tokens are short (`NA`, `n/a`, `(X)`, `---`): longer values are not looked at. */
const MAX_MARKER_LENGTH = 6;

/** Why the data says the marker means "missing" in this table. */
type Evidence =
  | { kind: "sourceMap"; file: string; column: string; count: number }
  | { kind: "sameRows"; rows: number; columns: { name: string; rows: number }[] };

/** A column of the Source Map's reading of the table's file(s) that reads `value` as a missing-value marker. */
function mapMarker(ctx: OperatorContext, table: TableInfo, value: string): Evidence | undefined {
  if (table.provenance.kind === "query") return undefined;
  for (const file of table.provenance.files) {
    for (const column of sheetProfile(ctx.entry(file.path), file.sheet)?.columns ?? []) {
      const marker = column.missingMarkers?.find((m) => m.value === value);
      if (marker) return { kind: "sourceMap", file: file.path, column: column.name, count: marker.count };
    }
  }
  return undefined;
}

/**
 * Every row where `column` holds the marker holds it in another text column too: a row whose city
 * and state both read 'NA' is a row with neither, not a place in Namibia. The columns, each with
 * how many of those rows hold it there (not every row holds it in every one of them).
 */
async function sameRows(
  ctx: OperatorContext,
  table: TableInfo,
  column: string,
  value: string,
): Promise<Evidence | undefined> {
  const others = (await echoFree(ctx, table, column)).map((name) => ({ name }));
  if (others.length === 0) return undefined;
  const v = sqlString(value);
  const [row] = await ctx.engine.all(
    `SELECT count(*) AS n, ${others.map((c, i) => `count(*) FILTER (WHERE trim(${sqlIdent(c.name)}) = ${v}) AS c${i}`).join(", ")}, ` +
      `count(*) FILTER (WHERE ${others.map((c) => `trim(${sqlIdent(c.name)}) = ${v}`).join(" OR ")}) AS any ` +
      `FROM ${sqlIdent(table.name)} WHERE trim(${sqlIdent(column)}) = ${v}`,
  );
  const n = Number(row?.n ?? 0);
  if (n === 0 || Number(row?.any ?? 0) !== n) return undefined;
  const columns = others
    .map((c, i) => ({ name: c.name, rows: Number(row?.[`c${i}`] ?? 0) }))
    .filter((c) => c.rows > 0)
    .sort((a, b) => b.rows - a.rows);
  return { kind: "sameRows", rows: n, columns };
}

/**
 * The other text columns of `table` that do not echo `column`: a column holding the same value on
 * most rows is the same code again (a team's `teamID`, `teamIDlahman45`, `teamIDretro`: 'TBA' is
 * Tampa Bay in all three, held-out JY-01), so a token found in both is one value written twice,
 * not a row marked missing twice. Memoised per table and column.
 */
function echoFree(ctx: OperatorContext, table: TableInfo, column: string): Promise<string[]> {
  return memoized(table, `echoFree:${column}`, async () => {
    const others = table.schema.filter((c) => c.type === "VARCHAR" && c.name !== column);
    if (others.length === 0) return [];
    const c = sqlIdent(column);
    const [row] = await ctx.engine.all(
      `SELECT count(${c}) AS n, ${others.map((o, i) => `count(*) FILTER (WHERE trim(${sqlIdent(o.name)}) = trim(${c})) AS e${i}`).join(", ")} FROM ${sqlIdent(table.name)}`,
    );
    const n = Number(row?.n ?? 0);
    return others.filter((_, i) => Number(row?.[`e${i}`] ?? 0) * 2 < n).map((o) => o.name);
  });
}

/** Marker tokens the column holds (trimmed), most frequent first. */
async function markersOf(ctx: OperatorContext, table: TableInfo, column: string): Promise<string[]> {
  const c = sqlIdent(column);
  const rows = await memoized(table, `shortValues:${column}`, () =>
    ctx.engine.all(
      `SELECT trim(${c}) AS v, count(*) AS n FROM ${sqlIdent(table.name)} WHERE length(trim(${c})) BETWEEN 1 AND ${MAX_MARKER_LENGTH} GROUP BY 1 ORDER BY n DESC, v LIMIT 200`,
    ),
  );
  return rows.map((r) => String(r.v)).filter(isMarkerToken);
}

/** The remedy: the table with the marker read as NULL in that column (same columns, same types). */
function markerAsNull(table: string, column: string, value: string, says: string): Remedy {
  const c = sqlIdent(column);
  return {
    table,
    sql: `SELECT * REPLACE (CASE WHEN trim(${c}) = ${sqlString(value)} THEN NULL ELSE ${c} END AS ${c}) FROM ${sqlIdent(table)}`,
    says,
  };
}

/** Text columns a SELECT groups by, and those it counts (`count(DISTINCT state)`), with how it uses them. */
function countedColumns(select: Json, scope: Map<string, TableInfo>): { column: ColumnOf; use: string }[] {
  const out: { column: ColumnOf; use: string }[] = [];
  for (const { expression } of groupingItems(select)) {
    if (expression.class !== "COLUMN_REF") continue;
    const c = resolveColumn(expression.column_names as string[], scope);
    if (c) out.push({ column: c, use: `GROUP BY ${sqlName(c.column)}` });
  }
  for (const call of aggregateCalls(
    [select.select_list, select.having],
    (fn) => /^(count|approx_count_distinct)$/i.test(fn),
    { windows: false },
  )) {
    if (call.argument.class !== "COLUMN_REF") continue;
    const c = resolveColumn(call.argument.column_names as string[], scope);
    if (c)
      out.push({
        column: c,
        use: `${call.fn}(${call.node.distinct === true ? "DISTINCT " : ""}${sqlName(c.column)})`,
      });
  }
  return out;
}

/**
 * `text-missing-marker` (warning): a query counts a text column (`count(DISTINCT state)`,
 * `count(state)`) whose kept rows hold a missing-value marker (`NA`, `n/a`, `-`…) as a value — one
 * more distinct state, rows counted as holding one; a GROUP BY, which shows the marker as a group
 * of its own in the result, is told as `info` — where
 * the data shows the marker means "missing": the Source Map reads the same token as missing in
 * another column of the file, or every row holding it holds it in another text column too (a row
 * whose city and state both read 'NA'). A marker token alone proves nothing ('NA' is also Namibia
 * and North America), so without such evidence nothing is said. The remedy reads the marker as NULL.
 */
export const textMissingMarkerRule: ValidationRule = selectRule({
  doc: textMissingMarkerDoc,
  runOrder: 240,
  async check({ ctx, select, scope }, findings) {
    await nullTestMarkers(ctx, select, scope, findings);
    for (const { column, use } of countedColumns(select, scope)) {
      const { table, alias } = column;
      // A GROUP BY shows the marker as a group of its own, labelled, in the result: worth saying,
      // not a warning. A count hides it — one more distinct state, rows counted as holding one.
      const counted = !use.startsWith("GROUP BY");
      const key = `${table.name}.${column.column}.${counted}`;
      if (!findings.claim(key)) continue;
      if (table.schema.find((c) => c.name === column.column)?.type !== "VARCHAR") continue;
      for (const value of await markersOf(ctx, table, column.column)) {
        const evidence = mapMarker(ctx, table, value) ?? (await sameRows(ctx, table, column.column, value));
        if (!evidence) continue;
        const a = sqlIdent(alias);
        const kept = await keptRelation(ctx, select, alias);
        const hit = `trim(${a}.${sqlIdent(column.column)}) = ${sqlString(value)} AND ${a}.${PRESENT}`;
        const [counts] = await ctx.engine.all(
          `SELECT count(DISTINCT ${a}.${ROWID}) AS rows${kept.from} AND ${hit}`,
        );
        const rows = Number(counts?.rows ?? 0);
        if (rows === 0) continue;
        const first = await ctx.engine.all(
          `SELECT DISTINCT ${a}.${ROWID} AS r${kept.from} AND ${hit} ORDER BY r LIMIT ${SHOWN}`,
        );
        const locations = await locate(
          ctx.engine,
          table,
          first.map((r) => Number(r.r)),
        );
        const where = locations.map((l) => at(l).trim().slice(1, -1)).filter(Boolean);
        const why =
          evidence.kind === "sourceMap"
            ? `the Source Map reads ${quote(value)} as a missing value in column ${evidence.column} of ${evidence.file} (${evidence.count} cell(s))`
            : evidence.columns.every((c) => c.rows === evidence.rows)
              ? `every row of ${tableLabel(table)} holding it there holds ${quote(value)} in ${evidence.columns.map((c) => c.name).join(", ")} too: the file writes it for a missing value`
              : `each of the ${evidence.rows} row(s) of ${tableLabel(table)} holding it there holds ${quote(value)} in another column too (${sameRowColumns(evidence)}): the file writes it for a missing value`;
        findings.add({
          code: "text-missing-marker",
          severity: counted ? "warning" : "info",
          message:
            `${use} over ${tableLabel(table)} ${counted ? "counts" : "shows"} the text ${quote(value)} as a value of ${column.column}${counted ? "" : " (a group of its own)"}: ${rows} row(s) the query keeps hold it` +
            `${where.length ? ` (${where.join(", ")}${rows > where.length ? ", …" : ""})` : ""}, and ${why}. ` +
            `If it means "missing" here, read it as NULL (NULLIF(${sqlName(column.column)}, ${sqlString(value)})) or leave those rows out, and say so in the answer.`,
          locations: present(locations),
          ...(isDerivedTable(table)
            ? {}
            : {
                remedy: markerAsNull(
                  table.name,
                  column.column,
                  value,
                  `${quote(value)} in ${column.column} read as NULL`,
                ),
              }),
        });
        break;
      }
    }
  },
});

/** How many columns a message lists with their counts. */
const SHOWN_COLUMNS = 5;

/** The other columns holding the marker on those rows: `2018: 9 of 15, 2019: 8 of 15, …`. */
function sameRowColumns(evidence: Extract<Evidence, { kind: "sameRows" }>): string {
  const shown = evidence.columns
    .slice(0, SHOWN_COLUMNS)
    .map((c) => `${c.name}: ${c.rows} of ${evidence.rows}`);
  const more = evidence.columns.length - SHOWN_COLUMNS;
  return shown.join(", ") + (more > 0 ? `, and ${more} other column(s)` : "");
}
