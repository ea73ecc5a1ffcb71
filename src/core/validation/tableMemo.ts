import type { TableInfo } from "../state/sharedState.ts";

/**
 * Results of data checks per registered table. Tables never change once registered (a replaced
 * table is a new TableInfo), so a check over a table and column is computed once per run.
 */
const memo = new WeakMap<TableInfo, Map<string, Promise<unknown>>>();

export function memoized<T>(table: TableInfo, key: string, compute: () => Promise<T>): Promise<T> {
  const perTable = memo.get(table) ?? new Map<string, Promise<unknown>>();
  memo.set(table, perTable);
  const hit = perTable.get(key);
  // A computation begun by another call may fail for reasons of its own — its budget ran out and
  // its statement was interrupted — so a call that waited on it computes for itself.
  if (hit) return (hit as Promise<T>).catch(() => memoized(table, key, compute));
  const result = compute();
  perTable.set(key, result);
  result.catch(() => perTable.delete(key));
  return result;
}

const ids = new WeakMap<TableInfo, number>();
let nextId = 0;

/** A stable identity for a registered table within a run (a replaced table gets a new one). */
export function tableId(table: TableInfo): number {
  let id = ids.get(table);
  if (id === undefined) ids.set(table, (id = ++nextId));
  return id;
}
