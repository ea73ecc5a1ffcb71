import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import type { SerializedState } from "./sharedState.ts";

/**
 * Named sessions of a lake, in its state directory:
 *
 *     <state dir>/sessions/<name>/session.json   what the runtime observed (tables, coverage), the runs
 *     <state dir>/sessions/<name>/tables.duckdb  the session's tables (DuckDB's own file and WAL)
 *     <state dir>/sessions/<name>/owner.json     the process using it now (removed when it closes)
 *     <state dir>/runs/<run id>.jsonl            one trace per run (batch, question, MCP connection)
 *
 * A session is used by one process at a time (DuckDB locks its database file); a second one is
 * told which process holds it.
 */

export interface SessionFile {
  version: 1;
  name: string;
  lake: string;
  createdAt: string;
  updatedAt: string;
  /** Run ids, oldest first: the session's trace is these runs' traces in order. */
  runs: string[];
  state: SerializedState;
}

export interface SessionOwner {
  pid: number;
  /** What holds it, e.g. `radar batch calls.json`. */
  command: string;
  since: string;
}

export interface SessionSummary {
  name: string;
  createdAt: string;
  updatedAt: string;
  tables: number;
  runs: number;
  /** Bytes of its database file(s). */
  bytes: number;
  /** The live process using it, if any. */
  owner?: SessionOwner;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** A session that cannot be opened or ended, said in words; `code` is stable. */
export class SessionError extends Error {
  constructor(
    readonly code: "invalid-session-name" | "session-busy" | "unknown-session",
    message: string,
  ) {
    super(message);
  }
}

export function checkSessionName(name: string): string {
  if (!NAME.test(name))
    throw new SessionError(
      "invalid-session-name",
      `"${name}" is not a session name: use letters, digits, ".", "_" or "-" (at most 64, starting with a letter or digit), e.g. "water-2024".`,
    );
  return name;
}

export function sessionsDir(stateDir: string): string {
  return join(stateDir, "sessions");
}

export function sessionDir(stateDir: string, name: string): string {
  return join(sessionsDir(stateDir), checkSessionName(name));
}

export function sessionDatabase(stateDir: string, name: string): string {
  return join(sessionDir(stateDir, name), "tables.duckdb");
}

export function readSession(stateDir: string, name: string): SessionFile | undefined {
  const path = join(sessionDir(stateDir, name), "session.json");
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, "utf8")) as SessionFile;
}

/** Written whole, then renamed over the old file: a crash never leaves half a session file. */
export function writeSession(stateDir: string, file: SessionFile): void {
  const dir = sessionDir(stateDir, file.name);
  mkdirSync(dir, { recursive: true });
  const target = join(dir, "session.json");
  writeFileSync(`${target}.tmp`, JSON.stringify(file));
  renameSync(`${target}.tmp`, target);
}

/** The live process using a session, if any (an owner file left by a crashed process is ignored). */
export function ownerOf(stateDir: string, name: string): SessionOwner | undefined {
  const path = join(sessionDir(stateDir, name), "owner.json");
  try {
    const owner = JSON.parse(readFileSync(path, "utf8")) as SessionOwner;
    return isAlive(owner.pid) ? owner : undefined;
  } catch {
    return undefined;
  }
}

export function claimSession(stateDir: string, name: string, command: string): void {
  const dir = sessionDir(stateDir, name);
  mkdirSync(dir, { recursive: true });
  const owner: SessionOwner = { pid: process.pid, command, since: new Date().toISOString() };
  writeFileSync(join(dir, "owner.json"), JSON.stringify(owner));
}

export function releaseSession(stateDir: string, name: string): void {
  const path = join(sessionDir(stateDir, name), "owner.json");
  try {
    const owner = JSON.parse(readFileSync(path, "utf8")) as SessionOwner;
    if (owner.pid === process.pid) unlinkSync(path);
  } catch {
    // Nothing to release.
  }
}

/** The error for a session another process holds, naming it. */
export function busyError(stateDir: string, name: string, pid: number | undefined): SessionError {
  const owner = ownerOf(stateDir, name);
  const who =
    owner && (pid === undefined || owner.pid === pid)
      ? `process ${owner.pid} (${owner.command}, since ${owner.since})`
      : pid !== undefined
        ? `process ${pid}`
        : "another process";
  return new SessionError(
    "session-busy",
    `session "${name}" is in use by ${who}. A session is used by one process at a time: wait for it to finish (an MCP server holds its session until the client disconnects), or use another session name.`,
  );
}

export function listSessions(stateDir: string): SessionSummary[] {
  const root = sessionsDir(stateDir);
  if (!existsSync(root)) return [];
  const out: SessionSummary[] = [];
  for (const name of readdirSync(root).sort()) {
    if (!NAME.test(name)) continue;
    const dir = join(root, name);
    let file: SessionFile | undefined;
    try {
      file = readSession(stateDir, name);
    } catch {
      file = undefined;
    }
    const bytes = readdirSync(dir)
      .filter((f) => f.startsWith("tables.duckdb"))
      .reduce((n, f) => n + statSync(join(dir, f)).size, 0);
    const owner = ownerOf(stateDir, name);
    out.push({
      name,
      createdAt: file?.createdAt ?? "",
      updatedAt: file?.updatedAt ?? "",
      tables: file?.state.tables.length ?? 0,
      runs: file?.runs.length ?? 0,
      bytes,
      ...(owner ? { owner } : {}),
    });
  }
  return out;
}

/**
 * Ends a session: its tables and state are deleted. Its runs' traces stay in `runs/` (the audit
 * trail outlives the tables).
 */
export function endSession(stateDir: string, name: string): SessionFile {
  const dir = sessionDir(stateDir, name);
  if (!existsSync(dir))
    throw new SessionError(
      "unknown-session",
      `no session "${name}" for this lake${
        listSessions(stateDir).length
          ? ` (sessions: ${listSessions(stateDir)
              .map((s) => s.name)
              .join(", ")})`
          : ""
      }.`,
    );
  const owner = ownerOf(stateDir, name);
  if (owner) throw busyError(stateDir, name, owner.pid);
  const file = readSession(stateDir, name);
  rmSync(dir, { recursive: true, force: true });
  return (
    file ?? {
      version: 1,
      name,
      lake: "",
      createdAt: "",
      updatedAt: "",
      runs: [],
      state: { version: 1, tables: [], scanned: [], probed: {}, rowsShown: {}, partialViews: {} },
    }
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
