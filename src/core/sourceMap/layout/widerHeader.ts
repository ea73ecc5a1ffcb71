import type { TableLayout } from "./tableLayout.ts";

/**
 * A header line with more fields than any data record. Read by position, every name from the
 * surplus field on sits over its left neighbour's values and the last names over nothing — a
 * silent misnaming (held-out FA-01: `Entity,Code,Year,Year, (metric tons)` over records of four
 * fields put the tonnes under `Year_2` and an empty `(metric tons)` beside them). How the names
 * are placed over the records' fields:
 * - `stray-empty`: the header has exactly as many empty fields as it is wider (`,DATE,TIME,…`):
 *   they are stray delimiters, and the names are the filled cells in order;
 * - `joined`: exactly as many fields as it is wider start with a space, as the text after a
 *   comma written unquoted inside a name does (`Year, (metric tons)`): each is joined to the
 *   name before it;
 * - `by-position`: neither — the names stay by position and the last ones sit over no values,
 *   which the map states and header-offset warns about (which name belongs to which values is not
 *   in the file).
 */
export interface WiderHeader {
  /** Fields of the header line. */
  fields: number;
  /** Fields of the widest data record. */
  recordWidth: number;
  placed: "stray-empty" | "joined" | "by-position";
  /** The names over the records' fields (`recordWidth` of them); absent for `by-position`. */
  names?: string[];
  /** `joined`: the names made by joining, as read. */
  joined?: string[];
  /** `by-position`: the last names, over no values. */
  unplaced?: string[];
}

/**
 * The header's placement over its records, or undefined when it is no wider than every record.
 * Only for a plain one-row header (no group or unit rows) over rows that are every record of the
 * file (`rows` read whole). `delimiter` rejoins a name split at an unquoted delimiter.
 */
export function widerHeader(rows: string[][], layout: TableLayout, delimiter = ","): WiderHeader | undefined {
  if (layout.headerRow === null || layout.groupRows.length > 0) return undefined;
  if (layout.subHeaderRows.some((r) => r.use === "units") || layout.dataEnd <= layout.dataStart)
    return undefined;
  const header = rows[layout.headerRow]!;
  let recordWidth = 0;
  for (let i = layout.dataStart; i < layout.dataEnd; i++)
    recordWidth = Math.max(recordWidth, rows[i]!.length);
  const extra = header.length - recordWidth;
  if (extra <= 0 || recordWidth < 2) return undefined;
  const base = { fields: header.length, recordWidth };
  const filled = header.filter((c) => c.trim() !== "");
  if (header.length - filled.length === extra) return { ...base, placed: "stray-empty", names: filled };
  const continues = (c: string, i: number): boolean => i > 0 && /^\s+\S/.test(c);
  if (filled.length === header.length && header.filter(continues).length === extra) {
    const names: string[] = [];
    const joined = new Set<number>();
    header.forEach((c, i) => {
      if (continues(c, i)) {
        names[names.length - 1] += `${delimiter}${c}`;
        joined.add(names.length - 1);
      } else names.push(c);
    });
    return { ...base, placed: "joined", names, joined: [...joined].map((i) => names[i]!.trim()) };
  }
  return { ...base, placed: "by-position", unplaced: header.slice(recordWidth).map((c) => c.trim()) };
}

/** The table's note on how a wider header's names were placed (see widerHeader). */
export function widerHeaderNote(line: number, wider: WiderHeader): string {
  const extra = wider.fields - wider.recordWidth;
  const more = `the header (line ${line}) has ${extra} field${extra === 1 ? "" : "s"} more than any data record (${wider.recordWidth} fields)`;
  switch (wider.placed) {
    case "stray-empty":
      return `${more}: ${extra === 1 ? "its empty field is read as a stray delimiter" : "its empty fields are read as stray delimiters"}, and the names are the header's filled cells in order`;
    case "joined":
      return `${more}: ${extra === 1 ? "a field starts" : `${extra} fields start`} with a space, as text after a delimiter written unquoted inside a name does, and ${extra === 1 ? "is" : "are"} read as part of the name before: ${wider.joined!.map((n) => JSON.stringify(n)).join(", ")}`;
    case "by-position":
      return `${more}: the names are read by position, so the last ${extra === 1 ? "one" : extra} (${wider.unplaced!.map((n) => JSON.stringify(n)).join(", ")}) ${extra === 1 ? "sits" : "sit"} over no values; which name belongs to which values is not in the file`;
  }
}
