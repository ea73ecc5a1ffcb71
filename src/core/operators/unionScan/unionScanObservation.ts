import { z } from "zod";
import {
  columnTypeSchema,
  fileFingerprintSchema,
  previewSchema,
  readerOptionsSchema,
} from "../observationParts.ts";
import { rowsOf, rowsSchema } from "../structuredRows.ts";
import type { StructuredView } from "../structuredRows.ts";

/** One file a UnionScan read. */
export const unionSourceSchema = z.object({
  file: z.string(),
  label: z.string(),
  rows: z.number().int(),
  columns: z.number().int(),
  schema: z.array(columnTypeSchema),
  /** The SELECT that read the file (see `Materialized.readSql`), for `radar export --sql`. */
  readSql: z.string().optional(),
  /** The file as it was read (size, modification time): `radar verify` says which files changed since. */
  fingerprint: fileFingerprintSchema.optional(),
  /** The user's reader options the file was read with (given, or remembered for it). */
  reader: readerOptionsSchema.optional(),
});

/** What UnionScan observes: the one table of many files, each file's part, columns some lack. */
export const unionScanObservation = z.object({
  table: z.string(),
  sources: z.array(unionSourceSchema),
  schema: z.array(columnTypeSchema),
  /** Columns missing from some sources (their rows hold NULL there). */
  partialColumns: z.array(z.object({ column: z.string(), missingIn: z.array(z.string()) })),
  rowCount: z.number().int(),
  /** A fingerprint of the table's rows in any order (tableDigest.ts): `radar verify` compares it. */
  digest: z.string().optional(),
  preview: previewSchema,
  /** What the table holds differently from the files (a column renamed: rowPosition.ts). */
  notes: z.array(z.string()).optional(),
});
export type UnionScanObservation = z.infer<typeof unionScanObservation>;

/** Its structured tool output: the preview's rows in the common shape, each source's reading SQL left out. */
export const unionScanStructured: StructuredView<UnionScanObservation> = {
  schema: unionScanObservation.omit({ preview: true }).extend({
    sources: z.array(unionSourceSchema.omit({ readSql: true })),
    rows: rowsSchema,
  }),
  of: ({ preview, ...rest }) => ({
    ...rest,
    sources: rest.sources.map(({ readSql: _sql, ...s }) => s),
    rows: rowsOf(preview, rest.rowCount),
  }),
};
