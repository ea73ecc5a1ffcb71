import { z } from "zod";

// The one JSON shape of `radar batch --json`, `--json-out FILE` and the one-call commands
// (`radar scan|union-scan|probe|query|bash`). docs/radar-run.schema.json is generated from it
// (`node scripts/writeRunSchema.ts`) and a test checks the two agree, so the documented schema is
// the one the output is tested against.

const location = z.object({
  file: z.string(),
  line: z.number().int(),
  sheet: z.string().optional(),
  /**
   * The row is a line of this Bash command's standard output (a table registered from it), not of
   * a lake file: `file` is "stdout" and `line` the output line.
   */
  command: z.string().optional(),
});

const diagnostic = z
  .object({
    code: z.string(),
    severity: z.enum(["error", "warning", "info"]),
    message: z.string(),
    locations: z.array(location),
    /** What acting on the finding changes in the call's result, as measured (README "Fail loudly"). */
    effect: z
      .object({
        measured: z.boolean(),
        changed: z.boolean().optional(),
        text: z.string(),
        sql: z.string().optional(),
      })
      .optional(),
    /** The remedy in SQL the effect was measured with. */
    remedy: z.unknown().optional(),
    /** Every value the finding concerns when its message names only a few (e.g. all group rows' names), by table and column. */
    evidence: z
      .array(z.object({ table: z.string(), column: z.string(), values: z.array(z.string()) }))
      .optional(),
  })
  .strict();

const column = z.object({
  name: z.string(),
  /** DuckDB's name of the type, e.g. `DECIMAL(18,2)`. */
  type: z.string(),
  /** How the column's values appear in JSON (see README "Typed JSON"). */
  json: z.enum(["number", "string", "boolean", "array", "object"]).optional(),
});

/** One call, whatever its operator: its rows are always in `rows`, with `columns` and `origins`. */
export const callResultSchema = z
  .object({
    index: z.number().int(),
    op: z.string(),
    status: z.enum(["ok", "rejected", "failed", "skipped"]),
    args: z.record(z.string(), z.unknown()),
    /** The line of the batch file the call was written on (YAML and .sql batches). */
    line: z.number().int().optional(),
    summary: z.string().optional(),
    error: z.string().optional(),
    /** The table the call registered (Scan, UnionScan, Query) or profiled (Probe). */
    table: z.string().nullable(),
    /**
     * How many rows the result has: the table's rows, Probe's profiled columns, Bash's stdout
     * lines, Discover's hits.
     */
    rowCount: z.number().int().nullable(),
    columns: z.array(column),
    rows: z.array(z.array(z.unknown())),
    /** Source file and line of each row where RADAR knows it; null where it does not. */
    origins: z.array(location.nullable()),
    /** Rows of the result before the first one in `rows`. */
    offset: z.number().int(),
    /** More rows follow the ones in `rows`. */
    truncated: z.boolean(),
    /** Bash only: the command's output as it came, and how it ended. */
    output: z
      .object({
        stdout: z.string(),
        stderr: z.string(),
        exit: z.string(),
        exitCode: z.number().int().nullable(),
        /** The sandbox's output cap cut the output. */
        capped: z.boolean(),
      })
      .optional(),
    /** The call's own findings (the same ones are in the run's `findings`). */
    diagnostics: z.array(diagnostic),
    reused: z.record(z.string(), z.unknown()).optional(),
    replaced: z.record(z.string(), z.unknown()).optional(),
    durationMs: z.number(),
    /** The operator's observation as the trace records it (its own shape per operator). */
    observation: z.unknown(),
  })
  .strict();

export const runResultSchema = z
  .object({
    /** Version of this shape. */
    format: z.literal("radar-run/1"),
    results: z.array(callResultSchema),
    /**
     * Every finding of the run in one place: each call's (`stage: "call"`), the warnings a later
     * call of the batch settled (`"settled"`, now info) and the end-of-run checks (`"end"`, `call` null).
     */
    findings: z.array(
      diagnostic.extend({
        call: z.number().int().nullable(),
        stage: z.enum(["call", "settled", "end"]),
      }),
    ),
    /** The end-of-run findings alone (also in `findings`). */
    final: z.array(diagnostic),
    trace: z.string(),
    session: z.string().optional(),
    tables: z
      .array(
        z
          .object({
            name: z.string(),
            rows: z.number(),
            columns: z.array(z.object({ name: z.string(), type: z.string() })),
            kind: z.string(),
            from: z.array(z.string()),
            producedBy: z.object({ runId: z.string(), index: z.number().int() }).optional(),
            stale: z.string().optional(),
          })
          .strict(),
      )
      .optional(),
  })
  .strict();

export type CallResult = z.infer<typeof callResultSchema>;
export type RunResult = z.infer<typeof runResultSchema>;

/** The schema as JSON Schema (draft 2020-12), as docs/radar-run.schema.json holds it. */
export function runJsonSchema(): unknown {
  return {
    ...z.toJSONSchema(runResultSchema, { io: "output" }),
    $id: "https://github.com/radar-dev/radar/docs/radar-run.schema.json",
    title: "radar run (batch --json, --json-out, one-call commands)",
  };
}
