import type { SourceEntry, TableProfile, TextEncoding } from "../../src/core/sourceMap/sourceEntry.ts";

/**
 * One input of the corpus: a tiny lake (usually one file) that stands for an awkward but
 * real-world input, and what the Source Map must make of it. Adding a case = adding one entry to
 * a group file under `test/corpus/cases/` (and the group to `allCases.ts` if it is new).
 */
export interface CorpusCase {
  /** Short, unique, kebab-case: used on the command line (`--only`) and in the test names. */
  name: string;
  /** The real-world input this stands for, in a sentence. */
  about: string;
  /** Who answers for it (the area whose code decides it). */
  owner: "layout" | "formats" | "speed" | "sessions";
  /** Lake-relative path → content; a function is called when the lake is written (large inputs). */
  files: Record<string, FileBody>;
  /** Extra preparation after the files are written (permissions, symlinks, many files). */
  setup?: (lake: string) => void;
  /** What must hold for each named file. */
  expect: FileExpectation[];
  /** A whole-map check (counts of files, …): returns what is wrong, or undefined. */
  checkMap?: (files: SourceEntry[]) => string | undefined;
  /**
   * Map as an ordinary user: permissions mean nothing to root, so when the harness runs as root
   * the CLI runs as `nobody` (through `setpriv`) over a lake and state folder it may read.
   */
  unprivileged?: true;
  /** A reason the case cannot be run here; it is skipped. */
  skipIf?: () => string | undefined;
  /** Wall-clock limit for mapping this lake; past it the case counts as hung (default 60 s). */
  timeoutMs?: number;
  /**
   * Known to fail until an area's work lands (say whose and why). eval:corpus counts it like any
   * other case; the test reports it as a todo instead of a failure.
   */
  pending?: string;
}

export type FileBody = string | Buffer | (() => string | Buffer | Promise<string | Buffer>);

export interface FileExpectation {
  file: string;
  /** The file holds a table: what it must look like (only the fields given are checked). */
  table?: TableExpectation;
  /** The file holds no table: it must be reported, and the reason must match. */
  flag?: RegExp;
  /** The file is text (no table), kept with its first lines. */
  text?: true;
}

export interface TableExpectation {
  /** Which table of the file (its `sheet`); the first when absent. */
  sheet?: string;
  /** Every table of the file, by `sheet` name, in order. */
  sheets?: string[];
  rows?: number;
  headerLine?: number;
  /** Column names, or `name:TYPE` to check the type as well. */
  columns?: string[];
  encoding?: TextEncoding;
  titleLines?: string[];
  /** `footer.lines`, whole (`[]`: no footer). */
  footer?: string[];
  /** Anything else: returns what is wrong, or undefined. */
  check?: (table: TableProfile, entry: SourceEntry) => string | undefined;
}

/** How one case came out. `mapped` and an expected `flagged` are right; the rest are not. */
export type Outcome = "mapped" | "flagged" | "crashed" | "hung" | "wrong" | "skipped";

export interface CaseResult {
  name: string;
  owner: CorpusCase["owner"];
  outcome: Outcome;
  /** The outcome is what the case expects (a mapped table, or the flag it asks for). */
  right: boolean;
  /** What differed, per file. */
  problems: string[];
  ms: number;
  pending?: string;
}
