import { sqlIdent } from "../engine/duckEngine.ts";
import type { SharedState } from "../state/sharedState.ts";
import { conjuncts, resolveColumn, scopeOf, selectNodes } from "./sqlFacts.ts";
import type { ColumnOf, Json } from "./sqlFacts.ts";

/**
 * The rows of `alias` a correlated subquery can ever read, as SQL over `alias`: for each WHERE
 * equality of one of its columns with a column of an enclosing query (`s.station = f.station` in
 * `(SELECT avg(elev) FROM st s WHERE s.station = f.station)`), only rows whose key the enclosing
 * table holds — a lookup row no outer row points at is never aggregated. Undefined when the
 * SELECT has no such equality (the checks' own relation of the rows already holds).
 */
export function correlatedKeys(
  statement: Json,
  select: Json,
  alias: string,
  state: SharedState,
): string | undefined {
  const scope = scopeOf(select.from_table, state);
  const out: string[] = [];
  for (const c of conjuncts(select.where_clause)) {
    if (c.class !== "COMPARISON" || c.type !== "COMPARE_EQUAL") continue;
    const sides = [c.left, c.right] as Json[];
    if (sides.some((s) => s?.class !== "COLUMN_REF")) continue;
    const [l, r] = sides.map((s) => s.column_names as string[]) as [string[], string[]];
    for (const [mineNames, otherNames] of [
      [l, r],
      [r, l],
    ] as const) {
      const mine = resolveColumn(mineNames, scope);
      if (mine?.alias !== alias || resolveColumn(otherNames, scope) || inScope(otherNames, scope)) continue;
      const outer = enclosing(statement, select, otherNames, state);
      if (!outer) continue;
      out.push(
        `${sqlIdent(alias)}.${sqlIdent(mine.column)} IN (SELECT ${sqlIdent(outer.column)} FROM ${sqlIdent(outer.table.name)})`,
      );
    }
  }
  return out.length > 0 ? out.join(" AND ") : undefined;
}

/** `x.col` whose alias is one of this scope's (a column the table lacks is not an outer reference). */
function inScope(names: string[], scope: Map<string, unknown>): boolean {
  return names.length === 2 && scope.has(names[0]!.toLowerCase());
}

/** The column of another SELECT of the statement an outer reference names. */
function enclosing(statement: Json, select: Json, names: string[], state: SharedState): ColumnOf | undefined {
  for (const other of selectNodes(statement)) {
    if (other === select) continue;
    const found = resolveColumn(names, scopeOf(other.from_table, state));
    if (found) return found;
  }
  return undefined;
}
