/** The sheets/tables of a file other than the one a Scan read unchosen. */
export function otherSheets(tables: { sheet?: string }[], first: string): string[] {
  return tables.map((t) => t.sheet ?? "").filter((name) => name !== first);
}

/** What the partial-coverage findings say of a file read only by its first sheet/table. */
export function sheetsText(file: string, count: number, first: string, others: string[]): string {
  const shown = others.map((o) => `"${o}"`);
  return `${file} holds ${count} sheets/tables; a Scan without Scan.sheet read only the first ("${first}"), and the others (${shown.slice(0, 5).join(", ")}${shown.length > 5 ? ", …" : ""}) were not read.`;
}
