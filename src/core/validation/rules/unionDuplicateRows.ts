import type { Diagnostic } from "../../diagnostic.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import type { UnionScanObservation } from "../../operators/unionScan.ts";
import { at, locate, present, quote } from "../evidence.ts";
import type { ValidationRule } from "../validationRule.ts";

const SHOWN = 5;

/**
 * `union-duplicate-rows` (warning): identical rows in more than one of the unioned files — e.g. a
 * metropolitan area spanning two states, listed in both states' files — which a SUM over the
 * union counts twice.
 */
export const unionDuplicateRowsRule: ValidationRule = {
  code: "union-duplicate-rows",
  phase: "after",
  ops: ["UnionScan"],
  async check({ observation, args, ctx }) {
    const o = observation as UnionScanObservation;
    const info = ctx.state.table(o.table);
    if (!info || o.sources.length < 2) return [];
    const source = String(args.source_column).toLowerCase();
    const columns = info.schema.filter((c) => c.name.toLowerCase() !== source).map((c) => sqlIdent(c.name));
    if (columns.length === 0) return [];
    const src = sqlIdent(
      info.schema.find((c) => c.name.toLowerCase() === source)?.name ?? String(args.source_column),
    );
    const rows = await ctx.engine.all(
      `SELECT ${columns.map((c, i) => `${c} AS c${i}`).join(", ")}, count(DISTINCT ${src}) AS files, list(DISTINCT ${src} ORDER BY ${src}) AS labels, min(rowid) AS r, count(*) OVER () AS groups ` +
        `FROM ${sqlIdent(info.name)} WHERE NOT (${columns.map((c) => `${c} IS NULL`).join(" AND ")}) ` +
        `GROUP BY ${columns.join(", ")} HAVING count(DISTINCT ${src}) > 1 ORDER BY r LIMIT ${SHOWN}`,
    );
    if (rows.length === 0) return [];
    const locations = await locate(
      ctx.engine,
      info,
      rows.map((r) => Number(r.r)),
    );
    const shown = rows.map(
      (r, i) =>
        `(${columns.map((_, k) => quote(r[`c${k}`])).join(", ")}) in ${(r.labels as unknown[]).join(" and ")}${at(locations[i])}`,
    );
    const groups = Number(rows[0]!.groups ?? rows.length);
    const diagnostic: Diagnostic = {
      code: "union-duplicate-rows",
      severity: "warning",
      message:
        `${groups} row(s) appear identically in more than one file: ${shown.join("; ")}${groups > rows.length ? "; …" : ""}. ` +
        `A sum or count over ${info.name} counts them once per file. Deduplicate (SELECT DISTINCT over the data columns) where they are the same entity.`,
      locations: present(locations),
    };
    return [diagnostic];
  },
};
