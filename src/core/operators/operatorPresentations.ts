import type { OperatorName } from "./operator.ts";
import { isOperatorName } from "./factsRegistry.ts";
import type { CallArgs } from "./operatorFacts.ts";
import type { ReportTable } from "../../shared/reportProtocol.ts";
import type { AddFact, OperatorPresentation, Unchecked } from "./operatorPresentation.ts";
import { bashPresentation } from "./bash/bashPresentation.ts";
import { discoverPresentation } from "./discover/discoverPresentation.ts";
import { probePresentation } from "./probe/probePresentation.ts";
import { queryPresentation } from "./query/queryPresentation.ts";
import { scanPresentation } from "./scan/scanPresentation.ts";
import { unionScanPresentation } from "./unionScan/unionScanPresentation.ts";

/**
 * How every host shows each operator's calls, by name: the CLI, the trees and the report, MCP and
 * the model's tool results read it here instead of switching on operator names. A new operator is
 * a type error here until it has one.
 */
export const operatorPresentations: { [Op in OperatorName]: OperatorPresentation<Op> } = {
  Discover: discoverPresentation,
  Bash: bashPresentation,
  Scan: scanPresentation,
  UnionScan: unionScanPresentation,
  Probe: probePresentation,
  Query: queryPresentation,
};

/** What the trees and the report show of a call read back from a trace: its observation unchecked. */
export interface TraceView {
  label: (args: CallArgs) => string;
  facts: (observation: unknown, add: AddFact) => void;
  tables: (observation: unknown) => ReportTable[];
  reportText: (observation: unknown) => string | undefined;
}

/**
 * Any JSON value read as an operator's observation whose every field is still to be checked: each
 * field of an `Unchecked` is optional and `unknown`, so this claims nothing about the value.
 */
function unchecked<T>(observation: unknown): Unchecked<T> {
  return (observation ?? {}) as Unchecked<T>;
}

function traceView<Op extends OperatorName>(p: OperatorPresentation<Op>): TraceView {
  return {
    label: p.label,
    facts: (o, add) => p.facts(unchecked(o), add),
    tables: (o) => p.tables(unchecked(o)),
    reportText: (o) => p.reportText?.(unchecked(o)),
  };
}

/** An operator's trace view by a name read from a trace (which may name another version's operator, or none). */
export function traceViewOf(op: string): TraceView | undefined {
  return isOperatorName(op) ? traceView(operatorPresentations[op]) : undefined;
}
