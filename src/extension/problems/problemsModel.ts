import { factsOf, factsOfCall } from "../../core/operators/factsRegistry.ts";
import type { Diagnostic } from "../../core/diagnostic.ts";
import { messageWithEffect } from "../../core/diagnostic.ts";
import type { CallEvent } from "../../core/trace/traceEvents.ts";
import { isKnownCall } from "../../core/trace/traceEvents.ts";
import type { ReportLocation } from "../../shared/reportProtocol.ts";
import { TableLineage } from "../trace/tableLineage.ts";
import type { TraceCall, TraceRun } from "../trace/traceModel.ts";
import { allCalls } from "../trace/traceModel.ts";

/**
 * The Problems panel's entries for one run, free of the editor API: every validation diagnostic at
 * a source file and line. A diagnostic that names rows is placed at its first row, its other rows
 * and the files on the other side of the call (the other table of a join) become related
 * information. One that names no row (an unkeyed join is refused before anything runs) is placed
 * at the header of the files its call read, so it still lands where the data is.
 */

export interface RelatedEntry extends ReportLocation {
  message: string;
}

export interface ProblemEntry extends ReportLocation {
  severity: Diagnostic["severity"];
  code: string;
  message: string;
  /** `#7 Query`, or `final check`; several when calls raised the same finding at the same row. */
  origin: string;
  related: RelatedEntry[];
  /** How many findings this entry stands for (one per call that raised it here). */
  count: number;
}

const MAX_RELATED = 8;

export function problemsOf(run: TraceRun): ProblemEntry[] {
  const lineage = new TableLineage(run);
  const entries: ProblemEntry[] = [];
  for (const call of allCalls(run)) {
    const diagnostics = [...(call.event?.diagnostics ?? []), ...(call.answer?.diagnostics ?? [])];
    if (diagnostics.length === 0) continue;
    const sides = callSources(call, lineage);
    for (const d of diagnostics) {
      const entry = place(d, sides, callOrigin(call));
      if (entry) entries.push(entry);
    }
  }
  for (const d of run.finalDiagnostics) {
    const entry = place(d, [], "final check");
    if (entry) entries.push(entry);
  }
  return dedupe(entries);
}

/**
 * Where a call's finding sits: its first row, or — for one that names no row — the header of the
 * first file the call read (through the tables it declared), as the Problems panel places it.
 */
export function findingPlace(
  call: TraceCall,
  d: Diagnostic,
  lineage: TableLineage,
): ReportLocation | undefined {
  return d.locations[0] ?? callSources(call, lineage)[0]?.location;
}

export function callOrigin(call: TraceCall): string {
  return call.event ? `#${call.event.index} ${call.op}` : `step ${call.step} ${call.op}`;
}

/** The lake files a call read, directly or through the tables it declared. */
function callSources(call: TraceCall, lineage: TableLineage): { table: string; location: ReportLocation }[] {
  const args = call.args;
  const tables: string[] = [];
  tables.push(...(factsOf(call.op)?.tablesRead?.(args) ?? []));
  if (call.op === "Answer" && Array.isArray(args.evidence)) tables.push(...args.evidence.map(String));
  const out = tables.flatMap((table) => lineage.sourceFiles(table).map((location) => ({ table, location })));
  // A call that reads one lake file itself (Scan) points at its header line there.
  const file = factsOf(call.op)?.file?.(args);
  if (file !== undefined) {
    const header = Number(headerLineOf(call.event) ?? 1) || 1;
    out.push({ table: String(args.output ?? file), location: { file, line: header } });
  }
  return out;
}

function headerLineOf(event: CallEvent | undefined): unknown {
  if (!event || !isKnownCall(event) || !event.observation) return undefined;
  return factsOfCall(event).headerLine?.(event.observation);
}

function place(
  d: Diagnostic,
  sides: { table: string; location: ReportLocation }[],
  origin: string,
): ProblemEntry | undefined {
  const [first, ...rest] = d.locations;
  const primary: ReportLocation | undefined = first ?? sides[0]?.location;
  if (!primary) return undefined;
  const related: RelatedEntry[] = rest.map((l) => ({ ...l, message: `${d.code}: another row involved` }));
  const others = first ? sides : sides.slice(1);
  // A table read from several files (a union) is one side, not several: its other files are
  // "also read", and only another table is "the other side".
  const own = first ? sides.find((s) => s.location.file === first.file)?.table : sides[0]?.table;
  for (const side of others) {
    if (side.location.file === primary.file && side.location.sheet === primary.sheet) continue;
    if (related.some((r) => r.file === side.location.file && r.sheet === side.location.sheet)) continue;
    related.push({
      ...side.location,
      message:
        side.table === own
          ? `${side.table} also reads ${side.location.file}`
          : `the other side: ${side.table} (${side.location.file})`,
    });
  }
  return {
    file: primary.file,
    line: primary.line,
    ...(primary.sheet ? { sheet: primary.sheet } : {}),
    severity: d.severity,
    code: d.code,
    message: messageWithEffect(d),
    origin,
    related: related.slice(0, MAX_RELATED),
    count: 1,
  };
}

const MAX_ORIGINS = 4;

/**
 * One entry per location and rule: a long run scans a file again, or queries the same table in
 * several calls, and each raises the same finding at the same row. The Problems panel shows it
 * once, naming the calls; a different message from another call is kept as related information
 * at the same row rather than lost.
 */
function dedupe(entries: ProblemEntry[]): ProblemEntry[] {
  const byKey = new Map<string, { entry: ProblemEntry; origins: string[]; messages: Set<string> }>();
  for (const e of entries) {
    const key = `${e.file}\u0000${e.sheet ?? ""}\u0000${e.line}\u0000${e.code}`;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, {
        entry: { ...e, related: [...e.related] },
        origins: [e.origin],
        messages: new Set([e.message]),
      });
      continue;
    }
    seen.entry.count++;
    if (!seen.origins.includes(e.origin)) seen.origins.push(e.origin);
    if (e.severity === "error" || (e.severity === "warning" && seen.entry.severity === "info"))
      seen.entry.severity = e.severity;
    if (!seen.messages.has(e.message)) {
      seen.messages.add(e.message);
      if (seen.entry.related.length < MAX_RELATED)
        seen.entry.related.push({
          file: e.file,
          line: e.line,
          ...(e.sheet ? { sheet: e.sheet } : {}),
          message: `${e.origin}: ${e.message}`,
        });
    }
    for (const r of e.related)
      if (
        seen.entry.related.length < MAX_RELATED &&
        !seen.entry.related.some((x) => x.file === r.file && x.line === r.line && x.sheet === r.sheet)
      )
        seen.entry.related.push(r);
  }
  return [...byKey.values()].map(({ entry, origins }) => ({
    ...entry,
    origin:
      origins.length <= MAX_ORIGINS
        ? origins.join(", ")
        : `${origins.slice(0, MAX_ORIGINS).join(", ")} and ${origins.length - MAX_ORIGINS} more`,
  }));
}

/** The heading anchor of a rule in docs/diagnostics.md (the headings are the codes themselves). */
export function docsAnchor(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9-]/g, "");
}

/** Problems grouped by file, the shape a DiagnosticCollection is set with. */
export function byFile(entries: ProblemEntry[]): Map<string, ProblemEntry[]> {
  const groups = new Map<string, ProblemEntry[]>();
  for (const e of entries) groups.set(e.file, [...(groups.get(e.file) ?? []), e]);
  return groups;
}
