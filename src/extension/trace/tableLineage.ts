import type { CallEvent } from "../../core/trace/traceEvents.ts";
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
  files: { file: string; headerLine: number; rows?: number; sheet?: string }[];
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
  const o = (event.observation ?? {}) as Record<string, unknown>;
  const table = typeof o.table === "string" ? o.table : undefined;
  if (!table) return undefined;
  switch (event.op) {
    case "Scan": {
      const p = (o.provenance ?? {}) as { file?: string; headerLine?: number; sheet?: string };
      if (typeof p.file !== "string") return undefined;
      return {
        table,
        call,
        inputs: [],
        files: [
          {
            file: p.file,
            headerLine: Number(p.headerLine ?? 0),
            ...(typeof o.rowCount === "number" ? { rows: o.rowCount } : {}),
            ...(p.sheet ? { sheet: p.sheet } : {}),
          },
        ],
      };
    }
    case "UnionScan": {
      const sources = Array.isArray(o.sources) ? (o.sources as { file: string; rows: number }[]) : [];
      return {
        table,
        call,
        inputs: [],
        files: sources.map((s) => ({ file: s.file, headerLine: 1, rows: s.rows })),
      };
    }
    case "Query":
      return { table, call, inputs: event.inputs, files: [] };
    default:
      return undefined;
  }
}
