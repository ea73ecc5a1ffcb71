import { textArg } from "../operatorFacts.ts";
import { cellText, parsedText } from "../../presentation/cliText.ts";
import type { OperatorPresentation } from "../operatorPresentation.ts";
import { cell as readableCell } from "../../presentation/readableRows.ts";
import { cell } from "../../presentation/traceTables.ts";

/** Frequent values shown per probed column. */
const TOP_SHOWN = 8;

export const probePresentation: OperatorPresentation<"Probe"> = {
  label: (a) => `Probe ${textArg(a, "table")}`,
  facts: (o, add) => {
    add("table", o.table);
    add("rows", o.rowCount);
  },
  tables: (o) => {
    const columns = Array.isArray(o.columns) ? (o.columns as Record<string, unknown>[]) : [];
    if (!columns.length) return [];
    return [
      {
        title: `${String(o.table)} — column profile`,
        columns: ["column", "type", "null rate", "distinct", "min", "max", "top values"],
        rows: columns.map((c) => [
          cell(c.column),
          cell(c.type),
          `${Math.round(Number(c.nullRate) * 1000) / 10}%`,
          cell(c.distinct),
          cell(c.min),
          cell(c.max),
          (Array.isArray(c.top) ? (c.top as { value: unknown; count: number }[]) : [])
            .map((t) => `${cell(t.value)} (${t.count})`)
            .join(", "),
        ]),
        origins: columns.map(() => null),
      },
    ];
  },
  model: (o) => o,
  readable: (o) =>
    (o.columns ?? []).map(
      (c) =>
        `${c.column} ${c.type}: ${c.distinct} distinct, ${(c.nullRate * 100).toFixed(1)}% null, ${readableCell(c.min)} … ${readableCell(c.max)}${c.parsed ? ` (numbers stored as text, parsed: ${c.parsed.min} … ${c.parsed.max}${c.parsed.unit ? ` ${c.parsed.unit}` : ""}, by value)` : ""}; top ${c.top
          .slice(0, 5)
          .map((t) => `${readableCell(t.value)} ×${t.count}`)
          .join(", ")}`,
    ),
  cliLines: (o) => {
    const lines: string[] = [];
    for (const c of o.columns ?? []) {
      const nulls = `${c.nulls} null (${(c.nullRate * 100).toFixed(c.nullRate > 0 && c.nullRate < 0.01 ? 2 : 1)}%)`;
      lines.push(
        `${c.column} ${c.type}: ${c.distinct} distinct, ${nulls}, range ${cellText(c.min)} … ${cellText(c.max)}${c.parsed ? ` (${parsedText(c.parsed)})` : ""}`,
      );
      if (c.top.length)
        lines.push(
          `    top: ${c.top
            .slice(0, TOP_SHOWN)
            .map((t) => `${cellText(t.value)} ×${t.count}`)
            .join(
              ", ",
            )}${c.distinct > TOP_SHOWN ? `, … (${c.distinct - Math.min(TOP_SHOWN, c.top.length)} more values)` : ""}`,
        );
    }
    return lines;
  },
  // One row per profiled column.
  cliRows: (o) => ({
    table: o.table,
    rowCount: o.columns.length,
    columns: [
      { name: "column", type: "VARCHAR", json: "string" },
      { name: "type", type: "VARCHAR", json: "string" },
      { name: "rows", type: "BIGINT", json: "number" },
      { name: "nulls", type: "BIGINT", json: "number" },
      { name: "null_rate", type: "DOUBLE", json: "number" },
      { name: "distinct", type: "BIGINT", json: "number" },
      { name: "min", type: "JSON" },
      { name: "max", type: "JSON" },
      { name: "top", type: "JSON", json: "array" },
    ],
    rows: o.columns.map((c) => [
      c.column,
      c.type,
      o.rowCount,
      c.nulls,
      c.nullRate,
      c.distinct,
      c.min,
      c.max,
      c.top,
    ]),
    origins: o.columns.map(() => null),
    offset: 0,
    truncated: false,
  }),
};
