import type { DuckEngine } from "./engine/duckEngine.ts";

/**
 * How long one operator call's own work on DuckDB may take (Scan, UnionScan, Query, Probe…): past
 * it the running statement is interrupted, later ones of the call are refused, and the call fails
 * with a message that says so. One runaway query (a cross join of two large tables, a recursive CTE
 * that never ends) then cannot hold the session hostage. Default 5 minutes; `RADAR_EXECUTION_BUDGET_MS`
 * or `RuntimeOptions.executionBudgetMs` change it, `0`/`false` lifts it.
 */
export const DEFAULT_EXECUTION_BUDGET_MS = 300_000;

/** The budget in force: the option, else the environment, else the default; undefined for none. */
export function executionBudgetMs(option: number | false | undefined): number | undefined {
  if (option === false) return undefined;
  const fromEnv = process.env.RADAR_EXECUTION_BUDGET_MS;
  const ms =
    option ?? (fromEnv !== undefined && fromEnv !== "" ? Number(fromEnv) : DEFAULT_EXECUTION_BUDGET_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

/** The call ran past its budget: DuckDB was interrupted. */
export class ExecutionBudgetExceeded extends Error {
  constructor(
    readonly op: string,
    readonly budgetMs: number,
  ) {
    super(
      `${op} stopped: it ran past its execution budget of ${formatMs(budgetMs)} and DuckDB was interrupted. ` +
        `Nothing was registered. Narrow the work (filter early, aggregate before joining, join on keys, add a LIMIT) ` +
        `or raise the budget (RADAR_EXECUTION_BUDGET_MS, or the runtime's executionBudgetMs).`,
    );
    this.name = "ExecutionBudgetExceeded";
  }
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

/**
 * Runs `work` (an operator's execute) with `engine` limited to `budgetMs`. A failure after the
 * budget ran out — DuckDB's "Interrupted", or a statement refused for being over — becomes
 * ExecutionBudgetExceeded; other failures pass through unchanged.
 */
export async function withExecutionBudget<T>(
  engine: DuckEngine,
  op: string,
  budgetMs: number | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (budgetMs === undefined) return work();
  const limit = engine.limit(budgetMs);
  try {
    return await work();
  } catch (error) {
    if (limit.expired()) throw new ExecutionBudgetExceeded(op, budgetMs);
    throw error;
  } finally {
    limit.clear();
  }
}
