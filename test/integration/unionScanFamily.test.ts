import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { SqlParams } from "../../src/core/engine/sqlParams.ts";
import { familyKey, familySql } from "../../src/core/operators/unionScan/familyRead.ts";
import type { FamilyFile } from "../../src/core/operators/unionScan/familyRead.ts";
import type { UnionScanObservation } from "../../src/core/operators/unionScan/unionScanObservation.ts";
import type { CsvRead } from "../../src/core/sourceMap/sourceEntry.ts";
import { tempLake } from "../helpers/tempLake.ts";

// UnionScan reads consecutive CSV files of one layout with one read_csv([...]) (familyRead.ts).
// The table must be, row for row and type for type, what UNION ALL BY NAME of a Scan of each file
// gives — across files whose columns have other types, other orders, other date formats, files
// of another layout between them, and a file longer than one read buffer.

const n = (i: number): string => String(i);
const yearly = (
  header: string,
  count: number,
  row: (i: number) => string,
  before: string[] = [],
  after: string[] = [],
): string =>
  [...before, header, ...Array.from({ length: count }, (_, i) => row(i)), ...after].join("\n") + "\n";

const { lake, stateDir } = tempLake({
  // Level: integers.
  "fam/y2001.csv": yearly(
    "Beach,Day,Level,Town",
    300,
    (i) => `B${i % 7},2001-06-${(i % 28) + 1},${i},${1000 + i}`,
  ),
  // Level: decimals (DOUBLE); Town with leading zeros (text): the union's types are DOUBLE and VARCHAR.
  "fam/y2002.csv": yearly(
    "Beach,Day,Level,Town",
    250,
    (i) => `B${i % 5},2002-07-${(i % 28) + 1},${i}.5,0${i}`,
  ),
  // Columns in another order, days written as 7/14/2003.
  "fam/y2003.csv": yearly(
    "Day,Beach,Town,Level",
    200,
    (i) => `7/${(i % 28) + 1}/2003,B${i % 3},${2000 + i},${n(i * 2)}`,
  ),
  // More than one 2 MiB read buffer; Site where the others have Town (NULL there, and Town here).
  "fam/y2004.csv": yearly(
    "Beach,Day,Level,Site",
    90_000,
    (i) => `Beach number ${i % 11},2004-08-${(i % 28) + 1},${i},${3000 + (i % 500)}`,
  ),
  // A title line above the header: another layout, read on its own between the runs.
  "fam/y2005.csv": yearly("Beach,Day,Level,Town", 120, (i) => `B${i % 4},2005-06-${(i % 28) + 1},${i},${i}`, [
    "Beach testing 2005",
  ]),
  "fam/y2006.csv": yearly("Beach,Day,Level,Town", 80, (i) => `B${i % 4},2006-06-${(i % 28) + 1},${i},${i}`),
  // A footnote: read alone with its exact LIMIT.
  "fam/y2007.csv": yearly(
    "Beach,Day,Level,Town",
    60,
    (i) => `B${i % 4},2007-06-${(i % 28) + 1},${i},${i}`,
    [],
    ["", "Source: state beach program"],
  ),
  "fam/y2008.csv": yearly("Beach,Day,Level,Town", 70, (i) => `B${i % 4},2008-06-${(i % 28) + 1},${i},${i}`),
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir, validate: false });
});
after(() => runtime?.close());

const files = [2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008].map((y) => `fam/y${y}.csv`);

/** UNION ALL BY NAME of a Scan of each file, labelled: what UnionScan must give. */
async function unionOfScans(table: string, paths: string[]): Promise<void> {
  const selects: string[] = [];
  for (const [i, file] of paths.entries()) {
    const scan = await runtime.call({ op: "Scan", file, output: `scan_${i}`, replace: true });
    assert.equal(scan.status, "ok", JSON.stringify(scan.diagnostics));
    const label = file
      .split("/")
      .pop()!
      .replace(/\.csv$/, "");
    selects.push(`SELECT '${label}' AS src, * FROM (SELECT * FROM scan_${i} ORDER BY rowid)`);
  }
  await runtime.engine.run(`CREATE OR REPLACE TABLE ${table} AS ${selects.join(" UNION ALL BY NAME ")}`);
}

async function assertSameTable(actual: string, expected: string): Promise<void> {
  assert.deepEqual(
    await runtime.engine.describe(`SELECT * FROM ${actual}`),
    await runtime.engine.describe(`SELECT * FROM ${expected}`),
  );
  const a = await runtime.engine.page(`SELECT * FROM ${actual} ORDER BY rowid`);
  const e = await runtime.engine.page(`SELECT * FROM ${expected} ORDER BY rowid`);
  assert.equal(a.rows.length, e.rows.length);
  for (let i = 0; i < e.rows.length; i++) assert.deepEqual(a.rows[i], e.rows[i], `row ${i}`);
}

describe("UnionScan reads a family's files of one layout in one scan", () => {
  test("the map gives the files the layouts the test means", () => {
    const keys = files.map((f) => {
      const entry = runtime.map.files.find((e) => e.path === f)!;
      return familyKey(entry.tables![0]!.read as CsvRead);
    });
    // y2005 skips a title line: a layout of its own.
    assert.equal(keys[0], keys[1]);
    assert.equal(keys[1], keys[2]);
    assert.equal(keys[2], keys[3]);
    assert.notEqual(keys[4], keys[3]);
    assert.notEqual(keys[4], keys[5]);
    assert.equal(keys[5], keys[7]);
    const types = (f: string): string[] =>
      runtime.map.files.find((e) => e.path === f)!.tables![0]!.columns.map((c) => `${c.name}:${c.type}`);
    assert.deepEqual(types("fam/y2001.csv"), ["Beach:VARCHAR", "Day:DATE", "Level:BIGINT", "Town:BIGINT"]);
    assert.deepEqual(types("fam/y2002.csv"), ["Beach:VARCHAR", "Day:DATE", "Level:DOUBLE", "Town:VARCHAR"]);
    assert.deepEqual(types("fam/y2003.csv"), ["Day:DATE", "Beach:VARCHAR", "Town:BIGINT", "Level:BIGINT"]);
  });

  test("familySql over files of other types and column orders equals the union of their Scans", async () => {
    // One layout; y2003's columns sit elsewhere and its days need a format; y2004 has Site for Town.
    const paths = ["fam/y2001.csv", "fam/y2002.csv", "fam/y2003.csv", "fam/y2004.csv"];
    const familyFiles: FamilyFile[] = paths.map((p) => {
      const entry = runtime.map.files.find((e) => e.path === p)!;
      return {
        path: `${runtime.engine.lakeRoot}/${p}`,
        read: entry.tables![0]!.read as CsvRead,
        label: p
          .split("/")
          .pop()!
          .replace(/\.csv$/, ""),
      };
    });
    await unionOfScans("expected_sql", paths);
    const types = (await runtime.engine.describe("SELECT * FROM expected_sql")).slice(1);
    const params = new SqlParams();
    const sql = familySql(familyFiles, types, "src", params);
    assert.match(sql, /read_csv\(\[/);
    await runtime.engine.run(`CREATE OR REPLACE TABLE family_sql AS ${sql}`, params.values);
    await assertSameTable("family_sql", "expected_sql");
  });

  test("UnionScan of the whole family equals the union of the files' Scans, in file order", async () => {
    // The statements UnionScan runs, seen (not changed) to know that the one-scan read was kept.
    const statements: string[] = [];
    const run = runtime.engine.run.bind(runtime.engine);
    runtime.engine.run = (sql: string, params?: unknown[]) => {
      statements.push(sql);
      return run(sql, params);
    };
    let e;
    try {
      e = await runtime.call({ op: "UnionScan", files: ["fam/*.csv"], source_column: "src", output: "fam" });
    } finally {
      runtime.engine.run = run;
    }
    const creates = statements.filter((sql) => sql.startsWith("CREATE OR REPLACE TABLE"));
    assert.equal(creates.length, 1, "one statement, not run again file by file");
    // Runs: y2001–y2004 in one scan; y2005, y2006, y2007 (a footer) and y2008 each read alone.
    assert.equal(creates[0]!.match(/read_csv\(\[/g)?.length, 1);
    assert.equal(creates[0]!.match(/read_csv\(/g)?.length, 5);
    assert.equal(e.status, "ok", JSON.stringify(e.diagnostics));
    const o = e.observation as UnionScanObservation;
    assert.deepEqual(
      o.sources.map((s) => s.rows),
      [300, 250, 200, 90_000, 120, 80, 60, 70],
    );
    await unionOfScans("expected", files);
    await assertSameTable("fam", "expected");
    // Row origins: the first row of y2004 is line 2 of that file, the first of y2005 line 3.
    const at = async (offset: number): Promise<string> => {
      const p = await runtime.call({
        op: "UnionScan",
        files: ["fam/*.csv"],
        source_column: "src",
        output: "fam",
        replace: true,
        preview_rows: 1,
        offset,
      });
      const origin = (p.observation as UnionScanObservation).preview.origins[0];
      return `${origin?.file}:${origin?.line}`;
    };
    assert.equal(await at(750), "fam/y2004.csv:2");
    assert.equal(await at(90_750), "fam/y2005.csv:3");
  });
});
