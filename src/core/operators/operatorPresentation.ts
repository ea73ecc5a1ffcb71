import type { CallArgs } from "./operatorFacts.ts";
import type { ObservationOf } from "./observationSchemas.ts";
import type { OperatorName } from "./operator.ts";
import type { CallResult } from "../presentation/resultSchema.ts";
import type { ReportTable } from "../../shared/reportProtocol.ts";
import type { LinePage, Rows } from "../presentation/resultRows.ts";

/**
 * A value read back from a trace file: unchecked JSON, possibly written by another version of
 * RADAR, so each field is `unknown` until read defensively.
 */
export type Unchecked<T> = { [K in keyof T]?: unknown };

/** One label/value pair of what a call observed (the Trace tree's details, the report). */
export type AddFact = (label: string, value: unknown) => void;

/**
 * How each host shows one operator's calls: the trees and the report (from traces: unchecked),
 * the model's tool result, MCP's readable text, and the CLI's lines and JSON rows (from the runtime:
 * typed by the operator's observation schema). Free of zod and DuckDB (types only), so the editor
 * shell bundles it.
 */
export interface OperatorPresentation<Op extends OperatorName> {
  /** The call's label in the Trace tree: the operator and its main argument. */
  label: (args: CallArgs) => string;
  /** Schema, counts and provenance of an observation read from a trace. */
  facts: (observation: Unchecked<ObservationOf<Op>>, add: AddFact) => void;
  /** The tables an observation read from a trace holds: previews, records, profiles, hits. */
  tables: (observation: Unchecked<ObservationOf<Op>>) => ReportTable[];
  /** Text output the report shows under the call (Bash's). */
  reportText?: (observation: Unchecked<ObservationOf<Op>>) => string | undefined;
  /** The compact observation the model reads back, with at most `rows` rows. */
  model: (observation: ObservationOf<Op>, rows: number) => unknown;
  /** MCP's readable text of the observation (after status and diagnostics). */
  readable: (observation: ObservationOf<Op>) => string[];
  /** What the call observed as `radar` lines a person reads. */
  cliLines: (observation: ObservationOf<Op>, page?: LinePage) => string[];
  /** The call's rows in the one JSON shape of `radar --json` (resultSchema.ts). */
  cliRows: (observation: ObservationOf<Op>, page?: LinePage) => Rows;
  /** Text output `radar --json` gives beside the rows (Bash's stdout, stderr and exit status). */
  cliOutput?: (observation: ObservationOf<Op>) => CallResult["output"];
}
