import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `text-missing-marker`: its row of the codes' table; its section is textMissingMarker.md. */
export const textMissingMarkerDoc = {
  code: "text-missing-marker",
  docsOrder: 280,
  phase: "after",
  severity: "warning (info when reading it as NULL changes nothing)",
} as const satisfies CodeDoc;
