import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runAgent } from "../../src/agent/agentLoop.ts";
import { OpenAiChatModel } from "../../src/agent/openAiChatModel.ts";
import { Runtime } from "../../src/core/runtime.ts";
import { readTrace } from "../../src/core/trace/traceFile.ts";
import { problemsOf } from "../../src/extension/problems/problemsModel.ts";
import { allCalls, TraceModel } from "../../src/extension/trace/traceModel.ts";
import { startScriptedServer } from "../helpers/scriptedOpenAiServer.ts";
import { WATER_QUESTION, waterScript } from "./waterScenario.ts";
import { waterLake } from "./waterWorkspace.ts";

/**
 * Replays the water scenario's scripted model over the generated workspace without an editor —
 * the runtime and the agent loop against the scripted endpoint — and prints each call with its
 * status and findings, and what the Problems panel would hold. For writing and checking the
 * scenario the UI test plays (`node --import tsx test/e2e/replayScenario.ts`).
 */
const lake = await waterLake();
const state = mkdtempSync(join(tmpdir(), "radar-replay-"));
const server = await startScriptedServer(waterScript());
const started = Date.now();
const runtime = await Runtime.open(lake.dir, { radarDir: state, question: WATER_QUESTION });
try {
  const model = new OpenAiChatModel({ model: "gpt-4o-mini", baseURL: server.baseURL, apiKey: "sk-replay" });
  const result = await runAgent(runtime, model, WATER_QUESTION, { maxSteps: 20 });
  const trace = new TraceModel();
  for (const event of readTrace(runtime.trace.path)) trace.apply(event);
  const run = trace.latest!;
  for (const c of allCalls(run)) {
    const codes = [...(c.event?.diagnostics ?? []), ...(c.answer?.diagnostics ?? [])].map(
      (d) => `${d.severity[0]}:${d.code}`,
    );
    console.log(
      `step ${c.step} #${c.event?.index ?? "-"} ${c.op} ${c.status}${c.error ? ` (${c.error.slice(0, 120)})` : ""} ${codes.join(" ")}`,
    );
  }
  const findings =
    allCalls(run).reduce((n, c) => n + (c.event?.diagnostics.length ?? 0), 0) + run.finalDiagnostics.length;
  const problems = problemsOf(run);
  console.log(
    `${result.status} in ${((Date.now() - started) / 1000).toFixed(1)} s: answer ${JSON.stringify(result.answer)}; ${allCalls(run).filter((c) => c.kind === "operator").length} operator calls, ${findings} findings (final: ${run.finalDiagnostics.map((d) => d.code).join(", ")}), ${problems.length} Problems entries; model requests ${server.requests.length}`,
  );
} finally {
  runtime.close();
  await server.close();
  rmSync(state, { recursive: true, force: true });
}
