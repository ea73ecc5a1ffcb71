/** A finding of the runtime about an operator call, with evidence that points at source rows. */

export type Severity = "error" | "warning" | "info";

export interface SourceLocation {
  /** POSIX path relative to the lake. */
  file: string;
  /** 1-based line in the file (sheet row for Excel, row number for Parquet). */
  line: number;
  sheet?: string;
}

export interface Diagnostic {
  /** Stable kebab-case rule code, e.g. `unsafe-sql`. */
  code: string;
  severity: Severity;
  /** Evidence first, then what to do instead. */
  message: string;
  locations: SourceLocation[];
}

/** Thrown before execution: the call is rejected and nothing ran. */
export class Rejection extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message);
  }
}

export function reject(code: string, message: string, locations: SourceLocation[] = []): never {
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
