import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { mapEntry, onlyTable } from "../helpers/mapEntries.ts";
import { tempLake } from "../helpers/tempLake.ts";

// EPA fuel-economy guides of the 1980s (held-out GH, stop 36): records of fixed-length fields with
// no header and no delimiter, their layout described in a separate codebook. A comma inside some
// maker names (`NISSAN MOTOR COMPANY, LTD.`) once made the map read them as comma-separated — the
// lines without a comma taken for titles and footnotes, 1,949 of 1,958 records kept; a first line
// of numbers was taken for the header of the space-aligned 1981 file.

const MAKERS = ["ALFA ROMEO", "CHEVROLET", "NISSAN MOTOR COMPANY, LTD.", "BERTONE", "FORD MOTOR COMPANY"];

/** 1984-style records: fields edge to edge, a comma in one maker's name. */
function guide1984(records: number): string {
  const lines: string[] = [];
  for (let i = 0; i < records; i++) {
    const maker = MAKERS[i % MAKERS.length]!;
    lines.push(
      `1984F 1${String(10 + (i % 90)).padStart(3)}${`CARLINE ${i}`.padEnd(28)}${String(90 + i).padStart(4)}FIM5     4840816115134${String(i % 10)} 9 2 90      9002${maker.padEnd(49)}${String(15 + (i % 20)).padStart(2)}   ${String(20 + (i % 20)).padStart(2)}   27  $  816`,
    );
  }
  return lines.join("\r\n") + "\r\n";
}

/** 1981-style records: fields aligned by spaces, the first line as much a record as the rest. */
function guide1981(records: number): string {
  const lines: string[] = [];
  for (let i = 0; i < records; i++)
    lines.push(
      ` 100  ${String(1015 + i).padStart(4)} 2005    3 ${String(21 + (i % 5)).padStart(2)} 28 24  1107 151A3-1 4   2AY 20.9455 27.9268 23.6004               6                        ${`MODEL${i}`.padEnd(32)}(FFS)`,
    );
  return lines.join("\r\n") + "\r\n";
}

/** A station table with a real header of years over numbers: a header, not a record. */
const YEARS_TABLE = [
  "Station      1990    1991    1992",
  "ALPHA         12.5    13.1    12.9",
  "BRAVO          8.0     8.4     8.1",
  "CHARLIE       10.2    10.0    10.5",
  "DELTA          9.9     9.7     9.8",
  "",
].join("\n");

const { lake, stateDir } = tempLake({
  "guides/84MFGUI.DAT": guide1984(400),
  "guides/81CG.DAT": guide1981(300),
  "stations/annual.dat": YEARS_TABLE,
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

describe("fixed-length records with no header", () => {
  test("a comma in some lines' names does not make them comma-separated: every record is a row", () => {
    const e = mapEntry(runtime.map, "guides/84MFGUI.DAT");
    assert.notEqual(e.format, "csv");
    const t = onlyTable(runtime.map, "guides/84MFGUI.DAT");
    assert.equal(t.rowCount, 400);
    assert.equal(t.noHeader, true);
    assert.equal(t.footer, undefined);
    assert.ok(t.columns.every((c) => /^column\d+$/.test(c.name)));
    assert.match((t.notes ?? []).join(" "), /give Scan\.reader widths/);
  });

  test("a first line of numbers aligned like the rest is a record, not the header", () => {
    const t = onlyTable(runtime.map, "guides/81CG.DAT");
    assert.equal(t.rowCount, 300);
    assert.equal(t.noHeader, true);
    assert.equal(t.headerLine, 0);
  });

  test("a header of years over columns of numbers stays the header", () => {
    const t = onlyTable(runtime.map, "stations/annual.dat");
    assert.equal(t.noHeader, undefined);
    assert.deepEqual(
      t.columns.map((c) => c.name),
      ["Station", "1990", "1991", "1992"],
    );
    assert.equal(t.rowCount, 4);
  });

  test("the Scan's no-header warning says how to cut fields the spaces did not", async () => {
    const r = await runtime.call({ op: "Scan", file: "guides/84MFGUI.DAT", output: "g84" });
    const warning = r.diagnostics.find((d) => d.code === "header-offset" && d.severity === "warning");
    assert.match(warning?.message ?? "", /no header row.*give Scan\.reader widths/s);
  });
});
