/**
 * The sheets/tables of a file other than the one a Scan read unchosen, that hold rows: an empty
 * sheet ('Sheet2' and 'Sheet3' of a new workbook, held-out KN's UCS database) holds nothing to read.
 */
export function otherSheets(tables: { sheet?: string; rowCount: number }[], first: string): string[] {
  return tables.filter((t) => t.rowCount > 0 && (t.sheet ?? "") !== first).map((t) => t.sheet ?? "");
}

/** What the partial-coverage findings say of a file read only by its first sheet/table. */
export function sheetsText(file: string, count: number, first: string, others: string[]): string {
  const shown = others.map((o) => `"${o}"`);
  const empty = count - 1 - others.length;
  return `${file} holds ${count} sheets/tables; a Scan without Scan.sheet read only the first ("${first}"), and the others (${shown.slice(0, 5).join(", ")}${shown.length > 5 ? ", …" : ""}) were not read${empty > 0 ? ` (${empty} more hold no rows)` : ""}.`;
}
