import type { OperatorContext } from "../operators/operator.ts";
import { fileColumnProfiles, LINEAGE_DEPTH } from "./columnLineage.ts";
import type { TableInfo } from "../state/sharedState.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import { parseTree, renderTree } from "./sqlText.ts";
import type { Json } from "./sqlFacts.ts";
import { isNumericType } from "../engine/numericTypes.ts";

/** Distinct blanked texts read: more than this many are no short list of markers. */
const TEXTS = 20;

/** A text that writes no number at all: `No data`, `#N/A`, `s`, `..`, `M`, `x` — a marker, not a value. */
function writesNoNumber(text: string): boolean {
  return !/\d/.test(text);
}

/**
 * The texts the NULLs of `column` were written as, when every NULL of the column was written in
 * the data as a marker of no value (`No data`, `#N/A`, `s` for suppressed, `M`) rather than left
 * empty — undefined when any NULL is an empty cell, comes from an outer join, or cannot be traced.
 * Read from the Source Map for a scanned file (the markers it read as NULL, with their counts); for
 * a table a Query made by `TRY_CAST(x AS DOUBLE) AS column`, by re-running that Query's FROM and
 * WHERE for the texts of `x` the cast turned into NULL (up to four Query steps back).
 */
export async function writtenAsMarkers(
  ctx: OperatorContext,
  table: TableInfo,
  column: string,
  depth = LINEAGE_DEPTH,
): Promise<string[] | undefined> {
  if (depth < 0) return undefined;
  const nulls = async (): Promise<number> => {
    const [row] = await ctx.engine.all(
      `SELECT count(*) FILTER (WHERE ${sqlIdent(column)} IS NULL) AS n FROM ${sqlIdent(table.name)}`,
    );
    return Number(row?.n ?? 0);
  };
  try {
    if (table.provenance.kind !== "query") {
      const markers = new Map<string, number>();
      for (const { profile } of fileColumnProfiles(ctx, table, column))
        for (const m of profile.missingMarkers ?? [])
          markers.set(m.value, (markers.get(m.value) ?? 0) + m.count);
      const written = [...markers.values()].reduce((a, b) => a + b, 0);
      return written > 0 && written === (await nulls()) ? [...markers.keys()] : undefined;
    }
    const sql = table.provenance.sql;
    if (!sql) return undefined;
    const tree = await parseTree(ctx.engine, sql);
    const node = tree.statements[0]?.node;
    if (node?.type !== "SELECT_NODE" || tree.statements.length !== 1) return undefined;
    if ((node.group_expressions as unknown[] | undefined)?.length || node.having || node.qualify)
      return undefined;
    if (((node.modifiers as Json[] | undefined) ?? []).some((m) => m.type !== "ORDER_MODIFIER"))
      return undefined;
    const item = ((node.select_list as Json[]) ?? []).find(
      (e) => String(e.alias ?? "").toLowerCase() === column.toLowerCase(),
    );
    if (!item) {
      // Passed through under its own name: the NULLs are the input's.
      const bare = ((node.select_list as Json[]) ?? []).some(
        (e) =>
          (e.class === "COLUMN_REF" &&
            String((e.column_names as string[]).at(-1)).toLowerCase() === column.toLowerCase()) ||
          e.class === "STAR",
      );
      const inputs = (table.provenance.inputs ?? [])
        .map((i) => ctx.state.table(i))
        .filter((t) => t !== undefined);
      if (!bare || inputs.length !== 1) return undefined;
      return writtenAsMarkers(ctx, inputs[0]!, column, depth - 1);
    }
    const cast = item.class === "CAST" && item.try_cast ? item : undefined;
    const target = String((cast?.cast_type as { id?: string } | undefined)?.id ?? "");
    if (!cast || !isNumericType(target)) return undefined;
    const argument = cast.child as Json;
    // The texts the cast blanked, and whether any NULL was already NULL before it.
    node.select_list = [
      { ...structuredClone(argument), alias: "radar_raw" },
      {
        ...structuredClone(cast),
        alias: "radar_cast",
      },
    ];
    node.modifiers = [];
    const probe = await renderTree(ctx.engine, tree);
    const rows = await ctx.engine.all(
      `SELECT radar_raw IS NULL AS empty, CAST(radar_raw AS VARCHAR) AS raw FROM (${probe}) WHERE radar_cast IS NULL GROUP BY ALL LIMIT ${TEXTS + 2}`,
    );
    if (rows.length === 0 || rows.length > TEXTS) return undefined;
    if (rows.some((r) => r.empty === true)) {
      // Some were NULL before the cast: only if the input column's NULLs are markers themselves.
      const inputs = (table.provenance.inputs ?? [])
        .map((i) => ctx.state.table(i))
        .filter((t) => t !== undefined);
      const ref =
        argument.class === "COLUMN_REF" ? String((argument.column_names as string[]).at(-1)) : undefined;
      if (!ref || inputs.length !== 1) return undefined;
      const before = await writtenAsMarkers(ctx, inputs[0]!, ref, depth - 1);
      if (!before) return undefined;
      const texts = rows.filter((r) => r.empty !== true).map((r) => String(r.raw));
      return texts.every(writesNoNumber) ? [...new Set([...texts, ...before])] : undefined;
    }
    const texts = rows.map((r) => String(r.raw));
    return texts.every(writesNoNumber) ? texts : undefined;
  } catch {
    // A definition that no longer runs (a table it read was replaced): not traced.
    return undefined;
  }
}
