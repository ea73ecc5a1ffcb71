import { realpathSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { auditHtml } from "../core/audit/auditHtml.ts";
import { auditMarkdown } from "../core/audit/auditMarkdown.ts";
import { buildAudit } from "../core/audit/auditModel.ts";
import { stateDirFor } from "../core/radarDir.ts";
import { exportChainSql } from "../core/trace/exportSql.ts";
import { runChain } from "../core/trace/runChain.ts";
import { readTrace } from "../core/trace/traceFile.ts";
import type { LakeOptions } from "./cliRuntime.ts";
import { tracePath } from "./tracePath.ts";

export type ExportFormat = "sql" | "html" | "md";

/**
 * `radar export RUN --sql|--html|--md [--out FILE]`. RUN is a trace file's path, or a run id looked
 * up in the lake's state directory (`runs/`). A run that goes on with earlier ones (a session's
 * next batch, a follow-up question) reads tables they made: they come first, oldest first, so the
 * script — or the audit — stands alone. `--html` is a self-contained audit that opens offline in
 * any browser; `--md` the same for a pull request or an issue.
 */
export async function exportCommand(
  run: string,
  lake: LakeOptions,
  format: ExportFormat,
  out: string | undefined,
): Promise<number> {
  const chain = runChain(tracePath(run, lake)).map((p) => readTrace(p));
  let text: string;
  if (format === "sql") text = exportChainSql(chain);
  else {
    const lakeRoot = realpathSync(resolve(lake.lake ?? "."));
    const model = await buildAudit(chain, lakeRoot, stateDirFor(lakeRoot, lake.stateDir));
    text = format === "html" ? auditHtml(model) : auditMarkdown(model);
  }
  if (out) {
    writeFileSync(out, text);
    process.stderr.write(`wrote ${resolve(out)} (${text.length.toLocaleString("en-US")} bytes)\n`);
  } else process.stdout.write(text);
  return 0;
}
