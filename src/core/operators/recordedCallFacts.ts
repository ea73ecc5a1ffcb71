import type { FileFingerprint } from "../audit/fileFingerprint.ts";
import type { CallArgs } from "./operatorFacts.ts";

/** A lake file a recorded call read, as the trace keeps it. */
export interface FileRead {
  file: string;
  /** The file as it was when read (absent in traces written before files were fingerprinted). */
  fingerprint?: FileFingerprint;
  /**
   * How it was read as a table (Scan's provenance, a UnionScan source): the audit lists these files.
   * Absent for files a Bash command named.
   */
  asTable?: { format?: string; sheet?: string; headerLine?: number; encoding?: string; notes?: string[] };
}

/** A lake file a call's table was read from, at its header line: the trees' lineage. */
export interface TableFile {
  file: string;
  headerLine: number;
  rows?: number;
  sheet?: string;
}

/** What an operator's part of `radar export --sql` is built with (exportSql.ts). */
export interface SqlScript {
  /** The call's comment line: `-- #3 Scan`. */
  head: string;
  /** A `CREATE OR REPLACE` of `name`, dropping what the name was before when that was another kind. */
  create: (name: string, kind: "VIEW" | "TABLE", body: string) => string;
  /** A statement that stops the script: DuckDB alone cannot re-read `source` as RADAR did. */
  notReplayable: (source: string) => string;
  sqlString: (value: string) => string;
  sqlIdent: (name: string) => string;
  oneLine: (text: string) => string;
}

/**
 * What an operator's recorded calls mean to the readers of a trace — the audit, `radar verify`,
 * `radar export --sql`, the editor's lineage and staleness —, typed by its observation `O`. The
 * observation comes back from a trace file, so each function reads it defensively. An operator
 * without one of these has nothing of that kind: it reads no file, its table derives from nothing.
 */
export interface RecordedCallFacts<O> {
  /** `radar verify` re-runs a successful call with these arguments (Bash: one whose output became a table). */
  replayed?: (args: CallArgs) => boolean;
  /** The lake files a successful call read. */
  recordedFiles?: (observation: O) => FileRead[];
  /** Where the table a call registered comes from: lake files (undefined: none told) or its input tables. */
  tableFrom?: { files: (observation: O) => TableFile[] | undefined } | "inputs";
  /** The line of the header in the file a call read (the Problems panel points there). */
  headerLine?: (observation: O) => unknown;
  /** Its statements in `radar export --sql`; undefined: it registered nothing to re-create. */
  sqlExport?: (args: CallArgs, observation: O, script: SqlScript) => string[] | undefined;
}
