import type { Diagnostic } from "../../diagnostic.ts";
import type { SourceFormat } from "../../sourceMap/sourceEntry.ts";
import { fileArguments, LINE_PROGRAMS, NOT_TEXT } from "./lineProgramFiles.ts";

/** What a binary file is, said to the agent. */
const KIND: Partial<Record<SourceFormat, string>> = {
  xlsx: "an Excel workbook (a ZIP archive of compressed XML)",
  xls: "a legacy Excel workbook (an OLE compound file)",
  ods: "an OpenDocument spreadsheet (a ZIP archive)",
  parquet: "a Parquet file (compressed columns)",
  binary: "binary, not text",
};

/** Programs whose output counts or selects lines: over a binary file, a number or a list that holds no rows. */
const COUNTING = new Set(["wc", "grep", "egrep", "fgrep", "sort", "uniq", "cut"]);

/**
 * A line program or `cat` over a workbook, a Parquet file or another binary file: what it prints
 * is compressed bytes, not the file's rows (held-out GW-01: `head -12` of an .xlsx). A count or a
 * match over those bytes (`wc -l`, `grep -c`) reads as a fact about the data and is none: a warning;
 * a printout shows itself as bytes: info. Scan reads the file's sheets or columns.
 */
export function binaryAsTextFindings(
  argvs: readonly (readonly string[])[],
  lakeRoot: string,
  formatOf: (file: string) => SourceFormat | undefined,
  /**
   * What the session has already been told, kept with its state across runs (SharedState's
   * reportedFinal): a file warned about once is, at the next count over it, an info saying so.
   */
  told?: Set<string>,
): Diagnostic[] {
  const programs = argvs.map((a) => (a[0] ?? "").split("/").pop() ?? "");
  if (!programs.some((p) => LINE_PROGRAMS.has(p) || p === "cat")) return [];
  const counted = programs.some((p) => COUNTING.has(p));
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const argv of argvs)
    for (const file of fileArguments(argv, lakeRoot)) {
      const format = formatOf(file);
      if (seen.has(file) || !format || !NOT_TEXT.has(format)) continue;
      seen.add(file);
      // Counting again over a file already said to be binary is a choice (held-out HV-05: counting
      // `FlateDecode` to learn whether a PDF's streams are compressed), not a slip to warn of again.
      const key = `binary-as-text:${file}`;
      const again = counted && told?.has(key) === true;
      if (counted) told?.add(key);
      out.push({
        code: "binary-as-text",
        severity: counted && !again ? "warning" : "info",
        message: `${again ? "As said at an earlier call: " : ""}${file} is ${KIND[format] ?? "binary"}: ${counted ? "the lines counted or matched here are runs of its encoded bytes, not rows of its data, so this output says nothing about its content" : "what is printed here is its encoded bytes, not its rows"}. ${format === "binary" ? "The Source Map could not read it as a table." : "Scan reads its rows (the map lists its sheets or columns)."}`,
        locations: [{ file, line: 1 }],
      });
    }
  return out;
}
