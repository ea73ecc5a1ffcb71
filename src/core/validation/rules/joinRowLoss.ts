import type { Diagnostic } from "../../diagnostic.ts";
import { at, literal, locate, present, typeOf } from "../evidence.ts";
import { equiJoins, usedOutsideJoin } from "../sqlFacts.ts";
import { SAMPLE_PERCENT, unmatchedRows } from "../unmatchedRows.ts";
import type { Loss } from "../unmatchedRows.ts";
import type { ValidationRule } from "../validationRule.ts";

/**
 * `join-row-loss` (warning): an inner (or semi) join drops rows whose key has no partner on the
 * other side — the year one file lacks vanishes from the result. Keys may be columns or
 * expressions (`lower(a.name) = lower(b.name)`). Only rows the query's own WHERE keeps count; a
 * side used purely as a filter is taken as intended filtering; and when one side matches
 * completely while most of the other is dropped, the other side is a lookup table and its unused
 * rows are reported as `info`. Where either table is above EXACT_ROW_LIMIT rows the dropping side
 * is checked from a block sample, and the finding says so.
 */
export const joinRowLossRule: ValidationRule = {
  code: "join-row-loss",
  phase: "after",
  ops: ["Query"],
  async check({ ctx, sql }) {
    if (!sql) return [];
    const out: Diagnostic[] = [];
    for (const join of await equiJoins(sql.statement, ctx.state, ctx.engine)) {
      if (join.joinType !== "INNER" && join.joinType !== "SEMI") continue;
      const left = join.pairs.map((p) => p.left);
      const right = join.pairs.map((p) => p.right);
      if (join.joinType === "INNER") {
        // A side none of whose columns the query uses is a filter: its own lost rows don't matter,
        // and the rows it removes from the other side are removed on purpose.
        const used = (alias: string): boolean => usedOutsideJoin(join.select, join.node, alias, ctx.state);
        if (!used(left[0]!.alias) || !used(right[0]!.alias)) continue;
      }
      const losses = [await unmatchedRows(ctx, join.select, left, right)];
      if (join.joinType === "INNER") losses.push(await unmatchedRows(ctx, join.select, right, left));
      for (const loss of losses) {
        if (loss.total === 0) continue;
        const otherSideComplete = losses.length === 2 && losses.every((l) => l === loss || l.total === 0);
        const lookup = otherSideComplete && loss.total > 0.5 * loss.kept;
        out.push(await describe(ctx, join.joinType, loss, lookup));
      }
    }
    return out;
  },
};

async function describe(
  ctx: Parameters<Extract<ValidationRule, { phase: "after" }>["check"]>[0]["ctx"],
  joinType: string,
  loss: Loss,
  lookup: boolean,
): Promise<Diagnostic> {
  const table = loss.from[0]!.table;
  const other = loss.to[0]!.table;
  const locations = await locate(
    ctx.engine,
    table,
    loss.rows.map((r) => Number(r.r)),
  );
  const keyText = loss.rows.map(
    (r, i) =>
      `${loss.from.map((k, j) => literal(r[`k${j}`], k.column ? typeOf(table, k.column) : undefined)).join("/")}${at(locations[i])}`,
  );
  const on = loss.from.map((k, i) => `${k.label} = ${loss.to[i]!.label}`).join(" AND ");
  const amount = loss.sampled
    ? `about ${Math.round((loss.total * 100) / SAMPLE_PERCENT).toLocaleString("en-US")} row(s) of ${table.name} (${loss.total} in a ${SAMPLE_PERCENT}% sample, ${loss.keys}+ key value(s)) with no match in ${other.name}`
    : `${loss.total} of ${loss.kept} row(s) of ${table.name} (${loss.keys} key value(s) with no match in ${other.name})`;
  const examples = `${keyText.join(", ")}${loss.keys > loss.rows.length ? ", …" : ""}`;
  if (lookup)
    return {
      code: "join-row-loss",
      severity: "info",
      message: `The ${joinType.toLowerCase()} join on ${on} used ${table.name} as a lookup: every row of ${other.name} matched, and ${amount} were not needed (e.g. ${examples}).`,
      locations: present(locations).slice(0, 1),
    };
  return {
    code: "join-row-loss",
    severity: "warning",
    message:
      `The ${joinType.toLowerCase()} join on ${on} dropped ${amount}: ${examples}. ` +
      `If those rows belong in the answer, use a LEFT/FULL JOIN and handle the missing values; if they are meant to be excluded, filter them explicitly.`,
    locations: present(locations),
  };
}
