import type { ScriptStep } from "../helpers/scriptedOpenAiServer.ts";

/**
 * The conversation the scripted model plays in the end-to-end tests: the paper's two silent
 * failures in one run over examples/lake. Step 1 merges the two Top-5 rankings without a key (RADAR
 * rejects it: unkeyed-join); step 2 revises it to a join on the rank and joins rainfall to crop
 * yield (RADAR warns: join-row-loss, 2020 dropped, at climate/rainfall.csv:5); step 3 answers.
 */

export const E2E_QUESTION =
  "Which state ranks first in both Top 5 rankings, with its two rates, and which years have rainfall and yield figures?";

/** Only for the scripted endpoint; checked never to reach logs or traces. */
export const E2E_API_KEY = "sk-e2e-0123456789abcdefSECRET";

export const E2E_ANSWER = ["Florida", 1522, 528];

export function askScript(): ScriptStep[] {
  return [
    {
      content: "I will read both rankings and the climate files, then merge the rankings.",
      toolCalls: [
        { name: "Scan", arguments: { file: "rankings/fraud_top5.csv", output: "fraud" } },
        { name: "Scan", arguments: { file: "rankings/identity_theft_top5.csv", output: "idt" } },
        { name: "Scan", arguments: { file: "climate/rainfall.csv", output: "rainfall" } },
        { name: "Scan", arguments: { file: "climate/crop_yield.csv", output: "crop_yield" } },
        {
          name: "Query",
          arguments: {
            sql: 'SELECT f.State AS fraud_state, i.State AS idt_state, f."Reports per 100K" AS fraud_rate, i."Reports per 100K" AS idt_rate FROM fraud f, idt i',
            inputs: ["fraud", "idt"],
            output: "merged",
          },
        },
      ],
    },
    {
      content: "The merge had no key. Pairing the rankings by rank, and joining the climate tables on year.",
      toolCalls: [
        {
          name: "Query",
          arguments: {
            sql: 'SELECT f.Rank, f.State AS fraud_state, i.State AS idt_state, f."Reports per 100K" AS fraud_rate, i."Reports per 100K" AS idt_rate FROM fraud f JOIN idt i ON f.Rank = i.Rank ORDER BY f.Rank',
            inputs: ["fraud", "idt"],
            output: "by_rank",
          },
        },
        {
          name: "Query",
          arguments: {
            sql: "SELECT r.year, r.rainfall_mm, y.yield_t_per_ha FROM rainfall r JOIN crop_yield y ON r.year = y.year ORDER BY r.year",
            inputs: ["rainfall", "crop_yield"],
            output: "rain_vs_yield",
          },
        },
      ],
    },
    {
      toolCalls: [
        {
          name: "Answer",
          arguments: {
            answer: E2E_ANSWER,
            evidence: ["by_rank"],
            explanation: "Florida is rank 1 in both rankings, paired by rank.",
          },
        },
      ],
    },
  ];
}
