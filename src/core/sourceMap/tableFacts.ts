import { shownFill } from "./typing/dateFills.ts";
import { flagMeaning } from "./layout/eurostatTsv.ts";
import type { ColumnProfile, TableProfile } from "./sourceEntry.ts";
import { decimalCommaColumns } from "./typing/decimalComma.ts";

/** Columns named per flag in its fact line; more are counted. */
const FLAG_COLUMNS = 4;

/**
 * What `radar map` says under a table besides its columns: the statistic rows left out of it, the
 * missing-value markers read as NULL, the flags read off the values and the likely fill values,
 * each with where it was seen.
 */
export function tableFactLines(table: TableProfile): string[] {
  const out: string[] = [];
  const summary = (table.footer?.rows ?? []).filter((r) => r.kind === "summary");
  if (summary.length > 0)
    out.push(
      `statistic rows left out: ${summary.map((r) => `${r.text.split(" | ")[0]} (line ${r.line})`).join(", ")}`,
    );
  const empty = table.columns.filter((c) => c.empty).map((c) => c.name);
  if (empty.length > 0 && table.rowCount > 0)
    out.push(
      `no value on any of the ${table.rowCount.toLocaleString("en-US")} rows (every cell blank): ${empty.slice(0, 12).join(", ")}${empty.length > 12 ? `, … (${empty.length} columns)` : ""}`,
    );
  const markers = table.columns
    .filter((c) => c.missingMarkers?.length)
    .map((c) => `${c.name} ${c.missingMarkers!.map((m) => `'${m.value}' ×${m.count}`).join(" ")}`);
  if (markers.length > 0) out.push(`missing-value markers read as NULL: ${markers.join("; ")}`);
  for (const c of table.columns.filter((x) => x.rowIndex))
    out.push(
      `${c.name} numbers the rows ${c.rowIndex!.first} … ${c.rowIndex!.last}: a row index written with the file (its header cell is empty), not a field of the data`,
    );
  const padded = table.columns.filter((c) => c.padded).map((c) => c.name);
  if (padded.length > 0)
    out.push(
      `text padded with blanks (around every value, or to one width), read trimmed: ${padded.join(", ")}`,
    );
  const commas = decimalCommaColumns(table.columns);
  if (commas.length > 0)
    out.push(
      `values written as numbers with a decimal comma, kept as text: ${commas.map((c) => `${c.name} (e.g. '${c.example}')`).join(", ")}; if they are numbers, read them with CAST(replace(replace(col, '.', ''), ',', '.') AS DOUBLE)`,
    );
  const zeros = table.columns
    .filter((c) => c.accountingZero)
    .map((c) => `${c.name} ×${c.accountingZero!.count}`);
  if (zeros.length > 0)
    out.push(
      `'-' written as a spreadsheet's accounting format writes zero (' -   ', beside numbers written between spaces) read as 0: ${zeros.join("; ")}`,
    );
  const flags = flagFacts(table.columns);
  if (flags.length > 0)
    out.push(`flags written after values, not part of the values read: ${flags.join("; ")}`);
  const fills = table.columns.flatMap((c) =>
    (c.fillValues ?? []).map((f) => {
      const { value, min, max } = shownFill(f);
      return `${c.name} ${value} ×${f.count} (first at ${f.line ? `line ${f.line}` : `data row ${f.firstRow}`}; ${f.mean ? "the column's mean: missing values filled with it" : `other values ${min} to ${max}`})`;
    }),
  );
  if (fills.length > 0) out.push(`likely fill values (read as written): ${fills.join("; ")}`);
  return out;
}

/** Each flag (as written), what it stands for, its cells and the columns holding it, most frequent first. */
function flagFacts(columns: ColumnProfile[]): string[] {
  const byFlag = new Map<string, { count: number; columns: string[] }>();
  for (const c of columns)
    for (const f of c.flags ?? []) {
      const seen = byFlag.get(f.flag) ?? { count: 0, columns: [] };
      seen.count += f.count;
      seen.columns.push(c.name);
      byFlag.set(f.flag, seen);
    }
  return [...byFlag]
    .sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]))
    .map(([flag, { count, columns: names }]) => {
      const meaning = flagMeaning(flag);
      const shown = names.slice(0, FLAG_COLUMNS).join(", ") + (names.length > FLAG_COLUMNS ? ", …" : "");
      return `'${flag}'${meaning ? ` (${meaning})` : ""} ×${count} in ${names.length} column${names.length === 1 ? "" : "s"} (${shown})`;
    });
}
