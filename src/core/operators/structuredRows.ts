import { z } from "zod";
import { sourceLocationSchema, typedColumnSchema } from "./observationParts.ts";
import type { Preview } from "./preview.ts";

/**
 * An observation as structured tool output carries it (MCP's `structuredContent`): rows in one
 * common shape (`rows`), the SQL that read a file left out. Each operator that reshapes its
 * observation pairs the reshaping with the zod schema of its result, from which the tool's
 * `outputSchema` is generated, so the two cannot disagree.
 */
export interface StructuredView<O> {
  schema: z.ZodType;
  of: (observation: O) => Record<string, unknown>;
}

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
