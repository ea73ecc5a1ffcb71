import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `overlapping-categories`: its row of the codes' table; its section is overlappingCategories.md. */
export const overlappingCategoriesDoc: CodeDoc = {
  code: "overlapping-categories",
  phase: "after",
  severity: "warning",
};
