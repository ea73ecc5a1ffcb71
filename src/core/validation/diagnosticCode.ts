import { otherCodeDocs } from "./otherCodes.ts";
import { ruleCodeDocs } from "./ruleCodeDocs.ts";

/**
 * Every diagnostic code RADAR raises: a validation rule's (its folder's `<folder>Doc.ts`, listed in
 * the generated ruleCodeDocs.ts) or one raised elsewhere (`otherCodes.ts`). A code is stable: the
 * trace, the CLI, MCP results and the Problems panel's links to the docs carry it.
 */
export type DiagnosticCode = (typeof ruleCodeDocs)[number]["code"] | (typeof otherCodeDocs)[number]["code"];

/** Every code's docs metadata, in the order docs/diagnostics.md tells them (`docsOrder`). */
export const everyCodeDoc: readonly CodeDoc<DiagnosticCode>[] = [...ruleCodeDocs, ...otherCodeDocs].sort(
  (a, b) => a.docsOrder - b.docsOrder,
);

/** Every diagnostic code, in the order docs/diagnostics.md tells them. */
export const everyDiagnosticCode: readonly DiagnosticCode[] = everyCodeDoc.map((d) => d.code);

/**
 * What the docs' table of codes says of one: when it is raised and its severity, as text. The
 * code's section of docs/diagnostics.md (what it means, an example, the fix) is a Markdown file
 * beside it: `<folder>.md` in a rule's folder, a `## code` section of otherCodes.md for the others.
 */
export interface CodeDoc<Code extends string = string> {
  code: Code;
  /** Where its section stands in docs/diagnostics.md (ascending): the docs group codes by topic. */
  docsOrder: number;
  /** When it is raised: `before` or `after` execution, `final` (end of the work), `the call failed`… */
  phase: string;
  /** `error`, `warning`, `info`, or which of them when, e.g. `warning (info when …)`. */
  severity: string;
}
