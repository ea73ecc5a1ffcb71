import type { TableProfile } from "./sourceEntry.ts";

/**
 * What `radar map` says under a table besides its columns: the statistic rows left out of it, the
 * missing-value markers read as NULL and the likely fill values, each with where it was seen.
 */
export function tableFactLines(table: TableProfile): string[] {
  const out: string[] = [];
  const summary = (table.footer?.rows ?? []).filter((r) => r.kind === "summary");
  if (summary.length > 0)
    out.push(
      `statistic rows left out: ${summary.map((r) => `${r.text.split(" | ")[0]} (line ${r.line})`).join(", ")}`,
    );
  const markers = table.columns
    .filter((c) => c.missingMarkers?.length)
    .map((c) => `${c.name} ${c.missingMarkers!.map((m) => `'${m.value}' ×${m.count}`).join(" ")}`);
  if (markers.length > 0) out.push(`missing-value markers read as NULL: ${markers.join("; ")}`);
  const fills = table.columns.flatMap((c) =>
    (c.fillValues ?? []).map(
      (f) =>
        `${c.name} ${f.value} ×${f.count} (first at ${f.line ? `line ${f.line}` : `data row ${f.firstRow}`}; other values ${f.othersMin} to ${f.othersMax})`,
    ),
  );
  if (fills.length > 0) out.push(`likely fill values (read as written): ${fills.join("; ")}`);
  return out;
}
