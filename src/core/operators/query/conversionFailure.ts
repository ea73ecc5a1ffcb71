import type { SelectAnalysis } from "../../sandbox/sqlGate.ts";
import { walk } from "../../sandbox/sqlGate.ts";
import type { SourceEntry } from "../../sourceMap/sourceEntry.ts";
import type { TableInfo } from "../../state/sharedState.ts";
import { resolveColumn, scopeOf, selectNodes } from "../../validation/sqlFacts.ts";
import type { Json } from "../../validation/sqlFacts.ts";
import type { OperatorContext } from "../operator.ts";

/** `Could not convert string 'Mean' to INT64`: the value and the type DuckDB tried. */
const CONVERSION = /Could not convert string '([^']*)' to (\w+)/;

/** Comparisons whose operands are a column and constants (`=`, `<>`, `<`, …, IN, NOT IN). */
const COMPARES = /^(COMPARE_|OPERATOR_IN|OPERATOR_NOT_IN|COMPARE_IN|COMPARE_NOT_IN)/;

interface Compared {
  table: TableInfo;
  column: string;
  /** Every text literal of the comparison (`'Mean','Max','Min'`). */
  values: string[];
}

/**
 * What RADAR's own reading of a file has to do with a query that failed converting a text literal:
 * `WHERE Year NOT IN ('Mean','Max','Min')` fails with "Could not convert string 'Mean' to INT64"
 * because the Source Map left the statistic rows `Mean`, `Max`, `Min` out of the table and typed
 * `Year` as a number — the analyst saw them with `head`. The explanation names the column and its
 * type, the rows RADAR left out that hold the literal (with their lines), and what to write instead.
 * Undefined when the error is another one, or no compared column of a registered table is found.
 */
export function conversionExplanation(
  message: string,
  analysis: SelectAnalysis,
  ctx: OperatorContext,
): string | undefined {
  const found = CONVERSION.exec(message);
  if (!found) return undefined;
  const value = found[1]!;
  const compared = comparedColumn(analysis.statement, value, ctx);
  if (!compared) return undefined;
  const { table, column } = compared;
  const type = table.schema.find((c) => c.name === column)?.type ?? found[2]!;
  const leftOut = compared.values.flatMap((v) => leftOutRows(table, v, ctx.entry)).slice(0, 5);
  const name = JSON.stringify(column);
  const files = table.provenance.files.map((f) => f.path);
  const read =
    files.length === 1
      ? ` RADAR read ${files[0]} into the table ${table.name} with ${name} as ${type}`
      : ` In the table ${table.name}, ${name} is ${type}`;
  const rows =
    leftOut.length > 0
      ? ` and left out the rows ${leftOut.map((r) => `${JSON.stringify(r.text)} (line ${r.line}, ${r.why})`).join(", ")}: they are not in the table, so the condition is not needed`
      : `; no row of it can be ${JSON.stringify(value)}`;
  return `${read}${rows}. To compare with text anyway, cast the column: CAST(${name} AS VARCHAR)`;
}

/** The column of a registered table compared with the literal in the statement, if there is one. */
function comparedColumn(statement: Json, value: string, ctx: OperatorContext): Compared | undefined {
  for (const select of selectNodes(statement)) {
    const scope = scopeOf(select.from_table, ctx.state);
    let hit: Compared | undefined;
    walk([select.where_clause, select.select_list, select.having, select.qualify, select.from_table], (n) => {
      if (hit || !COMPARES.test(String(n.type))) return;
      const operands = [n.left, n.right, ...((n.children as unknown[] | undefined) ?? [])] as (
        Json | undefined
      )[];
      const texts = operands.map(constantText).filter((t): t is string => t !== undefined);
      if (!texts.includes(value)) return;
      for (const o of operands) {
        if (o?.class !== "COLUMN_REF") continue;
        const c = resolveColumn(o.column_names as string[], scope);
        if (c && !/CHAR|TEXT|STRING/.test(c.table.schema.find((s) => s.name === c.column)?.type ?? "VARCHAR"))
          hit = { table: c.table, column: c.column, values: texts };
      }
    });
    if (hit) return hit;
  }
  return undefined;
}

function constantText(node: Json | undefined): string | undefined {
  let n = node;
  while (n?.class === "CAST") n = n.child as Json | undefined;
  const v = n?.class === "CONSTANT" ? (n.value as { is_null?: boolean; value?: unknown }) : undefined;
  return v && !v.is_null && typeof v.value === "string" ? v.value : undefined;
}

const WHY = {
  note: "a footnote",
  trailer: "a trailer row after the table",
  summary: "a statistic row",
} as const;

/** Rows of the table's files the Source Map left out (title rows, footer rows) that hold the value as a cell. */
function leftOutRows(
  table: TableInfo,
  value: string,
  entryOf: (path: string) => SourceEntry | undefined,
): { line: number; text: string; why: string }[] {
  const wanted = value.trim().toLowerCase();
  const holds = (text: string): boolean =>
    text
      .split(/\s*\|\s*|,|\t/)
      .map((cell) => cell.trim().replace(/^"|"$/g, "").toLowerCase())
      .includes(wanted);
  const out: { line: number; text: string; why: string }[] = [];
  for (const file of table.provenance.files) {
    const entry = entryOf(file.path);
    const profile =
      file.sheet === undefined ? entry?.tables?.[0] : entry?.tables?.find((t) => t.sheet === file.sheet);
    if (!profile) continue;
    for (const row of profile.footer?.rows ?? [])
      if (holds(row.text)) out.push({ line: row.line, text: row.text, why: WHY[row.kind] });
    profile.titleLines.forEach((text, i) => {
      if (holds(text)) out.push({ line: profile.titleLineNumbers?.[i] ?? 0, text, why: "a title row" });
    });
  }
  return out;
}
