import type { Diagnostic, SourceLocation } from "../../../diagnostic.ts";
import type { UnionScanObservation } from "../../../operators/unionScan/unionScanObservation.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { unionSchemaDriftDoc } from "./unionSchemaDriftDoc.ts";
import { isNumericType } from "../../../engine/numericTypes.ts";

function normalized(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "");
}

/** The column's name as the union spells it. */
function byName(lower: string, o: UnionScanObservation): Set<string> {
  return new Set(o.schema.filter((c) => c.name.toLowerCase() === lower).map((c) => c.name));
}

/** Columns of different types told one by one; past this, one finding names them all. */
const DRIFTS_APART = 3;
/** Columns a finding of many names. */
const DRIFTS_SHOWN = 5;

function listFiles(files: string[]): string {
  return files.length > 3 ? `${files.slice(0, 3).join(", ")} and ${files.length - 3} more` : files.join(", ");
}

/**
 * `union-schema-drift` (warning): the unioned files disagree on their columns — a column missing
 * from some files that hold another column in its place (NULLs there; info when those files hold
 * no column the others lack: the column was added, not renamed), names that differ only by case, spacing or punctuation (split
 * into separate columns, or merged silently), or one column read with different types.
 */
export const unionSchemaDriftRule: ValidationRule = {
  code: unionSchemaDriftDoc.code,
  runOrder: 110,
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
    // Columns missing from the same files are one finding (a datasheet with a fourth sampling
    // point adds Tag_4 and Enterococcus_4 together).
    const bySet = new Map<string, { columns: string[]; missingIn: string[] }>();
    for (const partial of o.partialColumns) {
      const key = partial.missingIn.join("\n");
      const entry = bySet.get(key) ?? { columns: [], missingIn: partial.missingIn };
      entry.columns.push(partial.column);
      bySet.set(key, entry);
    }
    // A column the Source Map found blank on every row of a file holds nothing there (PGA Tour
    // season files name RESET POINTS and never fill it; held-out JH-09).
    const blankIn = (file: string, name: string): boolean =>
      ctx.entry(file)?.tables?.[0]?.columns.find((c) => c.name.toLowerCase() === name.toLowerCase())
        ?.empty === true;
    for (const { columns, missingIn } of bySet.values()) {
      // Blank in every file that has them: the files missing them lose no value, and the union's
      // column is NULL throughout, as each file is.
      const present = o.sources.filter((x) => !missingIn.includes(x.file));
      if (present.length > 0 && columns.every((c) => present.every((x) => blankIn(x.file, c)))) continue;
      const names = columns.map((c) => `"${c}"`).join(", ");
      const [they, are] = columns.length > 1 ? ["them", "are"] : ["it", "is"];
      // A column renamed in some files leaves a column those files have and the others lack (its
      // other name), holding values. When the files missing these columns have no column of their own, nothing there
      // can be a renamed counterpart: the columns were added in the other files (a series first
      // published later). Their NULLs are what the files say, and a Query that reads them is
      // checked where it aggregates them.
      const missing = new Set(missingIn);
      // Exact names, as each file spells them: the union merges names that differ only by case.
      const namesOf = (file: string): string[] =>
        (o.sources.find((x) => x.file === file)?.schema ?? []).map((c) => c.name);
      const others = new Set(o.sources.filter((x) => !missing.has(x.file)).flatMap((x) => namesOf(x.file)));
      const counterpart = missingIn.some((f) =>
        namesOf(f).some((name) => !others.has(name) && !blankIn(f, name)),
      );
      if (!counterpart) {
        out.push({
          code: "union-schema-drift",
          severity: "info",
          message: `Column${columns.length > 1 ? "s" : ""} ${names} ${are} missing from ${missingIn.length} of ${o.sources.length} files (${listFiles(missingIn)}), which hold no column the other files lack (nothing there is named differently): the rows of ${missing.size > 1 ? "those files" : "that file"} hold NULL in ${they}.`,
          locations: missingIn.slice(0, 5).map(header),
        });
        continue;
      }
      out.push({
        code: "union-schema-drift",
        severity: "warning",
        message: `Column${columns.length > 1 ? "s" : ""} ${names} ${are} missing from ${missingIn.length} of ${o.sources.length} files (${listFiles(missingIn)}); their rows hold NULL in ${they}. Check whether those files name ${they} differently, or restrict the question to the files that have ${they}.`,
        locations: missingIn.slice(0, 5).map(header),
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
    // A JSON-typed column whose values in a file are all empty lists or objects (`[]`) held nothing
    // for the reader to type there (a lineup's yellow cards in a tournament without any, held-out
    // JP-02): that file's type says nothing about its values.
    const typedFromNothing = (file: string, name: string, type: string): boolean => {
      if (!/^JSON(\[\])?$/.test(type)) return false;
      const column = ctx
        .entry(file)
        ?.tables?.[0]?.columns.find((c) => c.name.toLowerCase() === name.toLowerCase());
      return (
        column !== undefined &&
        (column.empty === true || column.samples.every((v) => /^\s*(\[\s*\]|\{\s*\}|)\s*$/.test(v)))
      );
    };
    const unionType = new Map(o.schema.map((c) => [c.name.toLowerCase(), c.type]));
    const unionNames = new Set(o.schema.map((c) => c.name));
    for (const byName of spellings.values()) {
      if (byName.size < 2) continue;
      // DuckDB's UNION BY NAME matches names regardless of case: spellings that differ only by
      // case became one column, and nothing is split.
      const kept = [...byName.keys()].filter((name) => unionNames.has(name));
      if (kept.length < 2) continue;
      // Two spellings side by side in one file are two columns, not one spelled two ways: `pos`
      // (a position) and `%Pos` (a share of possessions) in every file of held-out IJ-02.
      const together = o.sources.some(
        (source) =>
          [...byName.keys()].filter((name) => (source.schema ?? []).some((c) => c.name === name)).length > 1,
      );
      if (together) continue;
      const variants = [...byName].map(([name, files]) => `"${name}" in ${listFiles(files)}`);
      out.push({
        code: "union-schema-drift",
        severity: "warning",
        message: `One column is spelled ${byName.size} ways across the files: ${variants.join("; ")}. The union keeps them as ${kept.length} separate columns (${kept.map((k) => `"${k}"`).join(", ")}), each NULL in the other files' rows. Union files with one spelling at a time and rename with a Query, then combine.`,
        locations: [...byName.values()].map((files) => header(files[0]!)),
      });
    }
    const drifts: { display: string; variants: string[]; read: string; files: string[] }[] = [];
    for (const [name, written] of types) {
      const byType = new Map(
        [...written]
          .map(([type, files]): [string, string[]] => [
            type,
            files.filter((f) => !typedFromNothing(f, name, type)),
          ])
          .filter(([, files]) => files.length > 0),
      );
      if (byType.size < 2) continue;
      const read = unionType.get(name);
      // A numeric widening (BIGINT in one file, DOUBLE in another) loses nothing: the union
      // holds every value as a number of the wider type.
      if (!read || ([...byType.keys()].every((t) => isNumericType(t)) && isNumericType(read))) continue;
      if ([...byType.keys()].every((t) => t === read || (isNumericType(t) && isNumericType(read)))) continue;
      drifts.push({
        display: [...byName(name, o)].join("/"),
        variants: [...byType].map(([type, files]) => `${type} in ${listFiles(files)}`),
        read,
        files: [...byType.values()].map((files) => files[0]!),
      });
    }
    const advice = (read: string): string =>
      `Look at the files where it is ${read === "VARCHAR" ? "VARCHAR" : "of another type"} (Probe or Bash head) for another date or number format, markers such as 'N/A', or footnote rows.`;
    if (drifts.length > 0 && drifts.length <= DRIFTS_APART)
      for (const d of drifts)
        out.push({
          code: "union-schema-drift",
          severity: "warning",
          message:
            `Column "${d.display}" has different types across the files (${d.variants.join("; ")}); the union's column is ${d.read}` +
            `${d.read === "VARCHAR" ? ", so its values are text in every file (numbers and dates compare and sort as characters)" : `, so the values of the other files were converted to ${d.read}`}. ` +
            advice(d.read),
          locations: d.files.map(header),
        });
    else if (drifts.length > DRIFTS_APART)
      // One finding for the call: a union of wide files drifting in many columns at once is one
      // fact to look into, not dozens of warnings burying the rest.
      out.push({
        code: "union-schema-drift",
        severity: "warning",
        message:
          `${drifts.length} columns have different types across the files: ${drifts
            .slice(0, DRIFTS_SHOWN)
            .map((d) => `"${d.display}" (${d.variants.join("; ")}; the union's is ${d.read})`)
            .join(
              ", ",
            )}${drifts.length > DRIFTS_SHOWN ? ", …" : ""}. The values of the files of another type were converted to the union's. ` +
          advice(drifts[0]!.read),
        locations: [...new Set(drifts.flatMap((d) => d.files))].slice(0, 5).map(header),
      });
    return out;
  },
};
