import type { TableProfile } from "../sourceEntry.ts";
import type { SheetFacts } from "./spreadsheetValues.ts";
import { formatDateKind } from "./spreadsheetValues.ts";

/**
 * Cells formatted as percent (`0.0%`) hold fractions: the workbook stores 0.0407 and shows 4.1%.
 * RADAR reads the stored number, so a column under a '%' header can read as a hundredth of what
 * the sheet shows. The reader counts, per sheet column, the number cells and those formatted as
 * percent; a column whose number cells are mostly percent gets a note in its table's profile.
 */
export interface PercentColumn {
  /** The format code of the first such cell (`0.0%`). */
  format: string;
  cells: number;
  first: { line: number; value: number };
}

export interface PercentFacts {
  /** Number cells (not dates) per 0-based sheet column. */
  numbers: Map<number, number>;
  percent: Map<number, PercentColumn>;
}

/** Built-in percent formats (ECMA-376 §18.8.30). */
const BUILTIN_PERCENT = new Map<number, string>([
  [9, "0%"],
  [10, "0.00%"],
]);

/** The format code when a number format shows its value as a percent (`0.0%`), else undefined. */
export function percentFormat(numFmtId: number, code: string | undefined): string | undefined {
  if (code === undefined) return BUILTIN_PERCENT.get(numFmtId);
  const section = (code.split(";")[0] ?? "")
    .replace(/"[^"]*"/g, "")
    .replace(/\\./g, "")
    .replace(/_./g, "")
    .replace(/\*./g, "")
    .replace(/\[[^\]]*\]/g, "");
  return section.includes("%") && formatDateKind(code) === undefined ? code : undefined;
}

function percentFacts(facts: SheetFacts): PercentFacts {
  facts.percent ??= { numbers: new Map(), percent: new Map() };
  return facts.percent;
}

/** Counts a number cell of a sheet column, and whether its format shows it as a percent. */
export function noteNumberCell(
  facts: SheetFacts,
  column: number,
  line: number,
  value: number,
  format: string | undefined,
): void {
  const p = percentFacts(facts);
  p.numbers.set(column, (p.numbers.get(column) ?? 0) + 1);
  if (format === undefined) return;
  const seen = p.percent.get(column);
  if (seen) seen.cells++;
  else p.percent.set(column, { format, cells: 1, first: { line, value } });
}

/** The value as the format shows it: 0.0407 under `0.0%` → "4.1%". */
function shown(value: number, format: string): string {
  const decimals = /\.([0#?]+)/.exec(format.split("%")[0] ?? "")?.[1]?.length ?? 0;
  return `${(value * 100).toFixed(decimals)}%`;
}

/**
 * Notes for the columns of a table read from a sheet whose number cells (below the header) are
 * mostly formatted as percent.
 */
export function percentNotes(table: TableProfile, facts: SheetFacts): string[] {
  if (!facts.percent || table.read.kind !== "grid") return [];
  const first = table.read.columnRange?.first ?? 0;
  const notes: string[] = [];
  table.columns.forEach((column, i) => {
    const p = facts.percent!.percent.get(first + i);
    const numbers = facts.percent!.numbers.get(first + i) ?? 0;
    if (!p || p.first.line <= table.headerLine || 2 * p.cells < numbers) return;
    notes.push(
      `Column "${column.name}" holds fractions formatted as percent (${p.format}) in ${p.cells} cell(s): ` +
        `${Number(p.first.value.toPrecision(4))} (line ${p.first.line}) shows as ${shown(p.first.value, p.format)} in the workbook. ` +
        `RADAR reads the stored fraction; multiply by 100 for percent points.`,
    );
  });
  return notes;
}
