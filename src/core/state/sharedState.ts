import { statSync } from "node:fs";
import type { SourceLocation } from "../diagnostic.ts";
import { scanRecordStarts } from "../origins/recordStarts.ts";
import type { RecordScanOptions } from "../origins/recordStarts.ts";
import { objectShapeLines } from "../sourceMap/readers/jsonShape.ts";
import type { JsonShape } from "../sourceMap/sourceEntry.ts";

export interface ColumnType {
  name: string;
  type: string;
}

/** A file as it was when a table was read from it: a table is stale once its file differs. */
export interface FileFingerprint {
  path: string;
  bytes: number;
  mtimeMs: number;
}

/** The call that made something: its run and its index in that run. */
export interface CallRef {
  runId: string;
  index: number;
}

/**
 * Where the rows of a scanned table come from, so a row id can be turned into a file line. Every
 * variant is plain JSON, so a session can keep its tables' origins across processes.
 */
export type RowOrigin =
  | {
      kind: "lines";
      file: string;
      /** Absolute path of the file (or of its UTF-8 copy) the line scan reads. */
      absPath: string;
      /** How to find each record's first line again (one streaming pass, on first use). */
      scan: RecordScanOptions;
      /** The file as it was read: a changed file's lines are not claimed. */
      fingerprint?: { bytes: number; mtimeMs: number };
      /** A top-level JSON object read as rows: the member lines by its shape, not record starts. */
      jsonShape?: JsonShape;
      /** Lines of records the table leaves out (bad JSON lines). */
      withoutLines?: number[];
    }
  | { kind: "grid"; file: string; sheet: string; gridTable: string }
  | { kind: "rowIndex"; file: string }
  | { kind: "union"; segments: { start: number; count: number; origin: RowOrigin }[] }
  /**
   * A Bash command's output registered as a table: per row id, the lake file and line it is, or
   * (file NULL) its line of the command's output, in the DuckDB table `linesTable`.
   */
  | { kind: "output"; command: string; linesTable: string }
  | { kind: "derived" };

/** A line origin for a file read by DuckDB (the rows' lines are found on first use). */
export function lineOrigin(
  file: string,
  absPath: string,
  scan: RecordScanOptions,
  fingerprint?: { bytes: number; mtimeMs: number },
  json: { shape?: JsonShape; withoutLines?: number[] } = {},
): RowOrigin {
  return {
    kind: "lines",
    file,
    absPath,
    scan,
    ...(fingerprint ? { fingerprint } : {}),
    ...(json.shape ? { jsonShape: json.shape } : {}),
    ...(json.withoutLines?.length ? { withoutLines: json.withoutLines } : {}),
  };
}

export interface Provenance {
  kind: "scan" | "union" | "query" | "bash";
  /** Files and sheets read (scan/union). */
  files: { path: string; sheet?: string; format: string; headerLine: number; rows: number }[];
  sql?: string;
  inputs?: string[];
  /** UnionScan: the column holding each row's source label. */
  sourceColumn?: string;
  /** Bash: the command whose output the table holds. */
  command?: string;
}

export interface TableInfo {
  name: string;
  provenance: Provenance;
  schema: ColumnType[];
  rowCount: number;
  origin: RowOrigin;
  /** The call that registered it (set by the runtime). */
  producedBy?: CallRef;
  /** The files it was read from — directly, or through its inputs — as they were then. */
  sources?: FileFingerprint[];
  /**
   * What a Scan or UnionScan read, as a key (`scan:path#sheet`, `union:col|a.csv|b.csv`): a later
   * read of the same unchanged files reuses this table instead of reading again.
   */
  readKey?: string;
  /** The observation of the call that read it (without rows), to answer a reused read. */
  readObservation?: unknown;
}

/** A table as the trace keeps it when it is replaced or dropped: its lineage, not its rows. */
export interface TableSnapshot {
  name: string;
  provenance: Provenance;
  rowCount: number;
  schema: ColumnType[];
  producedBy?: CallRef;
  sources?: FileFingerprint[];
}

export function snapshotOf(info: TableInfo): TableSnapshot {
  return {
    name: info.name,
    provenance: info.provenance,
    rowCount: info.rowCount,
    schema: info.schema,
    ...(info.producedBy ? { producedBy: info.producedBy } : {}),
    ...(info.sources ? { sources: info.sources } : {}),
  };
}

/** The shared state as a session file keeps it (plain JSON). */
export interface SerializedState {
  version: 1;
  tables: TableInfo[];
  scanned: string[];
  probed: Record<string, string[]>;
  rowsShown: Record<string, number>;
  partialViews: Record<string, PartialView[] | PartialView>;
  /** Absent in session files written before whole views were kept. */
  wholeViews?: string[];
  /** Absent in session files written before unchosen scans were kept. */
  unchosenScans?: Record<string, string>;
  /** Absent in session files written before end-of-work findings were remembered. */
  reportedFinal?: string[];
  /** Absent in session files written before printed lines were kept (-1 lines: the whole file). */
  printedLines?: Record<string, { command: string; lines: number; column?: string }[]>;
}

/** A look at part of a file through Bash: the command, and which end of the file it showed. */
export interface PartialView {
  command: string;
  lines: number;
  /** Records shown, for a file whose records span several lines (a pretty-printed JSON array): about. */
  records?: number;
  /** Absent in session files written before the end was kept. */
  end?: "head" | "tail";
  /**
   * The command only printed the lines (head/tail stages, nothing after them that computes from
   * them: no `grep -c`, `awk`, `wc`). Absent: something may have been computed from them.
   */
  printedOnly?: true;
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
  /** Files seen in part through Bash (head/tail): path → every such view, in call order. */
  readonly partialViews = new Map<string, PartialView[]>();
  /** Files whose every line Bash printed (`cat FILE`, complete): the agent has seen all of them. */
  readonly wholeViews = new Set<string>();
  /** Files of several tables scanned without naming a sheet: path → the sheet that was read. */
  readonly unchosenScans = new Map<string, string>();
  /**
   * End-of-work findings already reported at the end of an earlier batch of this work (their
   * fingerprints): a session that resumes is told again only what changed.
   */
  readonly reportedFinal = new Set<string>();
  /**
   * What Bash printed of each file, in call order (`head -n 12 f`: its first 12 lines; `cat f`:
   * Infinity) — kept with the session, so a batch run by the next process knows what the agent had
   * in front of it (see shownLines.ts).
   */
  readonly printedLines = new Map<string, { command: string; lines: number; column?: string }[]>();

  /** Case-insensitive lookup, as DuckDB resolves identifiers. */
  table(name: string): TableInfo | undefined {
    return this.tables.get(name.toLowerCase());
  }

  register(info: TableInfo): void {
    this.tables.set(info.name.toLowerCase(), info);
  }

  /** Forgets a table and what was seen of it (the caller drops it from DuckDB). */
  unregister(name: string): void {
    const key = name.toLowerCase();
    this.tables.delete(key);
    this.probed.delete(key);
    this.rowsShown.delete(key);
  }

  /** Forgets everything: no tables, nothing seen. */
  clear(): void {
    this.tables.clear();
    this.scanned.clear();
    this.probed.clear();
    this.rowsShown.clear();
    this.partialViews.clear();
    this.wholeViews.clear();
    this.unchosenScans.clear();
    this.reportedFinal.clear();
    this.printedLines.clear();
  }

  notePartialView(path: string, view: PartialView): void {
    const views = this.partialViews.get(path) ?? [];
    if (!views.some((v) => v.command === view.command)) views.push(view);
    this.partialViews.set(path, views);
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

  serialize(): SerializedState {
    return {
      version: 1,
      tables: [...this.tables.values()],
      scanned: [...this.scanned],
      probed: Object.fromEntries([...this.probed].map(([t, cols]) => [t, [...cols]])),
      rowsShown: Object.fromEntries(this.rowsShown),
      partialViews: Object.fromEntries(this.partialViews),
      wholeViews: [...this.wholeViews],
      unchosenScans: Object.fromEntries(this.unchosenScans),
      reportedFinal: [...this.reportedFinal],
      printedLines: Object.fromEntries(
        [...this.printedLines].map(([p, views]) => [
          p,
          views.map((v) => ({
            command: v.command,
            lines: Number.isFinite(v.lines) ? v.lines : -1,
            ...(v.column !== undefined ? { column: v.column } : {}),
          })),
        ]),
      ),
    };
  }

  /** Replaces this state's content with a saved one. */
  restore(saved: SerializedState): void {
    this.clear();
    for (const t of saved.tables) this.register(t);
    for (const s of saved.scanned) this.scanned.add(s);
    for (const [t, cols] of Object.entries(saved.probed)) this.probed.set(t, new Set(cols));
    for (const [t, n] of Object.entries(saved.rowsShown)) this.rowsShown.set(t, n);
    for (const [p, v] of Object.entries(saved.partialViews))
      this.partialViews.set(p, Array.isArray(v) ? v : [v]);
    for (const p of saved.wholeViews ?? []) this.wholeViews.add(p);
    for (const [p, sheet] of Object.entries(saved.unchosenScans ?? {})) this.unchosenScans.set(p, sheet);
    for (const f of saved.reportedFinal ?? []) this.reportedFinal.add(f);
    for (const [p, views] of Object.entries(saved.printedLines ?? {}))
      this.printedLines.set(
        p,
        views.map((v) => ({
          command: v.command,
          lines: v.lines < 0 ? Infinity : v.lines,
          ...(v.column !== undefined ? { column: v.column } : {}),
        })),
      );
  }
}

/** Line starts per origin, found once per process (origins are plain data, so keyed by identity). */
const lineStarts = new WeakMap<object, Promise<Uint32Array | null>>();

function resolveLines(origin: Extract<RowOrigin, { kind: "lines" }>): Promise<Uint32Array | null> {
  let found = lineStarts.get(origin);
  if (!found) {
    found = (async () => {
      if (origin.fingerprint) {
        // A file changed since it was read: its lines no longer tell where these rows were.
        const now = statSync(origin.absPath, { throwIfNoEntry: false });
        if (!now || now.size !== origin.fingerprint.bytes || now.mtimeMs !== origin.fingerprint.mtimeMs)
          return null;
      }
      const lines = origin.jsonShape
        ? await objectShapeLines(origin.absPath, origin.jsonShape, origin.scan.gzip === true)
        : await scanRecordStarts(origin.absPath, origin.scan);
      if (!origin.withoutLines?.length) return lines;
      const skip = new Set(origin.withoutLines);
      return lines.filter((l) => !skip.has(l));
    })();
    lineStarts.set(origin, found);
    found.catch(() => lineStarts.delete(origin));
  }
  return found;
}

/** Source lines of the given row ids of a table (row ids are DuckDB `rowid`s, 0-based). */
export async function originsOf(
  origin: RowOrigin,
  rowids: number[],
  lookupGrid: (table: string, rowids: number[]) => Promise<number[]>,
  lookupOutput?: (
    table: string,
    rowids: number[],
  ) => Promise<({ file: string | null; line: number } | null)[]>,
): Promise<(SourceLocation | null)[]> {
  switch (origin.kind) {
    case "output": {
      if (!lookupOutput) return rowids.map(() => null);
      const found = await lookupOutput(origin.linesTable, rowids);
      return found.map((o) =>
        !o
          ? null
          : o.file !== null
            ? { file: o.file, line: o.line }
            : { file: "stdout", line: o.line, command: origin.command },
      );
    }
    case "derived":
      return rowids.map(() => null);
    case "rowIndex":
      return rowids.map((r) => ({ file: origin.file, line: r + 1 }));
    case "lines": {
      const lines = await resolveLines(origin);
      return rowids.map((r) => (lines && r < lines.length ? { file: origin.file, line: lines[r]! } : null));
    }
    case "grid": {
      const lines = await lookupGrid(origin.gridTable, rowids);
      return lines.map((line) => (line > 0 ? { file: origin.file, line, sheet: origin.sheet } : null));
    }
    case "union": {
      const out: (SourceLocation | null)[] = [];
      for (const r of rowids) {
        const seg = origin.segments.find((s) => r >= s.start && r < s.start + s.count);
        out.push(
          seg ? ((await originsOf(seg.origin, [r - seg.start], lookupGrid, lookupOutput))[0] ?? null) : null,
        );
      }
      return out;
    }
  }
}

/** Grid line tables an origin refers to (they live in DuckDB beside the table). */
export function gridTablesOf(origin: RowOrigin): string[] {
  if (origin.kind === "grid") return [origin.gridTable];
  if (origin.kind === "output") return [origin.linesTable];
  if (origin.kind === "union") return origin.segments.flatMap((s) => gridTablesOf(s.origin));
  return [];
}
