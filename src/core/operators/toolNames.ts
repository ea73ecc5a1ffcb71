import { operatorFacts } from "./factsRegistry.ts";
import type { OperatorName } from "./operator.ts";

/** Each operator's tool name (LM tools, MCP), read from its facts. */
export const toolNames = Object.fromEntries(
  Object.values(operatorFacts).map((facts) => [facts.name, facts.toolName]),
) as Record<OperatorName, string>;
