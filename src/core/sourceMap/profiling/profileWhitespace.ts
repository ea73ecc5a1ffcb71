import type { DuckEngine } from "../../engine/duckEngine.ts";
import type { FileSample } from "../sniff/fileSample.ts";
import { layoutParts } from "../layout/layoutProfile.ts";
import { readablePath, settledHead, whitespaceOddLinesSql } from "../readers/csvRead.ts";
import { readTyped } from "../typing/readTyped.ts";
import type { CsvRead, TableProfile, TextEncoding } from "../sourceEntry.ts";
import { columnNames, repeatedNamesNote } from "../typing/varcharColumns.ts";
import { lineLayout, wholeLineRead } from "./wholeLineTable.ts";
import { detectWhitespaceTable, splitLines, tokensOf } from "../sniff/whitespaceTable.ts";

/** Maps a file sniffed as a whitespace-aligned table (see whitespaceTable.ts). */
export async function profileWhitespace(
  engine: DuckEngine,
  cacheDir: string,
  absPath: string,
  sample: FileSample,
  sniffed: TextEncoding,
): Promise<TableProfile> {
  const { settled, text } = await settledHead(absPath, sample, sniffed);
  const layout = detectWhitespaceTable(text, sample.complete);
  if (!layout) throw new Error("no whitespace-aligned columns found (every line must hold as many values)");
  const lines = splitLines(text);
  const names = columnNames(layout.names, layout.width);
  const read = wholeLineRead(settled, layout.dataLine, names, { whitespace: true });
  const footerLines = layout.footerLines ?? [];
  const dataLines = (sample.complete ? lines : lines.slice(0, -1))
    .slice(layout.dataLine)
    .filter((_, k) => !footerLines.includes(layout.dataLine + k));
  const footer = footerLines.map((i) => tokensOf(lines[i]!));
  const { dataRows, specs, profiles } = await readTyped(
    engine,
    absPath,
    read,
    cacheDir,
    names,
    {},
    { footer, sample: dataLines.filter((l) => l.trim() !== "").map(tokensOf) },
  );
  read.dataRows = dataRows;
  read.columns = specs;
  const notes: string[] = [...repeatedNamesNote(names)];
  if (layout.unitsLine !== undefined)
    notes.push(
      `line ${layout.unitsLine + 1} under the header holds units (${JSON.stringify(lines[layout.unitsLine]!.trim().slice(0, 100))}), not data: it is left out of the rows`,
    );
  if (layout.headerLine === null)
    notes.push(
      `no header line: the first line holds values like the lines below it; columns are named by position (${names[0]!.name}…${names[names.length - 1]!.name})`,
    );
  // Past the sample, a line with another number of values would be read padded with NULLs or cut
  // (a file read whole had every line checked by detectWhitespaceTable).
  const odd = sample.complete
    ? { count: 0, example: "" }
    : await oddLines(engine, await readablePath(absPath, read, cacheDir), read);
  if (odd.count > 0)
    notes.push(
      `${odd.count} line(s) do not hold ${layout.width} values (e.g. ${JSON.stringify(odd.example.slice(0, 80))}): missing values read as NULL, extra ones are not read`,
    );
  const tableLayout = lineLayout(lines, layout.headerLine ?? layout.dataLine, {
    headerRow: layout.headerLine,
    dataStart: layout.dataLine,
    dataEnd: footerLines.length ? footerLines[0]! : layout.dataLine,
    // Lines after the data that are no data (`Site Closed`): a footer, not rows.
    footer: footerLines.map((index) => ({ index, kind: "note" as const })),
    names: names.map((n) => n.name),
  });
  return {
    headerLine: layout.headerLine === null ? 0 : layout.headerLine + 1,
    ...(layout.headerLine === null ? { noHeader: true as const } : {}),
    ...layoutParts(
      lines.map((l) => [l]),
      tableLayout,
      (i) => i + 1,
    ),
    rowCount: read.dataRows,
    columns: profiles,
    read,
    ...(notes.length ? { notes } : {}),
  };
}

/** Data lines whose count of values is not the table's width, and the first of them. */
async function oddLines(
  engine: DuckEngine,
  path: string,
  read: CsvRead,
): Promise<{ count: number; example: string }> {
  const rows = await engine.all(whitespaceOddLinesSql(path, read));
  return { count: Number(rows[0]?.n ?? 0), example: String(rows[0]?.example ?? "") };
}
