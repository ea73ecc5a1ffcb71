import type { Diagnostic } from "../../diagnostic.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import { walk } from "../../sandbox/sqlGate.ts";
import { at, locate, present, quote } from "../evidence.ts";
import { conjuncts, resolveColumn, scopeOf, selectNodes } from "../sqlFacts.ts";
import type { ColumnOf, Json } from "../sqlFacts.ts";
import type { ValidationRule } from "../validationRule.ts";
import { memoized } from "../tableMemo.ts";

const SHOWN = 4;

/** Text columns a query groups by or filters on by value (bare column references only). */
function groupedOrFiltered(
  statement: Json,
  state: Parameters<typeof scopeOf>[1],
): { column: ColumnOf; how: string }[] {
  const out: { column: ColumnOf; how: string }[] = [];
  for (const select of selectNodes(statement)) {
    const scope = scopeOf(select.from_table, state);
    const add = (node: unknown, how: string): void => {
      const n = node as Json | undefined;
      if (n?.class !== "COLUMN_REF") return;
      const c = resolveColumn(n.column_names as string[], scope);
      if (c && c.table.schema.find((s) => s.name === c.column)?.type === "VARCHAR")
        out.push({ column: c, how });
    };
    for (const g of (select.group_expressions as Json[] | undefined) ?? []) add(g, "GROUP BY");
    for (const p of conjuncts(select.where_clause)) {
      walk(p, (n) => {
        if (n.class === "COMPARISON" && n.type === "COMPARE_EQUAL") {
          add(n.left, "a filter");
          add(n.right, "a filter");
        }
        if (n.class === "OPERATOR" && n.type === "COMPARE_IN") add((n.children as Json[])[0], "a filter");
      });
    }
  }
  return out;
}

/**
 * `value-variants` (warning): a categorical text column holding variants of one value — case,
 * surrounding or repeated spaces, punctuation (`no`/`NO`/`No`, `New York`/`New York `) — that a
 * GROUP BY splits into separate groups or an equality filter matches only in part.
 */
export const valueVariantsRule: ValidationRule = {
  code: "value-variants",
  phase: "after",
  ops: ["Query"],
  async check({ ctx, sql }) {
    if (!sql) return [];
    const out: Diagnostic[] = [];
    const seen = new Set<string>();
    for (const { column: c, how } of groupedOrFiltered(sql.statement, ctx.state)) {
      const key = `${c.table.name}.${c.column}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const col = sqlIdent(c.column);
      const norm = `regexp_replace(lower(trim(v)), '[^a-z0-9]+', ' ', 'g')`;
      // Normalise distinct values only: a categorical column has few, however many rows it has.
      const rows = await memoized(c.table, `variants:${c.column}`, () =>
        ctx.engine.all(
          `WITH d AS (SELECT ${col} AS v, count(*) AS n, min(rowid) AS r FROM ${sqlIdent(c.table.name)} WHERE ${col} IS NOT NULL GROUP BY 1) ` +
            `SELECT ${norm} AS k, list(v ORDER BY v) AS variants, sum(n) AS n, min(r) AS r, count(*) OVER () AS groups ` +
            `FROM d GROUP BY 1 HAVING count(*) > 1 ORDER BY n DESC LIMIT ${SHOWN}`,
        ),
      );
      if (rows.length === 0) continue;
      const locations = await locate(
        ctx.engine,
        c.table,
        rows.map((r) => Number(r.r)),
      );
      const shown = rows.map(
        (r, i) => `${(r.variants as unknown[]).map(quote).join(" / ")}${at(locations[i])}`,
      );
      out.push({
        code: "value-variants",
        severity: "warning",
        message:
          `${c.table.name}.${c.column}, used in ${how}, spells ${Number(rows[0]!.groups)} value(s) in several ways: ${shown.join("; ")}. ` +
          `They are treated as different values. Normalise first, e.g. GROUP BY lower(trim(${c.column})) or filter with ILIKE/lower().`,
        locations: present(locations),
      });
    }
    return out;
  },
};
