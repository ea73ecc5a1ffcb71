import type { ValidationRule } from "../../validationRule.ts";
import { undeclaredInputDoc } from "./undeclaredInputDoc.ts";

/**
 * `undeclared-input`: a Query reads a table it did not declare in `inputs`. Declared inputs are
 * what the trace and the evidence chain show; an undeclared read would hide where a number came from.
 */
export const undeclaredInputRule: ValidationRule = {
  code: undeclaredInputDoc.code,
  runOrder: 50,
  phase: "before",
  ops: ["Query"],
  check: ({ args, sql }) => {
    const inputs = args.inputs as string[];
    const declared = new Set(inputs.map((i) => i.toLowerCase()));
    const missing = (sql?.tables ?? []).filter((t) => !declared.has(t));
    if (missing.length === 0) return [];
    return [
      {
        code: "undeclared-input",
        severity: "error",
        message: `Query.sql reads ${missing.map((t) => `"${t}"`).join(", ")}, not in Query.inputs ${JSON.stringify(inputs)}. Add ${missing.length > 1 ? "them" : "it"} to inputs: every table a query reads must be declared.`,
        locations: [],
      },
    ];
  },
};
