import { z } from "zod";
import { digestField } from "../../audit/tableDigest.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import { renamedRowidNote, unshadowRowid } from "../../engine/rowPosition.ts";
import { Rejection, reject } from "../../diagnostic.ts";
import { analyzeSelect, assertPreparesAsSelect } from "../../sandbox/sqlGate.ts";
import type { SelectAnalysis } from "../../sandbox/sqlGate.ts";
import { defineOperator } from "../operator.ts";
import type { OperatorContext } from "../operator.ts";
import { offsetArg, previewRowsArg, previewTable } from "../preview.ts";
import { requireRegistered } from "../requireTable.ts";
import { SqlError } from "../sqlError.ts";
import { conversionExplanation } from "./conversionFailure.ts";
import { unpivotExplanation } from "./unpivotFailure.ts";
import { textFunctionExplanation } from "./textFunctionFailure.ts";
import { checkOutputName, replaceArg } from "../tableName.ts";
import { queryFacts } from "./queryFacts.ts";
import type { QueryObservation } from "./queryObservation.ts";
import { queryStructured } from "./queryObservation.ts";

export const QUERY_RECORDS = 10;

export const queryArgs = z
  .object({
    sql: z.string().describe("One read-only SELECT or WITH statement over registered tables."),
    inputs: z.array(z.string()).describe("Every registered table the SQL reads."),
    output: z.string().describe("Name of the table to register with the result."),
    replace: replaceArg,
    preview_rows: previewRowsArg(QUERY_RECORDS),
    offset: offsetArg,
  })
  .strict();
export type QueryArgs = z.infer<typeof queryArgs>;

export const queryOperator = defineOperator<QueryArgs, QueryObservation>(queryFacts, {
  structured: queryStructured,
  schema: queryArgs,
  inputsOf: (args) => args.inputs,
  readKey(args, ctx) {
    // The same SQL over the same tables (not replaced since) gives the same table.
    const inputs = args.inputs.map((name) => {
      const t = ctx.state.table(name);
      return t?.producedBy ? `${name.toLowerCase()}@${t.producedBy.runId}:${t.producedBy.index}` : undefined;
    });
    if (inputs.some((i) => i === undefined)) return undefined;
    return `query:${inputs.sort().join(",")}|${args.sql.trim()}`;
  },
  checksAlongside: true,
  async execute(args, ctx) {
    const output = checkOutputName(args.output, "Query.output");
    for (const input of args.inputs) requireRegistered(ctx.state, input, "Query.inputs");
    // Validation already parsed and checked the SQL; direct callers get the same gate here.
    const analysis = ctx.query ?? (await analyzeSelect(ctx.engine, args.sql));
    const declared = new Set(args.inputs.map((i) => i.toLowerCase()));
    for (const table of analysis.tables) {
      requireRegistered(ctx.state, table, "Query.sql");
      if (!declared.has(table))
        reject(
          "undeclared-input",
          `Query.sql reads table "${table}", which is not in Query.inputs ${JSON.stringify(args.inputs)}. Declare every table the query reads.`,
        );
    }
    try {
      await assertPreparesAsSelect(ctx.engine, analysis.sql);
    } catch (error) {
      if (error instanceof Rejection) throw error;
      throw explained(SqlError.from(error, analysis.sql, 0), analysis, ctx);
    }
    // The parenthesised body is the statement DuckDB parsed as one SELECT; the newline ends any
    // trailing line comment. The wrapper's first line is not the agent's: error positions are
    // moved back by one line (SqlError).
    try {
      await ctx.engine.run(`CREATE OR REPLACE TABLE ${sqlIdent(output)} AS (\n${analysis.sql}\n)`);
    } catch (error) {
      throw explained(SqlError.from(error, analysis.sql, 1), analysis, ctx);
    }
    const { renamed, schema } = await unshadowRowid(ctx.engine, output);
    const [count] = await ctx.engine.all(`SELECT count(*) AS n FROM ${sqlIdent(output)}`);
    const info = {
      name: output,
      provenance: { kind: "query" as const, files: [], sql: analysis.sql, inputs: args.inputs },
      schema,
      rowCount: Number(count?.n ?? 0),
      origin: { kind: "derived" as const },
    };
    ctx.state.register(info);
    return {
      observation: {
        table: output,
        schema,
        rowCount: info.rowCount,
        ...(await digestField(ctx.engine, output, info.rowCount)),
        records: await previewTable(
          ctx.engine,
          ctx.state,
          info,
          args.preview_rows ?? QUERY_RECORDS,
          args.offset ?? 0,
        ),
        ...(renamed ? { notes: [renamedRowidNote(renamed)] } : {}),
      },
    };
  },
  summarize: (o) => `${o.table}: ${o.rowCount} rows × ${o.schema.length} columns`,
});

/** A literal the table's typed column cannot hold, an UNPIVOT of columns RADAR typed apart, or a text function over a column RADAR read as numbers: the error says how RADAR read the file. */
function explained(failed: SqlError, analysis: SelectAnalysis, ctx: OperatorContext): SqlError {
  const explanation =
    conversionExplanation(failed.message, analysis, ctx) ??
    unpivotExplanation(failed.message, analysis, ctx) ??
    textFunctionExplanation(failed.message, analysis, ctx);
  return explanation
    ? new SqlError(`${failed.message}.${explanation}`, failed.kind, failed.line, failed.column)
    : failed;
}
