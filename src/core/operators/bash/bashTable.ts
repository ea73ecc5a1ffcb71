import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fingerprintNow } from "../../audit/fileFingerprint.ts";
import { digestField } from "../../audit/tableDigest.ts";
import { reject } from "../../diagnostic.ts";
import { sqlIdent, sqlString } from "../../engine/duckEngine.ts";
import { outputLines, outputOrigins } from "../../origins/outputOrigins.ts";
import type { OutputRow } from "../../origins/outputOrigins.ts";
import {
  columnNames,
  positionalName,
  profileVarcharColumns,
  typedSelectList,
} from "../../sourceMap/typing/varcharColumns.ts";
import type { ColumnType, TableInfo } from "../../state/sharedState.ts";
import type { OperatorContext } from "../operator.ts";
import { splitFields } from "./outputFields.ts";
import type { OutputColumns } from "./outputFields.ts";
import type { OutputTableRead } from "./bashObservation.ts";
import { previewTable } from "../preview.ts";
import type { Preview } from "../preview.ts";

/** How a Bash call's output became a table: what the observation says beside the rows. */
export interface OutputTable {
  table: string;
  schema: ColumnType[];
  rowCount: number;
  records: Preview;
  digest?: string;
  read: OutputTableRead;
}

export const BASH_TABLE_ROWS = 10;

/**
 * Registers a command's standard output as the table `output`: one row per line (after the header
 * line, when asked), split into columns as asked, typed by DuckDB over every value, each row's
 * origin kept in a line table beside it (file and line, or the output line).
 */
export async function registerOutputTable(
  ctx: OperatorContext,
  call: {
    output: string;
    command: string;
    columns: OutputColumns;
    header: boolean;
    /** A column holding each row's lake file (NULL for an output line). */
    sourceColumn?: string;
    previewRows?: number;
    offset?: number;
  },
  stdout: string,
  argv: string[][],
): Promise<OutputTable> {
  const found = await outputOrigins(outputLines(stdout), argv, ctx.lakeRoot);
  const rows = [...found.rows];
  const headerRow = call.header ? rows.shift() : undefined;
  const fields = rows.map((r) => splitFields(r.text, call.columns));
  const headerFields = headerRow ? splitFields(headerRow.text, call.columns) : [];
  // A loop, not Math.max(...): an output of a million lines would overflow the call stack.
  let width = Math.max(1, headerFields.length);
  for (const f of fields) width = Math.max(width, f.length);
  const names =
    call.columns === "lines" && !headerRow
      ? [{ name: "line", sourceName: "line" }]
      : columnNames(headerFields, width);
  const short = fields.map((f, i) => ({ f, i })).filter(({ f }) => f.length < width);
  const source = call.sourceColumn;
  if (source !== undefined && names.some((n) => n.name.toLowerCase() === source.toLowerCase()))
    reject(
      "invalid-argument",
      `Bash.source_column "${source}" is already a column of the output (${names.map((n) => n.name).join(", ")}); choose another name.`,
    );

  const engine = ctx.engine;
  const load = `__radar_bash_load_${Math.random().toString(36).slice(2, 10)}`;
  const dir = join(ctx.radarDir, "utf8", "bash");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${load}.csv`);
  const linesTable = `__radar_lines_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  try {
    const csv = loadCsv(rows, fields, width);
    writeFileSync(file, csv.text);
    // DuckDB's reader holds a line of up to 2 MB by default; a longer one needs a larger buffer.
    const longLines =
      csv.longest > 2_000_000
        ? `, max_line_size = ${csv.longest + 1024}, buffer_size = ${2 * (csv.longest + 1024)}`
        : "";
    const columns = [
      "'__k': 'BIGINT'",
      "'__file': 'VARCHAR'",
      "'__line': 'BIGINT'",
      ...names.map((_, i) => `'${positionalName(i)}': 'VARCHAR'`),
    ].join(", ");
    await engine.run(
      `CREATE TEMP TABLE ${sqlIdent(load)} AS SELECT * FROM read_csv(${sqlString(file)}, header = false, auto_detect = false, delim = ',', quote = '"', escape = '"', allow_quoted_nulls = false${longLines}, columns = {${columns}})`,
    );
    const text = `SELECT ${names.map((_, i) => sqlIdent(positionalName(i))).join(", ")} FROM ${sqlIdent(load)}`;
    const select =
      call.columns === "lines"
        ? `${sqlIdent(positionalName(0))} AS ${sqlIdent(names[0]!.name)}`
        : typedSelectList((await profileVarcharColumns(engine, text, names)).specs);
    const fileColumn = source !== undefined ? `, __file AS ${sqlIdent(source)}` : "";
    await engine.run(
      `CREATE OR REPLACE TABLE ${sqlIdent(call.output)} AS SELECT ${select}${fileColumn} FROM ${sqlIdent(load)} ORDER BY __k`,
    );
    await engine.run(
      `CREATE TABLE ${sqlIdent(linesTable)} AS SELECT __file AS file, __line AS line FROM ${sqlIdent(load)} ORDER BY __k`,
    );
  } finally {
    await engine.run(`DROP TABLE IF EXISTS ${sqlIdent(load)}`).catch(() => undefined);
    rmSync(file, { force: true });
  }

  const schema = await engine.describe(`SELECT * FROM ${sqlIdent(call.output)}`);
  const fromFiles = new Map<string, number>();
  for (const r of rows) if (r.file) fromFiles.set(r.file, (fromFiles.get(r.file) ?? 0) + 1);
  const files = [...new Set([...namedFiles(argv, ctx), ...fromFiles.keys()])].sort();
  const info: TableInfo = {
    name: call.output,
    provenance: {
      kind: "bash",
      command: call.command,
      files: files.map((path) => ({ path, format: "text", headerLine: 0, rows: fromFiles.get(path) ?? 0 })),
    },
    schema,
    rowCount: rows.length,
    origin: { kind: "output", command: call.command, linesTable },
  };
  ctx.state.register(info);
  return {
    table: call.output,
    schema,
    rowCount: rows.length,
    ...(await digestField(engine, call.output, rows.length)),
    records: await previewTable(
      engine,
      ctx.state,
      info,
      call.previewRows ?? BASH_TABLE_ROWS,
      call.offset ?? 0,
    ),
    read: {
      columns: call.columns,
      header: call.header,
      origins: found.how,
      ...(short.length && call.columns !== "lines"
        ? { ragged: { lines: short.length, width, firstOutputLine: rows[short[0]!.i]!.outputLine } }
        : {}),
      files: files.map((file) => {
        const fingerprint = fingerprintNow(join(ctx.lakeRoot, file));
        return { file, ...(fingerprint ? { fingerprint } : {}) };
      }),
    },
  };
}

/**
 * The rows as a CSV DuckDB reads back without guessing: the row's place, its origin, then every
 * field quoted (`""` is an empty text), a missing field left empty (NULL).
 */
function loadCsv(rows: OutputRow[], fields: string[][], width: number): { text: string; longest: number } {
  const quote = (v: string): string => `"${v.replace(/"/g, '""')}"`;
  const out: string[] = [];
  rows.forEach((r, k) => {
    const cells = [String(k), r.file !== undefined ? quote(r.file) : "", String(r.line ?? r.outputLine)];
    for (let i = 0; i < width; i += 1) {
      const v = fields[k]![i];
      cells.push(v === undefined ? "" : quote(v));
    }
    out.push(cells.join(","));
  });
  let longest = 0;
  for (const l of out) longest = Math.max(longest, Buffer.byteLength(l));
  return { text: out.length ? `${out.join("\n")}\n` : "", longest };
}

/** Lake files the command's words name (after glob expansion), in any stage. */
function namedFiles(argv: string[][], ctx: OperatorContext): string[] {
  const out = new Set<string>();
  for (const stage of argv)
    for (const word of stage.slice(1)) {
      const entry = ctx.entry(word);
      if (entry && !entry.folder) out.add(entry.path);
    }
  return [...out];
}
