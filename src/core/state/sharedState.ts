import type { SourceLocation } from "../diagnostic.ts";

export interface ColumnType {
  name: string;
  type: string;
}

/** Where the rows of a scanned table come from, so a row id can be turned into a file line. */
export type RowOrigin =
  | {
      kind: "lines";
      file: string;
      /** start line of each row, by row id */ lines: Uint32Array | null;
      resolve: () => Promise<Uint32Array>;
    }
  | { kind: "grid"; file: string; sheet: string; gridTable: string }
  | { kind: "rowIndex"; file: string }
  | { kind: "union"; segments: { start: number; count: number; origin: RowOrigin }[] }
  | { kind: "derived" };

export interface Provenance {
  kind: "scan" | "union" | "query";
  /** Files and sheets read (scan/union). */
  files: { path: string; sheet?: string; format: string; headerLine: number; rows: number }[];
  sql?: string;
  inputs?: string[];
  /** UnionScan: the column holding each row's source label. */
  sourceColumn?: string;
}

export interface TableInfo {
  name: string;
  provenance: Provenance;
  schema: ColumnType[];
  rowCount: number;
  origin: RowOrigin;
}

/** The facts the runtime has observed: registered tables and what of the lake has been seen. */
export class SharedState {
  readonly tables = new Map<string, TableInfo>();
  /** `path` or `path#sheet` of every file and sheet scanned. */
  readonly scanned = new Set<string>();
  /** table → probed columns. */
  readonly probed = new Map<string, Set<string>>();
  /** table → rows shown to the agent in previews. */
  readonly rowsShown = new Map<string, number>();
  /** Files seen only in part through Bash (head/tail): path → the command and lines shown. */
  readonly partialViews = new Map<string, { command: string; lines: number }>();

  /** Case-insensitive lookup, as DuckDB resolves identifiers. */
  table(name: string): TableInfo | undefined {
    return this.tables.get(name.toLowerCase());
  }

  register(info: TableInfo): void {
    this.tables.set(info.name.toLowerCase(), info);
  }

  noteShown(table: string, rows: number): void {
    this.rowsShown.set(table.toLowerCase(), Math.max(this.rowsShown.get(table.toLowerCase()) ?? 0, rows));
  }

  noteProbed(table: string, columns: string[]): void {
    const set = this.probed.get(table.toLowerCase()) ?? new Set<string>();
    for (const c of columns) set.add(c);
    this.probed.set(table.toLowerCase(), set);
  }

  coverage(): { scanned: string[]; probed: Record<string, string[]>; rowsShown: Record<string, number> } {
    return {
      scanned: [...this.scanned].sort(),
      probed: Object.fromEntries([...this.probed].map(([t, cols]) => [t, [...cols].sort()])),
      rowsShown: Object.fromEntries(this.rowsShown),
    };
  }
}

/** Source lines of the given row ids of a table (row ids are DuckDB `rowid`s, 0-based). */
export async function originsOf(
  origin: RowOrigin,
  rowids: number[],
  lookupGrid: (table: string, rowids: number[]) => Promise<number[]>,
): Promise<(SourceLocation | null)[]> {
  switch (origin.kind) {
    case "derived":
      return rowids.map(() => null);
    case "rowIndex":
      return rowids.map((r) => ({ file: origin.file, line: r + 1 }));
    case "lines": {
      const lines = origin.lines ?? (origin.lines = await origin.resolve());
      return rowids.map((r) => (r < lines.length ? { file: origin.file, line: lines[r]! } : null));
    }
    case "grid": {
      const lines = await lookupGrid(origin.gridTable, rowids);
      return lines.map((line) => ({ file: origin.file, line, sheet: origin.sheet }));
    }
    case "union": {
      const out: (SourceLocation | null)[] = [];
      for (const r of rowids) {
        const seg = origin.segments.find((s) => r >= s.start && r < s.start + s.count);
        out.push(seg ? ((await originsOf(seg.origin, [r - seg.start], lookupGrid))[0] ?? null) : null);
      }
      return out;
    }
  }
}
