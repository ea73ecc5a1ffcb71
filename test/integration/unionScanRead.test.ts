import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import type { UnionScanObservation } from "../../src/core/operators/unionScan/unionScanObservation.ts";
import type { CsvRead } from "../../src/core/sourceMap/sourceEntry.ts";
import { tempLake } from "../helpers/tempLake.ts";

// UnionScan reads a CSV file with nothing after its table with `LIMIT dataRows + 1` (cheaper in
// DuckDB than a LIMIT that is reached) and falls back to each file's exact LIMIT when a file gives
// the extra record. Either way the union must hold, file by file, exactly the rows a Scan of that
// file holds, in file order, with the same origins.

const rows = (year: number, n: number): string[] =>
  Array.from(
    { length: n },
    (_, i) => `B${i % 7},${year}-06-${String((i % 28) + 1).padStart(2, "0")},${i * 3}`,
  );

const { lake, stateDir } = tempLake({
  "fam/y2021.csv": ["Beach,Day,Level", ...rows(2021, 40)].join("\n") + "\n",
  // A footnote under the table: the map records a footer, so this file is read with its exact LIMIT.
  "fam/y2022.csv": ["Beach,Day,Level", ...rows(2022, 30), "", "Note: levels in CFU/100 ml"].join("\n") + "\n",
  // Trailing blank lines: DuckDB's reader skips them, the bounded read gives the data rows only.
  "fam/y2023.csv": ["Beach,Day,Level", ...rows(2023, 25)].join("\n") + "\n\n\n",
  "two/a.csv": ["Beach,Day,Level", ...rows(2021, 12)].join("\n") + "\n",
  "two/b.csv": ["Beach,Day,Level", ...rows(2022, 9)].join("\n") + "\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir, validate: false });
});
after(() => runtime?.close());

type Cells = unknown[][];

async function tableRows(table: string, where = ""): Promise<Cells> {
  const page = await runtime.engine.page(`SELECT * FROM "${table}" ${where} ORDER BY rowid`);
  return page.rows;
}

/** Each file's rows in the union equal a Scan of that file (label column left out), in order. */
async function assertSameAsScans(union: string, files: string[]): Promise<void> {
  for (const [i, file] of files.entries()) {
    const scan = await runtime.call({ op: "Scan", file, output: `scan_${i}`, replace: true });
    assert.equal(scan.status, "ok", JSON.stringify(scan.diagnostics));
    const label = file
      .split("/")
      .pop()!
      .replace(/\.csv$/, "");
    const unionRows = (await tableRows(union, `WHERE src = '${label}'`)).map((r) => r.slice(1));
    assert.deepEqual(unionRows, await tableRows(`scan_${i}`), file);
  }
}

describe("UnionScan reads each file's data rows only", () => {
  test("files with and without footers and trailing blank lines: the rows of a Scan of each file", async () => {
    const e = await runtime.call({
      op: "UnionScan",
      files: ["fam/*.csv"],
      source_column: "src",
      output: "fam",
      preview_rows: 2,
      offset: 40,
    });
    assert.equal(e.status, "ok", JSON.stringify(e.diagnostics));
    const o = e.observation as UnionScanObservation;
    assert.deepEqual(
      o.sources.map((s) => [s.file, s.rows]),
      [
        ["fam/y2021.csv", 40],
        ["fam/y2022.csv", 30],
        ["fam/y2023.csv", 25],
      ],
    );
    // The SQL reported for export is each file's exact read, as the map says.
    assert.match(o.sources[1]!.readSql ?? "", /LIMIT 30\)/);
    assert.match(o.sources[0]!.readSql ?? "", /LIMIT 40\)/);
    // Row 40 (0-based) is the first row of y2022: line 2 of that file.
    assert.deepEqual(
      o.preview.origins.map((x) => `${x?.file}:${x?.line}`),
      ["fam/y2022.csv:2", "fam/y2022.csv:3"],
    );
    await assertSameAsScans("fam", ["fam/y2021.csv", "fam/y2022.csv", "fam/y2023.csv"]);
  });

  test("a file that gives more records than the map's data rows is cut at the map's count", async () => {
    // The map says b.csv has 5 data rows and nothing after them (as if its last 4 records were
    // not data): the bounded read gets a 6th record, and the exact LIMIT must be used instead.
    const entry = runtime.map.files.find((f) => f.path === "two/b.csv")!;
    const read = entry.tables![0]!.read as CsvRead;
    const kept = read.dataRows;
    read.dataRows = 5;
    try {
      const e = await runtime.call({
        op: "UnionScan",
        files: ["two/*.csv"],
        source_column: "src",
        output: "two",
      });
      assert.equal(e.status, "ok", JSON.stringify(e.diagnostics));
      const o = e.observation as UnionScanObservation;
      assert.deepEqual(
        o.sources.map((s) => [s.label, s.rows]),
        [
          ["a", 12],
          ["b", 5],
        ],
      );
      const b = await tableRows("two", "WHERE src = 'b'");
      assert.deepEqual(
        b.map((r) => r[1]),
        ["B0", "B1", "B2", "B3", "B4"],
      );
      assert.equal((await tableRows("two")).length, 17);
    } finally {
      read.dataRows = kept;
    }
  });
});
