import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `overlapping-categories`: its row of the codes' table; its section is overlappingCategories.md. */
export const overlappingCategoriesDoc = {
  code: "overlapping-categories",
  docsOrder: 240,
  phase: "after",
  severity: "warning",
} as const satisfies CodeDoc;
