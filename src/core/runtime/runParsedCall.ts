import { executionBudgetMs, withExecutionBudget } from "../executionBudget.ts";
import type { Operator, OperatorContext, OperatorName, OperatorResult } from "../operators/operator.ts";
import { snapshotOf } from "../state/sharedState.ts";
import type { FileFingerprint, TableInfo } from "../state/sharedState.ts";
import type { CallEvent } from "../trace/traceEvents.ts";
import { DEFAULT_VALIDATION_BUDGET, beginAfterChecks, validateBefore } from "../validation/validate.ts";
import type { AfterChecks } from "../validation/validate.ts";
import type { CallFacts } from "../validation/validationRule.ts";
import type { CallScope } from "./callScope.ts";
import type { Lane } from "./lanePool.ts";
import { adoptTable, dropOrphanGrids, refuseUnaskedReplace } from "./tableAdoption.ts";
import { readKeyOf, reusableTable, reuseTable } from "./tableReuse.ts";
import { staleFindings } from "./tableStaleness.ts";

/** What the session's tables say about a call before it runs. */
interface TablePlan {
  /** The table it registers, if any. */
  output: string | undefined;
  /** What it reads or computes, when that can be told before running (see readKeyOf). */
  readKey: string | undefined;
  /** The table of its output's name it would replace. */
  existing: TableInfo | undefined;
  /** Sources of the new table: its files (scans), or its inputs' sources as they are now (queries). */
  inputSources: FileFingerprint[];
  /** A table that already holds what it reads, which it answers from instead of running. */
  reusable: TableInfo | undefined;
}

/** A call whose arguments parsed: its operator, arguments and context, and the event it fills. */
export interface ParsedCall {
  op: OperatorName;
  operator: Operator<never, unknown>;
  args: Record<string, unknown>;
  ctx: OperatorContext;
  event: CallEvent;
}

/**
 * A parsed call, in order: the session's rules on table names and staleness, the checks before
 * execution (a rejection stops it), execution (or reuse of a table that holds its answer), the
 * table it registered adopted, and the checks after execution. Failures throw.
 */
export async function runParsedCall(scope: CallScope, call: ParsedCall, lane: Lane): Promise<void> {
  const { op, operator, args, ctx, event } = call;
  const plan = applySessionRules(scope, call);
  const facts: CallFacts = { op, args, ctx };
  const rejections = await validateBefore(facts);
  if (rejections.length > 0) {
    event.status = "rejected";
    event.diagnostics.push(...rejections);
    return;
  }
  if (facts.sql) ctx.query = facts.sql;
  const checks = await startAfterChecks(scope, operator, facts, ctx, lane);
  const executed = performance.now();
  let result: OperatorResult<unknown>;
  try {
    result = plan.reusable
      ? await reuseTable(plan.reusable, plan.output!, args, ctx, event)
      : await withExecutionBudget(lane.engine, op, executionBudgetMs(scope.settings.executionBudgetMs), () =>
          operator.execute(args as never, ctx),
        );
  } catch (error) {
    await checks?.abandon();
    throw error;
  }
  const executionMs = performance.now() - executed;
  await adoptRegistered(scope, call, plan, result, lane);
  recordResult(operator, result, event);
  if (checks) {
    const validated = performance.now();
    const budget =
      scope.settings.validationBudget === false
        ? undefined
        : (scope.settings.validationBudget ?? DEFAULT_VALIDATION_BUDGET);
    event.diagnostics.push(
      ...(await checks.finish({ observation: result.observation, executionMs }, budget)),
    );
    // What validation added to the call: checks begun alongside it took no time of their own.
    event.validationMs = Math.round(performance.now() - validated);
  }
}

/**
 * The session's rules before a call runs: it may not silently replace a table it does not read
 * (`table-exists`), tables it reads whose files changed are `stale-table`, and a table that
 * already holds what it reads is found for reuse.
 */
function applySessionRules(scope: CallScope, { op, operator, args, ctx, event }: ParsedCall): TablePlan {
  // The table it registers: the one it names, else the operator's own (Scan's derived name).
  const output = typeof args.output === "string" ? args.output : operator.defaultOutput?.(args as never, ctx);
  const readKey = readKeyOf(operator, args, ctx);
  const existing = output ? scope.state.table(output) : undefined;
  const reads = event.inputs.map((i) => i.toLowerCase());
  if (existing && output)
    event.diagnostics.push(
      ...refuseUnaskedReplace(scope.state, existing, {
        op,
        output,
        reads,
        readKey,
        replace: args.replace === true,
      }),
    );
  event.diagnostics.push(...staleFindings(scope.lakeRoot, scope.state, event.inputs));
  const inputSources = reads.flatMap((name) => scope.state.table(name)?.sources ?? []);
  const reusable = readKey ? reusableTable(scope.lakeRoot, scope.state, readKey, output) : undefined;
  return { output, readKey, existing, inputSources, reusable };
}

/**
 * Begins the checks after execution, on the lane's checks connection (none when validation is
 * off). A Query's input-only checks run while it executes — or, when it replaces one of the
 * tables it reads (`rain` → `rain`), before, so that they see the table it read.
 */
async function startAfterChecks(
  scope: CallScope,
  operator: Operator<never, unknown>,
  facts: CallFacts,
  ctx: OperatorContext,
  lane: Lane,
): Promise<AfterChecks | undefined> {
  const query = operator.checksAlongside === true && facts.sql !== undefined;
  const replaces = query && replacesInput(facts);
  const checks =
    scope.settings.validate !== false
      ? beginAfterChecks(
          { ...facts, ctx: { ...ctx, engine: lane.checks } },
          replaces || (query && scope.settings.checksAlongside !== false),
        )
      : undefined;
  if (checks && replaces) await checks.inputsChecked();
  return checks;
}

/** A Query whose output replaces one of the tables it reads (`rain` → `rain`). */
function replacesInput(facts: CallFacts): boolean {
  const output = typeof facts.args.output === "string" ? facts.args.output.toLowerCase() : undefined;
  const inputs = Array.isArray(facts.args.inputs) ? (facts.args.inputs as unknown[]) : [];
  return output !== undefined && inputs.some((i) => String(i).toLowerCase() === output);
}

/** The table the call registered becomes the session's; the one it replaced leaves its line tables. */
async function adoptRegistered(
  scope: CallScope,
  { op, operator, event }: ParsedCall,
  plan: TablePlan,
  result: OperatorResult<unknown>,
  lane: Lane,
): Promise<void> {
  const { output, existing } = plan;
  const registered = output ? scope.state.table(output) : undefined;
  if (!registered || registered === existing) return;
  await adoptTable(
    registered,
    {
      runId: scope.runId(),
      op,
      readsFiles: operator.readsFiles === true,
      event,
      readKey: plan.readKey,
      observation: result.observation,
      inputSources: plan.inputSources,
      entry: (path) => scope.sourceMap.entry(path),
    },
    lane.engine,
  );
  if (existing) {
    event.replaced = snapshotOf(existing);
    await dropOrphanGrids(scope.state, existing, lane.engine);
  }
}

/** What the call observed, its summary and its own diagnostics, onto its event. */
function recordResult(
  operator: Operator<never, unknown>,
  result: OperatorResult<unknown>,
  event: CallEvent,
): void {
  event.observation = operator.traced ? operator.traced(result.observation as never) : result.observation;
  event.summary = operator.summarize(result.observation as never);
  event.diagnostics.push(...(result.diagnostics ?? []));
  if (result.failure) {
    // It ran and failed (a program's exit status): failed, with what it observed kept.
    event.status = "failed";
    event.error = result.failure;
  }
}
