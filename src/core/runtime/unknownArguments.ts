import type { z } from "zod";

/**
 * Names analysts give reader options at the top level of a call, as pandas, DuckDB or R spell them,
 * mapped to the `reader` option that says the same. Only names whose meaning is unambiguous.
 */
const readerSpellings: Readonly<Record<string, string>> = {
  delimiter: "delimiter",
  delim: "delimiter",
  sep: "delimiter",
  separator: "delimiter",
  quote: "quote",
  quotechar: "quote",
  quote_char: "quote",
  header: "header",
  skip: "skip",
  skiprows: "skip",
  skip_rows: "skip",
  comment: "comment",
  missing: "missing",
  na_values: "missing",
  na: "missing",
  nullstr: "missing",
  null_padding: "missing",
  names: "names",
  col_names: "names",
  column_names: "names",
  widths: "widths",
  colspecs: "widths",
  whitespace: "whitespace",
  delim_whitespace: "whitespace",
};

/** Common names for the file a call reads and the table it writes. */
const argumentSpellings: Readonly<Record<string, string>> = {
  path: "file",
  filename: "file",
  file_path: "file",
  filepath: "file",
  as: "output",
  into: "output",
  table_name: "output",
};

/**
 * What to add to an "Unrecognized key" error so the caller can fix the call without guessing:
 * the arguments the operator takes and, for reader options given at the top level, where they go.
 */
export function unknownArgumentsHint(
  schema: z.ZodType,
  issues: readonly { code: string; path: readonly PropertyKey[]; keys?: readonly string[] }[],
): string {
  const unknown = issues
    .filter((i) => i.code === "unrecognized_keys" && i.path.length === 0)
    .flatMap((i) => i.keys ?? []);
  if (unknown.length === 0) return "";
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (!shape) return "";
  const accepted = Object.keys(shape);
  const parts = [`it takes ${accepted.join(", ")}`];
  const renamed = unknown
    .map((k) => [k, argumentSpellings[k.toLowerCase()]] as const)
    .filter((pair): pair is readonly [string, string] => pair[1] !== undefined && accepted.includes(pair[1]));
  if (renamed.length > 0) parts.push(renamed.map(([k, name]) => `${k} → ${name}`).join(", "));
  if (accepted.includes("reader")) {
    const moved = unknown
      .map((k) => [k, readerSpellings[k.toLowerCase()]] as const)
      .filter((pair): pair is readonly [string, string] => pair[1] !== undefined);
    if (moved.length > 0)
      parts.push(
        `how to read the file goes under "reader": ${moved.map(([k, option]) => (k === option ? option : `${k} → reader.${option}`)).join(", ")}, e.g. {"reader": {"delimiter": "^", "quote": "~", "header": 0}}`,
      );
  }
  return ` (${parts.join("; ")})`;
}
