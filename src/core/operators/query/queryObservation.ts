import { z } from "zod";
import { columnTypeSchema, previewSchema } from "../observationParts.ts";
import { rowsOf, rowsSchema } from "../structuredRows.ts";
import type { StructuredView } from "../structuredRows.ts";

/** What Query observes: the table it registered and its first records. */
export const queryObservation = z.object({
  table: z.string(),
  schema: z.array(columnTypeSchema),
  rowCount: z.number().int(),
  records: previewSchema,
  /** A fingerprint of the result's rows in any order (tableDigest.ts): `radar verify` compares it. */
  digest: z.string().optional(),
  /** What the table holds differently from the SELECT (a column renamed: rowPosition.ts). */
  notes: z.array(z.string()).optional(),
});
export type QueryObservation = z.infer<typeof queryObservation>;

/** Its structured tool output: the records in the common shape of rows. */
export const queryStructured: StructuredView<QueryObservation> = {
  schema: queryObservation.omit({ records: true }).extend({ rows: rowsSchema }),
  of: ({ records, ...rest }) => ({ ...rest, rows: rowsOf(records, rest.rowCount) }),
};
