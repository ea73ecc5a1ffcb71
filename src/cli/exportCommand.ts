import { existsSync, realpathSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { exportSql } from "../agent/exportSql.ts";
import { stateDirFor } from "../core/radarDir.ts";
import type { LakeOptions } from "./cliRuntime.ts";
import { readTrace } from "../core/trace/traceFile.ts";

/**
 * `radar export RUN --sql [--out FILE]`: the run's reproducible SQL script. RUN is a trace file's
 * path, or a run id looked up in the lake's state directory (`runs/`).
 */
export function exportCommand(run: string, lake: LakeOptions, out: string | undefined): number {
  const path = tracePath(run, lake);
  const script = exportSql(readTrace(path));
  if (out) {
    writeFileSync(out, script);
    process.stderr.write(`wrote ${resolve(out)}\n`);
  } else process.stdout.write(script);
  return 0;
}

function tracePath(run: string, lake: LakeOptions): string {
  if (existsSync(run)) return run;
  const lakeRoot = realpathSync(resolve(lake.lake ?? "."));
  const path = join(stateDirFor(lakeRoot, lake.stateDir), "runs", `${run.replace(/\.jsonl$/, "")}.jsonl`);
  if (!existsSync(path))
    throw new Error(`no run "${run}": neither a trace file nor a run id of ${lakeRoot} (looked for ${path})`);
  return path;
}
