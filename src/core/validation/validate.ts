import type { Diagnostic } from "../diagnostic.ts";
import type { OperatorContext } from "../operators/operator.ts";
import { validationRules } from "./ruleRegistry.ts";
import type { CallFacts, ExecutedFacts } from "./validationRule.ts";

/** Before execution: the first rule that finds errors rejects the call; nothing runs. */
export async function validateBefore(facts: CallFacts): Promise<Diagnostic[]> {
  for (const rule of validationRules) {
    if (rule.phase !== "before" || !rule.ops.includes(facts.op)) continue;
    const found = await rule.check(facts);
    if (found.some((d) => d.severity === "error")) return found;
  }
  return [];
}

/**
 * After execution: every applicable rule adds its findings. A rule that breaks is reported as
 * an `info` finding rather than failing a call that already ran.
 */
export async function validateAfter(facts: ExecutedFacts): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  for (const rule of validationRules) {
    if (rule.phase !== "after" || !rule.ops.includes(facts.op)) continue;
    if (facts.ctx.signal?.aborted) break;
    try {
      const t = performance.now();
      out.push(...(await rule.check(facts)));
      if (process.env.RADAR_PROFILE_RULES)
        process.stderr.write(`${rule.code}: ${Math.round(performance.now() - t)} ms\n`);
    } catch (error) {
      out.push({
        code: "validation-error",
        severity: "info",
        message: `The ${rule.code} check could not run: ${(error as Error).message.split("\n")[0]}`,
        locations: [],
      });
    }
  }
  return out;
}

/** At the end of a batch or run: checks over everything that was seen. */
export async function validateFinal(ctx: OperatorContext): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  for (const rule of validationRules) if (rule.phase === "final") out.push(...(await rule.check(ctx)));
  return out;
}
