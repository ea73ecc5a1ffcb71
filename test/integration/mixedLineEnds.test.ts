import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { onlyTable } from "../helpers/mapEntries.ts";
import { tempLake } from "../helpers/tempLake.ts";

// The 2010 Census county gazetteer of held-out GL (stop 36): a Windows export (CR LF) with 428
// rows of six states appended on Unix (LF alone). DuckDB's reader, set to one kind of line end,
// failed on it ("the CSV parser state machine reached an invalid state") and the map listed it as
// unreadable; read through a copy whose line ends are all line feeds, every row maps, each at its
// own line of the file.

const HEADER = "USPS\tGEOID\tNAME\tALAND_SQMI";
const counties = (state: string, fips: number, n: number): string[] =>
  Array.from(
    { length: n },
    (_, i) =>
      `${state}\t${fips}${String(2 * i + 1).padStart(3, "0")}\t County ${i + 1}\t${(300 + i * 7.25).toFixed(3)}`,
  );
const windows = [HEADER, ...counties("AL", 1, 30), ...counties("IA", 19, 20), ...counties("KY", 21, 25)];
const appended = [...counties("IA", 19, 20), ...counties("KY", 21, 25)];
const GAZETTEER = windows.join("\r\n") + "\r\n" + appended.join("\n") + "\n";

/** A Windows export whose quoted notes break lines with LF alone: one kind of row end, read as it is. */
const NOTES =
  [
    "id,note",
    ...Array.from({ length: 40 }, (_, i) => (i % 13 === 0 ? `${i},"first line\nsecond line"` : `${i},plain`)),
  ].join("\r\n") + "\r\n";

const { lake, stateDir } = tempLake({
  "reference/gazetteer.txt": GAZETTEER,
  "notes.csv": NOTES,
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

describe("line ends of two kinds in one file", () => {
  test("CR LF rows with LF rows appended: every row maps", () => {
    const t = onlyTable(runtime.map, "reference/gazetteer.txt");
    assert.equal(t.rowCount, windows.length - 1 + appended.length);
    assert.equal(t.read.kind === "csv" && t.read.crLines, true);
    assert.deepEqual(
      t.columns.map((c) => c.name),
      ["USPS", "GEOID", "NAME", "ALAND_SQMI"],
    );
  });

  test("an appended row's origin is its line of the file, and its repeat is told with both lines", async () => {
    await runtime.call({ op: "Scan", file: "reference/gazetteer.txt", output: "gaz", preview_rows: 0 });
    const q = await runtime.call({
      op: "Query",
      sql: "SELECT sum(ALAND_SQMI) AS land FROM gaz WHERE USPS = 'KY'",
      inputs: ["gaz"],
      output: "ky",
    });
    const dup = q.diagnostics.find((d) => d.code === "duplicate-rows");
    // KY's first county is line 52 of the Windows part (header, 30 AL, 20 IA), its copy line 97.
    assert.match(dup?.message ?? "", /gazetteer\.txt:97 repeats reference\/gazetteer\.txt:52/);
  });

  test("a few LFs inside quoted cells of a CR LF file are cells' line breaks: read as they are", () => {
    const t = onlyTable(runtime.map, "notes.csv");
    assert.equal(t.rowCount, 40);
    assert.equal(t.read.kind === "csv" && t.read.crLines, undefined);
  });
});
