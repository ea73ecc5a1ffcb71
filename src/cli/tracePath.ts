import { existsSync, realpathSync } from "node:fs";
import { join, resolve } from "node:path";
import { stateDirFor } from "../core/radarDir.ts";
import type { LakeOptions } from "./cliRuntime.ts";

/** A run's trace file: RUN is a trace file's path, or a run id in the lake's state directory (`runs/`). */
export function tracePath(run: string, lake: LakeOptions): string {
  if (existsSync(run)) return run;
  const lakeRoot = realpathSync(resolve(lake.lake ?? "."));
  const path = join(stateDirFor(lakeRoot, lake.stateDir), "runs", `${run.replace(/\.jsonl$/, "")}.jsonl`);
  if (!existsSync(path))
    throw new Error(`no run "${run}": neither a trace file nor a run id of ${lakeRoot} (looked for ${path})`);
  return path;
}
