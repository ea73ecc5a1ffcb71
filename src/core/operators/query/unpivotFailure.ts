import type { SelectAnalysis } from "../../sandbox/sqlGate.ts";
import { walk } from "../../sandbox/sqlGate.ts";
import type { TableInfo } from "../../state/sharedState.ts";
import type { Json } from "../../validation/sqlFacts.ts";
import { sheetProfile } from "../../validation/sheetProfile.ts";
import type { OperatorContext } from "../operator.ts";
import { isNumericType } from "../../engine/numericTypes.ts";

const MIXED = /Cannot unpivot columns of types (\w+) and (\w+)/;
const NUMBER = /^[-+]?(\d+|\d{1,3}(,\d{3})+)?(\.\d+)?([eE][-+]?\d+)?$/;

/**
 * What RADAR's reading has to do with an UNPIVOT that failed on columns of different types: the
 * map types each column by its own values, so a year whose every cell is a number is DOUBLE while
 * its neighbours, holding flags or markers (`27400 p`, `:`), stay VARCHAR — the analyst, who saw
 * one text file with `head`, expects one type. The explanation names the unpivoted columns of each
 * type and a value that kept the text ones text, and the cast that makes them one type. Undefined
 * for any other error, or when the UNPIVOT reads no registered table.
 */
export function unpivotExplanation(
  message: string,
  analysis: SelectAnalysis,
  ctx: OperatorContext,
): string | undefined {
  if (!MIXED.test(message)) return undefined;
  for (const pivot of unpivots(analysis.statement)) {
    const source = pivot.source as Json | undefined;
    if (source?.type !== "BASE_TABLE") continue;
    const table = ctx.state.table(String(source.table_name));
    if (!table) continue;
    const columns = unpivoted(pivot, table);
    const byType = new Map<string, string[]>();
    for (const c of columns) byType.set(c.type, [...(byType.get(c.type) ?? []), c.name]);
    if (byType.size < 2) continue;
    const text = byType.get("VARCHAR") ?? [];
    const example = text.map((name) => textValueOf(table, name, ctx)).find((v) => v !== undefined);
    const file = table.provenance.files.length === 1 ? table.provenance.files[0]!.path : undefined;
    const parts = [...byType].map(
      ([type, names]) =>
        `${listed(names)} as ${type}${isNumericType(type) ? " (every value a number)" : type === "VARCHAR" && example ? ` (they hold text such as ${JSON.stringify(example)})` : ""}`,
    );
    // The few number columns are the ones to cast: text holds every value the others hold.
    const numbers = columns.filter((c) => isNumericType(c.type)).map((c) => c.name);
    const casts = numbers
      .slice(0, 3)
      .map((n) => `CAST(${JSON.stringify(n)} AS VARCHAR) AS ${JSON.stringify(n)}`)
      .join(", ");
    return (
      ` RADAR read ${file ? `${file} into the table ${table.name}` : `the table ${table.name}`}, typing each column by its own values: ${parts.join("; ")}.` +
      ` Make them one type before the UNPIVOT, e.g. UNPIVOT (SELECT * REPLACE (${casts}${numbers.length > 3 ? ", …" : ""}) FROM ${table.name}) ON …, then convert the values`
    );
  }
  return undefined;
}

function unpivots(statement: Json): Json[] {
  const out: Json[] = [];
  walk(statement, (n) => {
    if (n.type === "PIVOT" && ((n.unpivot_names as unknown[] | undefined) ?? []).length > 0) out.push(n);
  });
  return out;
}

/** The table's columns an UNPIVOT turns into rows: its `ON` list, or `COLUMNS(* EXCLUDE …)`. */
function unpivoted(pivot: Json, table: TableInfo): { name: string; type: string }[] {
  const named = new Set<string>();
  const excluded = new Set<string>();
  let star = false;
  for (const p of (pivot.pivots as Json[] | undefined) ?? [])
    for (const entry of (p.entries as Json[] | undefined) ?? []) {
      const s = entry.star_expr as Json | undefined;
      if (s) {
        star = true;
        for (const e of (s.exclude_list as unknown[] | undefined) ?? [])
          excluded.add(String(e).toLowerCase());
      }
      for (const v of (entry.values as Json[] | undefined) ?? []) {
        const value = (v as { value?: unknown }).value;
        if (typeof value === "string") named.add(value.toLowerCase());
      }
    }
  for (const p of (pivot.pivots as Json[] | undefined) ?? [])
    walk(p.pivot_expressions, (n) => {
      if (n.class === "COLUMN_REF") named.add(String((n.column_names as string[]).at(-1)).toLowerCase());
    });
  return table.schema.filter((c) =>
    star ? !excluded.has(c.name.toLowerCase()) : named.has(c.name.toLowerCase()),
  );
}

/** A value of a text column that is no plain number, from the map's samples of its file. */
function textValueOf(table: TableInfo, column: string, ctx: OperatorContext): string | undefined {
  const file = table.provenance.files[0];
  if (!file) return undefined;
  return sheetProfile(ctx.entry(file.path), file.sheet)
    ?.columns.find((c) => c.name === column)
    ?.samples.find((s) => s.trim() !== "" && !NUMBER.test(s.trim()));
}

function listed(names: string[]): string {
  return names.length > 6
    ? `${names.slice(0, 5).join(", ")} … ${names.at(-1)} (${names.length} columns)`
    : names.join(", ");
}
