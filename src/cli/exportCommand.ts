import { existsSync, realpathSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { exportSql } from "../agent/exportSql.ts";
import { stateDirFor } from "../core/radarDir.ts";
import type { LakeOptions } from "./cliRuntime.ts";
import { readTrace } from "../core/trace/traceFile.ts";
import { STATS_MACROS, STATS_MACRO_NAMES } from "../core/engine/statsMacros.ts";

/**
 * `radar export RUN --sql [--out FILE]`: the run's reproducible SQL script. RUN is a trace file's
 * path, or a run id looked up in the lake's state directory (`runs/`). A run that goes on with
 * earlier ones (a session's next batch, a follow-up question) reads tables they made: their
 * scripts come first, oldest first, so the script stands alone.
 */
export function exportCommand(run: string, lake: LakeOptions, out: string | undefined): number {
  const path = tracePath(run, lake);
  const body = runChain(path)
    .map((p) => exportSql(readTrace(p)))
    .join("\n");
  // A query that calls RADAR's statistical macros replays only with their definitions.
  const uses = new RegExp(`\\b(${STATS_MACRO_NAMES.join("|")})\\s*\\(`, "i").test(body);
  const script = uses
    ? `-- RADAR's statistical macros (src/core/engine/statsMacros.ts), which the queries below call\n${STATS_MACROS.map((m) => `${m};\n`).join("")}\n${body}`
    : body;
  if (out) {
    writeFileSync(out, script);
    process.stderr.write(`wrote ${resolve(out)}\n`);
  } else process.stdout.write(script);
  return 0;
}

/** The trace files of a run and of the runs it continues, oldest first (those still on disk). */
function runChain(path: string): string[] {
  const chain = [path];
  for (let at = path; ;) {
    const start = readTrace(at).find((e) => e.type === "run-start");
    const previous = start?.type === "run-start" ? start.continues : undefined;
    const before = previous ? join(dirname(at), `${previous}.jsonl`) : undefined;
    if (!before || !existsSync(before) || chain.includes(before)) return chain;
    chain.unshift(before);
    at = before;
  }
}

function tracePath(run: string, lake: LakeOptions): string {
  if (existsSync(run)) return run;
  const lakeRoot = realpathSync(resolve(lake.lake ?? "."));
  const path = join(stateDirFor(lakeRoot, lake.stateDir), "runs", `${run.replace(/\.jsonl$/, "")}.jsonl`);
  if (!existsSync(path))
    throw new Error(`no run "${run}": neither a trace file nor a run id of ${lakeRoot} (looked for ${path})`);
  return path;
}
