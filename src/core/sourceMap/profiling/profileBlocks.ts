import type { DuckEngine } from "../../engine/duckEngine.ts";
import { YEAR_CELL, isNumberLike, usedWidthOf } from "../layout/cellKinds.ts";
import type { TextRecord } from "../readers/delimitedText.ts";
import { layoutParts } from "../layout/layoutProfile.ts";
import { requotedNote } from "../readers/quoteRepair.ts";
import { strayQuoteNote } from "../typing/readTyped.ts";
import type { DelimitedOptions } from "../typing/readTyped.ts";
import type { TableProfile } from "../sourceEntry.ts";
import { analyzeTable } from "../layout/tableLayout.ts";
import type { BlockRange, TableLayout } from "../layout/tableLayout.ts";
import { columnNames } from "../typing/varcharColumns.ts";
import { typedBlock } from "./typedBlock.ts";
import type { DelimitedFile } from "./typedBlock.ts";

/** One table per block of a multi-table sheet, named `block N`, with its title in `title`. */
export async function profileBlocks(
  engine: DuckEngine,
  cacheDir: string,
  absPath: string,
  records: TextRecord[],
  gapBefore: boolean[],
  blocks: BlockRange[],
  file: DelimitedFile,
  options: DelimitedOptions,
  plainText: string | undefined,
): Promise<TableProfile[]> {
  const rows = records.map((r) => r.fields);
  let encoding = file.encoding;
  const tables: TableProfile[] = [];
  const reading = { engine, cacheDir, absPath, file, options };
  const layouts = blocks.map((b) => {
    const width = Math.max(1, ...rows.slice(b.start, b.end).map(usedWidthOf));
    return { width, layout: analyzeTable(rows, { width, start: b.start, end: b.end, gapBefore }) };
  });
  for (const [n, { width, layout }] of layouts.entries()) {
    const header = layout.headerRow === null ? undefined : records[layout.headerRow];
    const rawNames = [...layout.names];
    // A block whose header differs from an earlier block's in its first cell only, over values of
    // the same kind, puts its title there ("State Law Enforcement Agencies" where the others say "Year").
    const titleCell = header ? titleInHeader(rows, layouts.slice(0, n), layout) : undefined;
    if (titleCell) rawNames[0] = titleCell.name;
    const names = columnNames(rawNames, width);
    const { read, profiles } = await typedBlock(reading, encoding, {
      records,
      rows,
      layout,
      names,
      ...(plainText !== undefined ? { plainText } : {}),
    });
    encoding = read.encoding;
    const parts = layoutParts(rows, layout, (i) => records[i]?.line ?? 0, {
      names: names.map((c) => c.name),
    });
    const title = titleCell?.title ?? parts.titleLines[parts.titleLines.length - 1];
    tables.push({
      sheet: `block ${n + 1}`,
      ...(title ? { title } : {}),
      headerLine: header?.line ?? 0,
      ...parts,
      ...(titleCell && header
        ? {
            headerBand: [
              ...(parts.headerBand ?? []),
              { line: header.line, text: titleCell.title, use: "title-cell" as const },
            ],
          }
        : {}),
      rowCount: read.dataRows,
      columns: profiles,
      read,
      ...(read.strayQuote || read.requoted
        ? { notes: [...strayQuoteNote(read), ...(read.requoted ? [requotedNote(read.requoted)] : [])] }
        : {}),
    });
  }
  return tables;
}

/**
 * The first header cell of a block is its title when an earlier block's header is the same but
 * for that cell, and both first columns hold values of one kind (years under "Year" in both).
 */
function titleInHeader(
  rows: string[][],
  earlier: { layout: TableLayout }[],
  layout: TableLayout,
): { title: string; name: string } | undefined {
  const header = rows[layout.headerRow!]!;
  const kindOf = (l: TableLayout): string => {
    const values = rows
      .slice(l.dataStart, l.dataEnd)
      .map((r) => (r[0] ?? "").trim())
      .filter((v) => v !== "");
    if (values.length === 0) return "empty";
    if (values.every((v) => YEAR_CELL.test(v))) return "year";
    return values.every((v) => isNumberLike(v)) ? "number" : "text";
  };
  for (const { layout: other } of [...earlier].reverse()) {
    if (other.headerRow === null) continue;
    const otherHeader = rows[other.headerRow]!;
    const a = header.map((c) => c.trim());
    const b = otherHeader.map((c) => c.trim());
    const width = Math.max(usedWidthOf(header), usedWidthOf(otherHeader));
    if (width < 3 || a[0] === b[0] || !a[0] || !b[0]) continue;
    let same = true;
    for (let c = 1; c < width; c++) if ((a[c] ?? "") !== (b[c] ?? "")) same = false;
    const kind = kindOf(layout);
    if (same && kind !== "text" && kind !== "empty" && kind === kindOf(other))
      return { title: a[0], name: b[0] };
  }
  return undefined;
}
