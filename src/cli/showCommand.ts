import { stdoutClosed } from "./closedStdout.ts";
import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import { Rejection } from "../core/diagnostic.ts";
import { stateDirFor } from "../core/radarDir.ts";
import { listSessions, readSession, SessionError } from "../core/state/sessionStore.ts";
import type { Runtime } from "../core/runtime.ts";
import { openRuntime, UsageError } from "./cliRuntime.ts";
import type { LakeOptions } from "./cliRuntime.ts";
import { cellText, tableLines } from "../core/presentation/cliText.ts";

export interface ShowOptions extends LakeOptions {
  rows?: number;
  offset?: number;
  format: "text" | "csv" | "json";
}

/** Rows a text page shows when --rows is not given (CSV and JSON give every row). */
const TEXT_ROWS = 20;

/**
 * `radar show TABLE --session NAME`: pages through a table of a session — text (a page at a
 * time), CSV or JSON (every row unless --rows), typed values, each row with its source line.
 * The whole table is never held in memory: rows are read and written 10,000 at a time.
 */
export async function showCommand(table: string, options: ShowOptions): Promise<number> {
  if (options.session === undefined)
    throw new UsageError("radar show needs --session NAME: tables persist only in named sessions");
  const stateDir = stateDirFor(realpathSync(resolve(options.lake ?? ".")), options.stateDir);
  if (!readSession(stateDir, options.session)) {
    const known = listSessions(stateDir).map((s) => s.name);
    throw new SessionError(
      "unknown-session",
      `no session "${options.session}" for this lake${known.length ? ` (sessions: ${known.join(", ")})` : " (none yet: radar batch FILE --session NAME makes one)"}`,
    );
  }
  const runtime = await openRuntime({ ...options, quiet: true });
  try {
    return await show(runtime, table, options);
  } catch (error) {
    if (error instanceof Rejection) {
      process.stderr.write(`radar: ${error.diagnostic.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    runtime.close();
  }
}

async function show(runtime: Runtime, table: string, options: ShowOptions): Promise<number> {
  const write = (text: string): boolean => process.stdout.write(text);
  const offset = options.offset ?? 0;
  if (options.format === "text") {
    const page = await runtime.show(table, { rows: options.rows ?? TEXT_ROWS, offset });
    const last = offset + page.rows.length;
    write(
      `${page.table}: ${page.rowCount} rows × ${page.columns.length} columns; rows ${page.rows.length ? `${offset + 1}–${last}` : "none"} shown\n`,
    );
    if (page.stale) write(`warning stale-table: ${page.stale}\n`);
    for (const l of tableLines(page, 40)) write(`${l}\n`);
    if (page.truncated) write(`(more rows: --offset ${last}; --csv or --json for all)\n`);
    return 0;
  }
  const first = await runtime.show(table, { rows: 0 });
  if (first.stale) process.stderr.write(`radar: warning stale-table: ${first.stale}\n`);
  const types = first.types ?? [];
  if (options.format === "csv") {
    write(`${first.columns.map(csvCell).join(",")}\n`);
    for await (const page of runtime.rowsOf(table, {
      ...(options.rows !== undefined ? { rows: options.rows } : {}),
      offset,
    })) {
      write(page.rows.map((r) => `${r.map(csvCell).join(",")}\n`).join(""));
      if (stdoutClosed()) break;
    }
    return 0;
  }
  write(
    `{"table":${JSON.stringify(first.table)},"columns":${JSON.stringify(types)},"rowCount":${first.rowCount},"offset":${offset},"rows":[`,
  );
  const origins: (string | null)[] = [];
  let n = 0;
  for await (const page of runtime.rowsOf(table, {
    ...(options.rows !== undefined ? { rows: options.rows } : {}),
    offset,
  })) {
    write(page.rows.map((r) => `${n++ === 0 ? "" : ","}${JSON.stringify(r)}`).join(""));
    for (const o of page.origins)
      origins.push(
        o
          ? o.command !== undefined
            ? `output line ${o.line}` // a row of a Bash command's output, not of a file
            : `${o.file}:${o.line}${o.sheet ? ` [${o.sheet}]` : ""}`
          : null,
      );
    if (stdoutClosed()) break;
  }
  write(`],"origins":${JSON.stringify(origins)},"truncated":${offset + n < first.rowCount}}\n`);
  return 0;
}

/** RFC 4180: quoted when it holds a comma, quote or line break; NULL as an empty cell. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = cellText(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
