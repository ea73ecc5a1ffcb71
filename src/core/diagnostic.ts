import type { DiagnosticCode } from "./validation/diagnosticCode.ts";

/** A finding of the runtime about an operator call, with evidence that points at source rows. */

export type Severity = "error" | "warning" | "info";

export interface SourceLocation {
  /** POSIX path relative to the lake. */
  file: string;
  /** 1-based line in the file (sheet row for Excel, row number for Parquet). */
  line: number;
  sheet?: string;
  /**
   * Set when the row is a line of a Bash command's standard output, not of a lake file (a table
   * registered from its output): `line` is the output line, `file` is "stdout".
   */
  command?: string;
}

export interface Diagnostic {
  /** Stable kebab-case code, e.g. `unsafe-sql`: one of docs/diagnostics.md (src/core/validation/diagnosticCode.ts). */
  code: DiagnosticCode;
  severity: Severity;
  /** Evidence first, then what to do instead. */
  message: string;
  locations: SourceLocation[];
  /**
   * What acting on the finding changes in what the call returned, as the runtime measured it by
   * running the call again with the remedy (or why it could not be measured). Set by the
   * validation stage for warnings and errors of Query calls; a finding whose remedy changes
   * nothing the call returns is lowered to info.
   */
  effect?: DiagnosticEffect;
  /** The remedy a rule can state in SQL, which the validation stage runs to measure `effect`. */
  remedy?: Remedy;
  /**
   * Every value the finding concerns, when there are more than its message names (the 33 group
   * rows of a panel, of which the message shows three): by table and column, for hosts and agents
   * to act on without the message listing them.
   */
  evidence?: DiagnosticEvidence[];
}

/** The values of one column a finding concerns, as written there. */
export interface DiagnosticEvidence {
  table: string;
  column: string;
  values: string[];
}

export interface DiagnosticEffect {
  /** False when the effect was not measured (no remedy in SQL, the budget ran out, the re-run failed). */
  measured: boolean;
  /** Whether the remedy changes what the call returns; unset when not measured. */
  changed?: boolean;
  /** One line, e.g. "sum(Acres) 1,234,567 → 1,001,200 with the row 'Total' (line 55) left out". */
  text: string;
  /** The call's SQL with the remedy applied, to reproduce the "after" figure. */
  sql?: string;
}

/**
 * A remedy a rule can say in SQL: one input table of the call replaced by a SELECT over it (the
 * summary rows left out, the duplicate rows dropped, the spellings merged, the values parsed). The
 * call's SQL is run again with that table replaced, and the two results are compared. A remedy
 * that changes the query rather than a table (a join made LEFT to keep the rows it dropped) gives
 * the whole remedied statement instead (`scope: "statement"`).
 */
export interface Remedy {
  /** The input table the remedy replaces, as the call's SQL names it (for a statement: the table whose rows it keeps). */
  table: string;
  /** A SELECT over the table giving it as the remedy would have it (same column names); for a statement, the call's whole SQL remedied. */
  sql: string;
  /** What the remedy does, said after "with": "the row 'Total' (line 55) left out". */
  says: string;
  /** `statement`: `sql` is the call's whole statement as the remedy has it. Unset: a table's replacement. */
  scope?: "statement";
  /**
   * The remedy only keeps rows the finding is about and cannot supply what they lack (a join made
   * LEFT keeps the year a series misses, not its missing value): a result it leaves the same does
   * not show that the finding concerns rows no result uses, so it is not lowered to info.
   */
  partial?: true;
  /**
   * With `partial`: the dropped rows have no partner the other side could be missing — no key
   * spelled alike, no gap inside a series — so when keeping them changes no row the call returns
   * and adds only rows without partner values, they could not have contributed: the finding is
   * lowered to info (a ratio of both sides, a ranking by one, the other side's groups).
   */
  unpartnered?: true;
  /**
   * The remedy puts placeholder values where the finding's rows lack one, only to learn whether
   * those rows reach what the call returns: an unchanged result lowers the finding to info (they
   * feed no returned row); a changed one is no measured effect, since the real values are unknown.
   */
  reach?: true;
  /**
   * With `reach`: a second set of placeholder values (the highest reading of a value where `sql`
   * puts its lowest). The rows feed nothing the call returns only if neither set changes it.
   */
  reachAlso?: Remedy;
  /**
   * Positions (0-based) of the result's columns the finding is about (the column an aggregate
   * feeds): the effect is what the remedy changes in them, or in which rows the result holds.
   * Unset: any column. The other numeric columns of the call may read the same rows for another
   * purpose (a count of the fill rows beside a max) and change with the remedy on their own.
   */
  resultColumns?: number[];
  /**
   * A share of each returned number: when the remedy changes none of them by this much (relative
   * to the value) and keeps and drops no row, the change is within the result's own rounding and the
   * finding is lowered to info, as one that changes nothing.
   */
  negligibleChange?: number;
}

/** Thrown before execution: the call is rejected and nothing ran. */
export class Rejection extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message);
  }
}

export function reject(code: DiagnosticCode, message: string, locations: SourceLocation[] = []): never {
  throw new Rejection({ code, severity: "error", message, locations });
}

/** Closest names first (edit distance), for "did you mean" suggestions. */
export function nearest(target: string, candidates: Iterable<string>, limit = 3): string[] {
  const t = target.toLowerCase();
  return [...candidates]
    .map((c) => ({ c, d: distance(t, c.toLowerCase()) - (c.toLowerCase().includes(t) ? t.length : 0) }))
    .sort((a, b) => a.d - b.d || a.c.localeCompare(b.c))
    .slice(0, limit)
    .map((x) => x.c);
}

function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length]!;
}

/** The finding's message with its measured effect, as the text hosts show it (CLI, Problems, report, model). */
export function messageWithEffect(d: Diagnostic): string {
  return d.effect ? `${d.message} Effect: ${d.effect.text}.` : d.message;
}
