import { reject } from "../../diagnostic.ts";
import { walk } from "../../sandbox/sqlGate.ts";
import type { ValidationRule } from "../validationRule.ts";
import { rejectionsOf } from "../rejections.ts";

type Json = Record<string, unknown>;

/** A join condition that pairs rows by no key at all: absent, TRUE, or constants only. */
function isKeyless(condition: unknown): boolean {
  if (condition === null || condition === undefined) return true;
  let columnRef = false;
  walk(condition, (node) => {
    if (node.class === "COLUMN_REF") columnRef = true;
  });
  return !columnRef;
}

function sideName(node: unknown): string {
  const n = node as Json | undefined;
  if (!n) return "?";
  if (n.type === "BASE_TABLE") return String(n.alias || n.table_name);
  if (n.type === "JOIN") return `${sideName(n.left)} ⋈ ${sideName(n.right)}`;
  return String(n.alias || n.type).toLowerCase();
}

/**
 * `unkeyed-join` (rejected before execution): a comma join without a join predicate, CROSS JOIN,
 * ON TRUE / ON 1=1 or a POSITIONAL JOIN combines every row of one input with every row of the
 * other (or pairs them by position) — the paper's two Top-5 rankings become a 25-row table.
 * A comma join whose WHERE clause compares columns of both sides is a keyed join and passes.
 */
export function checkUnkeyedJoins(statement: Json): void {
  walk(statement, (node) => {
    if (node.type !== "SELECT_NODE") return;
    const where = node.where_clause;
    walk(node.from_table, (from) => {
      if (from.type !== "JOIN") return;
      const ref = String(from.ref_type);
      const pair = `${sideName(from.left)} and ${sideName(from.right)}`;
      if (ref === "POSITIONAL")
        reject(
          "unkeyed-join",
          `POSITIONAL JOIN of ${pair} pairs rows by their position, not by a key. Join on a shared key column instead (e.g. ON a.rank = b.rank or ON a.state = b.state).`,
        );
      if (
        ref === "NATURAL" ||
        ref === "ASOF" ||
        (Array.isArray(from.using_columns) && from.using_columns.length > 0)
      )
        return;
      if (!isKeyless(from.condition)) return;
      // A comma join is keyed when the WHERE clause equates a column of each side.
      if (ref === "CROSS" && where && joinsInWhere(where)) return;
      reject(
        "unkeyed-join",
        `${ref === "CROSS" ? "A cross/comma join" : "A join with a constant condition"} of ${pair} has no equality key: every row of one side is paired with every row of the other (a Top-5 × Top-5 merge becomes 25 rows). Join on the column that identifies the same entity in both, e.g. JOIN … ON a.state = b.state.`,
      );
    });
  });
}

function joinsInWhere(where: unknown): boolean {
  let found = false;
  walk(where, (node) => {
    if (node.class !== "COMPARISON" || node.type !== "COMPARE_EQUAL") return;
    const left = node.left as Json | undefined;
    const right = node.right as Json | undefined;
    if (left?.class === "COLUMN_REF" && right?.class === "COLUMN_REF") found = true;
  });
  return found;
}

export const unkeyedJoinRule: ValidationRule = {
  code: "unkeyed-join",
  phase: "before",
  ops: ["Query"],
  check: ({ sql }) => rejectionsOf(() => sql && checkUnkeyedJoins(sql.statement)),
};
