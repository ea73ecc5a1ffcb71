import type { Json } from "./sqlFacts.ts";

/** A node under any CASTs. */
function uncast(node: unknown): Json | undefined {
  let n = node as Json | undefined;
  while (n?.class === "CAST") n = n.child as Json;
  return n;
}

/** A constant other than NULL, under any CASTs (`'CA'`, `CAST('2019' AS INTEGER)`). */
export function constantNode(node: unknown): Json | undefined {
  const n = uncast(node);
  return n?.class === "CONSTANT" && !(n.value as { is_null?: boolean }).is_null ? n : undefined;
}

/** A predicate that tests one column against literals: `c = 'x'`, `c < 3`, `c IN (…)`, `c BETWEEN …`, `c LIKE 'x%'`. */
export interface LiteralComparison {
  /** A COMPARISON (its `type` says which: `COMPARE_EQUAL`…), IN, BETWEEN, or LIKE (`~~`, ILIKE `~~*`). */
  kind: "COMPARISON" | "IN" | "BETWEEN" | "LIKE";
  /** The operand holding the column: a COLUMN_REF, or one under CASTs. */
  operand: Json;
  /** The column reference itself. */
  column: Json;
  /** The constants (not NULL) it is tested against: at least one. */
  literals: Json[];
  /** Whether every other operand is such a constant (an IN list or a BETWEEN may mix in expressions). */
  onlyLiterals: boolean;
}

function comparison(
  kind: LiteralComparison["kind"],
  operand: unknown,
  others: unknown[],
): LiteralComparison | undefined {
  const column = uncast(operand);
  if (column?.class !== "COLUMN_REF") return undefined;
  const literals = others.map(constantNode).filter((k): k is Json => k !== undefined);
  if (literals.length === 0) return undefined;
  return {
    kind,
    operand: operand as Json,
    column,
    literals,
    onlyLiterals: literals.length === others.length,
  };
}

/** The column and literals of a predicate testing one column against literals, if it is one. */
export function literalComparison(predicate: Json): LiteralComparison | undefined {
  if (predicate.class === "COMPARISON")
    return (
      comparison("COMPARISON", predicate.left, [predicate.right]) ??
      comparison("COMPARISON", predicate.right, [predicate.left])
    );
  const [first, ...rest] = (predicate.children as Json[] | undefined) ?? [];
  if (predicate.class === "OPERATOR" && predicate.type === "COMPARE_IN") return comparison("IN", first, rest);
  if (predicate.class === "BETWEEN")
    return comparison("BETWEEN", predicate.input, [predicate.lower, predicate.upper]);
  if (
    predicate.class === "FUNCTION" &&
    (predicate.function_name === "~~" || predicate.function_name === "~~*")
  )
    return comparison("LIKE", first, rest.slice(0, 1));
  return undefined;
}
