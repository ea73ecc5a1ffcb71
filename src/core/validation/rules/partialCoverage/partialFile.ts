import type { Diagnostic } from "../../../diagnostic.ts";
import { partialCoverageDoc } from "./partialCoverageDoc.ts";

/** A partial-coverage finding about a file read in part: each of the code's rules points at the file's first line. */
export function partialFile(path: string, severity: "info" | "warning", message: string): Diagnostic {
  return { code: partialCoverageDoc.code, severity, message, locations: [{ file: path, line: 1 }] };
}
