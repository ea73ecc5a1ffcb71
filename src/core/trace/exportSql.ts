import { sqlIdent, sqlString } from "../engine/duckEngine.ts";
import { factsOfCall } from "../operators/factsRegistry.ts";
import type { CallEvent, TraceEvent } from "./traceEvents.ts";
import { isKnownCall } from "./traceEvents.ts";
import { STATS_MACROS, STATS_MACRO_NAMES } from "../engine/statsMacros.ts";

/**
 * A SQL script that re-derives a run's tables with a plain DuckDB (the CLI, say): its successful
 * scans as views over `read_csv`/`read_json`/`read_parquet` with the exact options RADAR pinned
 * (absolute paths), its successful queries in order as tables, then the answer's evidence tables
 * (each operator's statements are its `sqlExport`).
 * Rejected, failed and skipped calls are left out, as they registered nothing. A sheet or HTML
 * table, which RADAR reads itself, makes the script stop with an error rather than differ silently.
 */
export function exportSql(events: TraceEvent[]): string {
  const start = events.find((e) => e.type === "run-start");
  const answer = [...events].reverse().find((e) => e.type === "agent-answer" && e.status === "accepted") as
    { answer?: unknown; evidence?: string[] } | undefined;
  const lines: string[] = [
    `-- RADAR run ${start?.runId ?? "(unknown)"}, exported ${new Date().toISOString()}`,
    ...(start ? [`-- lake: ${oneLine(start.lake)}`] : []),
    ...(start?.question ? [`-- question: ${oneLine(start.question)}`] : []),
    ...(answer
      ? [
          `-- answer: ${oneLine(JSON.stringify(answer.answer))}`,
          `-- evidence: ${(answer.evidence ?? []).join(", ")}`,
        ]
      : ["-- the run has no accepted answer"]),
    "-- Run with: duckdb < this-file.sql",
    "",
  ];
  /** What each name currently is, so a re-used name is dropped as the right kind first. */
  const kinds = new Map<string, "VIEW" | "TABLE">();
  const create = (name: string, kind: "VIEW" | "TABLE", body: string): string => {
    const previous = kinds.get(name.toLowerCase());
    kinds.set(name.toLowerCase(), kind);
    const drop = previous && previous !== kind ? `DROP ${previous} IF EXISTS ${sqlIdent(name)};\n` : "";
    return `${drop}CREATE OR REPLACE ${kind} ${sqlIdent(name)} AS\n${body};`;
  };
  const script = { create, notReplayable, sqlString, sqlIdent, oneLine };
  const calls = events.filter((e): e is CallEvent => e.type === "call").sort((a, b) => a.index - b.index);
  for (const call of calls) {
    if (call.status !== "ok") continue;
    const head = `-- #${call.index} ${call.op}`;
    // A successful call has an observation: an operator's statements are built from it.
    const own =
      isKnownCall(call) && call.observation !== undefined
        ? factsOfCall(call).sqlExport?.(call.args, call.observation, { ...script, head })
        : undefined;
    lines.push(...(own ?? [`${head} (reads only; not replayed)`]));
    lines.push("");
  }
  if (answer?.evidence?.length) {
    lines.push("-- The answer's evidence:");
    for (const table of answer.evidence) lines.push(`SELECT * FROM ${sqlIdent(table)};`);
  }
  return `${lines.join("\n")}\n`;
}

function notReplayable(source: string): string {
  return `SELECT error(${sqlString(`${source} was read by RADAR itself (Excel sheet or HTML table); DuckDB alone cannot re-read it the same way`)});`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ");
}

/**
 * The script of a chain of runs (oldest first), each run's SQL in turn. A query that calls RADAR's
 * statistical macros replays only with their definitions, so the script then starts with them.
 */
export function exportChainSql(chain: TraceEvent[][]): string {
  const body = chain.map((events) => exportSql(events)).join("\n");
  const uses = new RegExp(`\\b(${STATS_MACRO_NAMES.join("|")})\\s*\\(`, "i").test(body);
  return uses
    ? `-- RADAR's statistical macros (src/core/engine/statsMacros.ts), which the queries below call\n${STATS_MACROS.map((m) => `${m};\n`).join("")}\n${body}`
    : body;
}
