import { z } from "zod";
import { observationSchemas } from "../core/operators/observationSchemas.ts";
import type { ObservationOf } from "../core/operators/observationSchemas.ts";
import type { OperatorName } from "../core/operators/operator.ts";
import { sourceLocationSchema, typedColumnSchema } from "../core/operators/observationParts.ts";
import type { Preview } from "../core/operators/preview.ts";

/**
 * An operator's observation as MCP's `structuredContent` carries it: rows in one common shape
 * (`rows`), the SQL that read a file left out. Each entry pairs the reshaping with the zod schema
 * of its result, from which the tool's `outputSchema` is generated, so the two cannot disagree.
 */

/** Rows shown of a table: typed values, where each row came from, and whether more follow. */
export const rowsSchema = z.object({
  columns: z.array(typedColumnSchema),
  rows: z.array(z.array(z.unknown())).describe("Typed JSON values, one array per row."),
  offset: z.number().int().describe("Rows of the table before the first one shown."),
  rowsShown: z.number().int(),
  truncated: z.boolean().describe("The table has rows after the ones shown."),
  sourceLocations: z
    .array(sourceLocationSchema.nullable())
    .describe("File and line of each row shown (null for derived rows)."),
});
export type StructuredRows = z.infer<typeof rowsSchema>;

type RowsInput = Pick<Preview, "columns" | "rows"> & Partial<Pick<Preview, "types" | "origins" | "offset">>;

/** The rows part of an observation, as the outputSchema's `rows` object describes it. */
export function rowsOf(p: RowsInput, rowCount: number): StructuredRows {
  const offset = p.offset ?? 0;
  return {
    columns: p.types ?? p.columns.map((name) => ({ name, type: "", json: "string" as const })),
    rows: p.rows,
    offset,
    rowsShown: p.rows.length,
    truncated: offset + p.rows.length < rowCount,
    sourceLocations: (p.origins ?? []).slice(0, p.rows.length).map((o) => o ?? null),
  };
}

export interface StructuredObservation<Op extends OperatorName> {
  schema: z.ZodType;
  of: (observation: ObservationOf<Op>) => Record<string, unknown>;
}

export const structuredObservations: { [Op in OperatorName]: StructuredObservation<Op> } = {
  Discover: { schema: observationSchemas.Discover, of: (o) => o },
  Bash: { schema: observationSchemas.Bash, of: (o) => o },
  Scan: {
    schema: observationSchemas.Scan.omit({ preview: true, readSql: true }).extend({ rows: rowsSchema }),
    of: ({ preview, readSql: _sql, ...rest }) => ({ ...rest, rows: rowsOf(preview, rest.rowCount) }),
  },
  UnionScan: {
    schema: observationSchemas.UnionScan.omit({ preview: true }).extend({
      sources: z.array(observationSchemas.UnionScan.shape.sources.element.omit({ readSql: true })),
      rows: rowsSchema,
    }),
    of: ({ preview, ...rest }) => ({
      ...rest,
      sources: rest.sources.map(({ readSql: _sql, ...s }) => s),
      rows: rowsOf(preview, rest.rowCount),
    }),
  },
  Probe: { schema: observationSchemas.Probe, of: (o) => o },
  Query: {
    schema: observationSchemas.Query.omit({ records: true }).extend({ rows: rowsSchema }),
    of: ({ records, ...rest }) => ({ ...rest, rows: rowsOf(records, rest.rowCount) }),
  },
};

/** JSON Schema of a zod schema as an `outputSchema` part (no `$schema` line; objects stay open to new fields). */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io: "input" }) as Record<string, unknown>;
  return json;
}
