import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `value-variants`: its row of the codes' table; its section is valueVariants.md. */
export const valueVariantsDoc = {
  code: "value-variants",
  docsOrder: 270,
  phase: "after",
  severity: "warning",
} as const satisfies CodeDoc;
