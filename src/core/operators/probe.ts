import { z } from "zod";
import { sqlIdent } from "../engine/duckEngine.ts";
import { nearest, reject } from "../diagnostic.ts";
import type { Operator } from "./operator.ts";
import { requireRegistered } from "./requireTable.ts";

export const probeArgs = z
  .object({
    table: z.string().min(1).describe("A registered table."),
    columns: z.array(z.string()).describe("Columns to profile; an empty list profiles every column."),
  })
  .strict();
export type ProbeArgs = z.infer<typeof probeArgs>;

export interface ColumnProbe {
  column: string;
  type: string;
  nullRate: number;
  nulls: number;
  distinct: number;
  min: unknown;
  max: unknown;
  top: { value: unknown; count: number }[];
}

export interface ProbeObservation {
  table: string;
  rowCount: number;
  columns: ColumnProbe[];
}

const TOP_VALUES = 8;

export const probeOperator: Operator<ProbeArgs, ProbeObservation> = {
  name: "Probe",
  description:
    "Profile columns of a registered table: type, null rate, distinct count, min/max and the most frequent values.",
  schema: probeArgs,
  inputsOf: (args) => [args.table],
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
      probes.push({
        column: column.name,
        type: column.type,
        nullRate: n === 0 ? 0 : Math.round((nulls / n) * 10000) / 10000,
        nulls,
        distinct: Number(stats?.d ?? 0),
        min: stats?.lo ?? null,
        max: stats?.hi ?? null,
        top: top.map((t) => ({ value: t.v, count: Number(t.c) })),
      });
    }
    ctx.state.noteProbed(
      info.name,
      columns.map((c) => c.name),
    );
    return { observation: { table: info.name, rowCount: info.rowCount, columns: probes } };
  },
  summarize: (o) =>
    `${o.table}: ${o.columns.map((c) => `${c.column} (${c.distinct} distinct, ${Math.round(c.nullRate * 100)}% null)`).join("; ")}`,
};
