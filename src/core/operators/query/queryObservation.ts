import { z } from "zod";
import { columnTypeSchema, previewSchema } from "../observationParts.ts";

/** What Query observes: the table it registered and its first records. */
export const queryObservation = z.object({
  table: z.string(),
  schema: z.array(columnTypeSchema),
  rowCount: z.number().int(),
  records: previewSchema,
  /** A fingerprint of the result's rows in any order (tableDigest.ts): `radar verify` compares it. */
  digest: z.string().optional(),
});
export type QueryObservation = z.infer<typeof queryObservation>;
