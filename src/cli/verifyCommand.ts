import { readFileSync, realpathSync } from "node:fs";
import { resolve } from "node:path";
import { auditData } from "../core/audit/auditData.ts";
import { verifyRun } from "../core/audit/verifyRun.ts";
import { verifyText } from "../core/audit/verifyText.ts";
import { stateDirFor } from "../core/radarDir.ts";
import { runChain } from "../core/trace/runChain.ts";
import { readTrace } from "../core/trace/traceFile.ts";
import type { LakeOptions } from "./cliRuntime.ts";
import { tracePath } from "./tracePath.ts";

/**
 * `radar verify RUN|AUDIT [--json]`: re-runs a run's reads and queries against the lake as it is
 * now. Exit 0 when every table (and so the answer) is unchanged, 1 when something moved or
 * cannot be re-run — usable as a CI step ("data CI").
 */
export async function verifyCommand(target: string, lake: LakeOptions, json: boolean): Promise<number> {
  const lakeRoot = realpathSync(resolve(lake.lake ?? "."));
  const stateDir = stateDirFor(lakeRoot, lake.stateDir);
  const audit = /\.html?$/i.test(target) ? auditData(readFileSync(target, "utf8"), target) : undefined;
  if (/\.md$/i.test(target))
    throw new Error(
      `${target} is a Markdown audit, which carries no trace: verify the HTML audit (radar export RUN --html) or the run itself`,
    );
  const events = audit ? audit.events : runChain(tracePath(target, lake)).flatMap((p) => readTrace(p));
  const sha256 = new Map((audit?.files ?? []).filter((f) => f.sha256).map((f) => [f.path, f.sha256!]));
  const report = await verifyRun(events, lakeRoot, stateDir, sha256);
  if (json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else process.stdout.write(`${verifyText(report).join("\n")}\n`);
  return report.holds ? 0 : 1;
}
