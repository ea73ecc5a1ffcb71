import { Rejection } from "../diagnostic.ts";
import type { Diagnostic } from "../diagnostic.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import type { DuckEngine } from "../engine/duckEngine.ts";
import type { SourceEntry } from "../sourceMap/sourceEntry.ts";
import { gridTablesOf } from "../state/sharedState.ts";
import type { FileFingerprint, SharedState, TableInfo } from "../state/sharedState.ts";
import type { CallEvent } from "../trace/traceEvents.ts";

/** What a call that would register a table over an existing one reads and asks. */
export interface ReplaceRequest {
  op: string;
  output: string;
  /** The tables it reads, lower-cased. */
  reads: string[];
  readKey: string | undefined;
  /** Its `"replace": true`. */
  replace: boolean;
}

/**
 * A call may replace a table of the session only when it reads it, reads the very same thing
 * again, says `"replace": true`, or rewrites a Query's result: a Query over the same tables as the
 * Query that made it, where no other table of the session was made from it (the analyst's corrected
 * SQL under the name the wrong one took — nothing built on it is lost, and the trace keeps the old
 * table's lineage). The rewrite is said in an info; otherwise a `table-exists` rejection names a
 * free name.
 */
export function refuseUnaskedReplace(
  state: SharedState,
  existing: TableInfo,
  request: ReplaceRequest,
): Diagnostic[] {
  const { op, output, reads, readKey } = request;
  const sameRead = readKey !== undefined && existing.readKey === readKey;
  if (reads.includes(output.toLowerCase()) || sameRead || request.replace) return [];
  if (rewrittenResult(state, existing, request))
    return [
      {
        code: "table-exists",
        severity: "info",
        message: `${op}.output "${output}" replaces the table ${existing.name} (${describeTable(existing)}): a Query over the same tables, and no other table was made from it.`,
        locations: [],
      },
    ];
  {
    throw new Rejection({
      code: "table-exists",
      severity: "error",
      message: `${op}.output "${output}" would replace the existing table ${existing.name} (${describeTable(existing)}), which this call does not read. Choose a new name, e.g. "${freeName(state, output)}", or pass "replace": true to replace it on purpose.`,
      locations: [],
    });
  }
}

/** The existing table is a Query's result over the tables this Query reads, and no table was made from it. */
function rewrittenResult(state: SharedState, existing: TableInfo, request: ReplaceRequest): boolean {
  if (request.op !== "Query" || existing.provenance.kind !== "query") return false;
  const before = new Set((existing.provenance.inputs ?? []).map((i) => i.toLowerCase()));
  const now = new Set(request.reads);
  if (before.size === 0 || before.size !== now.size || [...before].some((i) => !now.has(i))) return false;
  const name = existing.name.toLowerCase();
  return ![...state.tables.values()].some((t) =>
    (t.provenance.inputs ?? []).some((i) => i.toLowerCase() === name),
  );
}

/** A name like `base` that no table has: `base_2`, `base_3`… */
function freeName(state: SharedState, base: string): string {
  for (let k = 2; ; k++) {
    const name = `${base.slice(0, 58)}_${k}`;
    if (!state.table(name)) return name;
  }
}

function describeTable(info: TableInfo): string {
  const made = info.producedBy ? ` by call #${info.producedBy.index} of run ${info.producedBy.runId}` : "";
  const from =
    info.provenance.kind === "query"
      ? `a Query over ${(info.provenance.inputs ?? []).join(", ") || "no tables"}`
      : info.provenance.kind === "bash"
        ? `the output of Bash \`${info.provenance.command ?? "?"}\``
        : `read from ${info.provenance.files
            .slice(0, 3)
            .map((f) => f.path)
            .join(", ")}${info.provenance.files.length > 3 ? ", …" : ""}`;
  return `${info.rowCount} rows, ${from}${made}`;
}

/** What a call that registered a table knew of it: what it read, from what, and what it observed. */
export interface Adoption {
  runId: string;
  op: string;
  /** The operator reads lake files (Scan, UnionScan, Bash): the table's sources are those files. */
  readsFiles: boolean;
  event: CallEvent;
  readKey: string | undefined;
  observation: unknown;
  /** The sources of the tables a Query read, as they are now. */
  inputSources: FileFingerprint[];
  entry: (path: string) => SourceEntry | undefined;
}

/** A table a call registered becomes the session's: who made it, from what, and its line tables. */
export async function adoptTable(info: TableInfo, adoption: Adoption, engine: DuckEngine): Promise<void> {
  const { readsFiles, event, readKey, observation, inputSources, entry } = adoption;
  info.producedBy = { runId: adoption.runId, index: event.index };
  if (event.reused) return;
  if (readsFiles) {
    info.sources = info.provenance.files.map((f) => {
      const e = entry(f.path);
      return { path: f.path, bytes: e?.bytes ?? -1, mtimeMs: e?.mtimeMs ?? -1 };
    });
  } else {
    const unique = new Map(inputSources.map((s) => [`${s.path}\u0000${s.bytes}\u0000${s.mtimeMs}`, s]));
    info.sources = [...unique.values()];
  }
  if (readKey) {
    info.readKey = readKey;
    const { preview: _rows, records: _records, ...kept } = observation as Record<string, unknown>;
    info.readObservation = kept;
  }
  // Grid line tables get names of their own: another process of the session counts from 1 again.
  const rename = async (origin: TableInfo["origin"]): Promise<void> => {
    if (origin.kind === "grid" && !origin.gridTable.startsWith("__radar_lines_")) {
      const name = `__radar_lines_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
      await engine.run(`ALTER TABLE ${sqlIdent(origin.gridTable)} RENAME TO ${sqlIdent(name)}`);
      origin.gridTable = name;
    } else if (origin.kind === "union") for (const s of origin.segments) await rename(s.origin);
  };
  await rename(info.origin);
}

/** Drops the grid line tables of a table gone, unless another table still points at them. */
export async function dropOrphanGrids(
  state: SharedState,
  gone: TableInfo,
  engine: DuckEngine,
): Promise<void> {
  const used = new Set([...state.tables.values()].flatMap((t) => gridTablesOf(t.origin)));
  for (const grid of gridTablesOf(gone.origin))
    if (!used.has(grid)) await engine.run(`DROP TABLE IF EXISTS ${sqlIdent(grid)}`).catch(() => undefined);
}
