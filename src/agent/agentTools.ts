import { z } from "zod";
import { operatorNames, operators } from "../core/operators/registry.ts";
import { operatorInputSchema, toolParameters } from "../core/operators/toolManifest.ts";
import type { ToolSpec } from "./chatModel.ts";

export const ANSWER_TOOL = "Answer";

export const answerArgs = z
  .object({
    answer: z
      .union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))])
      .describe(
        "The answer itself: one value, a list of values, or one short sentence. Every number and value in it must appear in (or round from) the records of the evidence tables. Keep reasoning for `explanation`.",
      ),
    evidence: z
      .array(z.string())
      .describe(
        "Registered tables (from Scan, UnionScan or Query) whose records hold the answer's numbers and values. Compute derived numbers with Query first and cite its output table.",
      ),
    explanation: z.string().optional().describe("How the answer was derived, briefly."),
  })
  .strict();
export type AnswerArgs = z.infer<typeof answerArgs>;

const ANSWER_DESCRIPTION =
  "Give the final answer with its evidence. The runtime checks every number and value of `answer` against the records of the `evidence` tables; an unsupported answer is rejected and you must revise.";

/** One function tool per operator, from its own zod schema, plus `Answer`. */
export function agentTools(): ToolSpec[] {
  return [
    ...operatorNames.map((name) => ({
      name,
      description: operators[name].description,
      parameters: operatorInputSchema(name),
    })),
    { name: ANSWER_TOOL, description: ANSWER_DESCRIPTION, parameters: toolParameters(answerArgs) },
  ];
}
