import { Runtime } from "../../src/core/runtime.ts";
import { readTrace } from "../../src/core/trace/traceFile.ts";
import type { TraceEvent } from "../../src/core/trace/traceEvents.ts";
import { OpenAiChatModel } from "../../src/agent/openAiChatModel.ts";
import type { OpenAiModelOptions } from "../../src/agent/openAiChatModel.ts";
import type { ScriptedCall, ScriptedServer } from "./scriptedOpenAiServer.ts";
import { tempLake } from "./tempLake.ts";

/** The paper's two Top-5 rankings, with title rows and a footnote as published. */
export const RANKINGS_LAKE = {
  "rankings/fraud_top5.csv":
    'State Rankings: Fraud Reports (Top 5),,\n,,\nRank,State,Reports per 100K\n1,Florida,"1,522"\n2,Georgia,"1,298"\n3,Nevada,"1,204"\n4,Delaware,"1,153"\n5,Maryland,"1,122"\n,,\n"Source: example data",,\n',
  "rankings/identity_theft_top5.csv":
    "State Rankings: Identity Theft Reports (Top 5),,\n,,\nRank,State,Reports per 100K\n1,Florida,528\n2,Georgia,517\n3,Nevada,466\n4,Texas,393\n5,Delaware,392\n",
  "climate/rainfall.csv": "year,rainfall_mm\n2017,812\n2018,774\n",
};

export const QUESTION =
  "Which state ranks first in both the fraud and the identity theft Top 5, and what are its two rates per 100K?";

export const API_KEY = "sk-test-0123456789abcdefSECRET";

export const FAST_RETRY = { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 };

export const scanBoth: ScriptedCall[] = [
  { name: "Scan", arguments: { file: "rankings/fraud_top5.csv", output: "fraud" } },
  { name: "Scan", arguments: { file: "rankings/identity_theft_top5.csv", output: "idt" } },
];

/** The silent failure of the paper: two rankings merged without a key (25 rows). */
export const unkeyedMerge: ScriptedCall = {
  name: "Query",
  arguments: {
    sql: 'SELECT f.State AS fraud_state, i.State AS idt_state, f."Reports per 100K" AS fraud_rate, i."Reports per 100K" AS idt_rate FROM fraud f, idt i',
    inputs: ["fraud", "idt"],
    output: "merged",
  },
};

export const byRank: ScriptedCall = {
  name: "Query",
  arguments: {
    sql: 'SELECT f.Rank, f.State AS fraud_state, i.State AS idt_state, f."Reports per 100K" AS fraud_rate, i."Reports per 100K" AS idt_rate FROM fraud f JOIN idt i ON f.Rank = i.Rank ORDER BY f.Rank',
    inputs: ["fraud", "idt"],
    output: "by_rank",
  },
};

export const goodAnswer: ScriptedCall = {
  name: "Answer",
  arguments: {
    answer: ["Florida", 1522, 528],
    evidence: ["by_rank"],
    explanation: "Rank 1 in both rankings, paired by rank.",
  },
};

export async function openRun(files: Record<string, string> = RANKINGS_LAKE): Promise<Runtime> {
  const { lake, stateDir } = tempLake(files);
  return Runtime.open(lake, { radarDir: stateDir, question: QUESTION });
}

export function modelFor(server: ScriptedServer, options: Partial<OpenAiModelOptions> = {}): OpenAiChatModel {
  return new OpenAiChatModel({
    model: "gpt-4o-mini",
    baseURL: server.baseURL,
    apiKey: API_KEY,
    timeoutMs: 2000,
    ...options,
  });
}

export function traceOf(runtime: Runtime): TraceEvent[] {
  return readTrace(runtime.trace.path);
}

/** The agent events of a trace of one type. */
export function eventsOf(events: TraceEvent[], type: string): Record<string, unknown>[] {
  return events.filter((e) => e.type === type) as unknown as Record<string, unknown>[];
}
