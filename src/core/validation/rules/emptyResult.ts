import type { ValidationRule } from "../validationRule.ts";

/** `empty-result` (warning): the query returned no rows — usually a filter or join that matched nothing. */
export const emptyResultRule: ValidationRule = {
  code: "empty-result",
  phase: "after",
  ops: ["Query"],
  inputsOnly: false,
  check: ({ observation, args }) => {
    const o = observation as { rowCount: number };
    if (o.rowCount > 0) return [];
    return [
      {
        code: "empty-result",
        severity: "warning",
        message: `Query ${String(args.output)} returned no rows. Check its filters and joins against the observed values (Probe the columns you filter on) before concluding that nothing matches.`,
        locations: [],
      },
    ];
  },
};
