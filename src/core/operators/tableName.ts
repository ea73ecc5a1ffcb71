import { z } from "zod";
import { reject } from "../diagnostic.ts";

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** Output table names are plain identifiers, never RADAR's internal `__radar` names. */
export function checkOutputName(name: string, argument: string): string {
  if (!IDENTIFIER.test(name) || name.toLowerCase().startsWith("__radar"))
    reject(
      "invalid-argument",
      `${argument} "${name}" is not a valid table name: use letters, digits and underscores, starting with a letter (e.g. "state_rankings").`,
    );
  return name;
}

/** A table name derived from a file name: `2024 Report (final).csv` → `t_2024_report_final`. */
export function tableNameFor(path: string): string {
  const base = path.split("/").pop() ?? path;
  const stem = base.replace(/\.[^.]+$/, "");
  let name = stem
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (!/^[a-z_]/.test(name)) name = `t_${name}`;
  return name.slice(0, 60) || "t";
}

/** `replace` of the operators that register a table. */
export const replaceArg = z
  .boolean()
  .optional()
  .describe(
    "Replace an existing table of the same name (its lineage stays in the trace). Without it, a call whose output names an existing table it does not read is refused.",
  );
