// First: starts DuckDB while the other modules load.
import { endQuietlyOnClosedStdout } from "./closedStdout.ts";
import "./openAhead.ts";
import { parseArgs } from "node:util";
import { MEMORY_LIMIT_ENV, parseMemorySize } from "../core/engine/memoryBudget.ts";
import type { DiscoverHit } from "../core/discover/discoverIndex.ts";
import { discoverArgs } from "../core/operators/discover/discover.ts";
import { SessionError } from "../core/state/sessionStore.ts";
import { StateDirError } from "../core/radarDir.ts";
import { startupMark } from "../core/startupProfile.ts";
import { batchCommand } from "./batchCommand.ts";
import { oneCall, oneCallCommand } from "./callCommands.ts";
import { openRuntime, UsageError } from "./cliRuntime.ts";
import type { LakeOptions } from "./cliRuntime.ts";
import { exportCommand } from "./exportCommand.ts";
import { verifyCommand } from "./verifyCommand.ts";
import { sessionCommand } from "./sessionCommand.ts";
import { showCommand } from "./showCommand.ts";
import { mapText } from "./mapPrinter.ts";
import { MAX_PREVIEW_ROWS } from "../core/operators/previewRows.ts";

const USAGE = `radar — an auditable runtime for data questions over a folder of files

Usage:
  radar map [--json]
  radar discover QUERY [--exclude PATTERN]... [--limit N] [--json]
  radar batch FILE [--session NAME] [--json | --quiet] [--json-out F] [--format json|yaml|sql]
                                       (FILE: .json, .yaml/.yml or .sql; "-": standard input)
  radar scan FILE [--as NAME] [--option K=V]...     (a workbook's sheet: --option sheet=NAME)
        (how to read it: --option reader.delimiter=^ --option reader.quote=~ --option reader.header=0;
         also reader.skip, .comment, .whitespace=true, .widths=[4,3], .missing=["NA","-"], .names=[…])
  radar union-scan GLOB... [--as NAME] [--option source_column=C]...
  radar probe TABLE [COLUMN...]
  radar query "SQL" | - | --sql-file F [--as NAME] [--inputs T,...] [--replace]
  radar bash "COMMAND" [--offset K] [--rows N]
  radar bash "COMMAND" --as NAME [--columns lines|csv|tsv|whitespace] [--header] [--replace]
        (each: --session NAME, --json | --quiet, --json-out FILE, --rows N, --offset K)
  radar show TABLE --session NAME [--rows N] [--offset K] [--csv | --json]
  radar session list [--json]
  radar session end NAME
  radar ask QUESTION [--session NAME] [--model NAME] [--base-url URL] [--max-steps N] [--json]
  radar export RUN --sql | --html | --md [--out FILE]   (the run's SQL, or its audit)
  radar verify RUN|AUDIT [--json]      (re-run it on the lake as it is now; exit 1 if anything moved)
  radar mcp [--session NAME]           (serves the operators as MCP tools over stdio)

Batch files: a list of calls, each an operator (Discover, Bash, Scan, UnionScan, Probe, Query) and
its arguments as the MCP tools take them (the one-call commands' flags map to these: --as → output,
--inputs → inputs, --option K=V → K, a dotted K nested: "reader.delimiter": "|" is
"reader": {"delimiter": "|"}), e.g. in JSON (YAML the same):
  [{"op": "Scan", "file": "data/sales.csv", "output": "sales", "sheet": "2024"},
   {"op": "Query", "sql": "SELECT region, sum(amount) FROM sales GROUP BY 1", "inputs": ["sales"],
    "output": "by_region"}]
(a Query with no "inputs" reads the tables its SQL names, and one with no "output" is named q1, q2, …,
as radar query does),
or a .sql file: each statement a Query, with "-- as: NAME", "-- inputs: a, b", and the other
operators as comments ("-- scan: data/sales.csv as sales", "-- bash: head -3 data/x.txt").

Every command takes --lake DIR (default: $RADAR_LAKE, else the current directory), --state-dir DIR
(default: $RADAR_STATE_DIR) and --session NAME (default: $RADAR_SESSION).

Memory: --memory-limit SIZE (1GB, 512MB, 2GiB) bounds what the command's DuckDB holds, spilling to
the state folder beyond it; default $RADAR_MEMORY_LIMIT, else 1GB. A file that cannot be read
within it is reported in its map entry, the rest of the lake is mapped.

Sessions: a batch, question or MCP connection with --session NAME keeps its tables (in a DuckDB
file), what it has seen and its runs; the next one with the same NAME goes on with them. Without
--session, each is a one-off. A session is used by one process at a time.

State: RADAR writes nothing into the lake. Its Source Map cache, sessions and traces go to a
folder per lake under $RADAR_STATE_DIR, else $XDG_CACHE_HOME/radar, else ~/.cache/radar; or
--state-dir DIR (inside the lake only as a .radar folder, e.g. --state-dir DATA/.radar).

ask takes the API key from OPENAI_API_KEY; --base-url points it at any OpenAI-compatible endpoint.
RUN is a run id or a trace file. Progress goes to stderr, and only on a terminal.
Exit status: 0 ok, 1 a call was rejected or failed (or ask found no accepted answer, or the
session is in use, or verify found a table changed or not re-runnable), 2 usage error.`;

function count(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${flag} takes a whole number ≥ 0, not "${value}"`);
  return n;
}

async function mapCommand(options: LakeOptions, json: boolean): Promise<number> {
  const runtime = await openRuntime(options);
  try {
    // Fingerprints and head words are the map's own index data, not what a reader wants to see.
    const files = runtime.map.files.map(({ profileMs: _ms, fingerprint: _fp, headTerms: _words, ...f }) => f);
    if (json) {
      process.stdout.write(
        `${JSON.stringify({ root: runtime.map.root, stateDir: runtime.stateDir, files })}\n`,
      );
      return 0;
    }
    process.stdout.write(mapText(files));
    const errors = files.filter((f) => f.error).length;
    const folders = files.filter((f) => f.folder).length;
    process.stdout.write(
      `\n${files.length - folders} files, ${errors} unreadable${folders ? `, ${folders} empty folder${folders === 1 ? "" : "s"}` : ""}; ${runtime.mapStats.fromCache} from cache. State: ${runtime.stateDir}\n`,
    );
    return 0;
  } finally {
    runtime.close();
  }
}

async function discoverCommand(
  query: string,
  options: LakeOptions,
  exclude: string[],
  limit: number | undefined,
  json: boolean,
): Promise<number> {
  // Discover's own schema says whether it takes a limit; the flag passes it through unchanged.
  if (limit !== undefined && !("limit" in discoverArgs.shape))
    throw new UsageError("--limit: this version's Discover takes no limit");
  const runtime = await openRuntime(options);
  try {
    const result = await runtime.call({
      op: "Discover",
      query,
      excluded: exclude,
      ...(limit === undefined ? {} : { limit }),
    });
    if (result.status !== "ok") {
      process.stderr.write(
        `radar discover: ${result.diagnostics.map((d) => d.message).join("\n") || result.error || result.status}\n`,
      );
      return 1;
    }
    const hits = (result.observation as { hits: DiscoverHit[] } | undefined)?.hits ?? [];
    if (json) {
      process.stdout.write(
        `${JSON.stringify({ paths: hits.map(({ path, score, reasons, kind, files, family, error, copies }) => ({ path, score, reasons, ...(kind ? { kind } : {}), ...(files ? { files } : {}), ...(family ? { family } : {}), ...(error ? { error } : {}), ...(copies ? { copies } : {}) })) })}\n`,
      );
    } else {
      hits.forEach((h, i) =>
        process.stdout.write(
          `${String(i + 1).padStart(2)}. ${h.path}  (${h.score.toFixed(2)})${h.files ? `  [${h.files} files]` : ""}\n     ${h.reasons.join("; ")}\n${h.family?.selected?.glob ? `     use: ${h.family.selected.glob}\n` : ""}`,
        ),
      );
    }
    return 0;
  } finally {
    runtime.close();
  }
}

export async function main(argv: string[]): Promise<number> {
  startupMark("modules loaded");
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      lake: { type: "string" },
      "state-dir": { type: "string" },
      session: { type: "string" },
      json: { type: "boolean", default: false },
      csv: { type: "boolean", default: false },
      quiet: { type: "boolean", short: "q", default: false },
      rows: { type: "string" },
      offset: { type: "string" },
      limit: { type: "string" },
      exclude: { type: "string", multiple: true },
      help: { type: "boolean", short: "h", default: false },
      model: { type: "string" },
      "base-url": { type: "string" },
      "max-steps": { type: "string" },
      sql: { type: "boolean", default: false },
      html: { type: "boolean", default: false },
      md: { type: "boolean", default: false },
      out: { type: "string" },
      "memory-limit": { type: "string" },
      as: { type: "string" },
      inputs: { type: "string", multiple: true },
      "sql-file": { type: "string" },
      option: { type: "string", multiple: true },
      replace: { type: "boolean", default: false },
      "json-out": { type: "string" },
      format: { type: "string" },
      columns: { type: "string" },
      header: { type: "boolean", default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (values["memory-limit"] !== undefined) {
    // Through the variable, so every runtime this command opens (and the message of a file over
    // the budget) sees the same budget.
    try {
      parseMemorySize(values["memory-limit"], "--memory-limit");
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    process.env[MEMORY_LIMIT_ENV] = values["memory-limit"];
  }
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  // The environment fills in what the command line leaves out, so a shell sets the lake once.
  const lakeDir = values.lake ?? (process.env.RADAR_LAKE || undefined);
  const session = values.session ?? (process.env.RADAR_SESSION || undefined);
  const lake: LakeOptions = {
    ...(lakeDir !== undefined ? { lake: lakeDir } : {}),
    ...(values["state-dir"] !== undefined ? { stateDir: values["state-dir"] } : {}),
    ...(session !== undefined ? { session } : {}),
    quiet: values.quiet,
  };
  if (values.json && values.quiet) throw new UsageError("--json and --quiet do not go together");
  const jsonOut = values["json-out"] !== undefined ? { jsonOut: values["json-out"] } : {};
  const asked = count(values.rows, "--rows");
  // A table's preview shows at most MAX_PREVIEW_ROWS rows: more is asked of `radar show`, not refused.
  const pagesTable = command !== "bash" || values.as !== undefined;
  const rows =
    asked !== undefined && asked > MAX_PREVIEW_ROWS && pagesTable && command !== "show"
      ? MAX_PREVIEW_ROWS
      : asked;
  if (rows !== asked)
    process.stderr.write(
      `--rows ${asked}: a preview shows at most ${MAX_PREVIEW_ROWS} rows; radar show TABLE --session NAME (--csv) gives every row.\n`,
    );
  const offset = count(values.offset, "--offset");
  // Bash's --rows/--offset page its output lines here; the calls that make a table (Bash --as
  // too) take them as arguments and page the table's rows.
  const pagesLines = command === "bash" && values.as === undefined;
  const call = oneCall(command, rest, {
    ...(values.as !== undefined ? { as: values.as } : {}),
    ...(values.inputs !== undefined ? { inputs: values.inputs } : {}),
    ...(values["sql-file"] !== undefined ? { sqlFile: values["sql-file"] } : {}),
    ...(values.option !== undefined ? { option: values.option } : {}),
    ...(values.columns !== undefined ? { columns: values.columns } : {}),
    header: values.header,
    replace: values.replace,
    ...(!pagesLines && rows !== undefined ? { rows } : {}),
    // Paging Bash's lines (--offset or --rows) reads the whole output, not the first 64 KiB.
    ...(offset !== undefined || (pagesLines && rows !== undefined) ? { offset: offset ?? 0 } : {}),
  });
  if (call)
    return oneCallCommand(call, {
      ...lake,
      json: values.json,
      ...jsonOut,
      ...(pagesLines
        ? { page: { offset: offset ?? 0, ...(rows !== undefined ? { lines: rows } : {}) } }
        : {}),
    });
  switch (command) {
    case "map":
      return mapCommand(lake, values.json);
    case "discover":
      if (rest.length === 0) throw new UsageError("radar discover needs a QUERY");
      return discoverCommand(
        rest.join(" "),
        lake,
        values.exclude ?? [],
        count(values.limit, "--limit"),
        values.json,
      );
    case "batch":
      if (rest.length !== 1)
        throw new UsageError("radar batch needs exactly one FILE (JSON, YAML or .sql operator calls)");
      return batchCommand(rest[0]!, {
        ...lake,
        json: values.json,
        ...jsonOut,
        ...(rows !== undefined ? { rows } : {}),
        ...(values.format !== undefined ? { format: values.format } : {}),
      });
    case "show": {
      if (rest.length !== 1) throw new UsageError("radar show needs exactly one TABLE");
      if (values.csv && values.json) throw new UsageError("--csv or --json, not both");
      return showCommand(rest[0]!, {
        ...lake,
        format: values.csv ? "csv" : values.json ? "json" : "text",
        ...(rows !== undefined ? { rows } : {}),
        // Paging Bash's lines (--offset or --rows) reads the whole output, not the first 64 KiB.
        ...(offset !== undefined || (pagesLines && rows !== undefined) ? { offset: offset ?? 0 } : {}),
      });
    }
    case "session":
      return sessionCommand(rest, { ...lake, json: values.json });
    case "sessions":
      return sessionCommand(["list"], { ...lake, json: values.json });
    case "ask": {
      if (rest.length === 0) throw new UsageError("radar ask needs a QUESTION");
      const maxSteps = values["max-steps"] === undefined ? undefined : Number(values["max-steps"]);
      if (maxSteps !== undefined && !(Number.isInteger(maxSteps) && maxSteps > 0))
        throw new UsageError("--max-steps takes a positive whole number");
      // Loaded only for `ask`: the model client is large, and other commands start faster without it.
      const { askCommand } = await import("./askCommand.ts");
      return askCommand({
        question: rest.join(" "),
        json: values.json,
        ...lake,
        ...(values.model ? { model: values.model } : {}),
        ...(values["base-url"] ? { baseUrl: values["base-url"] } : {}),
        ...(maxSteps ? { maxSteps } : {}),
      });
    }
    case "mcp": {
      const { mcpCommand } = await import("./mcpCommand.ts");
      return mcpCommand(lake);
    }
    case "export": {
      if (rest.length !== 1)
        throw new UsageError("radar export needs exactly one RUN (a run id or a trace file)");
      const formats = (["sql", "html", "md"] as const).filter((f) => values[f]);
      if (formats.length !== 1)
        throw new UsageError("radar export needs one of --sql (the run's SQL), --html or --md (its audit)");
      return exportCommand(rest[0]!, lake, formats[0]!, values.out);
    }
    case "verify":
      if (rest.length !== 1)
        throw new UsageError(
          "radar verify needs exactly one RUN (a run id or a trace file) or AUDIT (an HTML audit)",
        );
      return verifyCommand(rest[0]!, lake, values.json);
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

endQuietlyOnClosedStdout();
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const usage =
      error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
    const e = error as NodeJS.ErrnoException;
    const message =
      e.code === "ENOENT" && e.path
        ? `no such file or folder: ${e.path}`
        : e.code === "EACCES" && e.path
          ? `permission denied: ${e.path}${error instanceof SessionError || error instanceof StateDirError ? "" : " (choose another state folder with --state-dir or RADAR_STATE_DIR if it is RADAR's)"}`
          : (e.message ?? String(error));
    process.stderr.write(`radar: ${message}\n${usage ? `\n${USAGE}\n` : ""}`);
    process.exitCode = usage ? 2 : 1;
  },
);
