import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { onlyTable } from "../helpers/mapEntries.ts";
import { tempLake } from "../helpers/tempLake.ts";

// How a long file ends, where the map's sample holds only the file's first 1 MiB and last 64 KiB.
// Held-out HP (stop 41): NYC's Bronx rolling-sales CSV, lines ended by a lone CR, 6,814 sales and
// then 13,299 records of 20 commas (280 KB) — the map read 20,113 rows, the tail's blank records
// left out and the ones above the tail read as data. Held-out HK (stop 40): Tate's first artwork
// extract, cut off inside a quoted dimensions field; DuckDB read its last record without it.

const TITLE = "Bronx Rolling Sales File.  All Sales From August 2015 - July 2016.";
const HEADER = "BOROUGH,NEIGHBORHOOD,ADDRESS,ZIP CODE,SALE PRICE,SALE DATE";
const SALES = 24000;
const sale = (i: number): string =>
  `2,WOODLAWN ${i % 40},"${4000 + i} WEBSTER AVENUE, ${(i % 9) + 1}F",104${60 + (i % 12)}," ${(150000 + i * 37).toLocaleString("en-US")} ",${String((i % 28) + 1).padStart(2, "0")}/06/16`;
const BLANKS = 20000;
const rollingSales = (end: string): string =>
  [
    TITLE,
    "",
    HEADER,
    ...Array.from({ length: SALES }, (_, i) => sale(i)),
    ...Array(BLANKS).fill(",,,,,"),
  ].join(end) + end;

const CATALOGUE_ROWS = 9000;
const catalogue =
  [
    "id,title,description,year",
    ...Array.from(
      { length: CATALOGUE_ROWS },
      (_, i) =>
        `${1000 + i},Plate ${i},"Engraving, plate ${i}\nsheet: ${300 + (i % 50)} x 200 mm",${1800 + (i % 90)}`,
    ),
  ].join("\n") + '\n99999,Last plate,"Engraving, last\nsheet: 41';

const { lake, stateDir } = tempLake({
  "rolling/bronx-cr.csv": rollingSales("\r"),
  "rolling/bronx-lf.csv": rollingSales("\n"),
  "prints/catalogue.csv": catalogue,
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

describe("the end of a file longer than the map's sample", () => {
  for (const [name, file] of [
    ["lone CR", "rolling/bronx-cr.csv"],
    ["LF", "rolling/bronx-lf.csv"],
  ] as const)
    test(`records of empty fields running from above the sample's tail to the end are no rows (${name})`, () => {
      assert.ok(rollingSales("\n").length > 1.5 * (1 << 20), "the file is longer than the sample's head");
      const t = onlyTable(runtime.map, file);
      assert.equal(t.rowCount, SALES);
      assert.ok(
        t.notes?.some((n) => n.includes(`ends in ${BLANKS} records of empty fields only`)),
        JSON.stringify(t.notes),
      );
    });

  test("a file cut off inside a quoted field: the map says where, and Scan warns with the record", async () => {
    const t = onlyTable(runtime.map, "prints/catalogue.csv");
    const quoteLine = 1 + 2 * CATALOGUE_ROWS + 1;
    assert.deepEqual(t.cutOff, { line: quoteLine });
    const scan = await runtime.call({
      op: "Scan",
      file: "prints/catalogue.csv",
      output: "prints",
      preview_rows: 0,
    });
    const found = scan.diagnostics.filter((d) => d.code === "truncated-record");
    assert.equal(found.length, 1);
    assert.equal(found[0]!.severity, "warning");
    assert.match(found[0]!.message, new RegExp(`opened on line ${quoteLine} and never closed`));
    assert.match(
      found[0]!.message,
      /line \d+, id 99999\) is read with NULL in description and the 1 column\(s\) after it \(year\)/,
    );
    assert.match(found[0]!.message, /stops at 'Engraving, last sheet: 41'/);
    assert.deepEqual(
      found[0]!.locations.map((l) => l.line),
      [quoteLine, quoteLine],
    );
  });
});
