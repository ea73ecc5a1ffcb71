import { readFileSync } from "node:fs";
import { freeTableName } from "./freeTableName.ts";
import type { OperatorCall, Runtime } from "../core/runtime.ts";
import { tableNameFor } from "../core/operators/tableName.ts";
import { inferredInputs } from "./inferInputs.ts";
import { UsageError } from "./cliRuntime.ts";
import { runCalls } from "./runCalls.ts";
import type { CallSource, RunOptions } from "./runCalls.ts";
import { listItems, optionValue } from "./sqlBatch.ts";

/** What the one-call commands take beside their positional arguments. */
export interface CallFlags {
  as?: string;
  inputs?: string[];
  sqlFile?: string;
  /** `--option k=v`: any argument of the operator (JSON value or text), passed through unchecked here. */
  option?: string[];
  replace?: boolean;
  rows?: number;
  offset?: number;
  /** `radar bash --as NAME`: how each output line is split, and whether the first names the columns. */
  columns?: string;
  header?: boolean;
}

function options(flags: CallFlags): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const o of flags.option ?? []) {
    const kv = optionValue(o);
    if (!kv) throw new UsageError(`--option takes NAME=VALUE (e.g. --option sheet=Data), not "${o}"`);
    // `reader.delimiter=^` sets one field of an object argument (the reader options).
    const [name, ...path] = kv[0].split(".");
    if (path.length === 0) {
      out[kv[0]] = kv[1];
      continue;
    }
    let into = out;
    for (const key of [name!, ...path.slice(0, -1)]) {
      const inner = into[key];
      if (inner === undefined) into[key] = {};
      else if (typeof inner !== "object" || inner === null || Array.isArray(inner))
        throw new UsageError(`--option ${kv[0]}: ${key} is already given as a value, not an object`);
      into = into[key] as Record<string, unknown>;
    }
    into[path[path.length - 1]!] = kv[1];
  }
  return out;
}

/** The arguments every table-making operator shares, from the flags. */
function tableArgs(flags: CallFlags): Record<string, unknown> {
  return {
    ...(flags.as !== undefined ? { output: flags.as } : {}),
    ...(flags.replace ? { replace: true } : {}),
    ...(flags.rows !== undefined ? { preview_rows: flags.rows } : {}),
    ...(flags.offset !== undefined ? { offset: flags.offset } : {}),
  };
}

/** The first of q1, q2, … that names no table of the session. */
function freeName(runtime: Runtime): string {
  return freeTableName([...runtime.state.tables.values()].map((t) => t.name));
}

/** The SQL of `radar query`: the argument, `--sql-file FILE`, or standard input (`-`). */
function sqlOf(rest: string[], flags: CallFlags): string {
  if (flags.sqlFile !== undefined) {
    if (rest.length) throw new UsageError("radar query takes its SQL as an argument or --sql-file, not both");
    return readFileSync(flags.sqlFile === "-" ? 0 : flags.sqlFile, "utf8");
  }
  if (rest.length !== 1)
    throw new UsageError(
      'radar query needs one SQL argument ("SELECT …"), "-" for standard input, or --sql-file FILE',
    );
  return rest[0] === "-" ? readFileSync(0, "utf8") : rest[0]!;
}

/**
 * The one call a command line asks for (`radar scan FILE`, `union-scan GLOB…`, `probe TABLE
 * [COLUMN…]`, `query SQL`, `bash CMD`), or undefined when the command is none of them.
 */
export function oneCall(
  command: string,
  rest: string[],
  flags: CallFlags,
): ((runtime: Runtime) => OperatorCall) | undefined {
  const extra = options(flags);
  switch (command) {
    case "scan":
      if (rest.length !== 1) throw new UsageError("radar scan needs exactly one FILE");
      return () => ({ op: "Scan", file: rest[0]!, ...tableArgs(flags), ...extra });
    case "union-scan":
      if (rest.length === 0) throw new UsageError("radar union-scan needs one or more GLOB patterns");
      return () => ({
        op: "UnionScan",
        files: rest,
        source_column: "source_file",
        output: flags.as ?? tableNameFor(rest[0]!),
        ...tableArgs(flags),
        ...extra,
      });
    case "probe":
      if (rest.length === 0) throw new UsageError("radar probe needs a TABLE (then any COLUMNs)");
      return () => ({ op: "Probe", table: rest[0]!, columns: rest.slice(1), ...extra });
    case "query": {
      const sql = sqlOf(rest, flags);
      const inputs = flags.inputs?.flatMap(listItems);
      return (runtime) => ({
        op: "Query",
        sql,
        inputs:
          inputs ??
          inferredInputs(
            sql,
            [...runtime.state.tables.values()].map((t) => t.name),
          ),
        output: flags.as ?? freeName(runtime),
        ...tableArgs(flags),
        ...extra,
      });
    }
    case "bash":
      if (rest.length === 0) throw new UsageError('radar bash needs a COMMAND ("grep -n x file.csv")');
      if (flags.as === undefined && (flags.columns !== undefined || flags.header))
        throw new UsageError("--columns and --header shape the table of radar bash --as NAME");
      return () => ({
        op: "Bash",
        command: rest.join(" "),
        ...(flags.as !== undefined
          ? {
              ...tableArgs(flags),
              ...(flags.columns !== undefined ? { columns: flags.columns } : {}),
              ...(flags.header ? { header: true } : {}),
            }
          : // A page of the output lines: the sandbox reads past what one call shows.
            flags.offset !== undefined
            ? { offset: flags.offset }
            : {}),
        ...extra,
      });
    default:
      return undefined;
  }
}

/** Runs one call through the batch path: same checks, trace, readable output and JSON. */
export async function oneCallCommand(
  call: (runtime: Runtime) => OperatorCall,
  options: RunOptions,
): Promise<number> {
  return runCalls((runtime): CallSource => ({ calls: [call(runtime)] }), options);
}
