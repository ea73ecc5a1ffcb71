import { z } from "zod";

/**
 * A text column whose values are all numbers as written in reports (`'5.95%'`, `'$1,234'`,
 * `'99,443'`, `'(12.5)'`): read as numbers.
 */
export const parsedNumbersSchema = z
  .object({
    min: z.number(),
    max: z.number(),
    /** The unit every value carries (`%`, `$`, `€`, `£`, `¥`), if one does. */
    unit: z.string().optional(),
    /** What parsing removed: `%`, a currency sign, thousands separators, accounting parentheses. */
    stripped: z.array(z.string()),
    /** Values read as numbers. */
    values: z.number().int(),
    /** Values that stand for no number (`N/A`, `-`, blank…), left out of the range, with their counts. */
    notNumbers: z.array(z.object({ value: z.string(), count: z.number().int() })),
    /** How a reader is told: "read as numbers from text (…): range by value, not text order". */
    note: z.string(),
  })
  .describe("Numbers stored as text ('5.95%', '$1,234') read as numbers: min/max by value.");
export type ParsedNumbers = z.infer<typeof parsedNumbersSchema>;

export const columnProbeSchema = z.object({
  column: z.string(),
  type: z.string(),
  nullRate: z.number(),
  nulls: z.number().int(),
  distinct: z.number().int(),
  /** Smallest and largest value; for numbers stored as text (see `parsed`) by value, not text order. */
  min: z.unknown(),
  max: z.unknown(),
  top: z.array(z.object({ value: z.unknown(), count: z.number().int() })),
  /** Numbers stored as text read as numbers, so `min`/`max` above are its smallest and largest values. */
  parsed: parsedNumbersSchema.optional(),
});
export type ColumnProbe = z.infer<typeof columnProbeSchema>;

/** What Probe observes: a profile of each column asked for. */
export const probeObservation = z.object({
  table: z.string(),
  rowCount: z.number().int(),
  columns: z.array(columnProbeSchema),
});
export type ProbeObservation = z.infer<typeof probeObservation>;
