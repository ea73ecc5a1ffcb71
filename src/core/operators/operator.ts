import type { z } from "zod";
import type { DuckEngine } from "../engine/duckEngine.ts";
import type { SourceEntry, SourceMap } from "../sourceMap/sourceEntry.ts";
import type { SharedState } from "../state/sharedState.ts";
import type { DiscoverIndex } from "../discover/discoverIndex.ts";
import type { Diagnostic } from "../diagnostic.ts";
import type { SelectAnalysis } from "../sandbox/sqlGate.ts";

import type { OperatorFacts } from "./operatorFacts.ts";
import type { StructuredView } from "./structuredRows.ts";
import type { operatorFacts } from "./factsRegistry.ts";

/** The operators' names: the keys of the facts registry, so a new operator is named in one place. */
export type OperatorName = keyof typeof operatorFacts;

export interface OperatorContext {
  engine: DuckEngine;
  lakeRoot: string;
  /** RADAR's folder for this lake (cache, traces). */
  radarDir: string;
  map: SourceMap;
  state: SharedState;
  discover: () => DiscoverIndex;
  entry: (path: string) => SourceEntry | undefined;
  signal?: AbortSignal;
  /** Bash is off in untrusted workspaces. */
  allowBash: boolean;
  /** Query's SQL as the validation stage parsed and checked it. */
  query?: SelectAnalysis;
  /**
   * Where the call stands among every call of this runtime, in the order they were sent (not the
   * order they finish: a batch runs independent calls at once on several lanes).
   */
  callOrder?: number;
}

export interface OperatorResult<O> {
  observation: O;
  /** Findings of the operator itself (e.g. a header it corrected); validation adds its own. */
  diagnostics?: Diagnostic[];
  /**
   * The call ran and observed something, but failed (a Bash program's non-zero exit status): the
   * call's status is `failed`, with this as its error, and the observation is kept.
   */
  failure?: string;
}

/**
 * One typed operator, whole: its facts (names, descriptions, read-only, icon, phrases; see
 * operatorFacts.ts), its arguments' zod schema (the single source of truth for validation, tool
 * definitions and docs), the tables it declares as inputs, its execution and a one-line summary
 * of its observation for traces; and what the runtime asks of a call before and after it runs
 * (the files it reads, the table it registers, whether an earlier table already holds its result),
 * so the runtime never asks which operator it runs. Its observation's schema and its presentation
 * are beside it in its folder (`<name>/<name>Observation.ts`, collected in observationSchemas.ts;
 * `<name>/<name>Presentation.ts`, collected in operatorPresentations.ts).
 */
export interface Operator<A, O> extends OperatorFacts<OperatorName> {
  schema: z.ZodType<A>;
  inputsOf: (args: A) => string[];
  execute: (args: A, ctx: OperatorContext) => Promise<OperatorResult<O>>;
  summarize: (observation: O) => string;
  /** Lake files a call reads, told before it runs (to re-map changed files, to name the file a failure is about). */
  filesRead?: (args: A, ctx: OperatorContext) => string[];
  /** The table a call registers when it names none (Scan: from the file's name). */
  defaultOutput?: (args: A, ctx: OperatorContext) => string | undefined;
  /**
   * What a call reads — or computes — as a key; undefined when it cannot be told before running. A
   * call whose key a registered table already holds, unchanged, reuses that table. May throw: the
   * operator itself then says what is wrong with the call.
   */
  readKey?: (args: A, ctx: OperatorContext) => string | undefined;
  /** Its table's rows come from lake files (their fingerprints are its sources), not from registered tables. */
  readsFiles?: true;
  /** Its observation as the trace keeps it (Probe: extremes and frequent values in typed JSON). */
  traced?: (observation: O) => O;
  /** Its checks on its input tables may run while it executes (Query). */
  checksAlongside?: true;
  /**
   * Its observation as structured tool output carries it (MCP), when reshaped: its rows in the
   * common shape of structuredRows.ts. Without it, the observation as it is.
   */
  structured?: StructuredView<O>;
}

/** An operator from its facts and the rest of its definition: how every operator's file builds it. */
export function defineOperator<A, O>(
  facts: OperatorFacts<OperatorName>,
  definition: Omit<Operator<A, O>, keyof OperatorFacts>,
): Operator<A, O> {
  return { ...facts, ...definition };
}
