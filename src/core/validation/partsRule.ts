import { FindingsOnce } from "./findingsOnce.ts";
import { equiJoins, scopedSelects } from "./sqlFacts.ts";
import type { EquiJoin, ScopedSelect } from "./sqlFacts.ts";
import type { CallFacts, QueryFacts, QueryRuleIdentity, ValidationRule } from "./validationRule.ts";
import { queryRule } from "./validationRule.ts";

/** What a rule checking a statement part by part sees of one part: the call's facts and the part. */
export type PartFacts<P> = QueryFacts<CallFacts> & P;

/** How a rule checks one part: what it finds goes to the findings shared by all parts. */
type PartCheck<P> = (facts: PartFacts<P>, findings: FindingsOnce) => Promise<void>;

/**
 * A Query rule that checks its statement part by part (each SELECT, each join, each aggregate)
 * and reads only the inputs, so it runs while the call executes. One FindingsOnce serves every
 * part: a thing reached from several parts is said once. selectRule and joinRule name the parts.
 */
export function partsRule<P extends object>(
  spec: QueryRuleIdentity & {
    parts: (facts: QueryFacts<CallFacts>) => Iterable<P> | Promise<Iterable<P>>;
    check: PartCheck<P>;
  },
): ValidationRule {
  return queryRule({
    doc: spec.doc,
    runOrder: spec.runOrder,
    inputsOnly: true,
    async check(facts) {
      const findings = new FindingsOnce();
      for (const part of await spec.parts(facts)) await spec.check({ ...facts, ...part }, findings);
      return findings.list;
    },
  });
}

/** What a rule says of itself and how it checks one part; the parts are the rule kind's. */
type PartRuleSpec<P> = QueryRuleIdentity & { check: PartCheck<P> };

/** A rule that checks each SELECT of the statement in turn, with its scope (scopedSelects). */
export function selectRule(spec: PartRuleSpec<ScopedSelect>): ValidationRule {
  return partsRule({ ...spec, parts: ({ sql, ctx }) => scopedSelects(sql.statement, ctx.state) });
}

/** A rule that checks each equi-join of the statement in turn (equiJoins: its key pairs and its SELECT). */
export function joinRule(spec: PartRuleSpec<{ join: EquiJoin }>): ValidationRule {
  return partsRule({
    ...spec,
    parts: async ({ sql, ctx }) =>
      (await equiJoins(sql.statement, ctx.state, ctx.engine)).map((join) => ({ join })),
  });
}
