import type { Diagnostic } from "../../diagnostic.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import { walk } from "../../sandbox/sqlGate.ts";
import { isAggregate } from "../aggregates.ts";
import { at, locate, present, quote } from "../evidence.ts";
import { expressionSql, resolveColumn, scopeOf, selectNodes } from "../sqlFacts.ts";
import type { ColumnOf, Json } from "../sqlFacts.ts";
import type { ValidationRule } from "../validationRule.ts";
import type { SharedState } from "../../state/sharedState.ts";
import { columnLabel } from "../derivedTables.ts";

/** Numbers in disguise: thousands separators, currency, percent, parenthesised negatives. */
const NUMBER_LIKE = String.raw`\(?[-+\x{2212}]?[$€£]?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d+)?\s*%?\)?[MKBmkb]?`;
const MISSING_TOKENS = ["N/A", "NA", "-", "--", "—", "(NA)", "NULL", "NONE", "N.A.", "*", "(D)", "(X)"];

type Use = { column: ColumnOf; how: string; tryCast?: string; expression?: Json };

function uses(statement: Json, state: SharedState): Use[] {
  const out: Use[] = [];
  for (const select of selectNodes(statement)) {
    const scope = scopeOf(select.from_table, state);
    const col = (node: unknown): ColumnOf | undefined => {
      const n = node as Json | undefined;
      return n?.class === "COLUMN_REF" ? resolveColumn(n.column_names as string[], scope) : undefined;
    };
    const text = (c: ColumnOf | undefined): c is ColumnOf =>
      c !== undefined && c.table.schema.find((s) => s.name === c.column)?.type === "VARCHAR";
    walk(select, (n) => {
      if (
        n.class === "FUNCTION" &&
        isAggregate(String(n.function_name)) &&
        ![
          "count",
          "list",
          "string_agg",
          "array_agg",
          "any_value",
          "first",
          "last",
          "mode",
          "approx_count_distinct",
          "histogram",
        ].includes(String(n.function_name).toLowerCase())
      ) {
        const c = col((n.children as Json[] | undefined)?.[0]);
        if (text(c)) out.push({ column: c, how: `${String(n.function_name)}()` });
      }
      if (
        n.class === "COMPARISON" &&
        [
          "COMPARE_LESSTHAN",
          "COMPARE_GREATERTHAN",
          "COMPARE_LESSTHANOREQUALTO",
          "COMPARE_GREATERTHANOREQUALTO",
        ].includes(String(n.type))
      ) {
        for (const side of [n.left, n.right]) {
          const c = col(side);
          if (text(c)) out.push({ column: c, how: "a < / > comparison" });
        }
      }
      if (n.class === "BETWEEN") {
        const c = col(n.input);
        if (text(c)) out.push({ column: c, how: "BETWEEN" });
      }
      if (n.class === "CAST" && n.try_cast && (n.child as Json)?.class !== "COLUMN_REF") {
        // TRY_CAST over a cleaning expression of one text column: the cleaning may miss a format.
        const refs = new Map<string, ColumnOf>();
        walk(n.child, (r) => {
          const c = r.class === "COLUMN_REF" ? resolveColumn(r.column_names as string[], scope) : undefined;
          if (c) refs.set(`${c.alias}.${c.column}`, c);
        });
        const target = String((n.cast_type as { id?: string } | undefined)?.id ?? "");
        const only = refs.size === 1 ? [...refs.values()][0] : undefined;
        if (only && text(only) && /INT|DOUBLE|FLOAT|DECIMAL|NUMERIC|REAL|HUGEINT/.test(target))
          out.push({
            column: only,
            how: `TRY_CAST(… AS ${target})`,
            tryCast: target,
            expression: n.child as Json,
          });
      }
      if (n.class === "CAST") {
        const c = col(n.child);
        const target = String((n.cast_type as { id?: string } | undefined)?.id ?? "");
        if (text(c) && /INT|DOUBLE|FLOAT|DECIMAL|NUMERIC|REAL|HUGEINT/.test(target))
          out.push({
            column: c,
            how: n.try_cast ? `TRY_CAST(… AS ${target})` : `CAST(… AS ${target})`,
            ...(n.try_cast ? { tryCast: target } : {}),
          });
      }
    });
    // ORDER BY a name resolves to a select-list alias first (e.g. a cleaned column keeping its name).
    const aliases = new Set(
      ((select.select_list as Json[]) ?? []).map((e) => String(e.alias ?? "").toLowerCase()).filter(Boolean),
    );
    for (const modifier of (select.modifiers as Json[] | undefined) ?? []) {
      for (const order of (modifier.orders as Json[] | undefined) ?? []) {
        const ref = order.expression as Json | undefined;
        const names = ref?.class === "COLUMN_REF" ? (ref.column_names as string[]) : [];
        if (names.length === 1 && aliases.has(names[0]!.toLowerCase())) continue;
        const c = col(order.expression);
        if (text(c)) out.push({ column: c, how: "ORDER BY" });
      }
    }
  }
  return out;
}

/**
 * `numeric-as-text` (warning): a text column whose values are mostly numbers in disguise
 * (`1,234`, `$5,000`, `12%`, `N/A`) used in an aggregate, comparison, sort or cast — text sorts
 * and compares by characters ('9' > '10') — or a TRY_CAST that turned values into NULLs.
 */
export const numericAsTextRule: ValidationRule = {
  code: "numeric-as-text",
  phase: "after",
  ops: ["Query"],
  inputsOnly: true,
  async check({ ctx, sql }) {
    if (!sql) return [];
    const out: Diagnostic[] = [];
    const seen = new Set<string>();
    for (const use of uses(sql.statement, ctx.state)) {
      const { table, column } = use.column;
      const expression = use.expression
        ? await expressionSql(ctx.engine, use.column.alias, use.expression)
        : undefined;
      const key = `${table.name}.${column}.${use.tryCast ?? ""}.${expression ?? ""}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const c = sqlIdent(column);
      const missing = MISSING_TOKENS.map((t) => `'${t}'`).join(", ");
      const nulled = `${c} IS NOT NULL AND TRY_CAST(${expression ?? c} AS ${use.tryCast ?? "DOUBLE"}) IS NULL`;
      const [row] = await ctx.engine.all(
        `SELECT count(${c}) AS n, count(*) FILTER (WHERE regexp_full_match(trim(${c}), '${NUMBER_LIKE}')) AS numeric, ` +
          `count(*) FILTER (WHERE upper(trim(${c})) IN (${missing})) AS missing, ` +
          `count(*) FILTER (WHERE regexp_full_match(trim(${c}), '${NUMBER_LIKE}') AND TRY_CAST(trim(${c}) AS DOUBLE) IS NULL) AS disguised, ` +
          (use.tryCast ? `count(*) FILTER (WHERE ${nulled}) AS lost, ` : "0 AS lost, ") +
          `list(rowid ORDER BY rowid) FILTER (WHERE ${use.tryCast ? nulled : `NOT regexp_full_match(trim(${c}), '\\d+(\\.\\d+)?')`})[1:3] AS examples ` +
          `FROM ${sqlIdent(table.name)} AS ${sqlIdent(use.column.alias)}`,
      );
      const n = Number(row?.n ?? 0);
      const numeric = Number(row?.numeric ?? 0);
      const miss = Number(row?.missing ?? 0);
      const lost = Number(row?.lost ?? 0);
      const disguised = Number(row?.disguised ?? 0);
      // Plain digit strings kept as text on purpose (ZIP codes with leading zeros) are not disguised numbers.
      const mostlyNumbers =
        n > 0 && numeric > 0 && numeric >= 0.8 * (n - miss) && (disguised > 0 || miss > 0);
      if (!mostlyNumbers && lost === 0) continue;
      if (use.tryCast === undefined && !mostlyNumbers) continue;
      const rowids = ((row?.examples as unknown[]) ?? []).map(Number);
      const locations = await locate(ctx.engine, table, rowids);
      const values = rowids.length
        ? await ctx.engine.all(
            `SELECT ${c} AS v FROM ${sqlIdent(table.name)} WHERE rowid IN (${rowids.join(", ")}) ORDER BY rowid`,
          )
        : [];
      const examples = values.map((v, i) => `${quote(v.v)}${at(locations[i])}`).join(", ");
      out.push({
        code: "numeric-as-text",
        severity: "warning",
        message: use.tryCast
          ? `${use.how} of ${columnLabel(table, column)} turned ${lost} of ${n} non-null values into NULL (e.g. ${examples}). Strip the formatting first, e.g. TRY_CAST(replace(replace(replace(${column}, ',', ''), '$', ''), '%', '') AS DOUBLE), and decide what markers like 'N/A' mean.`
          : `${columnLabel(table, column)} is text, but ${numeric} of its ${n} values are numbers written as text (e.g. ${examples}); ${use.how} on text works character by character ('9' > '10'). Convert first, e.g. CAST(replace(replace(replace(${column}, ',', ''), '$', ''), '%', '') AS DOUBLE), treating ${miss ? `its ${miss} 'N/A'-like markers` : "non-numbers"} explicitly.`,
        locations: present(locations),
      });
    }
    return out;
  },
};
