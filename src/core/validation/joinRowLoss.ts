import type { Diagnostic, SourceLocation } from "../diagnostic.ts";
import type { DuckEngine } from "../engine/duckEngine.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import { gridLineLookup } from "../operators/preview.ts";
import { walk } from "../sandbox/sqlGate.ts";
import type { SharedState } from "../state/sharedState.ts";
import { originsOf } from "../state/sharedState.ts";

type Json = Record<string, unknown>;

const SHOWN_KEYS = 5;

interface EquiJoin {
  left: { table: string; column: string };
  right: { table: string; column: string };
}

/** Inner joins of two registered tables on `a.x = b.y`, with the tables behind the aliases. */
function innerEquiJoins(statement: Json, state: SharedState): EquiJoin[] {
  const out: EquiJoin[] = [];
  walk(statement, (node) => {
    if (node.type !== "JOIN" || node.join_type !== "INNER" || node.ref_type !== "REGULAR") return;
    const aliases = new Map<string, string>();
    walk([node.left, node.right], (t) => {
      if (t.type === "BASE_TABLE" && state.table(String(t.table_name))) {
        aliases.set(String(t.alias || t.table_name).toLowerCase(), String(t.table_name));
      }
    });
    walk(node.condition, (c) => {
      if (c.class !== "COMPARISON" || c.type !== "COMPARE_EQUAL") return;
      const side = (e: unknown): { table: string; column: string } | undefined => {
        const ref = e as Json;
        const names = ref?.class === "COLUMN_REF" ? (ref.column_names as string[]) : undefined;
        if (!names || names.length !== 2) return undefined;
        const table = aliases.get(names[0]!.toLowerCase());
        return table ? { table, column: names[1]! } : undefined;
      };
      const left = side(c.left);
      const right = side(c.right);
      if (left && right && left.table.toLowerCase() !== right.table.toLowerCase()) out.push({ left, right });
    });
  });
  return out;
}

/**
 * `join-row-loss` (warning, after execution): an inner join drops rows whose key has no partner
 * on the other side — the year one file lacks disappears from the result without a trace. The
 * check is one anti-join per side over the registered inputs, bounded by LIMIT.
 */
export async function checkJoinRowLoss(
  engine: DuckEngine,
  state: SharedState,
  statement: Json,
): Promise<Diagnostic[]> {
  const diagnostics: Diagnostic[] = [];
  for (const join of innerEquiJoins(statement, state)) {
    for (const [from, to] of [
      [join.left, join.right],
      [join.right, join.left],
    ] as const) {
      const info = state.table(from.table);
      if (!info) continue;
      const a = sqlIdent(from.column);
      const b = sqlIdent(to.column);
      const lost = await engine.all(
        `SELECT CAST(l.${a} AS VARCHAR) AS k, min(l.rowid) AS r, count(*) AS n FROM ${sqlIdent(from.table)} l ` +
          `WHERE l.${a} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${sqlIdent(to.table)} x WHERE x.${b} = l.${a}) ` +
          `GROUP BY 1 ORDER BY r LIMIT ${SHOWN_KEYS + 1}`,
      );
      if (lost.length === 0) continue;
      const [total] = await engine.all(
        `SELECT count(*) AS n FROM ${sqlIdent(from.table)} l WHERE l.${a} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${sqlIdent(to.table)} x WHERE x.${b} = l.${a})`,
      );
      const shown = lost.slice(0, SHOWN_KEYS);
      const origins = await originsOf(
        info.origin,
        shown.map((r) => Number(r.r)),
        gridLineLookup(engine),
      );
      const locations = origins.filter((o): o is SourceLocation => o !== null);
      const keys = shown.map(
        (r, i) => `${String(r.k)}${origins[i] ? ` (${origins[i]!.file}:${origins[i]!.line})` : ""}`,
      );
      diagnostics.push({
        code: "join-row-loss",
        severity: "warning",
        message:
          `The inner join on ${from.table}.${from.column} = ${to.table}.${to.column} dropped ${Number(total?.n ?? 0)} row(s) of ${from.table} whose ${from.column} has no match in ${to.table}: ` +
          `${keys.join(", ")}${lost.length > SHOWN_KEYS ? ", …" : ""}. If those rows belong in the answer, use LEFT/FULL JOIN and handle the missing values; otherwise say why they are excluded.`,
        locations,
      });
    }
  }
  return diagnostics;
}
