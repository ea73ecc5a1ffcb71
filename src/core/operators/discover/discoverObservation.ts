import { z } from "zod";

/** What Discover observes: the ranked hits (discoverIndex.ts), each with its file's shape when mapped. */

const familyDifferenceSchema = z.object({
  path: z.string(),
  key: z.string(),
  missing: z.array(z.string()),
  extra: z.array(z.string()),
  error: z.string().optional(),
});

const familyHitSchema = z.object({
  template: z.string(),
  varying: z.array(z.enum(["year", "date", "month", "number", "code"])),
  first: z.string(),
  last: z.string(),
  gaps: z.array(z.string()),
  columns: z.array(z.string()),
  differing: z.array(familyDifferenceSchema),
  selected: z
    .object({ said: z.array(z.string()), files: z.array(z.string()), glob: z.string().optional() })
    .optional(),
});

const copyNoteSchema = z.object({
  path: z.string(),
  kind: z.enum(["identical", "truncated"]),
  of: z.string(),
  note: z.string(),
});

export const discoverHitSchema = z.object({
  path: z.string(),
  score: z.number(),
  reasons: z.array(z.string()),
  kind: z.enum(["file", "family", "group"]).optional(),
  files: z.number().int().optional(),
  family: familyHitSchema.optional(),
  error: z.string().optional(),
  copies: z.array(copyNoteSchema).optional(),
  format: z.string().optional(),
  rows: z.number().int().optional(),
  columns: z.array(z.string()).optional(),
});

export const discoverObservation = z.object({ hits: z.array(discoverHitSchema) });
export type DiscoverObservation = z.infer<typeof discoverObservation>;
