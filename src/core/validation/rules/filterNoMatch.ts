import type { Diagnostic } from "../../diagnostic.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import { at, locate, present, quote } from "../evidence.ts";
import { conjuncts, predicateSql, resolveColumn, scopeOf, selectNodes } from "../sqlFacts.ts";
import type { ColumnOf, Json } from "../sqlFacts.ts";
import type { ValidationRule } from "../validationRule.ts";
import { columnLabel } from "../derivedTables.ts";

interface LiteralFilter {
  column: ColumnOf;
  literal: unknown;
  predicate: Json;
  kind: "=" | "IN" | "LIKE";
}

function constantValue(node: unknown): { ok: boolean; value: unknown } {
  let n = node as Json | undefined;
  while (n?.class === "CAST") n = n.child as Json;
  if (n?.class !== "CONSTANT") return { ok: false, value: undefined };
  const v = n.value as { is_null?: boolean; value?: unknown };
  return v.is_null ? { ok: false, value: undefined } : { ok: true, value: v.value };
}

function disjuncts(expression: Json): Json[] {
  return expression.class === "CONJUNCTION" && expression.type === "CONJUNCTION_OR"
    ? (expression.children as Json[]).flatMap(disjuncts)
    : [expression];
}

function literalFilters(predicate: Json, scope: ReturnType<typeof scopeOf>): LiteralFilter[] {
  const col = (node: unknown): ColumnOf | undefined => {
    const n = node as Json | undefined;
    return n?.class === "COLUMN_REF" ? resolveColumn(n.column_names as string[], scope) : undefined;
  };
  if (predicate.class === "COMPARISON" && predicate.type === "COMPARE_EQUAL") {
    for (const [a, b] of [
      [predicate.left, predicate.right],
      [predicate.right, predicate.left],
    ]) {
      const c = col(a);
      const k = constantValue(b);
      if (c && k.ok) return [{ column: c, literal: k.value, predicate, kind: "=" }];
    }
  }
  if (predicate.class === "OPERATOR" && predicate.type === "COMPARE_IN") {
    const [first, ...rest] = predicate.children as Json[];
    const c = col(first);
    if (!c) return [];
    return rest.flatMap((r) => {
      const k = constantValue(r);
      const single = {
        class: "COMPARISON",
        type: "COMPARE_EQUAL",
        alias: "",
        query_location: 0,
        left: first,
        right: r,
      };
      return k.ok ? [{ column: c, literal: k.value, predicate: single, kind: "IN" as const }] : [];
    });
  }
  if (
    predicate.class === "FUNCTION" &&
    (predicate.function_name === "~~" || predicate.function_name === "~~*")
  ) {
    const [a, b] = predicate.children as Json[];
    const c = col(a);
    const k = constantValue(b);
    if (c && k.ok) return [{ column: c, literal: k.value, predicate, kind: "LIKE" }];
  }
  return [];
}

/**
 * `filter-no-match` (warning): a literal in an equality, IN or LIKE predicate that the column
 * never takes (`'California'` where the file says `CA`, `'Yes'` vs `YES`). The closest observed
 * values, with a source line each, show what to write instead.
 */
export const filterNoMatchRule: ValidationRule = {
  code: "filter-no-match",
  phase: "after",
  ops: ["Query"],
  inputsOnly: true,
  async check({ ctx, sql }) {
    if (!sql) return [];
    const out: Diagnostic[] = [];
    for (const select of selectNodes(sql.statement)) {
      const scope = scopeOf(select.from_table, ctx.state);
      // Branches of an OR are checked too, but there a value that never occurs may be a deliberate
      // alternative spelling ('CA' OR 'California'): only a case mistake is reported for them.
      const checks = conjuncts(select.where_clause).flatMap((predicate) =>
        predicate.class === "CONJUNCTION" && predicate.type === "CONJUNCTION_OR"
          ? disjuncts(predicate).flatMap((d) =>
              literalFilters(d, scope).map((filter) => ({ filter, inOr: true })),
            )
          : literalFilters(predicate, scope).map((filter) => ({ filter, inOr: false })),
      );
      for (const { filter, inOr } of checks) {
        {
          const { table, column, alias } = filter.column;
          const condition = await predicateSql(ctx.engine, alias, [filter.predicate]);
          const [hit] = await ctx.engine.all(
            `SELECT count(*) AS n FROM ${sqlIdent(table.name)} AS ${sqlIdent(alias)} WHERE ${condition}`,
          );
          if (Number(hit?.n ?? 0) > 0) continue;
          const needle = String(filter.literal).replaceAll("%", "").replaceAll("_", " ");
          const closest = await ctx.engine.all(
            `SELECT ${sqlIdent(column)} AS v, count(*) AS n, min(rowid) AS r FROM ${sqlIdent(table.name)} WHERE ${sqlIdent(column)} IS NOT NULL ` +
              `GROUP BY 1 ORDER BY contains(lower(CAST(v AS VARCHAR)), lower(trim($1))) DESC, jaro_winkler_similarity(lower(CAST(v AS VARCHAR)), lower($1)) DESC, n DESC LIMIT 4`,
            [needle],
          );
          const [caseless] =
            filter.kind === "LIKE" || typeof filter.literal === "string"
              ? await ctx.engine.all(
                  `SELECT count(*) AS n FROM ${sqlIdent(table.name)} WHERE CAST(${sqlIdent(column)} AS VARCHAR) ${filter.kind === "LIKE" ? "ILIKE $1" : "ILIKE $1 ESCAPE '\\'"}`,
                  [
                    filter.kind === "LIKE"
                      ? String(filter.literal)
                      : String(filter.literal).replace(/[\\%_]/g, "\\$&"),
                  ],
                )
              : [];
          if (inOr && Number(caseless?.n ?? 0) === 0) continue;
          const caselessHint =
            Number(caseless?.n ?? 0) > 0
              ? ` It matches ${Number(caseless?.n)} row(s) when case is ignored: use ILIKE or compare lower(${column}).`
              : "";
          const locations = await locate(
            ctx.engine,
            table,
            closest.map((c) => Number(c.r)),
          );
          const shown = closest.map((c, i) => `${quote(c.v)} ×${c.n}${at(locations[i])}`).join(", ");
          out.push({
            code: "filter-no-match",
            severity: "warning",
            message:
              `${filter.kind === "LIKE" ? "The pattern" : "The value"} ${quote(filter.literal)} never occurs in ${columnLabel(table, column)}, so this predicate matches no row. ` +
              `Closest observed values: ${shown || "none (the column is empty)"}.${caselessHint} Use the spelling the data uses (Probe the column to see its values).`,
            locations: present(locations),
          });
        }
      }
    }
    return out;
  },
};
