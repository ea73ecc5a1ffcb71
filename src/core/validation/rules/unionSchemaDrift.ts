import type { Diagnostic, SourceLocation } from "../../diagnostic.ts";
import type { UnionScanObservation } from "../../operators/unionScan.ts";
import type { ValidationRule } from "../validationRule.ts";

function normalized(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "");
}

function listFiles(files: string[]): string {
  return files.length > 3 ? `${files.slice(0, 3).join(", ")} and ${files.length - 3} more` : files.join(", ");
}

/**
 * `union-schema-drift` (warning): the unioned files disagree on their columns — a column missing
 * from some files (NULLs there), names that differ only by case, spacing or punctuation (split
 * into separate columns, or merged silently), or one column read with different types.
 */
export const unionSchemaDriftRule: ValidationRule = {
  code: "union-schema-drift",
  phase: "after",
  ops: ["UnionScan"],
  inputsOnly: false,
  check: ({ observation, ctx }) => {
    const o = observation as UnionScanObservation;
    const out: Diagnostic[] = [];
    const header = (file: string): SourceLocation => ({
      file,
      line: ctx.entry(file)?.tables?.[0]?.headerLine || 1,
    });
    for (const partial of o.partialColumns) {
      out.push({
        code: "union-schema-drift",
        severity: "warning",
        message: `Column "${partial.column}" is missing from ${partial.missingIn.length} of ${o.sources.length} files (${listFiles(partial.missingIn)}); their rows hold NULL in it. Check whether those files name it differently, or restrict the question to the files that have it.`,
        locations: partial.missingIn.slice(0, 5).map(header),
      });
    }
    const spellings = new Map<string, Map<string, string[]>>();
    const types = new Map<string, Map<string, string[]>>();
    for (const source of o.sources) {
      for (const column of source.schema ?? []) {
        const key = normalized(column.name);
        const byName = spellings.get(key) ?? new Map<string, string[]>();
        byName.set(column.name, [...(byName.get(column.name) ?? []), source.file]);
        spellings.set(key, byName);
        const byType = types.get(column.name.toLowerCase()) ?? new Map<string, string[]>();
        byType.set(column.type, [...(byType.get(column.type) ?? []), source.file]);
        types.set(column.name.toLowerCase(), byType);
      }
    }
    for (const byName of spellings.values()) {
      if (byName.size < 2) continue;
      const variants = [...byName].map(([name, files]) => `"${name}" in ${listFiles(files)}`);
      out.push({
        code: "union-schema-drift",
        severity: "warning",
        message: `One column is spelled ${byName.size} ways across the files: ${variants.join("; ")}. UnionScan matches columns by name, so these are not treated as one column. Union files with one spelling at a time and rename with a Query, then combine.`,
        locations: [...byName.values()].map((files) => header(files[0]!)),
      });
    }
    for (const [name, byType] of types) {
      if (byType.size < 2) continue;
      const variants = [...byType].map(([type, files]) => `${type} in ${listFiles(files)}`);
      out.push({
        code: "union-schema-drift",
        severity: "warning",
        message: `Column "${name}" has different types across the files (${variants.join("; ")}), so the union reads it as text. Look at the files where it is not numeric (Probe or Bash head) for markers such as 'N/A' or footnote rows.`,
        locations: [...byType.values()].map((files) => header(files[0]!)),
      });
    }
    return out;
  },
};
