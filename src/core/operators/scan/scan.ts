import { z } from "zod";
import { fingerprintOf } from "../../audit/fileFingerprint.ts";
import { digestField } from "../../audit/tableDigest.ts";
import { nearest, reject } from "../../diagnostic.ts";
import { inWords, lineOf } from "../../failures.ts";
import type { SourceEntry, TableProfile } from "../../sourceMap/sourceEntry.ts";
import { tableFactLines } from "../../sourceMap/tableFacts.ts";
import { renamedRowidNote } from "../../engine/rowPosition.ts";
import { materialize } from "../materialize.ts";
import { defineOperator } from "../operator.ts";
import type { OperatorContext } from "../operator.ts";
import { offsetArg, previewRowsArg, previewTable } from "../preview.ts";
import { checkOutputName, replaceArg, tableNameFor } from "../tableName.ts";
import { scanFacts } from "./scanFacts.ts";
import { entryWithReader, readerArg, readerProvenance } from "../readerArg.ts";
import { effectiveReader, readerKey } from "../../sourceMap/readers/readerOptions.ts";
import type { ScanObservation } from "./scanObservation.ts";
import { scanStructured } from "./scanObservation.ts";

export const PREVIEW_ROWS = 5;

export const scanArgs = z
  .object({
    file: z
      .string()
      .min(1)
      .describe("Path of a file in the lake, relative to the lake root, as Discover returns it."),
    output: z
      .string()
      .optional()
      .describe("Name of the table to register; derived from the file name when omitted."),
    sheet: z
      .string()
      .optional()
      .describe(
        "Excel sheet name, HTML table label, or the short name of one of several tables in a file (`block 2`, `E:F`); the first one when omitted.",
      ),
    reader: readerArg,
    replace: replaceArg,
    preview_rows: previewRowsArg(PREVIEW_ROWS),
    offset: offsetArg,
  })
  .strict();
export type ScanArgs = z.infer<typeof scanArgs>;

/** The mapped file for a path, or a rejection naming the nearest lake paths. */
export function requireEntry(ctx: OperatorContext, file: string, argument: string): SourceEntry {
  const entry = ctx.entry(file);
  if (!entry)
    reject(
      "unknown-source",
      `${argument} "${file}" is not a file of the lake. Nearest paths: ${nearest(
        file,
        ctx.map.files.map((f) => f.path),
      ).join(", ")}. Use Discover to find sources.`,
    );
  return entry;
}

/** The table of a file to read: the named sheet, or the first. */
export function requireTable(entry: SourceEntry, sheet: string | undefined): TableProfile {
  if (entry.error)
    reject(
      "unreadable-source",
      `${entry.path} cannot be read: ${inWords(entry.error.replace(/[.\s]+$/, ""))}. Look at it with Bash (head, grep); the other files are unaffected.`,
      [{ file: entry.path, line: lineOf(entry.error) ?? 1 }],
    );
  const tables = entry.tables ?? [];
  if (entry.folder)
    reject("not-a-table", `${entry.path} is an empty folder: the lake holds no file in it or below it.`, [
      { file: entry.path, line: 1 },
    ]);
  if (tables.length === 0)
    reject(
      "not-a-table",
      `${entry.path} holds no table (${entry.format}); use Bash (head, grep) to read text files.`,
      [{ file: entry.path, line: 1 }],
    );
  if (sheet === undefined) return tables[0]!;
  const table =
    tables.find((t) => t.sheet === sheet) ??
    tables.find((t) => t.sheet?.toLowerCase() === sheet.toLowerCase()) ??
    // Blocks of a data-book sheet are named "block 2"; the older long form "block 2: <title>"
    // still finds the block, and so does the number alone with an HTML table's caption form.
    tables.find((t) => t.sheet?.toLowerCase().startsWith(`${sheet.toLowerCase()}:`)) ??
    tables.find((t) => t.sheet !== undefined && sheet.toLowerCase().startsWith(`${t.sheet.toLowerCase()}:`));
  if (!table) {
    const named = tables.filter((t) => t.sheet !== undefined);
    reject(
      "unknown-source",
      named.length === 0
        ? `${entry.path} has no sheet or table "${sheet}": it holds one table, with no sheets. Scan it without Scan.sheet.`
        : `${entry.path} has no sheet or table "${sheet}". It has: ${named.map((t) => `"${t.sheet}"`).join(", ")}.`,
      [{ file: entry.path, line: 1 }],
    );
  }
  return table;
}

export const scanOperator = defineOperator<ScanArgs, ScanObservation>(scanFacts, {
  structured: scanStructured,
  schema: scanArgs,
  inputsOf: () => [],
  filesRead: (args, ctx) => [ctx.entry(args.file)?.path ?? args.file],
  defaultOutput: (args, ctx) => tableNameFor(ctx.entry(args.file)?.path ?? args.file),
  readKey(args, ctx) {
    const entry = ctx.entry(args.file);
    if (!entry) return undefined;
    const table = requireTable(entry, args.sheet);
    // Another way of reading the file is another table.
    const reader = readerKey(effectiveReader(args.reader, entry.reader));
    return `scan:${entry.path}#${table.sheet ?? ""}${reader ? `|reader:${reader}` : ""}`;
  },
  readsFiles: true,
  async execute(args, ctx) {
    const entry = await entryWithReader(
      ctx,
      requireEntry(ctx, args.file, "Scan.file"),
      args.reader,
      "Scan.reader",
    );
    const table = requireTable(entry, args.sheet);
    const output = checkOutputName(args.output ?? tableNameFor(entry.path), "Scan.output");
    const done = await materialize(ctx.engine, ctx.lakeRoot, ctx.radarDir, entry, table, output);
    const info = {
      name: output,
      provenance: {
        kind: "scan" as const,
        files: [
          {
            path: entry.path,
            format: entry.format,
            headerLine: table.headerLine,
            rows: done.rowCount,
            ...(table.sheet ? { sheet: table.sheet } : {}),
          },
        ],
      },
      schema: done.schema,
      rowCount: done.rowCount,
      origin: done.origin,
    };
    ctx.state.register(info);
    ctx.state.scanned.add(table.sheet ? `${entry.path}#${table.sheet}` : entry.path);
    const preview = await previewTable(
      ctx.engine,
      ctx.state,
      info,
      args.preview_rows ?? PREVIEW_ROWS,
      args.offset ?? 0,
    );
    const sheets = (entry.tables ?? []).map((t) => t.sheet).filter((s): s is string => s !== undefined);
    // The map's notes, then its value facts: statistic rows left out, markers read as NULL, fill values.
    const notes = [
      ...(done.renamed ? [renamedRowidNote(done.renamed)] : []),
      ...(table.notes ?? []),
      ...tableFactLines(table),
    ];
    return {
      observation: {
        table: output,
        provenance: {
          file: entry.path,
          format: entry.format,
          headerLine: table.headerLine,
          ...(table.sheet ? { sheet: table.sheet } : {}),
          ...(entry.encoding ? { encoding: entry.encoding } : {}),
          titleLines: table.titleLines,
          footerLines: table.footer?.lines ?? [],
          ...(sheets.length > 1 ? { sheets } : {}),
          ...(notes.length ? { notes } : {}),
          fingerprint: fingerprintOf(entry),
          ...(entry.reader ? { reader: readerProvenance(entry, table, args.reader !== undefined) } : {}),
        },
        schema: done.schema,
        rowCount: done.rowCount,
        ...(await digestField(ctx.engine, output, done.rowCount)),
        preview,
        ...(done.readSql ? { readSql: done.readSql } : {}),
      },
    };
  },
  summarize: (o) =>
    `${o.table}: ${o.rowCount} rows × ${o.schema.length} columns from ${o.provenance.file}${o.provenance.sheet ? ` [${o.provenance.sheet}]` : ""}`,
});
