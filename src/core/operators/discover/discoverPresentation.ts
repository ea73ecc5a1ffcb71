import { textArg } from "../operatorFacts.ts";
import { compactHit, MAX_HITS } from "../../presentation/modelText.ts";
import type { OperatorPresentation } from "../operatorPresentation.ts";
import { cell } from "../../presentation/traceTables.ts";

export const discoverPresentation: OperatorPresentation<"Discover"> = {
  label: (a) => `Discover “${textArg(a, "query").slice(0, 60)}”`,
  facts: () => {},
  tables: (o) => {
    const hits = Array.isArray(o.hits) ? (o.hits as Record<string, unknown>[]) : [];
    if (!hits.length) return [];
    return [
      {
        title: "ranked sources",
        columns: ["path", "score", "format", "rows", "why"],
        rows: hits.map((h) => [
          cell(h.path),
          typeof h.score === "number" ? h.score.toFixed(2) : cell(h.score),
          cell(h.format ?? ""),
          cell(h.rows ?? ""),
          (Array.isArray(h.reasons) ? h.reasons : []).map(String).join("; "),
        ]),
        // A ranked file opens at its first line; a folder pattern has no single file.
        origins: hits.map((h) =>
          typeof h.path === "string" && !/[*?[\]{}]/.test(h.path) && h.files === undefined
            ? { file: h.path, line: 1 }
            : null,
        ),
      },
    ];
  },
  // Every hit the call asked for (its limit); past the first ones, without columns and long reasons.
  model: (o) => ({ hits: o.hits.map((h, i) => compactHit(h, i < MAX_HITS)) }),
  readable: (o) =>
    (o.hits ?? []).slice(0, 20).map((h) => `- ${h.path}${h.rows !== undefined ? ` (${h.rows} rows)` : ""}`),
  cliLines: (o) =>
    (o.hits ?? []).map(
      (h, i) =>
        `${String(i + 1).padStart(2)}. ${h.path}${h.format ? ` [${h.format}${h.rows !== undefined ? `, ${h.rows} rows` : ""}]` : ""}  (${h.score.toFixed(2)})`,
    ),
  cliRows: (o) => {
    const hits = o.hits ?? [];
    return {
      table: null,
      rowCount: hits.length,
      columns: [
        { name: "path", type: "VARCHAR", json: "string" },
        { name: "score", type: "DOUBLE", json: "number" },
        { name: "reasons", type: "VARCHAR[]", json: "array" },
      ],
      rows: hits.map((h) => [h.path, h.score, h.reasons]),
      origins: hits.map(() => null),
      offset: 0,
      truncated: false,
    };
  },
};
