import type { CallOf } from "../trace/traceEvents.ts";
import type { ObservationOf } from "./observationSchemas.ts";
import type { OperatorName } from "./operator.ts";
import type { OperatorFacts } from "./operatorFacts.ts";
import { bashFacts } from "./bash/bashFacts.ts";
import { discoverFacts } from "./discover/discoverFacts.ts";
import { probeFacts } from "./probe/probeFacts.ts";
import { queryFacts } from "./query/queryFacts.ts";
import { scanFacts } from "./scan/scanFacts.ts";
import { unionScanFacts } from "./unionScan/unionScanFacts.ts";

/**
 * The operators, by name, in the order tools are listed: what the editor shell, the CLI's call
 * lines and the tool manifests know of each. Its keys are `OperatorName`; the runtime's registry
 * (registry.ts) adds each one's schema and execution, and is a type error until it has them all.
 */
export const operatorFacts = {
  Discover: discoverFacts,
  Bash: bashFacts,
  Scan: scanFacts,
  UnionScan: unionScanFacts,
  Probe: probeFacts,
  Query: queryFacts,
} satisfies { [Name in string]: OperatorFacts<Name, never> };

/** Whether a name read from a trace or a tool call is one of this version's operators. */
export function isOperatorName(op: string): op is keyof typeof operatorFacts {
  return Object.hasOwn(operatorFacts, op);
}

/** An operator's facts by a name read from a trace (which may name no operator: `Answer`, another version's). */
export function factsOf(op: string): OperatorFacts | undefined {
  return isOperatorName(op) ? operatorFacts[op] : undefined;
}

/**
 * Each operator's facts typed by its own observation: the compiler checks here, name by name, that
 * an operator's facts read the observation its schema gives.
 */
const factsByName: { [Op in OperatorName]: OperatorFacts<Op, ObservationOf<Op>> } = operatorFacts;

/** The facts of a recorded call's operator, typed by that operator's observation (narrow with `isKnownCall`). */
export function factsOfCall<Op extends OperatorName>(call: CallOf<Op>): OperatorFacts<Op, ObservationOf<Op>> {
  return factsByName[call.op];
}
