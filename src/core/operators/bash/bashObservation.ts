import { z } from "zod";
import { columnTypeSchema, fileFingerprintSchema, previewSchema } from "../observationParts.ts";
import { OUTPUT_COLUMNS } from "./outputFields.ts";

/** How a Bash output became a table (bashTable.ts). */
export const outputTableReadSchema = z.object({
  columns: z.enum(OUTPUT_COLUMNS),
  header: z.boolean(),
  /** How the rows' origins were found (grep's prefixes checked against the files, or output lines). */
  origins: z.string(),
  /** Lines with fewer fields than the widest: their missing fields are NULL. */
  ragged: z
    .object({ lines: z.number().int(), width: z.number().int(), firstOutputLine: z.number().int() })
    .optional(),
  /**
   * The lake files the command named or its rows point into, as they were when it ran (a table is
   * stale when one changes; radar verify compares them).
   */
  files: z.array(z.object({ file: z.string(), fingerprint: fileFingerprintSchema.optional() })),
});
export type OutputTableRead = z.infer<typeof outputTableReadSchema>;

/** What Bash observes: the command's output and exit status; with `output`, the table it became. */
export const bashObservation = z.object({
  command: z.string(),
  stdout: z.string(),
  stderr: z.string(),
  /** The last program's exit code; null when it was stopped (time limit, output flood, cancel). */
  exitCode: z.number().int().nullable(),
  /** Every program's exit code, in pipeline order (only for a pipeline). */
  exitCodes: z.array(z.number().int().nullable()).optional(),
  /**
   * What the exit code means, in words: `exit 0`, `exit 1: grep found no matching line (not an
   * error)`, `exit 1: cat failed`…
   */
  exit: z.string().describe("What the exit status means: exit 0, grep found no line, a failure."),
  truncated: z.boolean(),
  timedOut: z.boolean(),
  /** With `output`: the table the output became (its rows are the output; `stdout` keeps the first 64 KiB). */
  table: z.string().optional(),
  schema: z.array(columnTypeSchema).optional(),
  rowCount: z.number().int().optional(),
  records: previewSchema.optional(),
  digest: z.string().optional(),
  read: outputTableReadSchema.optional(),
  /** The bytes of standard output, when more than `stdout` keeps (a table's output, or a page). */
  stdoutBytes: z.number().int().optional(),
  /** Without `output`, paged: the output lines before the first one `stdout` keeps. */
  offset: z.number().int().optional(),
  /** Paged: how many lines the whole output has. */
  stdoutLines: z.number().int().optional(),
});
export type BashObservation = z.infer<typeof bashObservation>;
