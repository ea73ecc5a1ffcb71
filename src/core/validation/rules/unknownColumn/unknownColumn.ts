import type { Diagnostic } from "../../../diagnostic.ts";
import { nearest } from "../../../diagnostic.ts";
import { walk } from "../../../sandbox/sqlGate.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { caretOffset, columnContext } from "../../columnContext.ts";
import type { ColumnContext } from "../../columnContext.ts";
import { selectNodes, scopedSelects } from "../../sqlFacts.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { unknownColumnDoc } from "./unknownColumnDoc.ts";

/** How a column must be written in SQL: bare when it is a plain identifier, else double-quoted. */
export function sqlName(column: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(column) ? column : `"${column.replaceAll('"', '""')}"`;
}

function unknown(
  column: string,
  table: TableInfo | undefined,
  candidates: string[],
  where: string,
): Diagnostic {
  const near = nearest(column, candidates).map(sqlName);
  return {
    code: "unknown-column",
    severity: "error",
    message:
      `${where}: column "${column}" is not in ${table ? `table ${table.name}` : "the input tables"}` +
      `${near.length ? `. Nearest: ${near.join(", ")}` : ""}. Columns with spaces or symbols must be double-quoted exactly as in the schema.`,
    locations: [],
  };
}

/** The same finding, said where the reference is: the CTE or subquery and what its FROM has. */
function unknownIn(column: string, context: ColumnContext): Diagnostic {
  const inScope = context.scope.flatMap((r) => (r.columns ?? []).filter((c) => c !== "*"));
  const near = nearest(column, inScope).map(sqlName);
  const scope = context.scope.length
    ? `; its FROM reads ${context.scope
        .map((r) => `${r.name}${r.columns ? ` (${r.columns.map(sqlName).join(", ")})` : ""}`)
        .join(", ")}`
    : "";
  return {
    code: "unknown-column",
    severity: "error",
    message:
      `Query.sql, in ${context.label}: column "${column}" is not in scope there${scope}` +
      `${near.length ? `. Nearest: ${near.join(", ")}` : ""}. Columns with spaces or symbols must be double-quoted exactly as in the schema.`,
    locations: [],
  };
}

/**
 * `unknown-column`: a column not in the table's schema. Qualified references (`t.col`) are checked
 * against the schema of the registered table behind the alias; anything else is left to DuckDB's
 * binder, whose "not found" is turned into the same diagnostic with the nearest column names.
 */
export const unknownColumnRule: ValidationRule = {
  code: unknownColumnDoc.code,
  runOrder: 60,
  phase: "before",
  ops: ["Probe", "Query"],
  async check({ op, args, ctx, sql }) {
    if (op === "Probe") {
      const info = ctx.state.table(String(args.table));
      if (!info) return [];
      const names = info.schema.map((c) => c.name);
      const missing = (args.columns as string[]).filter(
        (c) => !names.some((n) => n.toLowerCase() === c.toLowerCase()),
      );
      return missing.map((c) => unknown(c, info, names, "Probe.columns"));
    }
    if (!sql) return [];
    const out: Diagnostic[] = [];
    for (const { select, scope } of scopedSelects(sql.statement, ctx.state)) {
      walk(select, (node) => {
        if (node.class !== "COLUMN_REF") return;
        const names = node.column_names as string[];
        if (names.length !== 2) return;
        const info = scope.get(names[0]!.toLowerCase());
        if (!info) return;
        const columns = info.schema.map((c) => c.name);
        if (!columns.some((c) => c.toLowerCase() === names[1]!.toLowerCase()))
          out.push(unknown(names[1]!, info, columns, `Query.sql (${names[0]}.${names[1]})`));
      });
    }
    if (out.length > 0) return out.slice(0, 3);
    try {
      await ctx.engine.describe(sql.sql);
      return [];
    } catch (error) {
      const message = (error as Error).message;
      // DuckDB's binder names the missing column in quotes: "Referenced column "x" not found".
      const match =
        /Referenced column "((?:[^"]|"")+)" not found/.exec(message) ??
        /column with name "?([^"\s]+)"? does not exist/i.exec(message);
      // A name that is no column but the alias the same SELECT gives it (`Tag AS tag` where the
      // table has "North Tag"): DuckDB speaks of the alias; the column is what is missing.
      const aliasOnly = /Column "((?:[^"]|"")+)" referenced that exists in the SELECT clause/.exec(message);
      const inputs = (args.inputs as string[])
        .map((t) => ctx.state.table(t))
        .filter((t): t is TableInfo => t !== undefined);
      const candidates = inputs.flatMap((t) => t.schema.map((c) => c.name));
      const isColumn = (name: string): boolean =>
        candidates.some((c) => c.toLowerCase() === name.toLowerCase());
      // The missing name among the query's inputs, its close names suggested.
      const unknownInInputs = (quoted: string): Diagnostic =>
        unknown(
          quoted.replaceAll('""', '"'),
          inputs.length === 1 ? inputs[0] : undefined,
          candidates,
          "Query.sql",
        );
      if (aliasOnly && !isColumn(aliasOnly[1]!.replaceAll('""', '"')))
        return [unknownInInputs(aliasOnly[1]!)];
      if (!match) return [];
      // A query of several SELECTs (CTEs, subqueries): say in which one the binder stopped.
      const offset =
        selectNodes(sql.statement).length > 1 ? caretOffset(message, sql.sql, "DESCRIBE ") : undefined;
      const context = offset === undefined ? undefined : columnContext(sql.statement, offset, ctx.state);
      if (context) return [unknownIn(match[1]!.replaceAll('""', '"'), context)];
      return [unknownInInputs(match[1]!)];
    }
  },
};
