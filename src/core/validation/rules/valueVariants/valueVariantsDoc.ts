import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `value-variants`: its row of the codes' table; its section is valueVariants.md. */
export const valueVariantsDoc: CodeDoc = { code: "value-variants", phase: "after", severity: "warning" };
