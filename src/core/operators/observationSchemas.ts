import type { z } from "zod";
import { bashObservation } from "./bash/bashObservation.ts";
import { discoverObservation } from "./discover/discoverObservation.ts";
import type { OperatorName } from "./operator.ts";
import { probeObservation } from "./probe/probeObservation.ts";
import { queryObservation } from "./query/queryObservation.ts";
import { scanObservation } from "./scan/scanObservation.ts";
import { unionScanObservation } from "./unionScan/unionScanObservation.ts";

/**
 * Each operator's observation schema, by name: the one contract of what a call returns. Its
 * TypeScript type (`ObservationOf`) is inferred from it, and MCP's `outputSchema` is generated
 * from it; a new operator is a type error here until it has one.
 */
export const observationSchemas = {
  Discover: discoverObservation,
  Bash: bashObservation,
  Scan: scanObservation,
  UnionScan: unionScanObservation,
  Probe: probeObservation,
  Query: queryObservation,
} satisfies Record<OperatorName, z.ZodType>;

/** What an operator's call observes, by its name. Import it with `import type`: it costs no zod at run time. */
export type ObservationOf<Op extends OperatorName> = z.infer<(typeof observationSchemas)[Op]>;
