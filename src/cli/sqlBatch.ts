import type { OperatorCall } from "../core/runtime.ts";
import { splitSql, SqlTextError } from "./sqlText.ts";

// A `.sql` batch: each statement is one Query; comment lines before it name its output and inputs
// (`-- as: by_year`, `-- inputs: a, b`), and other operators are written as comment directives:
//
//   -- scan: data/gdp.csv as gdp             (a path with spaces or " as " in quotes: "my file.csv")
//   -- union-scan: water/tests_*.csv as wbt  (several patterns separated by commas)
//   -- probe: wbt result, "(see note) x"
//   -- bash: head -n 3 data/gdp.csv         (after `-- as: NAME`: its output becomes table NAME)
//   -- discover: water quality tests
//   -- option: preview_rows=30               (any argument of the next call, JSON value or text)
//   -- call: {"op":"Scan","file":"a.csv"}    (any call as JSON)
//
// Other comments are comments. A Query without `-- inputs:` reads the tables its SQL names (see
// inferInputs in batchFile.ts).

export class BatchFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    message: string,
  ) {
    super(`${file}:${line}: ${message}`);
  }
}

/** A call of a `.sql` batch and the line it was written on. */
export interface SqlBatchCall {
  call: OperatorCall;
  line: number;
  /** A Query whose inputs are to be found from its SQL (no `-- inputs:` line). */
  inferInputs?: boolean;
}

const DIRECTIVE = /^([a-z][a-z-]*)\s*:\s?(.*)$/i;
const KNOWN = new Set(["as", "inputs", "scan", "union-scan", "probe", "bash", "discover", "option", "call"]);
const AS_NAME = /\s+as\s+([A-Za-z_][A-Za-z0-9_]*)\s*$/i;

/** Splits at commas outside quotes and braces (a glob's `{2019,2020}` stays whole); unquotes items. */
export function listItems(text: string): string[] {
  const items: string[] = [];
  let current = "";
  let quote: string | undefined;
  let depth = 0;
  for (const c of text) {
    if (quote) {
      current += c;
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") {
      quote = c;
      current += c;
    } else if (c === "{") {
      depth += 1;
      current += c;
    } else if (c === "}") {
      depth -= 1;
      current += c;
    } else if (c === "," && depth === 0) {
      items.push(current);
      current = "";
    } else current += c;
  }
  items.push(current);
  return items.map((s) => unquote(s.trim())).filter((s) => s !== "");
}

function unquote(s: string): string {
  const q = s[0];
  if ((q === '"' || q === "'") && s.length >= 2 && s.endsWith(q)) return s.slice(1, -1).replaceAll(q + q, q);
  return s;
}

/** `PATH as NAME` → path and name; a quoted path may hold anything. */
function pathAndName(text: string): { path: string; name?: string } {
  const m = AS_NAME.exec(text);
  const path = m ? text.slice(0, m.index) : text;
  return { path: path.trim(), ...(m ? { name: m[1]! } : {}) };
}

/**
 * `k=v`: the value as JSON when it reads as JSON (numbers, true, lists), else as text. Only spaces
 * around it are trimmed — a tab typed as the value (`reader.delimiter=<Tab>`) is the value — and
 * `\t` written in a shell, where no tab can be typed, is a tab (held-out GL-09).
 */
export function optionValue(text: string): [string, unknown] | undefined {
  const eq = text.indexOf("=");
  if (eq <= 0) return undefined;
  const key = text.slice(0, eq).trim();
  const raw = text.slice(eq + 1).replace(/^ +| +$/g, "");
  try {
    return [key, JSON.parse(raw)];
  } catch {
    const value = unquote(raw);
    return [key, value === "\\t" ? "\t" : value];
  }
}

/** The calls of a `.sql` batch, in file order, each with its line. */
export function parseSqlBatch(text: string, file: string): SqlBatchCall[] {
  let pieces;
  try {
    pieces = splitSql(text);
  } catch (error) {
    if (error instanceof SqlTextError) throw new BatchFileError(file, error.line, error.message);
    throw error;
  }
  const out: SqlBatchCall[] = [];
  let options: Record<string, unknown> = {};
  let optionsLine: number | undefined;
  let as: { name: string; line: number } | undefined;
  let inputs: { names: string[]; line: number } | undefined;
  const statements = pieces.filter((p) => p.kind === "statement");
  const push = (call: OperatorCall, line: number, inferInputs = false): void => {
    out.push({ call: { ...call, ...options }, line, ...(inferInputs ? { inferInputs } : {}) });
    options = {};
    optionsLine = undefined;
  };
  for (const piece of pieces) {
    const fail = (message: string): never => {
      throw new BatchFileError(file, piece.line, message);
    };
    if (piece.kind === "statement") {
      if (!as) fail("this statement has no output name: write `-- as: NAME` on a line before it");
      push(
        { op: "Query", sql: piece.text, output: as!.name, ...(inputs ? { inputs: inputs.names } : {}) },
        piece.line,
        !inputs,
      );
      as = undefined;
      inputs = undefined;
      continue;
    }
    const m = DIRECTIVE.exec(piece.text);
    const word = m?.[1]!.toLowerCase();
    if (!m || !KNOWN.has(word!)) continue; // a comment
    if (statements.some((s) => s.line < piece.line && piece.line <= s.endLine))
      fail(`\`-- ${word}:\` is inside a statement: end the statement with ";" before it`);
    const value = m[2]!.trim();
    if (value === "" && word !== "discover") fail(`\`-- ${word}:\` needs a value`);
    switch (word) {
      case "as":
        if (as) fail(`a second \`-- as:\` before a statement (the first is on line ${as.line})`);
        as = { name: unquote(value), line: piece.line };
        break;
      case "inputs":
        inputs = { names: listItems(value), line: piece.line };
        break;
      case "option": {
        const kv = optionValue(value);
        if (!kv) fail(`\`-- option:\` takes NAME=VALUE, e.g. \`-- option: preview_rows=30\`, not "${value}"`);
        options[kv![0]] = kv![1];
        optionsLine ??= piece.line;
        break;
      }
      case "scan": {
        const { path, name } = pathAndName(value);
        push({ op: "Scan", file: unquote(path), ...(name ? { output: name } : {}) }, piece.line);
        break;
      }
      case "union-scan": {
        const { path, name } = pathAndName(value);
        if (!name) fail("`-- union-scan:` needs `as NAME` after its patterns");
        push(
          { op: "UnionScan", files: listItems(path), source_column: "source_file", output: name! },
          piece.line,
        );
        break;
      }
      case "probe": {
        const table = /^("(?:[^"]|"")*"|\S+)\s*(.*)$/.exec(value)!;
        push({ op: "Probe", table: unquote(table[1]!), columns: listItems(table[2]!) }, piece.line);
        break;
      }
      case "bash":
        // `-- as: NAME` before it registers its output as a table.
        push({ op: "Bash", command: value, ...(as ? { output: as.name } : {}) }, piece.line);
        as = undefined;
        break;
      case "discover":
        push({ op: "Discover", query: value }, piece.line);
        break;
      case "call": {
        let call: unknown;
        try {
          call = JSON.parse(value);
        } catch (error) {
          fail(`\`-- call:\` takes one call as JSON: ${(error as Error).message}`);
        }
        if (typeof call !== "object" || call === null || typeof (call as { op?: unknown }).op !== "string")
          fail('`-- call:` takes one call as JSON with an "op", e.g. {"op":"Scan","file":"a.csv"}');
        push(call as OperatorCall, piece.line);
        break;
      }
    }
  }
  const dangling = as?.line ?? inputs?.line ?? optionsLine;
  if (dangling !== undefined)
    throw new BatchFileError(file, dangling, "this directive is followed by no statement or call");
  return out;
}
