import type { Diagnostic, Remedy } from "../../../diagnostic.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { LINEAGE_DEPTH } from "../../columnLineage.ts";
import { isDerivedTable, tableLabel } from "../../derivedTables.ts";
import { measureEffect } from "../../effect/measureEffect.ts";
import { remediedSql } from "../../effect/remediedSql.ts";
import { locate, present, typeOf } from "../../evidence.ts";
import { scopeOf, selectNodes } from "../../sqlFacts.ts";
import { parseTree } from "../../sqlText.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { queryRule } from "../../validationRule.ts";
import { knownFills } from "../fillValue/fillValue.ts";
import { madeAfter } from "../joinFanout/carriedFanout.ts";
import { columnReads, corrected, correction, describe, lineOf, readBack, shown } from "./scaleSlip.ts";
import { scaleSlips, seriesLayout, SORTED_ROWS } from "./scaleSlips.ts";
import { isNumericType } from "../../../engine/numericTypes.ts";
import type { ScaleSlip, SeriesLayout } from "./scaleSlips.ts";
import { scaleSlipDoc } from "./scaleSlipDoc.ts";

/** Slipped-looking values of a file's table that a Query read, and that table's remedy. */
interface Carried {
  file: TableInfo;
  column: string;
  layout: SeriesLayout;
  slips: ScaleSlip[];
  /** The Query-made table the call reads, with the slipped values read back (its SQL, remedied down the chain). */
  remedy: Remedy;
  /** The Query-made tables between the call and the file's table, nearest first. */
  chain: string[];
}

/**
 * The slipped-looking values a Query-made table carries: `table` was made by a Query (perhaps over
 * other Query-made tables, up to LINEAGE_DEPTH steps) from a file's table whose number column that
 * Query read holds them. Each is returned with `table` as its own SQL would make it with the values
 * read back at their neighbours' scale, so the effect on the call can be measured.
 */
async function carried(ctx: OperatorContext, table: TableInfo, depth = LINEAGE_DEPTH): Promise<Carried[]> {
  const sql = table.provenance.sql;
  if (depth < 0 || table.provenance.kind !== "query" || !sql || isDerivedTable(table)) return [];
  const inputs = (table.provenance.inputs ?? []).map((n) => ctx.state.table(n));
  if (inputs.some((t) => !t || madeAfter(t, table))) return [];
  const out: Carried[] = [];
  const remade = async (input: string, inputSql: string): Promise<string | undefined> =>
    remediedSql(ctx.engine, sql, { table: input, sql: inputSql, says: "" });
  for (const input of inputs as TableInfo[]) {
    if (input.provenance.kind === "query") {
      for (const c of await carried(ctx, input, depth - 1)) {
        const made = await remade(input.name, c.remedy.sql);
        if (made)
          out.push({
            ...c,
            remedy: { ...c.remedy, table: table.name, sql: made },
            chain: [table.name, ...c.chain],
          });
      }
      continue;
    }
    // The re-run reads the file's table again: only small ones (their series were sorted, too).
    if (input.origin.kind === "derived" || input.rowCount > SORTED_ROWS) continue;
    const layout = await seriesLayout(ctx.engine, input);
    if (!layout) continue;
    const statement = (await parseTree(ctx.engine, sql)).statements[0]?.node;
    if (!statement) continue;
    const columns = new Set<string>();
    for (const select of selectNodes(statement))
      for (const read of columnReads(select, scopeOf(select.from_table, ctx.state)))
        if (read.column.table === input) columns.add(read.column.column);
    for (const column of columns) {
      if (column === layout.time || !isNumericType(typeOf(input, column) ?? "")) continue;
      const series = await scaleSlips(ctx.engine, input, layout, column);
      if (series.kind !== "read") continue;
      const fills = new Set(knownFills(ctx, input, column).map((f) => f.fill.value));
      const slips = series.slips.filter((s) => !fills.has(s.value));
      if (slips.length === 0) continue;
      const made = await remade(input.name, readBack(input.name, column, slips, "").sql);
      if (made)
        out.push({
          file: input,
          column,
          layout,
          slips,
          remedy: { table: table.name, sql: made, says: "" },
          chain: [table.name],
        });
    }
  }
  return out;
}

/**
 * `scale-slip` across a Query boundary (issue 25, EO-food-07): the call reads a table an earlier
 * Query made from a file's table whose series hold a value slipped by a power of ten — the pivot
 * `wide` took a region's 2016 value 61 (between 6.2 and 6.1) into `p2016`, and the ranking of
 * `p2016 - p2014` over `wide` put that region first. Reported only when reading the value back at
 * its neighbours' scale (through the Queries that made the table) changes what this call returns:
 * the effect is measured here, and a table whose rows do not carry the value says nothing.
 */
export const carriedSlipRule: ValidationRule = queryRule({
  doc: scaleSlipDoc,
  runOrder: 310,
  inputsOnly: false,
  async check({ ctx, sql, args }) {
    const output = typeof args.output === "string" ? args.output : undefined;
    const inputs = Array.isArray(args.inputs) ? (args.inputs as unknown[]).map(String) : [];
    if (!output || inputs.some((i) => i.toLowerCase() === output.toLowerCase())) return [];
    const tables = new Map<string, TableInfo>();
    for (const select of selectNodes(sql.statement))
      for (const t of scopeOf(select.from_table, ctx.state).values())
        if (t.provenance.kind === "query" && !isDerivedTable(t)) tables.set(t.name.toLowerCase(), t);
    const out: Diagnostic[] = [];
    for (const table of tables.values()) {
      for (const c of await carried(ctx, table)) {
        const where = await locate(
          ctx.engine,
          c.file,
          c.slips.flatMap((s) => [s.rowid, s.before.rowid, s.after.rowid]),
        );
        const says = c.slips
          .map(
            (s, i) =>
              `${c.file.name}.${c.column} ${shown(s.value)}${where[3 * i] ? ` (${lineOf(where[3 * i])})` : ""} read as ${shown(corrected(s))} (${correction(s.power).text})`,
          )
          .join("; ");
        const remedy = { ...c.remedy, says };
        let effect: Diagnostic["effect"];
        try {
          effect = await measureEffect(ctx.engine, sql.sql, output, remedy);
        } catch {
          continue;
        }
        // Only a result the value changes is reported: a table built from the file may not carry it.
        if (!effect.measured || effect.changed !== true) continue;
        const texts = c.slips.map((s, i) => describe(s, c.layout, where.slice(3 * i, 3 * i + 3)));
        const first = c.slips[0]!;
        out.push({
          code: "scale-slip",
          severity: "warning",
          message:
            `The query reads ${tableLabel(table)}, made by ${c.chain.length === 1 ? "a Query" : `Queries (${c.chain.join(" ← ")})`} from ${c.file.name}, ` +
            `whose ${c.column} series ordered by ${c.layout.time} hold${c.slips.length === 1 ? "s" : ""} ${c.slips.length === 1 ? "a value" : `${c.slips.length} values`} ` +
            `far off both neighbours, which agree with each other: ${texts.join("; ")}. ` +
            `A value about ${first.power > 0 ? `${10 ** first.power}×` : `1/${10 ** -first.power} of`} both its neighbours is the mark of a slipped decimal point or unit, ` +
            `and read back at their scale it changes this query's result. Check it in the file; if it is a slip, correct it where ${c.file.name} is read, or leave the row out, and say so in the answer.`,
          locations: present(c.slips.map((_, i) => where[3 * i] ?? null)),
          remedy,
          effect,
        });
      }
    }
    return out;
  },
});
