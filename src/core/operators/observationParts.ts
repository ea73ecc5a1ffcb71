import { z } from "zod";

/**
 * Zod schemas of the pieces several operators' observations share (columns, rows shown, source
 * locations, file fingerprints, reader options). Each operator's observation schema is built from
 * them; its TypeScript type is `z.infer` of that schema and its MCP `outputSchema` is generated
 * from it, so the three cannot drift apart.
 */

/** A column of a registered table: its name and DuckDB type. */
export const columnTypeSchema = z.object({ name: z.string(), type: z.string() });

/** How a column's values appear in typed JSON (typedJson.ts). */
export const jsonKindSchema = z.enum(["number", "string", "boolean", "array", "object"]);

export const typedColumnSchema = z.object({
  name: z.string(),
  type: z.string().describe("DuckDB type, e.g. BIGINT, DECIMAL(18,2), DATE"),
  json: jsonKindSchema.describe("How this column's values appear in `rows` (one representation per column)."),
});

export const sourceLocationSchema = z.object({
  file: z.string(),
  line: z.number().int(),
  sheet: z.string().optional(),
  command: z.string().optional(),
});

/** Rows of a table as an operator shows them (preview.ts): typed values, each row's origin. */
export const previewSchema = z.object({
  columns: z.array(z.string()),
  types: z.array(typedColumnSchema).optional(),
  rows: z.array(z.array(z.unknown())),
  origins: z.array(sourceLocationSchema.nullable()),
  offset: z.number().int().optional(),
  truncated: z.boolean().optional(),
});

/** A file as it was read (size, modification time): `radar verify` says which files changed since. */
export const fileFingerprintSchema = z.object({ bytes: z.number(), mtimeMs: z.number() });

/** The user's reader options a file was read with (readerOptions.ts). */
export const readerOptionsSchema = z.object({
  delimiter: z.string().optional(),
  quote: z.string().optional(),
  widths: z.array(z.number().int()).optional(),
  whitespace: z.boolean().optional(),
  header: z.number().int().optional(),
  skip: z.number().int().optional(),
  comment: z.string().optional(),
  missing: z.array(z.string()).optional(),
  names: z.array(z.string()).optional(),
});
