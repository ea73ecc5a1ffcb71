/**
 * The two loaders the Pollock harness scores, each giving a file's table as rows of strings (the
 * header names first), or throwing when it produces no table:
 * - RADAR: what a user gets from a Scan — the file mapped by the Source Map (profileFile, the
 *   runtime's own per-file mapping) and its first table read by `materialize`, as the Scan operator
 *   does; each value as DuckDB prints it (CAST to VARCHAR), NULL as an empty cell. Also, as
 *   "radar-text", the same table's cells before typing (the Source Map's reader of the file, every
 *   column text): the metric compares cells raw, so a typed date (`2018-01-28` for `28/01/2018`)
 *   loses cell points a text loader keeps; radar-text separates what the loading gets right from
 *   what typing re-prints.
 * - DuckDB auto: `read_csv` with the options the published run used (Pollock's
 *   sut/duckdbauto/duck-bench.py: strict_mode=false, ignore_errors, null_padding; dialect, header
 *   and types sniffed), its result written the way that run wrote it (`rel.df().to_csv()`): pandas'
 *   rendering of each type (see pandasCell).
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { DuckEngine, sqlIdent, sqlString } from "../../src/core/engine/duckEngine.ts";
import { materialize } from "../../src/core/operators/materialize.ts";
import { csvDataSql, readablePath } from "../../src/core/sourceMap/readers/csvRead.ts";
import { profileFile } from "../../src/core/sourceMap/profiling/profileFile.ts";
import type { SourceEntry } from "../../src/core/sourceMap/sourceEntry.ts";
import { pythonFloatStr } from "./normalizeCell.ts";
import type { Rows } from "./pollockMetric.ts";

export interface Loader {
  /** The outputs one load gives (RADAR: typed as a Scan gives them, and the same cells as text). */
  names: string[];
  /** One table per name; throws when the loader gives no table. */
  load(file: string): Promise<Rows[]>;
  close(): Promise<void>;
}

/** What RADAR's map says about a file, for the verbose breakdown. */
export interface RadarNote {
  tables: number;
  headerLine?: number;
  titleLines?: number;
  footerLines?: number;
  delimiter?: string;
  error?: string;
  notes?: string[];
}

export async function radarLoader(csvDir: string, notes?: Map<string, RadarNote>): Promise<Loader> {
  const stateDir = mkdtempSync(join(tmpdir(), "radar-pollock-"));
  const engine = await DuckEngine.open(csvDir, { extraReadDirs: [stateDir] });
  let n = 0;
  return {
    names: ["radar", "radar-text"],
    async load(file) {
      const { size, mtimeMs } = statSync(join(csvDir, file));
      const entry: SourceEntry = await profileFile(
        engine,
        { path: file, absPath: join(csvDir, file), bytes: size, mtimeMs },
        stateDir,
      );
      const table = entry.tables?.[0];
      notes?.set(file, {
        tables: entry.tables?.length ?? 0,
        ...(table ? { headerLine: table.headerLine, titleLines: table.titleLines.length } : {}),
        ...(table?.footer ? { footerLines: table.footer.lines.length } : {}),
        ...(table?.read.kind === "csv" ? { delimiter: table.read.delimiter } : {}),
        ...(entry.error ? { error: entry.error } : {}),
        ...(table?.notes ? { notes: table.notes } : {}),
      });
      if (entry.error) throw new Error(entry.error);
      if (!table) throw new Error(`${file} holds no table (${entry.format})`);
      const name = `pollock_${n++}`;
      await materialize(engine, csvDir, stateDir, entry, table, name);
      try {
        const rowsOf = async (sql: string): Promise<Rows> => {
          const page = await engine.page(sql);
          return page.rows.map((r) => r.map((v) => (v === null ? "" : String(v))));
        };
        const typed = await rowsOf(`SELECT COLUMNS(*)::VARCHAR FROM ${sqlIdent(name)}`);
        const names = table.read.kind === "csv" ? table.read.columns.map((c) => c.name) : [];
        // The same rows before typing: the cells as the Source Map's reader cuts them.
        const text =
          table.read.kind === "csv"
            ? await rowsOf(
                `SELECT COLUMNS(*)::VARCHAR FROM (${csvDataSql(await readablePath(join(csvDir, file), table.read, stateDir), table.read)})`,
              )
            : typed;
        return [
          [(await engine.page(`SELECT * FROM ${sqlIdent(name)} LIMIT 0`)).names, ...typed],
          [
            names.length ? names : (await engine.page(`SELECT * FROM ${sqlIdent(name)} LIMIT 0`)).names,
            ...text.map((r) => r.slice(0, Math.max(names.length, 1))),
          ],
        ];
      } finally {
        await engine.run(`DROP TABLE IF EXISTS ${sqlIdent(name)}`);
      }
    },
    async close() {
      engine.close();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

const INTEGER_TYPES = /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT)$/;

/**
 * A DuckDB value as pandas' to_csv writes it after `rel.df()`: NULL empty; integers as they are,
 * also in a column with NULLs (written `2.0`, as a float64 column would be, the row_more_sep files
 * score 0 instead of the published 77/83 each: the published run kept them integers); floats in
 * Python's repr; booleans `True`/`False`; dates, times and text as DuckDB prints them.
 */
export function pandasCell(value: string | null, type: string): string {
  if (value === null) return "";
  if (INTEGER_TYPES.test(type)) return value;
  if (type === "DOUBLE" || type === "FLOAT" || type.startsWith("DECIMAL"))
    return pythonFloatStr(Number(value));
  if (type === "BOOLEAN") return value === "true" ? "True" : "False";
  return value;
}

export async function duckdbAutoLoader(csvDir: string): Promise<Loader> {
  const instance = await DuckDBInstance.create(":memory:", { threads: "1" });
  const connection = await instance.connect();
  return {
    names: ["duckdb-auto"],
    async load(file) {
      const path = join(csvDir, file);
      await connection.run(
        `CREATE OR REPLACE TABLE pollock_auto AS SELECT * FROM read_csv(${sqlString(path)}, strict_mode=false, ignore_errors=true, null_padding=true)`,
      );
      const described = (await connection.runAndReadAll("DESCRIBE pollock_auto")).getRowObjectsJson();
      const names = described.map((d) => String(d.column_name));
      const types = described.map((d) => String(d.column_type));
      const rows = (
        await connection.runAndReadAll("SELECT COLUMNS(*)::VARCHAR FROM pollock_auto")
      ).getRowsJson();
      return [
        [names, ...rows.map((r) => r.map((v, i) => pandasCell(v === null ? null : String(v), types[i]!)))],
      ];
    },
    async close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}
