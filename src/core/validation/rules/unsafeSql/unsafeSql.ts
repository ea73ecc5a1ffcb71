import { analyzeSelect } from "../../../sandbox/sqlGate.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { rejectionsOf } from "../../rejections.ts";
import { unsafeSqlDoc } from "./unsafeSqlDoc.ts";

/**
 * `unsafe-sql` (and `invalid-sql`): Query runs exactly one read-only SELECT over registered tables,
 * decided by DuckDB's parser (see sqlGate.ts). The parsed statement is kept for the rules after it.
 */
export const unsafeSqlRule: ValidationRule = {
  code: unsafeSqlDoc.code,
  runOrder: 10,
  phase: "before",
  ops: ["Query"],
  check: (facts) =>
    rejectionsOf(async () => {
      facts.sql = await analyzeSelect(facts.ctx.engine, String(facts.args.sql));
    }),
};
