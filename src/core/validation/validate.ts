import type { Diagnostic } from "../diagnostic.ts";
import type { OperatorContext } from "../operators/operator.ts";
import { derivedTables } from "./derivedTables.ts";
import type { DerivedTables } from "./derivedTables.ts";
import { validationRules } from "./ruleRegistry.ts";
import type { CallFacts, ExecutedFacts, ValidationRule } from "./validationRule.ts";
import type { DuckEngine } from "../engine/duckEngine.ts";
import { measureEffects } from "./effect/measureEffects.ts";
import { saidBefore, settleSaid } from "./saidInSession.ts";

/** Before execution: the first rule that finds errors rejects the call; nothing runs. */
export async function validateBefore(facts: CallFacts): Promise<Diagnostic[]> {
  for (const rule of validationRules) {
    if (rule.phase !== "before" || !rule.ops.includes(facts.op)) continue;
    const found = await rule.check(facts);
    if (found.some((d) => d.severity === "error")) return found;
  }
  return [];
}

/** How long after-execution checks may take: the larger of a floor and a share of the call's own time. */
export interface ValidationBudget {
  fraction: number;
  floorMs: number;
  /**
   * Calls over fewer rows than this (inputs and output together) are not limited: their checks
   * are cheap anyway, and stopping them only because the machine is busy would make findings
   * depend on load.
   */
  aboveRows: number;
  /**
   * A call whose SQL is at least `ceilingSqlChars` long (a megabyte IN list, thousands of UNION
   * branches): its checks may take at most the larger of this and the call's own execution time
   * after it ran, so such a call cannot hang on its checks. Ordinary calls have no wall-clock
   * ceiling: on a busy machine it would drop exactly the checks that matter (a union's duplicate
   * rows), making findings depend on load.
   */
  ceilingMs?: number;
  ceilingSqlChars?: number;
}

export const DEFAULT_VALIDATION_BUDGET: ValidationBudget = {
  fraction: 0.2,
  floorMs: 200,
  aboveRows: 1_000_000,
  ceilingMs: 5_000,
  ceilingSqlChars: 20_000,
};

/** Rows of the tables a call read and wrote, as registered. */
function rowsInvolved(facts: ExecutedFacts): number {
  const names = [
    ...(Array.isArray(facts.args.inputs) ? (facts.args.inputs as unknown[]) : []),
    ...(typeof facts.args.table === "string" ? [facts.args.table] : []),
    ...(typeof facts.args.output === "string" ? [facts.args.output] : []),
  ];
  return names.reduce<number>((n, name) => n + (facts.ctx.state.table(String(name))?.rowCount ?? 0), 0);
}

/** A check that broke: reported as `info`, never failing a call that already ran. */
function checkError(what: string, error: unknown): Diagnostic {
  return {
    code: "validation-error",
    severity: "info",
    message: `${what}: ${
      error instanceof RangeError && /call stack/i.test(error.message)
        ? "the statement is too deeply nested or too long for it to walk (JavaScript's stack ran out); the call itself ran, unchecked by this rule — split the statement (e.g. an IN list into a table joined) to have it checked"
        : (error as Error).message.split("\n")[0]
    }`,
    locations: [],
  };
}

/**
 * Findings about files (what a Scan or UnionScan read) not reported before in this session: the
 * same files scanned again give the same findings, and repeating them on every union of the same
 * 22 files buries the one new finding.
 */
function firstTimeOnly(ctx: OperatorContext, found: Diagnostic[]): Diagnostic[] {
  return found.filter(
    (d) => !saidBefore(ctx.state, "about-files", `${d.code}|${d.severity}|${d.message}`, ctx.callOrder),
  );
}

/** Checks that read whole tables run after the cheap ones, so a budget that runs out skips those first. */
const READS_WHOLE_TABLES = new Set(["join-row-loss", "join-fanout"]);

/** After-execution checks of one call, begun when it starts executing. */
export interface AfterChecks {
  /**
   * The call executed: run the checks that need its result, wait for the rest, and return every
   * finding in the registry's order. With a budget, the checks still running may take at most the
   * budget from here.
   */
  finish(
    executed: { observation: unknown; executionMs: number },
    budget?: ValidationBudget,
  ): Promise<Diagnostic[]>;
  /** The call failed: stop the checks begun alongside it and drop what they prepared. */
  abandon(): Promise<void>;
  /** Settles when the checks begun alongside have run (they never reject). */
  inputsChecked(): Promise<void>;
}

/**
 * Begins a call's after-execution checks on the checks' own connection (`facts.ctx.engine`).
 * With `alongside`, the rules that read only the call's inputs (`inputsOnly`) start at once and
 * run while the call executes on the agent's connection; the rules that read its result run at
 * `finish`. A rule that breaks is reported as an `info` finding rather than failing a call that
 * already ran. With a budget, checks stop when it is spent — the running DuckDB statement is
 * interrupted — and the rules not run are named in one `validation-budget` info finding:
 * validation stays a small fraction of the work it checks.
 */
export function beginAfterChecks(facts: CallFacts, alongside: boolean): AfterChecks {
  const rules = validationRules.filter((r) => r.phase === "after" && r.ops.includes(facts.op));
  const ordered = [
    ...rules.filter((r) => !READS_WHOLE_TABLES.has(r.code)),
    ...rules.filter((r) => READS_WHOLE_TABLES.has(r.code)),
  ];
  const early: ValidationRule[] = alongside ? ordered.filter((r) => r.phase === "after" && r.inputsOnly) : [];
  const late = ordered.filter((r) => !early.includes(r));
  const found = new Map<ValidationRule, Diagnostic[]>();
  const skipped: string[] = [];
  const interrupted: string[] = [];
  const prepared: Diagnostic[] = [];
  let limit: ReturnType<DuckEngine["limit"]> | undefined;
  let stopped = false;
  let checked: CallFacts = facts;
  let derived: DerivedTables | undefined;

  const prepare = async (): Promise<void> => {
    // The query's CTEs and FROM-subqueries become readable tables for the data checks (views on
    // the checks' connection).
    if (!facts.sql) return;
    try {
      derived = await derivedTables(facts.ctx.engine, facts.ctx.state, facts.sql.statement);
      checked = { ...facts, ctx: { ...facts.ctx, state: derived.state } };
    } catch (error) {
      // The checks still run over the registered tables.
      if (!limit?.expired() && !stopped)
        prepared.push(
          checkError("CTEs and subqueries of this query could not be prepared for checking", error),
        );
    }
  };
  const run = async (list: ValidationRule[], executed?: ExecutedFacts): Promise<void> => {
    for (const rule of list) {
      if (rule.phase !== "after") continue;
      if (stopped || facts.ctx.signal?.aborted) break;
      if (limit?.expired()) {
        skipped.push(rule.code);
        continue;
      }
      try {
        const t = performance.now();
        found.set(
          rule,
          await (rule.inputsOnly ? rule.check(checked) : rule.check({ ...executed!, ctx: checked.ctx })),
        );
        if (process.env.RADAR_PROFILE_RULES)
          process.stderr.write(`${rule.code}: ${Math.round(performance.now() - t)} ms\n`);
      } catch (error) {
        if (stopped) break;
        // An interrupted statement (the budget, or a cancelled call on the same connection) is a
        // check not run, not a check that broke on this query.
        if (limit?.expired()) {
          skipped.push(rule.code);
          continue;
        }
        if (/INTERRUPT Error/i.test((error as Error).message)) {
          interrupted.push(rule.code);
          continue;
        }
        if (process.env.RADAR_DEBUG_CHECKS) process.stderr.write(`${(error as Error).stack}\n`);
        found.set(rule, [checkError(`The ${rule.code} check could not run`, error)]);
      }
    }
  };
  const preparedOnce = prepare();
  // Started now, on the checks' connection; its failures are findings, never rejections.
  const earlyRun = preparedOnce.then(() => run(early));

  return {
    async finish(executed, budget) {
      const all: ExecutedFacts = { ...facts, ...executed };
      const limited = budget !== undefined && rowsInvolved(all) >= budget.aboveRows;
      const sqlChars = typeof facts.args.sql === "string" ? facts.args.sql.length : 0;
      const ceiled = budget?.ceilingMs !== undefined && sqlChars >= (budget.ceilingSqlChars ?? 0);
      const budgetMs = limited
        ? Math.max(budget.floorMs, budget.fraction * executed.executionMs)
        : ceiled
          ? Math.max(budget.ceilingMs!, executed.executionMs)
          : Infinity;
      if (Number.isFinite(budgetMs)) limit = facts.ctx.engine.limit(budgetMs);
      const budgetEnd = performance.now() + budgetMs;
      try {
        await preparedOnce;
        await run(late, all);
        await earlyRun;
        // Within the same budget as the checks: the remedied re-runs are checks too.
        await measureEffects(
          all,
          [...found.values()].flat(),
          () => limit?.expired() ?? false,
          () => budgetEnd - performance.now(),
        );
      } finally {
        limit?.clear();
        // A view left behind would be replaced by the next query's (CREATE OR REPLACE): never fail the call over it.
        await derived?.drop().catch(() => undefined);
      }
      // Findings in the registry's order, whatever order the checks ran in.
      const ruleFindings = rules.flatMap((r) => found.get(r) ?? []);
      settleSaid(ruleFindings);
      const out = [
        ...prepared,
        ...(facts.op === "Scan" || facts.op === "UnionScan"
          ? firstTimeOnly(facts.ctx, ruleFindings)
          : ruleFindings),
      ];
      if (skipped.length > 0 && budget)
        out.push({
          code: "validation-budget",
          severity: "info",
          message: limited
            ? `Not checked: ${[...new Set(skipped)].join(", ")}. Validation stops ${Math.round(budgetMs)} ms after the call ran ` +
              `(the larger of ${budget.floorMs} ms and ${Math.round(budget.fraction * 100)} % of this call's ${Math.round(executed.executionMs)} ms), ` +
              `so nothing is known about these checks for this call. To have them run, work on smaller tables first (filter or aggregate in an earlier Query).`
            : `Not checked: ${[...new Set(skipped)].join(", ")}. The checks of a call with ${sqlChars.toLocaleString("en-US")} characters of SQL stop ${Math.round(budgetMs)} ms after it ran ` +
              `(the larger of ${budget.ceilingMs} ms and this call's own ${Math.round(executed.executionMs)} ms), and this call's SQL took longer to check, ` +
              `so nothing is known about these checks for this call. To have them run, send smaller statements (e.g. a long IN list as a table joined in).`,
          locations: [],
        });
      if (interrupted.length > 0)
        out.push({
          code: "validation-budget",
          severity: "info",
          message: `Not checked: ${[...new Set(interrupted)].join(", ")}. DuckDB interrupted the check's statement before it finished, so nothing is known about it for this call.`,
          locations: [],
        });
      return out;
    },
    inputsChecked: () => earlyRun,
    async abandon() {
      stopped = true;
      facts.ctx.engine.interrupt();
      await earlyRun.catch(() => undefined);
      await derived?.drop().catch(() => undefined);
    },
  };
}

/** At the end of a batch or run: checks over everything that was seen. */
export async function validateFinal(ctx: OperatorContext): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  for (const rule of validationRules) if (rule.phase === "final") out.push(...(await rule.check(ctx)));
  return out;
}
