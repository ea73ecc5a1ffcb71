import { z } from "zod";
import type { OperatorName } from "./operator.ts";
import { operatorNames, operators } from "./registry.ts";

/** JSON Schema of a zod schema as a tool's `parameters` (no `$schema` line: endpoints differ on it). */
export function toolParameters(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...parameters } = z.toJSONSchema(schema, { io: "input" }) as Record<
    string,
    unknown
  >;
  return parameters;
}

/** An operator's input schema as its tools (agent, MCP, LM tools) declare it. */
export function operatorInputSchema(op: OperatorName): Record<string, unknown> {
  return toolParameters(operators[op].schema as z.ZodType);
}

/** One entry of package.json's `contributes.languageModelTools`. */
export interface LanguageModelToolContribution {
  name: string;
  displayName: string;
  toolReferenceName: string;
  canBeReferencedInPrompt: boolean;
  icon: string;
  userDescription: string;
  modelDescription: string;
  tags: string[];
  inputSchema: Record<string, unknown>;
}

/**
 * package.json's `contributes.languageModelTools`, from the operators' definitions: what
 * `npm run gen:manifest` writes, and what a test compares the manifest with. Every tool shows
 * RADAR's icon (the operators' own icons are for the trees).
 */
export function languageModelTools(): LanguageModelToolContribution[] {
  return operatorNames.map((op) => {
    const o = operators[op];
    return {
      name: o.toolName,
      displayName: `RADAR ${o.title}`,
      toolReferenceName: `radar${o.name}`,
      canBeReferencedInPrompt: true,
      icon: "$(radio-tower)",
      userDescription: o.userDescription,
      modelDescription: o.description,
      tags: ["radar", "data"],
      inputSchema: operatorInputSchema(op),
    };
  });
}
