import type { Diagnostic } from "../diagnostic.ts";
import type { OperatorContext, OperatorName } from "../operators/operator.ts";
import type { SelectAnalysis } from "../sandbox/sqlGate.ts";
import type { CodeDoc, DiagnosticCode } from "./diagnosticCode.ts";

/** What a rule sees of a call: its parsed arguments, the runtime's facts, and the parsed SQL. */
export interface CallFacts {
  op: OperatorName;
  args: Record<string, unknown>;
  ctx: OperatorContext;
  /** Set for Query once the SQL passed the sandbox gate. */
  sql?: SelectAnalysis;
}

export interface ExecutedFacts extends CallFacts {
  observation: unknown;
  /** Query's wall time, to keep validation a small fraction of it. */
  executionMs: number;
}

/** What every rule says of itself: its code and where it runs among the rules. */
interface RuleIdentity {
  code: DiagnosticCode;
  /**
   * Where the rule runs among all rules (ascending, unique; test/integration/ruleOrder.test.ts
   * pins the order). Order matters before execution: the SQL gate (`unsafe-sql`) parses the
   * statement the later rules read, and the first rejection stops the call; after it, it is the
   * order of the findings.
   */
  runOrder: number;
}

/**
 * A rule checks calls of some operators against what was observed. `before` rules run before
 * execution and reject the call with `error` diagnostics; `after` rules run on the executed call
 * and attach diagnostics (warnings/info) to its observation.
 */
export type ValidationRule = RuleIdentity &
  (
    | {
        phase: "before";
        ops: OperatorName[];
        check: (facts: CallFacts) => Promise<Diagnostic[]> | Diagnostic[];
      }
    | {
        phase: "after";
        ops: OperatorName[];
        /**
         * The rule reads only the call's inputs and SQL, never its result, so it may run while the
         * call executes (on the checks' own connection). Its `check` gets no observation.
         */
        inputsOnly: true;
        check: (facts: CallFacts) => Promise<Diagnostic[]> | Diagnostic[];
      }
    | {
        phase: "after";
        ops: OperatorName[];
        inputsOnly: false;
        check: (facts: ExecutedFacts) => Promise<Diagnostic[]> | Diagnostic[];
      }
    /** Run once when the work is done (a batch or an agent's answer): what was seen in the whole run. */
    | {
        phase: "final";
        check: (ctx: OperatorContext) => Promise<Diagnostic[]> | Diagnostic[];
      }
  );

/** The facts of a Query call whose SQL passed the sandbox gate. */
export type QueryFacts<F extends CallFacts = CallFacts> = F & { sql: SelectAnalysis };

type QueryCheck<F extends CallFacts> = (facts: QueryFacts<F>) => Promise<Diagnostic[]> | Diagnostic[];

/**
 * How a query rule names itself: by its folder's `<folder>Doc` (whose code it raises) and its place
 * among the rules — the code is written once, in the Doc.
 */
export interface QueryRuleIdentity {
  doc: Pick<CodeDoc<DiagnosticCode>, "code">;
  runOrder: number;
}

/**
 * A rule about Query calls that reads their parsed SQL — most rules are. It is given the SQL as
 * parsed; a call without parsed SQL (it did not pass the gate) gets no finding from it. `after`
 * is the default phase; `inputsOnly` says whether it reads only the inputs (and may run while the
 * call executes) or also the call's result.
 */
export function queryRule(
  spec: QueryRuleIdentity & {
    phase: "before";
    check: QueryCheck<CallFacts>;
  },
): ValidationRule;
export function queryRule(
  spec: QueryRuleIdentity & {
    phase?: "after";
    inputsOnly: true;
    check: QueryCheck<CallFacts>;
  },
): ValidationRule;
export function queryRule(
  spec: QueryRuleIdentity & {
    phase?: "after";
    inputsOnly: false;
    check: QueryCheck<ExecutedFacts>;
  },
): ValidationRule;
export function queryRule(
  spec: QueryRuleIdentity & {
    phase?: "before" | "after";
    inputsOnly?: boolean;
    check: QueryCheck<never>;
  },
): ValidationRule {
  const check = spec.check as QueryCheck<ExecutedFacts>;
  const guarded = (facts: CallFacts): Promise<Diagnostic[]> | Diagnostic[] =>
    facts.sql ? check(facts as QueryFacts<ExecutedFacts>) : [];
  const { code } = spec.doc;
  const { runOrder } = spec;
  if (spec.phase === "before") return { code, runOrder, phase: "before", ops: ["Query"], check: guarded };
  return spec.inputsOnly
    ? { code, runOrder, phase: "after", ops: ["Query"], inputsOnly: true, check: guarded }
    : { code, runOrder, phase: "after", ops: ["Query"], inputsOnly: false, check: guarded };
}
