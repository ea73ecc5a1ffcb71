import { nearest, reject } from "../diagnostic.ts";
import type { SharedState, TableInfo } from "../state/sharedState.ts";

/** A registered table, or a rejection naming the nearest registered names. */
export function requireRegistered(state: SharedState, name: string, argument: string): TableInfo {
  const info = state.table(name);
  if (!info) {
    const known = [...state.tables.values()].map((t) => t.name);
    reject(
      "unknown-table",
      `${argument}: no table "${name}" is registered.${known.length ? ` Nearest: ${nearest(name, known).join(", ")}.` : " No table is registered yet."} Register tables with Scan, UnionScan or Query first.`,
    );
  }
  return info;
}
