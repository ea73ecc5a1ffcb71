import type { ReportTable } from "../../shared/reportProtocol.ts";
import { factsOf } from "../../core/operators/factsRegistry.ts";
import { shown } from "../../core/operators/operatorFacts.ts";
import { traceViewOf } from "../../core/operators/operatorPresentations.ts";
import { cell } from "../../core/presentation/traceTables.ts";

/**
 * Readable views of an operator call's arguments and observation, for the trees and the report,
 * as each operator's presentation words them (`<name>Presentation.ts` in its folder). Observations arrive as
 * JSON from the trace stream, so every field is read defensively: a trace written by another
 * version of the runtime must still render.
 */

/** A call's arguments in one line: as its operator's definition words them, or the agent's Answer. */
export function argText(op: string, args: Record<string, unknown>): string {
  if (op === "Answer")
    return `${cell(args.answer)}${Array.isArray(args.evidence) ? ` ← ${args.evidence.map(shown).join(", ")}` : ""}`;
  return factsOf(op)?.argText(args, "tree") ?? JSON.stringify(args);
}

/** The file a call reads, to reveal it when the call is selected. */
export function callFile(op: string, args: Record<string, unknown>): string | undefined {
  return factsOf(op)?.file?.(args);
}

/** Schema, counts and provenance of an observation, as label/value pairs. */
export function observationFacts(op: string, observation: unknown): { label: string; value: string }[] {
  const facts: { label: string; value: string }[] = [];
  const add = (label: string, value: unknown): void => {
    if (value !== undefined && value !== null && value !== "") facts.push({ label, value: String(value) });
  };
  traceViewOf(op)?.facts(observation, add);
  return facts;
}

/** The tables an observation holds: previews (with row origins), records, probes, hits. */
export function observationTables(op: string, observation: unknown): ReportTable[] {
  return traceViewOf(op)?.tables(observation) ?? [];
}

/** An observation's text output (Bash's), as the report shows it. */
export function observationText(op: string, observation: unknown): string | undefined {
  return traceViewOf(op)?.reportText(observation);
}
