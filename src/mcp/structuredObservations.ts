import { z } from "zod";
import { observationSchemas } from "../core/operators/observationSchemas.ts";
import type { OperatorName } from "../core/operators/operator.ts";
import { operators } from "../core/operators/registry.ts";
import type { StructuredView } from "../core/operators/structuredRows.ts";

/**
 * An operator's observation as MCP's `structuredContent` carries it: reshaped as its operator
 * defines (`structured`, in its folder), or as it is, described by its observation schema.
 */
export function structuredViewOf(op: OperatorName): StructuredView<unknown> {
  return (
    operators[op].structured ?? { schema: observationSchemas[op], of: (o) => o as Record<string, unknown> }
  );
}

/** JSON Schema of a zod schema as an `outputSchema` part (no `$schema` line; objects stay open to new fields). */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io: "input" }) as Record<string, unknown>;
  return json;
}
