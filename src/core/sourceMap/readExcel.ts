import type { Grid } from "./gridTable.ts";

/** Text of a cell value as a user sees it (numbers and dates in a form DuckDB casts back). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date)
    return value.toISOString().replace("T00:00:00.000Z", "").replace("T", " ").replace("Z", "");
  if (typeof value === "object") {
    const v = value as {
      result?: unknown;
      text?: unknown;
      richText?: { text: string }[];
      error?: string;
      hyperlink?: string;
    };
    if (v.richText) return v.richText.map((r) => r.text).join("");
    if ("result" in v) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    if (v.error) return v.error;
    return "";
  }
  return String(value);
}

/**
 * Streams the sheets of an .xlsx workbook one at a time (DuckDB's Excel reader needs an extension
 * download, which fails offline). `onSheet` gets each sheet's rows; only one sheet is held at once.
 */
export async function readExcelSheets(
  absPath: string,
  onSheet: (grid: Grid) => Promise<void>,
  onlySheet?: string,
): Promise<string[]> {
  // Loaded on first use: exceljs is large, and most lakes hold no workbook.
  const { default: ExcelJS } = await import("exceljs");
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(absPath, {
    sharedStrings: "cache",
    worksheets: "emit",
    hyperlinks: "ignore",
    styles: "cache",
    entries: "ignore",
  });
  const names: string[] = [];
  for await (const worksheet of reader) {
    const ws = worksheet as unknown as { name?: string; id?: number } & AsyncIterable<{
      number: number;
      values: unknown[];
    }>;
    const sheet = ws.name ?? `Sheet${ws.id ?? names.length + 1}`;
    names.push(sheet);
    if (onlySheet !== undefined && onlySheet !== sheet) {
      for await (const _row of ws) void _row;
      continue;
    }
    const rows: string[][] = [];
    const lines: number[] = [];
    for await (const row of ws) {
      // ExcelJS row values are 1-based with a hole at index 0.
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      rows.push(values.map(cellText));
      lines.push(row.number);
    }
    await onSheet({ sheet, source: "xlsx", rows, lines });
  }
  return names;
}
