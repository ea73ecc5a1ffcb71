/**
 * Bash output lines as fields, one record per line (so each row keeps its line's origin): `csv`
 * (comma, `"` quotes with `""` inside), `tsv` (tab, no quoting) or `whitespace` (runs of blanks,
 * as `ls -l`, `wc`, `uniq -c` align them). Pure.
 */

export const OUTPUT_COLUMNS = ["lines", "csv", "tsv", "whitespace"] as const;
export type OutputColumns = (typeof OUTPUT_COLUMNS)[number];

export function splitFields(line: string, columns: OutputColumns): string[] {
  switch (columns) {
    case "lines":
      return [line];
    case "tsv":
      return line.split("\t");
    case "whitespace": {
      const trimmed = line.trim();
      return trimmed === "" ? [] : trimmed.split(/\s+/);
    }
    case "csv":
      return csvFields(line);
  }
}

/** One CSV record on one line; a quote left open runs to the end of the line. */
function csvFields(line: string): string[] {
  const out: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === ",") {
      out.push(field);
      field = "";
    } else field += ch;
  }
  out.push(field);
  return out;
}
