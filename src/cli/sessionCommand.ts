import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import { stateDirFor } from "../core/radarDir.ts";
import { endSession, listSessions } from "../core/state/sessionStore.ts";
import { UsageError } from "./cliRuntime.ts";
import type { LakeOptions } from "./cliRuntime.ts";

function stateDirOf(options: LakeOptions): string {
  return stateDirFor(realpathSync(resolve(options.lake ?? ".")), options.stateDir);
}

/** `radar session list` / `radar session end NAME`: the lake's sessions, without opening DuckDB. */
export function sessionCommand(args: string[], options: LakeOptions & { json: boolean }): number {
  const [action, ...rest] = args;
  const stateDir = stateDirOf(options);
  if (action === "list" || action === undefined) {
    const sessions = listSessions(stateDir);
    if (options.json) {
      process.stdout.write(`${JSON.stringify({ stateDir, sessions })}\n`);
      return 0;
    }
    if (sessions.length === 0) {
      process.stdout.write(`no sessions (state directory ${stateDir})\n`);
      return 0;
    }
    for (const s of sessions)
      process.stdout.write(
        `${s.name.padEnd(20)} ${String(s.tables).padStart(3)} tables  ${String(s.runs).padStart(3)} runs  ${(s.bytes / 1e6).toFixed(1).padStart(7)} MB  last used ${s.updatedAt || "?"}${s.owner ? `  IN USE by process ${s.owner.pid} (${s.owner.command})` : ""}\n`,
      );
    process.stdout.write(`state directory: ${stateDir}\n`);
    return 0;
  }
  if (action === "end") {
    if (rest.length !== 1) throw new UsageError("radar session end needs exactly one NAME");
    const ended = endSession(stateDir, rest[0]!);
    const message = `ended session "${ended.name}": ${ended.state.tables.length} tables dropped; the traces of its ${ended.runs.length} runs stay in ${stateDir}/runs`;
    process.stdout.write(
      options.json
        ? `${JSON.stringify({ ended: ended.name, tables: ended.state.tables.length, runs: ended.runs })}\n`
        : `${message}\n`,
    );
    return 0;
  }
  throw new UsageError(`unknown session action "${action}" (list, end NAME)`);
}
