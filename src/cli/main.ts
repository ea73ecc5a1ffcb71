import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import type { DiscoverHit } from "../core/discover/discoverIndex.ts";
import { Runtime } from "../core/runtime.ts";
import type { OperatorCall } from "../core/runtime.ts";
import type { MapProgress } from "../core/sourceMap/buildSourceMap.ts";
import { askCommand } from "./askCommand.ts";
import { exportCommand } from "./exportCommand.ts";
import { mcpCommand } from "./mcpCommand.ts";
import { formatCall, formatDiagnostic } from "./formatCall.ts";

const USAGE = `radar — an auditable runtime for data questions over a folder of files

Usage:
  radar map [--lake DIR] [--json]
  radar discover QUERY [--lake DIR] [--exclude PATTERN]... [--limit N] [--json]
  radar batch FILE [--lake DIR] [--json]
  radar ask QUESTION [--lake DIR] [--model NAME] [--base-url URL] [--max-steps N] [--json]
  radar export RUN --sql [--lake DIR] [--out FILE]
  radar mcp [--lake DIR]                  (serves the operators as MCP tools over stdio)

--lake defaults to the current directory. ask takes the API key from OPENAI_API_KEY; --base-url
points it at any OpenAI-compatible endpoint. RUN is a run id or a trace file.
Exit status: 0 ok, 1 a call was rejected or failed (or ask found no accepted answer), 2 usage error.`;

class UsageError extends Error {}

function positiveInteger(text: string, flag: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`${flag} needs a whole number of 1 or more, not "${text}"`);
  return n;
}

function progressPrinter(): (p: MapProgress) => void {
  let last = 0;
  return (p) => {
    const now = Date.now();
    if (!process.stderr.isTTY && p.filesDone !== p.filesTotal && now - last < 2000) return;
    if (now - last < 200 && p.filesDone !== p.filesTotal) return;
    last = now;
    const mb = (n: number): string => (n / 1e6).toFixed(1);
    const text = `mapping ${p.filesDone}/${p.filesTotal} files, ${mb(p.bytesDone)}/${mb(p.bytesTotal)} MB`;
    process.stderr.write(
      process.stderr.isTTY ? `\r${text}${p.filesDone === p.filesTotal ? "\n" : ""}` : `${text}\n`,
    );
  };
}

async function openRuntime(lake: string | undefined, showProgress: boolean): Promise<Runtime> {
  return Runtime.open(resolve(lake ?? "."), showProgress ? { onMapProgress: progressPrinter() } : {});
}

async function mapCommand(lake: string | undefined, json: boolean): Promise<number> {
  const runtime = await openRuntime(lake, true);
  try {
    // Fingerprints and head words are the map's own index data, not what a reader wants to see.
    const files = runtime.map.files.map(({ profileMs: _ms, fingerprint: _fp, headTerms: _words, ...f }) => f);
    if (json) {
      process.stdout.write(`${JSON.stringify({ root: runtime.map.root, files })}\n`);
      return 0;
    }
    for (const f of files) {
      const tables = f.tables ?? [];
      const what = f.error
        ? `ERROR ${f.error}`
        : tables.length
          ? tables
              .map(
                (t) =>
                  `${t.sheet ? `[${t.sheet}] ` : ""}${t.rowCount} rows × ${t.columns.length} cols (header line ${t.headerLine}): ${t.columns.map((c) => `${c.name} ${c.type}`).join(", ")}`,
              )
              .join("\n      ")
          : `${(f.firstLines ?? []).length} lines of text`;
      const copies = (f.relations ?? [])
        .filter((r) => r.kind !== "has-prefix")
        .map((r) => `\n      ${r.kind === "identical" ? "same bytes as" : "truncated copy of"} ${r.path}`)
        .join("");
      process.stdout.write(
        `${f.path}  [${f.format}${f.encoding && f.encoding !== "utf-8" ? `, ${f.encoding}` : ""}, ${f.bytes} B]\n      ${what}${copies}\n`,
      );
    }
    const errors = files.filter((f) => f.error).length;
    process.stdout.write(
      `\n${files.length} files, ${errors} unreadable; ${runtime.mapStats.fromCache} from cache.\n`,
    );
    return 0;
  } finally {
    runtime.close();
  }
}

async function discoverCommand(
  query: string,
  lake: string | undefined,
  exclude: string[],
  limit: number | undefined,
  json: boolean,
): Promise<number> {
  const runtime = await openRuntime(lake, true);
  try {
    const result = await runtime.call({
      op: "Discover",
      query,
      excluded: exclude,
      ...(limit === undefined ? {} : { limit }),
    });
    if (result.status !== "ok") {
      process.stderr.write(`radar discover: ${result.error ?? result.status}\n`);
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

async function batchCommand(file: string, lake: string | undefined, json: boolean): Promise<number> {
  let calls: OperatorCall[];
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as unknown;
    if (
      !Array.isArray(parsed) ||
      parsed.some(
        (c) => typeof c !== "object" || c === null || typeof (c as { op?: unknown }).op !== "string",
      )
    )
      throw new Error('expected a JSON array of calls like [{"op":"Scan","file":"data.csv"}]');
    calls = parsed as OperatorCall[];
  } catch (error) {
    throw new UsageError(`cannot read batch file ${file}: ${(error as Error).message}`);
  }
  const runtime = await openRuntime(lake, true);
  try {
    if (!json) runtime.onEvent((e) => e.type === "call" && process.stdout.write(`${formatCall(e)}\n\n`));
    const results = await runtime.runBatch(calls);
    const ok = results.every((r) => r.status === "ok");
    const final = await runtime.finalChecks();
    runtime.end(ok ? "ok" : "failed", final);
    if (json) {
      process.stdout.write(
        `${JSON.stringify({
          results: results.map((r) => ({
            index: r.index,
            op: r.op,
            status: r.status,
            observation: r.observation ?? null,
            diagnostics: r.diagnostics,
            ...(r.error ? { error: r.error } : {}),
          })),
          final,
          trace: runtime.trace.path,
        })}\n`,
      );
    } else {
      for (const d of final) process.stdout.write(`run: ${formatDiagnostic(d)}\n`);
      const counts = results.reduce<Record<string, number>>(
        (acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }),
        {},
      );
      process.stdout.write(
        `${results.length} calls: ${Object.entries(counts)
          .map(([k, v]) => `${v} ${k}`)
          .join(", ")}\ntrace: ${runtime.trace.path}\n`,
      );
    }
    return ok ? 0 : 1;
  } finally {
    runtime.close();
  }
}

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      lake: { type: "string" },
      json: { type: "boolean", default: false },
      exclude: { type: "string", multiple: true },
      limit: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
      model: { type: "string" },
      "base-url": { type: "string" },
      "max-steps": { type: "string" },
      sql: { type: "boolean", default: false },
      out: { type: "string" },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  switch (command) {
    case "map":
      return mapCommand(values.lake, values.json);
    case "discover":
      if (rest.length === 0) throw new UsageError("radar discover needs a QUERY");
      return discoverCommand(
        rest.join(" "),
        values.lake,
        values.exclude ?? [],
        values.limit === undefined ? undefined : positiveInteger(values.limit, "--limit"),
        values.json,
      );
    case "batch":
      if (rest.length !== 1)
        throw new UsageError("radar batch needs exactly one FILE (a JSON array of operator calls)");
      return batchCommand(rest[0]!, values.lake, values.json);
    case "ask": {
      if (rest.length === 0) throw new UsageError("radar ask needs a QUESTION");
      const maxSteps = values["max-steps"] === undefined ? undefined : Number(values["max-steps"]);
      if (maxSteps !== undefined && !(Number.isInteger(maxSteps) && maxSteps > 0))
        throw new UsageError("--max-steps takes a positive whole number");
      return askCommand({
        question: rest.join(" "),
        json: values.json,
        ...(values.lake ? { lake: values.lake } : {}),
        ...(values.model ? { model: values.model } : {}),
        ...(values["base-url"] ? { baseUrl: values["base-url"] } : {}),
        ...(maxSteps ? { maxSteps } : {}),
      });
    }
    case "mcp":
      return mcpCommand(values.lake);
    case "export":
      if (rest.length !== 1)
        throw new UsageError("radar export needs exactly one RUN (a run id or a trace file)");
      if (!values.sql) throw new UsageError("radar export needs --sql (the only export format so far)");
      return exportCommand(rest[0]!, values.lake, values.out);
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const usage =
      error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
    process.stderr.write(`radar: ${(error as Error).message}\n${usage ? `\n${USAGE}\n` : ""}`);
    process.exitCode = usage ? 2 : 1;
  },
);
