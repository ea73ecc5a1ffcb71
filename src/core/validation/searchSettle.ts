import type { TableInfo } from "../state/sharedState.ts";
import { walk } from "../sandbox/sqlGate.ts";
import type { BatchSettle } from "./batchSettle.ts";
import { tablesRead } from "./batchSettle.ts";
import { quote } from "./evidence.ts";
import type { Json } from "./sqlFacts.ts";

/** The text of a constant operand (through casts), or undefined. */
function constantText(node: unknown): string | undefined {
  let n = node as Json | undefined;
  while (n?.class === "CAST") n = n.child as Json | undefined;
  const v = n?.class === "CONSTANT" ? (n.value as { is_null?: boolean; value?: unknown }) : undefined;
  return v && !v.is_null && v.value !== undefined ? String(v.value) : undefined;
}

/** A predicate comparing a column with literals (`=`, IN, LIKE), and those literals. */
export function searchedLiterals(predicate: Json): string[] {
  const equality = predicate.class === "COMPARISON" && predicate.type === "COMPARE_EQUAL";
  const inList = predicate.class === "OPERATOR" && predicate.type === "COMPARE_IN";
  const like =
    predicate.class === "FUNCTION" && (predicate.function_name === "~~" || predicate.function_name === "~~*");
  if (!equality && !inList && !like) return [];
  const operands = (
    equality ? [predicate.left, predicate.right] : (predicate.children as unknown[])
  ) as Json[];
  if (!operands.some((o) => o?.class === "COLUMN_REF")) return [];
  return operands.map(constantText).filter((t): t is string => t !== undefined);
}

/**
 * A value searched for in several tables by the calls of one batch (a gene looked up in each sheet
 * of a study): where another call of the batch compares the same literal with a column of another
 * table, returns rows, and was not itself told the value never occurs there, this table's empty
 * match is part of the search's answer, not a misspelling.
 */
export function searchedElsewhere(literal: unknown, table: TableInfo): BatchSettle {
  const wanted = String(literal).toLowerCase();
  const notFound = `${quote(literal)} never occurs`;
  return (queries, ctx) => {
    for (const query of queries) {
      if (!query.rows) continue;
      if (query.diagnostics?.some((d) => d.code === "filter-no-match" && d.message.includes(notFound)))
        continue;
      if (tablesRead(query.statement, (name) => ctx.state.table(name)).has(table)) continue;
      let compares = false;
      walk(query.statement, (n) => {
        if (searchedLiterals(n).some((t) => t.toLowerCase() === wanted)) compares = true;
      });
      if (compares)
        return {
          by: query.index,
          how: `it searches the same value ${quote(literal)} in another table and finds ${query.rows} row(s), so this call is one of a search across tables, where no match in ${table.name} is part of the answer`,
        };
    }
    return undefined;
  };
}
