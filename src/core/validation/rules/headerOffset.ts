import type { Diagnostic } from "../../diagnostic.ts";
import type { ScanObservation } from "../../operators/scan.ts";
import type { UnionScanObservation } from "../../operators/unionScan.ts";
import type { SourceEntry, TableProfile } from "../../sourceMap/sourceEntry.ts";
import type { ValidationRule } from "../validationRule.ts";

function tableOf(entry: SourceEntry | undefined, sheet: string | undefined): TableProfile | undefined {
  return sheet === undefined ? entry?.tables?.[0] : entry?.tables?.find((t) => t.sheet === sheet);
}

/** What the runtime corrected (info) and what it could not (warning) in one file's layout. */
export function layoutFindings(entry: SourceEntry, table: TableProfile): Diagnostic[] {
  const out: Diagnostic[] = [];
  const where = `${entry.path}${table.sheet ? ` [${table.sheet}]` : ""}`;
  const sheet = table.sheet ? { sheet: table.sheet } : {};
  if (table.titleLines.length > 0 || (table.footer?.lines.length ?? 0) > 0) {
    // Every row left out, whole: a footnote's counting rule ("Consumers can report multiple
    // types…") is often its last sentence.
    const rows = (lines: string[]): string => lines.map((l) => JSON.stringify(l)).join(", ");
    const parts = [
      table.titleLines.length
        ? `${table.titleLines.length} title row(s) above the header (${rows(table.titleLines)}) were skipped${table.headerLine > 0 ? `; the header is line ${table.headerLine}` : ""}`
        : "",
      table.footer?.lines.length
        ? `${table.footer.lines.length} row(s) after the data (${rows(table.footer.lines)}, from line ${table.footer.line}) were left out`
        : "",
    ].filter(Boolean);
    out.push({
      code: "header-offset",
      severity: "info",
      message: `${where}: ${parts.join("; ")}.`,
      locations: [{ file: entry.path, line: Math.max(1, table.headerLine), ...sheet }],
    });
  }
  if (table.secondHeader)
    out.push({
      code: "header-offset",
      severity: "warning",
      message: `${where}: the row after the header (line ${table.secondHeader.line}: ${JSON.stringify(table.secondHeader.text.slice(0, 100))}) looks like a second header row (text where the rows below hold numbers); it was read as data and keeps its columns as text. Exclude that row in a Query by filtering on its values, then convert the columns to numbers.`,
      locations: [{ file: entry.path, line: table.secondHeader.line, ...sheet }],
    });
  const unnamed = table.columns.filter((c) => /^column\d+$/.test(c.name) && c.nullFraction < 1);
  if (table.headerLine === 0 && table.read.kind === "csv" && unnamed.length > 0) {
    const first = table.read.skipLines + 1;
    out.push({
      code: "header-offset",
      severity: "warning",
      message: `${where}: this table has no header row (its first row, line ${first}, holds data), so its columns are named ${unnamed.map((c) => c.name).join(", ")}. Look at the lines above it (Bash head) for what the columns mean, and name them in a Query.`,
      locations: [{ file: entry.path, line: first, ...sheet }],
    });
  } else if (unnamed.length > 0)
    out.push({
      code: "header-offset",
      severity: "warning",
      message: `${where}: ${unnamed.length} column(s) have no name in the header line ${table.headerLine} but hold data (${unnamed.map((c) => c.name).join(", ")}); the header may be on another line or span several rows. Look at the file's first lines (Bash head) before relying on these columns.`,
      locations: [{ file: entry.path, line: table.headerLine, ...sheet }],
    });
  return out;
}

/**
 * `header-offset`: a file with title rows above its header or a multi-row header — `info` where
 * the runtime corrected it (title rows skipped, footnotes cut), `warning` where it could not
 * (a second header row read as data, unnamed columns).
 */
export const headerOffsetRule: ValidationRule = {
  code: "header-offset",
  phase: "after",
  ops: ["Scan", "UnionScan"],
  inputsOnly: false,
  check: ({ op, observation, ctx }) => {
    if (op === "Scan") {
      const o = observation as ScanObservation;
      const entry = ctx.entry(o.provenance.file);
      const table = tableOf(entry, o.provenance.sheet);
      return entry && table ? layoutFindings(entry, table) : [];
    }
    const o = observation as UnionScanObservation;
    const findings = o.sources.flatMap((s) => {
      const entry = ctx.entry(s.file);
      const table = tableOf(entry, undefined);
      return entry && table ? layoutFindings(entry, table) : [];
    });
    const infos = findings.filter((d) => d.severity === "info");
    const rest = findings.filter((d) => d.severity !== "info");
    // One info for the whole union: the per-file messages repeat each other.
    const summary: Diagnostic[] = infos.length
      ? [
          {
            ...infos[0]!,
            message:
              infos.length > 1
                ? `${infos[0]!.message} The same correction applied to ${infos.length - 1} more file(s).`
                : infos[0]!.message,
            locations: infos.slice(0, 5).flatMap((d) => d.locations),
          },
        ]
      : [];
    return [...summary, ...rest];
  },
};
