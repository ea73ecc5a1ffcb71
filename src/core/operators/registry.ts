import { bashOperator } from "./bash/bash.ts";
import { discoverOperator } from "./discover/discover.ts";
import { operatorFacts } from "./factsRegistry.ts";
import type { Operator, OperatorName } from "./operator.ts";
import { probeOperator } from "./probe/probe.ts";
import { queryOperator } from "./query/query.ts";
import { scanOperator } from "./scan/scan.ts";
import { unionScanOperator } from "./unionScan/unionScan.ts";

/** The six operators, by name: the only way the agent touches data. */
export const operators: Record<OperatorName, Operator<never, unknown>> = {
  Discover: discoverOperator as unknown as Operator<never, unknown>,
  Bash: bashOperator as unknown as Operator<never, unknown>,
  Scan: scanOperator as unknown as Operator<never, unknown>,
  UnionScan: unionScanOperator as unknown as Operator<never, unknown>,
  Probe: probeOperator as unknown as Operator<never, unknown>,
  Query: queryOperator as unknown as Operator<never, unknown>,
};

/** In the facts registry's order: the order tools are listed in. */
export const operatorNames = Object.keys(operatorFacts) as OperatorName[];
