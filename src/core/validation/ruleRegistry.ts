import { everyRule } from "./everyRule.ts";
import type { ValidationRule } from "./validationRule.ts";

/**
 * Every validation rule, in the order they run: each rule's own `runOrder`. Order matters before
 * execution: the SQL gate parses the statement the later rules read, and the first rejection stops
 * the call. A rule is a folder under rules/ (named after its code); `npm run gen:docs` lists its
 * rules in everyRule.ts.
 */
export const validationRules: ValidationRule[] = [...everyRule].sort((a, b) => a.runOrder - b.runOrder);

/** The codes the rules raise, in run order (every code, the others included, is in diagnosticCode.ts). */
export const diagnosticCodes = [...new Set(validationRules.map((r) => r.code))];
