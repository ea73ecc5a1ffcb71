import type { DuckEngine } from "../../engine/duckEngine.ts";
import type { TextRecord } from "../readers/delimitedText.ts";
import { layoutParts } from "../layout/layoutProfile.ts";
import { typedBlock } from "./typedBlock.ts";
import type { DelimitedFile } from "./typedBlock.ts";
import { requotedNote } from "../readers/quoteRepair.ts";
import { strayQuoteNote } from "../typing/readTyped.ts";
import type { DelimitedOptions } from "../typing/readTyped.ts";
import { partName } from "../layout/sideBySide.ts";
import type { ColumnPart } from "../layout/sideBySide.ts";
import type { TableProfile } from "../sourceEntry.ts";
import { analyzeTable } from "../layout/tableLayout.ts";
import { columnNames } from "../typing/varcharColumns.ts";

/** One table per run of fields of a file whose tables sit side by side, named by its columns (`D:E`). */
export async function profileSideBySide(
  engine: DuckEngine,
  cacheDir: string,
  absPath: string,
  records: TextRecord[],
  gapBefore: boolean[],
  parts: ColumnPart[],
  file: DelimitedFile,
  options: DelimitedOptions,
): Promise<TableProfile[]> {
  const tables: TableProfile[] = [];
  const reading = { engine, cacheDir, absPath, file, options };
  let encoding = file.encoding;
  for (const part of parts) {
    const rows = records.map((r) => r.fields.slice(part.first, part.first + part.width));
    const layout = analyzeTable(rows, { width: part.width, gapBefore });
    const names = columnNames(layout.names, part.width);
    const { read, profiles } = await typedBlock(reading, encoding, {
      records,
      rows,
      layout,
      names,
      columnRange: part,
    });
    encoding = read.encoding;
    const range = partName("", part).slice(1);
    const header = layout.headerRow === null ? undefined : records[layout.headerRow];
    tables.push({
      sheet: range,
      headerLine: header?.line ?? 0,
      ...(layout.headerRow === null ? { noHeader: true as const } : {}),
      ...layoutParts(rows, layout, (i) => records[i]?.line ?? 0, { names: names.map((c) => c.name) }),
      rowCount: read.dataRows,
      columns: profiles,
      read,
      notes: [
        `one of ${parts.length} tables side by side in the file, separated by empty fields: columns ${range} (fields ${part.first + 1}–${part.first + part.width})`,
        ...strayQuoteNote(read),
        ...(read.requoted ? [requotedNote(read.requoted)] : []),
      ],
    });
  }
  return tables;
}
