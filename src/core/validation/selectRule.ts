import type { CallFacts, QueryFacts, QueryRuleIdentity, ValidationRule } from "./validationRule.ts";
import { queryRule } from "./validationRule.ts";
import { FindingsOnce } from "./findingsOnce.ts";
import { scopedSelects } from "./sqlFacts.ts";
import type { ScopedSelect } from "./sqlFacts.ts";

/** What a select rule sees of each SELECT: the call's facts, the SELECT and its scope. */
export type SelectFacts = QueryFacts<CallFacts> & ScopedSelect;

/**
 * A rule that looks at each SELECT of a Query's statement in turn, with its scope, and reads only
 * the inputs (it runs while the call executes). One FindingsOnce serves every SELECT, so a thing
 * reached from several of them is said once.
 */
export function selectRule(
  spec: QueryRuleIdentity & {
    checkSelect: (facts: SelectFacts, findings: FindingsOnce) => Promise<void>;
  },
): ValidationRule {
  return queryRule({
    doc: spec.doc,
    runOrder: spec.runOrder,
    inputsOnly: true,
    async check(facts) {
      const findings = new FindingsOnce();
      for (const scoped of scopedSelects(facts.sql.statement, facts.ctx.state))
        await spec.checkSelect({ ...facts, ...scoped }, findings);
      return findings.list;
    },
  });
}
