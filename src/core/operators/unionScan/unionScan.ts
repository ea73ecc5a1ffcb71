import picomatch from "picomatch";
import { z } from "zod";
import { fingerprintOf } from "../../audit/fileFingerprint.ts";
import { digestField } from "../../audit/tableDigest.ts";
import { OverBudget, sqlIdent } from "../../engine/duckEngine.ts";
import { SqlParams } from "../../engine/sqlParams.ts";
import { renamedRowidNote, renamedSelect, rowidRename, unshadowRowid } from "../../engine/rowPosition.ts";
import type { RenamedRowid } from "../../engine/rowPosition.ts";
import { nearest, reject } from "../../diagnostic.ts";
import type { SourceEntry, TableProfile } from "../../sourceMap/sourceEntry.ts";
import type { ColumnType, RowOrigin } from "../../state/sharedState.ts";
import { familyKey, familySql } from "./familyRead.ts";
import { directRead, materialize } from "../materialize.ts";
import { defineOperator } from "../operator.ts";
import type { OperatorContext } from "../operator.ts";
import { offsetArg, previewRowsArg, previewTable } from "../preview.ts";
import { PREVIEW_ROWS, requireTable } from "../scan/scan.ts";
import { checkOutputName, replaceArg } from "../tableName.ts";
import { unionScanFacts } from "./unionScanFacts.ts";
import type { UnionScanObservation } from "./unionScanObservation.ts";
import { unionScanStructured } from "./unionScanObservation.ts";
import { entryWithReader, readerArg } from "../readerArg.ts";
import { effectiveReader, readerKey } from "../../sourceMap/readers/readerOptions.ts";

export const unionScanArgs = z
  .object({
    files: z
      .array(z.string().min(1))
      .min(1)
      .describe('Lake paths or glob patterns, e.g. "data/State MSA*/*.csv".'),
    source_column: z
      .string()
      .min(1)
      .describe("Name of the column that holds each row's source label (the file name)."),
    output: z.string().describe("Name of the table to register."),
    reader: readerArg,
    replace: replaceArg,
    preview_rows: previewRowsArg(PREVIEW_ROWS),
    offset: offsetArg,
  })
  .strict();
export type UnionScanArgs = z.infer<typeof unionScanArgs>;

/** Files named or matched by the patterns, in lake order, each once. */
export function expandFiles(ctx: OperatorContext, patterns: string[], withReader = false): SourceEntry[] {
  const out = new Map<string, SourceEntry>();
  for (const pattern of patterns) {
    const exact = ctx.entry(pattern);
    if (exact) {
      out.set(exact.path, exact);
      continue;
    }
    if (!/[*?[\]{}]/.test(pattern))
      reject(
        "unknown-source",
        `UnionScan.files: "${pattern}" is not a file of the lake. Nearest paths: ${nearest(
          pattern,
          ctx.map.files.map((f) => f.path),
        ).join(", ")}.`,
      );
    const isMatch = picomatch(pattern, { nocase: true, dot: false });
    // With reader options, text files the map read as no table are matched too.
    const matched = ctx.map.files.filter(
      (f) => isMatch(f.path) && (withReader ? f.folder === undefined : (f.tables?.length ?? 0) > 0),
    );
    if (matched.length === 0)
      reject(
        "unknown-source",
        `UnionScan.files: the pattern "${pattern}" matches no readable table in the lake. Use Discover to list paths.`,
      );
    for (const f of matched) out.set(f.path, f);
  }
  return [...out.values()];
}

/** Short labels: file names without extension (`.csv.gz` as one), or the full path where names repeat. */
function labels(entries: SourceEntry[]): string[] {
  const stems = entries.map((e) =>
    (e.path.split("/").pop() ?? e.path).replace(/\.(gz|gzip|bz2|bzip2)$/i, "").replace(/\.[^.]+$/, ""),
  );
  return new Set(stems).size === stems.length ? stems : entries.map((e) => e.path);
}

/** The files of a union, their tables and labels, and the table it registers. */
interface UnionSources {
  entries: SourceEntry[];
  tables: TableProfile[];
  labels: string[];
  sourceColumn: string;
  output: string;
}

interface Part {
  entry: SourceEntry;
  label: string;
  rows: number;
  schema: ColumnType[];
  origin: RowOrigin;
  readSql?: string;
  renamed?: RenamedRowid;
}

/**
 * The whole family in one DuckDB statement: each file's pinned, typed read, labelled, joined by
 * `UNION ALL BY NAME`. Undefined (nothing created) when a file is a sheet or an HTML table, or when
 * a value does not convert to the type the map gave (the per-file path re-types that file).
 *
 * Runs of consecutive CSV files of one layout with nothing after their table are read by one
 * `read_csv([...])` (familyRead.ts: DuckDB reads them in parallel); other such files with a LIMIT
 * one past their data rows (see `directRead`'s `boundedSql`, half the cost). If a file then gives
 * more rows than its data rows, its rows do not sit together in file order, or a value does not
 * convert, the statement is run again with each file read alone with its exact LIMIT, as the map
 * says.
 */
async function unionInOneStatement(
  ctx: OperatorContext,
  { entries, tables, labels, sourceColumn, output }: UnionSources,
): Promise<Part[] | undefined> {
  const reads = await Promise.all(
    entries.map((entry, i) => directRead(ctx.engine, ctx.lakeRoot, ctx.radarDir, entry, tables[i]!)),
  );
  if (reads.some((r) => r === undefined)) return undefined;
  const label = sqlIdent(sourceColumn);
  const runs = familyRuns(reads.map((r) => (r!.csv ? familyKey(r!.csv.read) : undefined)));
  const create = async (mode: "fast" | "exact"): Promise<boolean> => {
    try {
      const params = new SqlParams();
      const selects: string[] = [];
      for (const run of runs) {
        if (mode === "fast" && run.length > 1) {
          const files = run.map((i) => ({ ...reads[i]!.csv!, label: labels[i]! }));
          const union = run.map((i) => `SELECT * FROM (${reads[i]!.readSql})`).join(" UNION ALL BY NAME ");
          selects.push(familySql(files, await ctx.engine.describe(union), sourceColumn, params));
          continue;
        }
        for (const i of run) {
          const r = reads[i]!;
          const sql = (mode === "fast" && r.boundedSql) || r.readSql;
          selects.push(`SELECT ${params.bind(labels[i]!)} AS ${label}, * FROM (${sql})`);
        }
      }
      await ctx.engine.run(
        `CREATE OR REPLACE TABLE ${sqlIdent(output)} AS ${selects.join("\nUNION ALL BY NAME\n")}`,
        params.values,
      );
      // Rows are counted by position (below): a file column named rowid must not shadow it.
      await unshadowRowid(ctx.engine, output);
      return true;
    } catch (error) {
      const message = (error as Error).message;
      if (/Conversion Error|Could not convert/i.test(message)) return false;
      // The fast statement is an optimisation: whatever else it meets, the exact one decides —
      // unless the call was interrupted (its budget, a cancel), which must end it.
      if (mode === "fast" && !(error instanceof OverBudget) && !/INTERRUPT/i.test(message)) return false;
      throw error;
    }
  };
  // Rows per file, and whether each file's rows sit together in file order (row origins are kept
  // as one segment per file).
  const countRows = async (): Promise<{
    byLabel: Map<string, Record<string, unknown>>;
    inOrder: boolean;
  }> => {
    const counts = await ctx.engine.all(
      `SELECT ${label} AS label, count(*) AS n, min(rowid) AS lo, max(rowid) AS hi FROM ${sqlIdent(output)} GROUP BY ALL`,
    );
    const byLabel = new Map(counts.map((c) => [String(c.label), c]));
    let start = 0;
    let inOrder = true;
    for (const l of labels) {
      const c = byLabel.get(l);
      const n = Number(c?.n ?? 0);
      if (n > 0 && (Number(c?.lo) !== start || Number(c?.hi) !== start + n - 1)) inOrder = false;
      start += n;
    }
    // Every row carries one of the files' labels (a row of the one-scan read whose file name was
    // not recognised would have none).
    const total = counts.reduce((sum, c) => sum + Number(c.n ?? 0), 0);
    return { byLabel, inOrder: inOrder && start === total };
  };
  const fast = reads.some((r) => r!.boundedSql !== undefined);
  let counted: Awaited<ReturnType<typeof countRows>> | undefined;
  if (fast && (await create("fast"))) {
    counted = await countRows();
    // Files read past their LIMIT (bounded, or in a family read) must not give more than their rows.
    const overRead = reads.some((r, i) => {
      const read = tables[i]!.read;
      return (
        r!.boundedSql !== undefined &&
        read.kind === "csv" &&
        Number(counted!.byLabel.get(labels[i]!)?.n ?? 0) > read.dataRows
      );
    });
    if (overRead || !counted.inOrder) counted = undefined;
  }
  if (!counted) {
    if (!(await create("exact"))) return undefined;
    counted = await countRows();
  }
  const byLabel = counted.byLabel;
  let start = 0;
  const parts: Part[] = [];
  for (const [i, entry] of entries.entries()) {
    const c = byLabel.get(labels[i]!);
    const n = Number(c?.n ?? 0);
    if (n > 0 && (Number(c?.lo) !== start || Number(c?.hi) !== start + n - 1))
      throw new Error(`UnionScan: the rows of ${entry.path} did not stay in file order; run it again`);
    start += n;
    const read = tables[i]!.read;
    // A CSV's typed columns are the map's own (typedSelectList); other readers are asked.
    const fileColumns =
      read.kind === "csv"
        ? read.columns.map((c) => ({ name: c.name, type: c.type }))
        : await ctx.engine.describe(`SELECT * FROM (${reads[i]!.readSql}) LIMIT 0`);
    // The union renamed a file column that shadows rowid (create, above): the part says so too.
    const renamed = rowidRename(fileColumns);
    parts.push({
      entry,
      label: labels[i]!,
      rows: n,
      schema: fileColumns.map((c) => (c.name === renamed?.from ? { ...c, name: renamed.to } : c)),
      origin: reads[i]!.origin,
      readSql: renamedSelect(reads[i]!.readSql, renamed),
      ...(renamed ? { renamed } : {}),
    });
  }
  return parts;
}

/**
 * Consecutive files that share a family key (familyRead.ts), in file order: runs of two or more
 * are read by one `read_csv([...])`; a file without a key is a run of its own.
 */
function familyRuns(keys: (string | undefined)[]): number[][] {
  const runs: number[][] = [];
  keys.forEach((key, i) => {
    const last = runs[runs.length - 1];
    if (key !== undefined && last && keys[last[0]!] === key) last.push(i);
    else runs.push([i]);
  });
  return runs;
}

/** One table per file (re-typed where a value does not convert), then their union. */
async function unionByParts(
  ctx: OperatorContext,
  { entries, tables, labels, sourceColumn, output }: UnionSources,
): Promise<Part[]> {
  const parts: (Part & { part: string })[] = [];
  try {
    for (const [i, entry] of entries.entries()) {
      const part = `__radar_part_${i}`;
      const done = await materialize(ctx.engine, ctx.lakeRoot, ctx.radarDir, entry, tables[i]!, part);
      if (done.schema.some((c) => c.name.toLowerCase() === sourceColumn.toLowerCase()))
        reject(
          "invalid-argument",
          `UnionScan.source_column "${sourceColumn}" is already a column of ${entry.path}; choose another name.`,
        );
      parts.push({
        entry,
        part,
        label: labels[i]!,
        rows: done.rowCount,
        schema: done.schema,
        origin: done.origin,
        ...(done.readSql ? { readSql: done.readSql } : {}),
        ...(done.renamed ? { renamed: done.renamed } : {}),
      });
    }
    const params = new SqlParams();
    const select = parts
      .map((p) => `SELECT ${params.bind(p.label)} AS ${sqlIdent(sourceColumn)}, * FROM ${sqlIdent(p.part)}`)
      .join("\nUNION ALL BY NAME\n");
    await ctx.engine.run(`CREATE OR REPLACE TABLE ${sqlIdent(output)} AS ${select}`, params.values);
  } finally {
    for (const p of parts) await ctx.engine.run(`DROP TABLE IF EXISTS ${sqlIdent(p.part)}`);
  }
  return parts;
}

export const unionScanOperator = defineOperator<UnionScanArgs, UnionScanObservation>(unionScanFacts, {
  structured: unionScanStructured,
  schema: unionScanArgs,
  inputsOf: () => [],
  filesRead(args, ctx) {
    try {
      return expandFiles(ctx, args.files, args.reader !== undefined).map((e) => e.path);
    } catch {
      return [];
    }
  },
  readKey(args, ctx) {
    const given = args.reader;
    const paths = expandFiles(ctx, args.files, given !== undefined).map((e) => {
      const reader = readerKey(effectiveReader(given, e.reader));
      return reader ? `${e.path}|reader:${reader}` : e.path;
    });
    return `union:${String(args.source_column).toLowerCase()}|${paths.join("|")}`;
  },
  readsFiles: true,
  async execute(args, ctx) {
    const output = checkOutputName(args.output, "UnionScan.output");
    const entries = expandFiles(ctx, args.files, args.reader !== undefined);
    // The same reader options for every file of the union (each file remembers them).
    for (const entry of entries) await entryWithReader(ctx, entry, args.reader, "UnionScan.reader");
    const names = labels(entries);
    const tables = entries.map((entry) => requireTable(entry, undefined));
    for (const [i, table] of tables.entries())
      if (table.columns.some((c) => c.name.toLowerCase() === args.source_column.toLowerCase()))
        reject(
          "invalid-argument",
          `UnionScan.source_column "${args.source_column}" is already a column of ${entries[i]!.path}; choose another name.`,
        );
    const sources: UnionSources = {
      entries,
      tables,
      labels: names,
      sourceColumn: args.source_column,
      output,
    };
    const parts = (await unionInOneStatement(ctx, sources)) ?? (await unionByParts(ctx, sources));
    for (const p of parts) ctx.state.scanned.add(p.entry.path);
    const schema = await ctx.engine.describe(`SELECT * FROM ${sqlIdent(output)}`);
    const rowCount = parts.reduce((n, p) => n + p.rows, 0);
    let start = 0;
    const segments = parts.map((p) => {
      const seg = { start, count: p.rows, origin: p.origin };
      start += p.rows;
      return seg;
    });
    const info = {
      name: output,
      provenance: {
        kind: "union" as const,
        files: parts.map((p) => ({
          path: p.entry.path,
          format: p.entry.format,
          headerLine: p.entry.tables?.[0]?.headerLine ?? 0,
          rows: p.rows,
        })),
        sourceColumn: args.source_column,
      },
      schema,
      rowCount,
      origin: { kind: "union" as const, segments },
    };
    ctx.state.register(info);
    const partialColumns = schema
      .filter((c) => c.name !== args.source_column)
      .map((c) => ({
        column: c.name,
        missingIn: parts.filter((p) => !p.schema.some((s) => s.name === c.name)).map((p) => p.entry.path),
      }))
      .filter((x) => x.missingIn.length > 0);
    const notes = [...new Set(parts.flatMap((p) => (p.renamed ? [renamedRowidNote(p.renamed)] : [])))];
    return {
      observation: {
        table: output,
        sources: parts.map((p) => ({
          file: p.entry.path,
          label: p.label,
          rows: p.rows,
          columns: p.schema.length,
          schema: p.schema,
          ...(p.readSql ? { readSql: p.readSql } : {}),
          fingerprint: fingerprintOf(p.entry),
          ...(p.entry.reader ? { reader: p.entry.reader } : {}),
        })),
        schema,
        partialColumns,
        rowCount,
        ...(notes.length ? { notes } : {}),
        ...(await digestField(ctx.engine, output, rowCount)),
        preview: await previewTable(
          ctx.engine,
          ctx.state,
          info,
          args.preview_rows ?? PREVIEW_ROWS,
          args.offset ?? 0,
        ),
      },
    };
  },
  summarize: (o) =>
    `${o.table}: ${o.rowCount} rows from ${o.sources.length} files, ${o.schema.length} columns`,
});
