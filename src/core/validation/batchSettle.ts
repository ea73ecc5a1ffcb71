import type { Diagnostic } from "../diagnostic.ts";
import type { OperatorContext } from "../operators/operator.ts";
import type { CallEvent, SettledFinding } from "../trace/traceEvents.ts";
import type { TableInfo } from "../state/sharedState.ts";
import { parseTree } from "./sqlText.ts";
import type { Json } from "./sqlFacts.ts";

/**
 * Batch-level settling. A batch is composed as a whole before any of its results is seen: a
 * warning on call i that a later call j of the same batch already answers — it renames the
 * misnamed column wherever it reads it, it compares the truncated copy with the complete file —
 * asks the analyst to look at nothing. Such a warning becomes `info`, saying by which call and how.
 *
 * Only within one batch sent at once: a warning met call by call (an agent that sees each result
 * before its next call) is news when it arrives, whatever the agent does next.
 */

/** A later Query of the same batch that ran, with its parse tree. */
export interface LaterQuery {
  /** The call's index in the run (`#n` in traces). */
  index: number;
  statement: Json;
  /** Rows the query returned. */
  rows?: number;
  /** The call's own findings. */
  diagnostics?: Diagnostic[];
}

/**
 * What a later call must have done for a diagnostic to be settled. Given every later Query of
 * the batch that ran (in order) and the state after the batch; returns the call that settles it
 * and how it did (one clause for the message), or undefined.
 */
export type BatchSettle = (
  later: LaterQuery[],
  ctx: OperatorContext,
) => { by: number; how: string } | undefined;

/** Diagnostics (by identity) that a later call of the same batch may settle, with how. */
const settles = new WeakMap<Diagnostic, BatchSettle>();

/** Diagnostics whose settling call may come anywhere in the batch, not only after them. */
const anywhere = new WeakSet<Diagnostic>();

/**
 * Marks a diagnostic as settled if a later call of its batch does what `settle` tests. With
 * `calls: "batch"`, any other call of the batch may settle it — for calls composed together as
 * one piece of work (the same value searched in several tables), where their order says nothing.
 */
export function settleWhen(
  diagnostic: Diagnostic,
  settle: BatchSettle,
  calls: "later" | "batch" = "later",
): Diagnostic {
  settles.set(diagnostic, settle);
  if (calls === "batch") anywhere.add(diagnostic);
  return diagnostic;
}

/**
 * After a batch ran: every warning of a call that a later call of the same batch settles becomes
 * `info`, its message led by "Settled by call #j of the same batch: …". The events are updated in
 * place (each gets a new diagnostics array); the settlements are returned for the trace.
 */
export async function settleBatch(events: CallEvent[], ctx: OperatorContext): Promise<SettledFinding[]> {
  if (!events.some((e) => e.diagnostics.some((d) => d.severity === "warning" && settles.has(d)))) return [];
  const queries: LaterQuery[] = [];
  for (const e of events) {
    if (e.op !== "Query" || e.status !== "ok" || typeof e.args.sql !== "string") continue;
    try {
      const tree = await parseTree(ctx.engine, e.args.sql);
      const node = tree.statements[0]?.node;
      const rows = (e.observation as { rowCount?: unknown } | undefined)?.rowCount;
      if (node)
        queries.push({
          index: e.index,
          statement: node,
          diagnostics: e.diagnostics,
          ...(typeof rows === "number" ? { rows } : {}),
        });
    } catch {
      // A statement that does not parse again settles nothing.
    }
  }
  const out: SettledFinding[] = [];
  // One diagnostic object may be shared by a repeated call (the same call twice in a batch).
  const settledAs = new Map<Diagnostic, Diagnostic>();
  for (const event of events) {
    let changed = false;
    const diagnostics = event.diagnostics.map((d) => {
      const known = settledAs.get(d);
      if (known) {
        changed = true;
        return known;
      }
      const settle = d.severity === "warning" ? settles.get(d) : undefined;
      if (!settle) return d;
      const found = settle(
        queries.filter((q) => (anywhere.has(d) ? q.index !== event.index : q.index > event.index)),
        ctx,
      );
      if (!found) return d;
      const now: Diagnostic = {
        ...d,
        severity: "info",
        message: `Settled by call #${found.by} of the same batch: ${found.how}. ${d.message}`,
      };
      settledAs.set(d, now);
      out.push({ call: event.index, code: d.code, by: found.by, how: found.how, diagnostic: now });
      changed = true;
      return now;
    });
    if (changed) event.diagnostics = diagnostics;
  }
  return out;
}

/** Nested SELECTs (subqueries, CTE bodies, set operations' sides) are their own scopes. */
const QUERY_NODES = new Set(["SELECT_NODE", "SET_OPERATION_NODE", "RECURSIVE_CTE_NODE", "CTE_NODE"]);

/** Every node of one query node's own scope: not its FROM's tables' insides, not nested queries. */
export function ownNodes(select: Json, visit: (node: Json) => void): void {
  const go = (node: unknown, root: boolean): void => {
    if (Array.isArray(node)) return node.forEach((c) => go(c, false));
    if (node === null || typeof node !== "object") return;
    const n = node as Json;
    if (!root && QUERY_NODES.has(String(n.type))) return;
    // A FROM item: only a join's condition (and USING columns) are expressions of this scope.
    if (n.type === "BASE_TABLE" || n.type === "SUBQUERY" || n.type === "TABLE_FUNCTION") return;
    visit(n);
    for (const value of Object.values(n)) go(value, false);
  };
  go(select, true);
}

/** Registered tables a query node reads, at any depth (through subqueries and set operations). */
export function tablesRead(node: unknown, table: (name: string) => TableInfo | undefined): Set<TableInfo> {
  const out = new Set<TableInfo>();
  const go = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(go);
    if (n === null || typeof n !== "object") return;
    const j = n as Json;
    if (j.type === "BASE_TABLE") {
      const info = table(String(j.table_name));
      if (info) out.add(info);
    }
    for (const value of Object.values(j)) go(value);
  };
  go(node);
  return out;
}
