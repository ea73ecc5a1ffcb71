/**
 * How the calls of one batch may run: which must wait for which (they read or write the same
 * tables), and which repeat an earlier call exactly (they run once). Conservative by design —
 * a call waits whenever it *might* touch what an earlier one writes — so running independent
 * calls at once never changes a result.
 */
import { factsOf } from "./operators/factsRegistry.ts";

export interface BatchCall {
  op: string;
  [arg: string]: unknown;
}

export interface CallPlan {
  op: string;
  /** Tables (lower-cased) the call reads, or might: declared inputs, and for a Query every word of its SQL. */
  reads: Set<string>;
  /** Tables (lower-cased) it registers, and scratch names it uses. */
  writes: Set<string>;
  /** Declared inputs, as written: a call whose input's producer failed is skipped. */
  inputs: string[];
  /** The call as canonical JSON: identical calls have identical keys. */
  key: string;
  /** It reads lake files: one named file, or any its patterns match (see `BatchFacts.readsFiles`). */
  readsFiles?: "one" | "any";
}

export function planCall(call: BatchCall, scanOutput: (file: string) => string | undefined): CallPlan {
  const reads = new Set<string>();
  const writes = new Set<string>();
  const inputs: string[] = [];
  if (Array.isArray(call.inputs)) for (const i of call.inputs) if (typeof i === "string") inputs.push(i);
  if (typeof call.table === "string") inputs.push(call.table);
  for (const i of inputs) reads.add(i.toLowerCase());
  const facts = factsOf(call.op);
  const sql = facts?.sql?.(call);
  if (sql !== undefined)
    for (const word of sql.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) reads.add(word.toLowerCase());
  const batch = facts?.batch;
  const file = batch?.outputFile?.(call);
  const output =
    typeof call.output === "string" ? call.output : file !== undefined ? scanOutput(file) : undefined;
  if (output && batch?.writesOutput) writes.add(output.toLowerCase());
  // Names no two calls may hold at once (scratch tables, a file's UTF-8 copy) are written by each.
  for (const lock of batch?.locks?.(call) ?? []) writes.add(`\u0000${lock}`);
  return {
    op: call.op,
    reads,
    writes,
    inputs,
    key: canonical(call),
    ...(batch?.readsFiles ? { readsFiles: batch.readsFiles } : {}),
  };
}

function meets(a: Set<string>, b: Set<string>): boolean {
  for (const x of a) if (b.has(x)) return true;
  return false;
}

/** For each call, the earlier calls it must wait for. */
export function dependencies(plans: CallPlan[]): number[][] {
  return plans.map((later, j) => {
    const before: number[] = [];
    for (let i = 0; i < j; i++) {
      const earlier = plans[i]!;
      // A UnionScan's patterns may match any file: it runs apart from other reads of files.
      const files =
        !!earlier.readsFiles &&
        !!later.readsFiles &&
        (earlier.readsFiles === "any" || later.readsFiles === "any");
      if (
        files ||
        meets(earlier.writes, later.reads) ||
        meets(earlier.writes, later.writes) ||
        meets(earlier.reads, later.writes)
      )
        before.push(i);
    }
    return before;
  });
}

/**
 * For each call, the earlier call of the batch it repeats exactly, if nothing between them
 * changed what it reads or writes (and it does not read what it writes, as `rain → rain` does).
 */
export function repeats(plans: CallPlan[]): (number | undefined)[] {
  return plans.map((later, j) => {
    if (meets(later.writes, later.reads)) return undefined;
    for (let i = j - 1; i >= 0; i--) {
      const between = plans[i]!;
      if (between.key === later.key) return i;
      if (meets(between.writes, later.reads) || meets(between.writes, later.writes)) return undefined;
    }
    return undefined;
  });
}

/** The latest earlier call that registers `table`, if any. */
export function producerOf(plans: CallPlan[], j: number, table: string): number | undefined {
  for (let i = j - 1; i >= 0; i--) if (plans[i]!.writes.has(table.toLowerCase())) return i;
  return undefined;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}
