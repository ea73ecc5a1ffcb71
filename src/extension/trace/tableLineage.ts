import { factsOfCall } from "../../core/operators/factsRegistry.ts";
import type { TableFile } from "../../core/operators/recordedCallFacts.ts";
import type { CallEvent } from "../../core/trace/traceEvents.ts";
import { isKnownCall } from "../../core/trace/traceEvents.ts";
import type { ReportLocation } from "../../shared/reportProtocol.ts";
import type { TraceCall, TraceRun } from "./traceModel.ts";
import { allCalls } from "./traceModel.ts";

/**
 * Where each registered table of a run came from, read off its successful calls: the call that
 * produced it, the tables it read, and — through them — the lake files and header lines. The
 * evidence chain and the Problems panel's fallback locations both follow these links.
 */

export interface TableOrigin {
  table: string;
  call: TraceCall;
  /** Tables the producing query read. */
  inputs: string[];
  /** Files the producing scan read, at their header line. */
  files: TableFile[];
}

export class TableLineage {
  private readonly byName = new Map<string, TableOrigin>();

  constructor(run: TraceRun) {
    // Later calls replace earlier ones: a re-registered name means the newest table.
    for (const call of allCalls(run)) {
      const origin = call.event?.status === "ok" ? originOf(call, call.event) : undefined;
      if (origin) this.byName.set(origin.table.toLowerCase(), origin);
    }
  }

  table(name: string): TableOrigin | undefined {
    return this.byName.get(name.toLowerCase());
  }

  /** Every lake file the table derives from, each once, at its header line (line 1 when none). */
  sourceFiles(name: string, seen = new Set<string>()): ReportLocation[] {
    const key = name.toLowerCase();
    if (seen.has(key)) return [];
    seen.add(key);
    const origin = this.table(name);
    if (!origin) return [];
    const out = origin.files.map((f) => ({
      file: f.file,
      line: Math.max(1, f.headerLine),
      ...(f.sheet ? { sheet: f.sheet } : {}),
    }));
    for (const input of origin.inputs) out.push(...this.sourceFiles(input, seen));
    return oneLocationPerFile(out);
  }
}

/** The first location of each file (and sheet): the chat's evidence and a table's lineage name a file once. */
export function oneLocationPerFile(locations: ReportLocation[]): ReportLocation[] {
  const seen = new Set<string>();
  return locations.filter((l) => {
    const key = `${l.file}#${l.sheet ?? ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function originOf(call: TraceCall, event: CallEvent): TableOrigin | undefined {
  const table = (event.observation as { table?: unknown } | undefined)?.table;
  if (typeof table !== "string" || !table || !isKnownCall(event) || !event.observation) return undefined;
  const from = factsOfCall(event).tableFrom;
  if (from === "inputs") return { table, call, inputs: event.inputs, files: [] };
  const files = from?.files(event.observation);
  return files ? { table, call, inputs: [], files } : undefined;
}
