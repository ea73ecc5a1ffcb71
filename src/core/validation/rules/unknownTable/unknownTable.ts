import { requireRegistered } from "../../../operators/requireTable.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { rejectionsOf } from "../../rejections.ts";
import { unknownTableDoc } from "./unknownTableDoc.ts";

/** `unknown-table`: a table never registered — in Probe.table, Query.inputs or the SQL itself. */
export const unknownTableRule: ValidationRule = {
  code: unknownTableDoc.code,
  runOrder: 40,
  phase: "before",
  ops: ["Probe", "Query"],
  check: ({ op, args, ctx, sql }) =>
    rejectionsOf(() => {
      if (op === "Probe") return requireRegistered(ctx.state, String(args.table), "Probe.table");
      for (const input of args.inputs as string[]) requireRegistered(ctx.state, input, "Query.inputs");
      for (const table of sql?.tables ?? []) requireRegistered(ctx.state, table, "Query.sql");
    }),
};
