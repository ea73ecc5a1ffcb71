import { relative } from "node:path";
import type { Diagnostic, SourceLocation } from "./diagnostic.ts";
import { factsOf } from "./operators/factsRegistry.ts";
import { SqlError } from "./operators/sqlError.ts";
import { isOutOfMemory, OUT_OF_MEMORY_HINT } from "./engine/memoryBudget.ts";

/** A call that ran and failed, in words, with a diagnostic of a stable code. */
export interface Failure {
  /** One line for `CallEvent.error`. */
  error: string;
  diagnostic: Diagnostic;
  /** RADAR's own exception, when the failure is a defect of RADAR (kept in the trace only). */
  internal?: string;
}

/** Exceptions of JavaScript itself: a defect of RADAR, never a message for the user. */
const INTERNAL = new Set([
  "TypeError",
  "ReferenceError",
  "RangeError",
  "SyntaxError",
  "EvalError",
  "URIError",
]);

const FS_REASONS: Record<string, string> = {
  ENOENT: "the file is no longer there",
  EACCES: "permission denied (the file is not readable by this user)",
  EPERM: "the operation is not permitted",
  EISDIR: "it is a folder, not a file",
  EMFILE: "too many files are open",
  EIO: "the disk reported an input/output error",
};

/**
 * What a failure of `op` means for the user. Reading calls (Scan, UnionScan) fail with
 * `unreadable-source` naming the file and, where DuckDB says it, the line; SQL calls with
 * `query-failed` at the position in the agent's SQL; other calls with `call-failed`.
 */
export function describeFailure(op: string, error: unknown, lakeRoot: string, files: string[]): Failure {
  const err = error instanceof Error ? error : new Error(String(error));
  const failure = factsOf(op)?.failure ?? { code: "call-failed" };
  const code = failure.code;
  const internal =
    INTERNAL.has(err.name) || (err.constructor !== Error && INTERNAL.has(err.constructor.name));
  let reason: string;
  let line: number | undefined;
  let file = files.length === 1 ? files[0] : undefined;
  if (err instanceof SqlError) reason = err.message;
  else if (internal)
    reason = `RADAR failed with an internal error (${err.name}) — a defect of RADAR, not of the ${code === "unreadable-source" ? "file" : "call"}. The trace keeps the details; please report it`;
  else {
    const fsCode = (err as NodeJS.ErrnoException).code;
    reason =
      fsCode && FS_REASONS[fsCode]
        ? FS_REASONS[fsCode]
        : inWords(withoutLakePath(oneLine(err.message), lakeRoot));
    const named = namedFile(err.message, lakeRoot);
    if (named) file = named;
    line = lineOf(err.message);
    if (isOutOfMemory(err.message)) reason += `. ${OUT_OF_MEMORY_HINT}`;
  }
  const subject =
    code === "unreadable-source"
      ? file
        ? `${file} could not be read${line !== undefined ? ` (at line ${line})` : ""}: `
        : `${files.length} files could not be read: `
      : "";
  const message =
    code === "unreadable-source"
      ? `${subject}${reason}. Look at the file with Bash (head, grep) to see what is there; the other files are unaffected.`
      : code === "query-failed"
        ? `The ${failure.code === "query-failed" ? failure.what : "query"} failed: ${reason}.`
        : `The call failed: ${reason}.`;
  const locations: SourceLocation[] = file ? [{ file, line: line ?? 1 }] : [];
  return {
    error: `${subject}${reason}`,
    diagnostic: { code, severity: "error", message, locations },
    ...(internal ? { internal: `${err.name}: ${err.message}\n${err.stack ?? ""}`.slice(0, 4000) } : {}),
  };
}

/** The line a reader's error names (`CSV Error on Line: 30002`), not DuckDB's `LINE 1:` of the statement. */
export function lineOf(message: string): number | undefined {
  const found = /\b(?:Line|line):? (\d+)/.exec(message);
  return found ? Number(found[1]) : undefined;
}

/** DuckDB's reader errors, said in words first (its own text follows for the details). */
export function inWords(text: string): string {
  const columns = /Expected Number of Columns: (\d+) Found: (\d+)/.exec(text);
  const line = lineOf(text);
  if (columns)
    return `${line !== undefined ? `line ${line}` : "a line"} has ${columns[2]} fields where the table has ${columns[1]} columns (${text})`;
  if (/No magic bytes found/.test(text))
    return `it is not a readable Parquet file (no Parquet footer: damaged, cut short, or another format) (${text})`;
  const convert = /Could not convert string '([^']*)' to (\w+)/.exec(text);
  if (convert)
    return `the value "${convert[1]}"${line !== undefined ? ` on line ${line}` : ""} is not a ${convert[2]} like the rest of its column (${text})`;
  if (/Invalid unicode|not valid UTF-8|invalid UTF-8/i.test(text))
    return `it holds bytes that are not valid UTF-8 text (${text})`;
  if (/Malformed JSON|JSON.*(error|invalid)/i.test(text)) return `its JSON does not parse (${text})`;
  return text;
}

function oneLine(text: string): string {
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !/^(LINE \d+:|\^)/.test(l))
    .slice(0, 4)
    .join(" — ")
    .slice(0, 600)
    .replace(/[.\s]+$/, "");
}

function withoutLakePath(text: string, lakeRoot: string): string {
  return text.split(`${lakeRoot}/`).join("");
}

/** A lake file named by absolute path in a DuckDB message (`Error when sniffing file "/lake/x.csv"`). */
function namedFile(message: string, lakeRoot: string): string | undefined {
  const at = message.indexOf(`${lakeRoot}/`);
  if (at < 0) return undefined;
  const path = /^[^"'\n]+/.exec(message.slice(at))?.[0]?.replace(/[.:,)\s]+$/, "");
  return path ? relative(lakeRoot, path) : undefined;
}
