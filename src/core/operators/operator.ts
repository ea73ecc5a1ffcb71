import type { z } from "zod";
import type { DuckEngine } from "../engine/duckEngine.ts";
import type { SourceEntry, SourceMap } from "../sourceMap/sourceEntry.ts";
import type { SharedState } from "../state/sharedState.ts";
import type { DiscoverIndex } from "../discover/discoverIndex.ts";
import type { Diagnostic } from "../diagnostic.ts";
import type { SelectAnalysis } from "../sandbox/sqlGate.ts";

import type { OperatorFacts } from "./operatorFacts.ts";
import type { operatorFacts } from "./facts/factsRegistry.ts";

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
 * of its observation for traces.
 */
export interface Operator<A, O> extends OperatorFacts<OperatorName> {
  schema: z.ZodType<A>;
  inputsOf: (args: A) => string[];
  execute: (args: A, ctx: OperatorContext) => Promise<OperatorResult<O>>;
  summarize: (observation: O) => string;
}
