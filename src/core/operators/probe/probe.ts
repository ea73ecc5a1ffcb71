import { z } from "zod";
import { sqlIdent, sqlString } from "../../engine/duckEngine.ts";
import { extremesFit, typedByName } from "../../engine/typedJson.ts";
import { nearest, reject } from "../../diagnostic.ts";
import { defineOperator } from "../operator.ts";
import type { OperatorContext } from "../operator.ts";
import { requireRegistered } from "../requireTable.ts";
import { probeFacts } from "./probeFacts.ts";
import type { ColumnProbe, ParsedNumbers, ProbeObservation } from "./probeObservation.ts";

export const probeArgs = z
  .object({
    table: z.string().min(1).describe("A registered table."),
    columns: z
      .array(z.string())
      .default([])
      .describe("Columns to profile; omitted or an empty list profiles every column."),
  })
  .strict();
export type ProbeArgs = z.infer<typeof probeArgs>;

const TOP_VALUES = 8;

export const probeOperator = defineOperator<ProbeArgs, ProbeObservation>(probeFacts, {
  schema: probeArgs,
  inputsOf: (args) => [args.table],
  traced: typedProbe,
  async execute(args, ctx) {
    const info = requireRegistered(ctx.state, args.table, "Probe.table");
    const wanted = args.columns.length === 0 ? info.schema.map((c) => c.name) : args.columns;
    const columns = wanted.map((name) => {
      const column =
        info.schema.find((c) => c.name === name) ??
        info.schema.find((c) => c.name.toLowerCase() === name.toLowerCase());
      if (!column)
        reject(
          "unknown-column",
          `Probe.columns: "${name}" is not a column of ${info.name}. Nearest: ${nearest(
            name,
            info.schema.map((c) => c.name),
          ).join(", ")}.`,
        );
      return column;
    });
    const table = sqlIdent(info.name);
    const probes: ColumnProbe[] = [];
    for (const column of columns) {
      const col = sqlIdent(column.name);
      const [stats] = await ctx.engine.all(
        `SELECT count(*) AS n, count(*) - count(${col}) AS nulls, count(DISTINCT ${col}) AS d, min(${col}) AS lo, max(${col}) AS hi FROM ${table}`,
      );
      const top = await ctx.engine.all(
        `SELECT ${col} AS v, count(*) AS c FROM ${table} WHERE ${col} IS NOT NULL GROUP BY ALL ORDER BY c DESC, v LIMIT ${TOP_VALUES}`,
      );
      const n = Number(stats?.n ?? 0);
      const nulls = Number(stats?.nulls ?? 0);
      const parsed = column.type === "VARCHAR" ? await numbersInText(ctx.engine, table, col) : undefined;
      probes.push({
        column: column.name,
        type: column.type,
        nullRate: n === 0 ? 0 : Math.round((nulls / n) * 10000) / 10000,
        nulls,
        distinct: Number(stats?.d ?? 0),
        min: parsed ? parsed.minText : (stats?.lo ?? null),
        max: parsed ? parsed.maxText : (stats?.hi ?? null),
        top: top.map((t) => ({ value: t.v, count: Number(t.c) })),
        ...(parsed ? { parsed: parsed.numbers } : {}),
      });
    }
    ctx.state.noteProbed(
      info.name,
      columns.map((c) => c.name),
    );
    return { observation: { table: info.name, rowCount: info.rowCount, columns: probes } };
  },
  summarize: (o) =>
    `${o.table}: ${o.columns.map((c) => `${c.column} (${c.distinct} distinct, ${Math.round(c.nullRate * 100)}% null${c.parsed ? `, numbers as text: ${c.parsed.min} … ${c.parsed.max}${c.parsed.unit === "%" ? " %" : ""}` : ""})`).join("; ")}`,
});

/** Probe's extremes and frequent values in typed JSON, by each column's type. */
function typedProbe(observation: ProbeObservation): ProbeObservation {
  return {
    ...observation,
    columns: observation.columns.map((c) => {
      const fits = extremesFit(c.type, [c.min, c.max]);
      return {
        ...c,
        min: typedByName(c.min, c.type, fits),
        max: typedByName(c.max, c.type, fits),
        top: c.top.map((t) => ({ ...t, value: typedByName(t.value, c.type, fits) })),
      };
    }),
  };
}

/**
 * A number as reports write it: a sign, a currency sign, digits with or without thousands
 * separators (groups of three), decimals, a percent sign; or in accounting parentheses. A value
 * with a leading zero (`'007'`, ZIP codes) is a code, not a number, and keeps the column text.
 */
const NUMBER_TEXT = String.raw`^(\(\s*)?[-+]?\s*([$€£¥])?\s*[-+]?\s*(\d{1,3}(,\d{3})+(\.\d+)?|0|[1-9]\d*(\.\d+)?|0?\.\d+|0\.\d+)\s*%?(\s*\))?$`;
/** Values that stand for no number in a column of numbers. */
const NOT_A_NUMBER = String.raw`^(|-|–|—|\.|\.\.|\*|n/?a|null|none|nan|\(x\)|x|s|d|--)$`;

/**
 * Numbers stored as text (`'5.95%'`, `'$1,234'`): their range by value — text order says
 * `'5.95%'` > `'20.91%'`. Only when every value reads as a number, besides values that stand for
 * none (`N/A`, `-`), with one unit throughout (all `%`, all `$`, or none); undefined otherwise.
 * One pass over the column, in DuckDB.
 */
async function numbersInText(
  engine: OperatorContext["engine"],
  table: string,
  col: string,
): Promise<{ minText: string; maxText: string; numbers: ParsedNumbers } | undefined> {
  const s = `trim(${col})`;
  const ok = `regexp_full_match(${s}, ${sqlString(NUMBER_TEXT)})`;
  const none = `regexp_full_match(lower(${s}), ${sqlString(NOT_A_NUMBER)})`;
  const digits = `replace(regexp_extract(${s}, '[0-9][0-9,]*([.][0-9]+)?|[.][0-9]+'), ',', '')`;
  const negative = `(${s} LIKE '(%' OR contains(${s}, '-'))`;
  const x = `CASE WHEN ${negative} THEN -1 ELSE 1 END * TRY_CAST(${digits} AS DOUBLE)`;
  const [r] = await engine.all(
    `WITH __radar_v AS (SELECT ${s} AS s, ${ok} AS ok, ${none} AS none, ${x} AS x FROM ${table} WHERE ${col} IS NOT NULL) ` +
      `SELECT count(*) FILTER (WHERE ok) AS good, count(*) FILTER (WHERE NOT ok AND NOT none) AS bad, ` +
      `count(*) FILTER (WHERE ok AND contains(s, '%')) AS pct, ` +
      `count(*) FILTER (WHERE ok AND regexp_matches(s, '[$€£¥]')) AS cur, ` +
      `count(DISTINCT regexp_extract(s, '[$€£¥]')) FILTER (WHERE ok AND regexp_matches(s, '[$€£¥]')) AS curs, ` +
      `any_value(regexp_extract(s, '[$€£¥]')) FILTER (WHERE ok AND regexp_matches(s, '[$€£¥]')) AS sign, ` +
      `count(*) FILTER (WHERE ok AND contains(s, ',')) AS commas, count(*) FILTER (WHERE ok AND s LIKE '(%') AS parens, ` +
      `min(x) FILTER (WHERE ok) AS lo, max(x) FILTER (WHERE ok) AS hi, ` +
      `arg_min(s, x) FILTER (WHERE ok) AS lo_text, arg_max(s, x) FILTER (WHERE ok) AS hi_text, ` +
      `list(s) FILTER (WHERE none) AS nones FROM __radar_v`,
  );
  if (!r) return undefined;
  const good = Number(r.good);
  const pct = Number(r.pct);
  const cur = Number(r.cur);
  if (good === 0 || Number(r.bad) > 0) return undefined;
  // One unit throughout: `5%` beside `0.05` (or `$` beside `€`) are not one scale.
  if ((pct > 0 && pct < good) || (cur > 0 && (cur < good || Number(r.curs) > 1))) return undefined;
  const unit = pct > 0 ? "%" : cur > 0 ? String(r.sign) : undefined;
  const stripped = [
    ...(pct > 0 ? ["%"] : []),
    ...(cur > 0 ? [`${String(r.sign)} sign`] : []),
    ...(Number(r.commas) > 0 ? ["thousands separators"] : []),
    ...(Number(r.parens) > 0 ? ["accounting parentheses (negative)"] : []),
  ];
  const counts = new Map<string, number>();
  for (const v of (r.nones as string[] | null) ?? []) counts.set(v, (counts.get(v) ?? 0) + 1);
  const notNumbers = [...counts].map(([value, count]) => ({ value, count }));
  const lo = Number(r.lo);
  const hi = Number(r.hi);
  const skipped = notNumbers.length
    ? `; ${notNumbers.reduce((a, v) => a + v.count, 0)} value(s) that stand for no number (${notNumbers
        .slice(0, 3)
        .map((v) => JSON.stringify(v.value))
        .join(", ")}) left out`
    : "";
  return {
    minText: String(r.lo_text),
    maxText: String(r.hi_text),
    numbers: {
      min: lo,
      max: hi,
      ...(unit ? { unit } : {}),
      stripped,
      values: good,
      notNumbers,
      note: `numbers stored as text, parsed (${stripped.join(", ") || "plain digits"}): range ${lo} … ${hi}${unit === "%" ? " %" : unit ? ` (${unit})` : ""} by value, not text order${skipped}. Convert them in a Query before comparing or summing (e.g. TRY_CAST(replace(replace(col, '%', ''), ',', '') AS DOUBLE)).`,
    },
  };
}
