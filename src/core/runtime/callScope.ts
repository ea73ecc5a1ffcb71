import type { OperatorContext } from "../operators/operator.ts";
import type { SharedState } from "../state/sharedState.ts";
import type { Lane } from "./lanePool.ts";
import type { LiveSourceMap } from "./liveSourceMap.ts";
import type { RuntimeOptions } from "./runtimeOptions.ts";

/** The runtime's options a call's execution and checks follow. */
export type CallSettings = Pick<
  RuntimeOptions,
  "validate" | "validationBudget" | "checksAlongside" | "executionBudgetMs"
>;

/** What the stages of one call need of the runtime they run in. */
export interface CallScope {
  /** The run the call belongs to, read when it is recorded (it changes with `nextRun`). */
  runId(): string;
  /** Settles when the Source Map is built. */
  ready(): Promise<void>;
  lakeRoot: string;
  state: SharedState;
  sourceMap: LiveSourceMap;
  settings: CallSettings;
  /** The operator context of a call on `lane`. */
  context(lane: Lane, signal?: AbortSignal): OperatorContext;
  /** The call's place among every call of the runtime, from its index in the current run. */
  callOrder(index: number): number;
  /** The runtime's own lane. */
  firstLane(): Lane;
}
