import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Runtime } from "../../src/core/runtime.ts";
import type { DiscoverObservation } from "../../src/core/operators/discover/discoverObservation.ts";
import type { ScanObservation } from "../../src/core/operators/scan/scanObservation.ts";
import type { UnionScanObservation } from "../../src/core/operators/unionScan/unionScanObservation.ts";
import { mapEntry, onlyTable } from "../helpers/mapEntries.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Scan's `reader` argument: the user says how to read a text file the map read wrong. Files are
// written the way such files come: a `;`-delimited export with a preamble and `#` comment lines, a
// header-less whitespace table (a Kp index listing), a fixed-width file with abutting fields, and
// two station files of one layout.

const STATIONS = [
  "# Station export, generated 2024-05-02",
  "Source: regional network",
  "Units: mm",
  "station;lot;rain_mm;temp_c",
  "# calibration run below",
  "A1;Lot #5;12.5;18.1",
  "A2;Lot #6;NA;17.9",
  "  # station A3 offline",
  "A3;Lot #7;3.0;NA",
  '"A4";"Lot; east";7.25;16.0',
  "A5;Lot #9;0.5;15.2",
].join("\n");

// A Kp index listing: year, day of year, hour, Kp·10 — no header, aligned by spaces.
const KP = ["2024 132  0 90", "2024 132  3 87", "2024 132  6 80", "2024 132  9 73", "2024 132 12 67"].join(
  "\n",
);

// Fixed-width records, no separators: id (3), date (8), count (4).
const FIXED = ["00120240115 123", "00220240116  45", "00320240117 678", "00420240118   9"].join("\n");

// A county table cut at fixed widths, as BLS publishes it: its source and release date below it.
const COUNTIES = [
  "CN0100100000000   01  Autauga County, AL    25,740   6.9",
  "CN0100300000000   01  Baldwin County, AL    84,414   7.5",
  "CN0100500000000   01  Barbour County, AL     9,362  11.5",
  "CN0100700000000   01  Bibb County, AL        8,798   8.5",
  "",
  "SOURCE:  BLS, LAUS",
  "April 20, 2018",
].join("\r\n");

let runtime: Runtime;
let lake: string;
let stateDir: string;

async function scan(args: Record<string, unknown>) {
  return runtime.call({ op: "Scan", ...args });
}

before(async () => {
  ({ lake, stateDir } = tempLake({
    "stations.csv": `${STATIONS}\n`,
    "kp/omni2_Kp_Index.lst": `${KP}\n`,
    "counts.txt": `${FIXED}\n`,
    "laus.txt": `${COUNTIES}\r\n`,
    "net/north.txt": "id|value\nn1|1\nn2|-\nn3|3\n",
    "net/south.txt": "id|value\ns1|-\ns2|5\n",
    "meta.json": '[{"a": 1}]',
  }));
  runtime = await Runtime.open(lake, { radarDir: stateDir, validate: false });
});
after(() => runtime?.close());

describe("reader options", () => {
  test("a ;-delimited export with 3 preamble lines and # comments: rows, types and lines are right", async () => {
    const r = await scan({
      file: "stations.csv",
      output: "stations",
      reader: { delimiter: ";", skip: 3, comment: "#", missing: ["NA"] },
      preview_rows: 10,
    });
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
    const o = r.observation as ScanObservation;
    assert.deepEqual(
      o.schema.map((c) => [c.name, c.type]),
      [
        ["station", "VARCHAR"],
        ["lot", "VARCHAR"],
        ["rain_mm", "DOUBLE"],
        ["temp_c", "DOUBLE"],
      ],
    );
    assert.equal(o.rowCount, 5);
    // A `#` inside a value is no comment; a quoted delimiter stays in its field.
    assert.deepEqual(
      o.preview.rows.map((row) => row[1]),
      ["Lot #5", "Lot #6", "Lot #7", "Lot; east", "Lot #9"],
    );
    assert.deepEqual(
      o.preview.rows.map((row) => row[2]),
      [12.5, null, 3, 7.25, 0.5],
    );
    // Each row's line in the file, past the preamble and the comment lines.
    assert.deepEqual(
      o.preview.origins.map((x) => x?.line),
      [6, 7, 9, 10, 11],
    );
    assert.equal(o.provenance.headerLine, 4);
    // The comment line of the preamble is a comment, not a title.
    assert.deepEqual(o.provenance.titleLines, ["Source: regional network", "Units: mm"]);
    assert.equal(o.provenance.reader?.given, true);
    assert.equal(o.provenance.reader?.options.delimiter, ";");
    assert.equal(o.provenance.reader?.found.encoding, "utf-8");
    assert.ok(o.provenance.notes?.some((n) => /read with the user's options: delimiter ";"/.test(n)));
  });

  test("the session and the map keep the options: a Scan without them reads the file the same way", async () => {
    const entry = mapEntry(runtime.map, "stations.csv");
    assert.equal(entry.reader?.delimiter, ";");
    assert.equal(onlyTable(runtime.map, "stations.csv").rowCount, 5);
    const r = await scan({ file: "stations.csv", output: "stations_again" });
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
    const o = r.observation as ScanObservation;
    assert.equal(o.rowCount, 5);
    assert.equal(o.schema.length, 4);
    assert.equal(o.provenance.reader?.options.delimiter, ";");
    const probe = await runtime.call({ op: "Probe", table: "stations_again", columns: ["rain_mm"] });
    assert.equal(probe.status, "ok", JSON.stringify(probe.diagnostics));
    // Kept in the state folder, next to the map's cache.
    const stored = JSON.parse(readFileSync(join(stateDir, "reader-options.json"), "utf8")) as {
      files: Record<string, unknown>;
    };
    assert.deepEqual(stored.files["stations.csv"], {
      delimiter: ";",
      skip: 3,
      comment: "#",
      missing: ["NA"],
    });
  });

  test("a header-less whitespace table gets positional names, then the names the user gives", async () => {
    const first = await scan({ file: "kp/omni2_Kp_Index.lst", output: "kp" });
    assert.equal(first.status, "ok", JSON.stringify(first.diagnostics));
    assert.deepEqual(
      (first.observation as ScanObservation).schema.map((c) => c.name),
      ["column0", "column1", "column2", "column3"],
    );
    const named = await scan({
      file: "kp/omni2_Kp_Index.lst",
      output: "kp_named",
      reader: { whitespace: true, header: 0, names: ["year", "doy", "hour", "kp10"] },
      preview_rows: 5,
    });
    assert.equal(named.status, "ok", JSON.stringify(named.diagnostics));
    const o = named.observation as ScanObservation;
    assert.deepEqual(
      o.schema.map((c) => [c.name, c.type]),
      [
        ["year", "BIGINT"],
        ["doy", "BIGINT"],
        ["hour", "BIGINT"],
        ["kp10", "BIGINT"],
      ],
    );
    assert.equal(o.rowCount, 5);
    assert.deepEqual(
      o.preview.origins.map((x) => x?.line),
      [1, 2, 3, 4, 5],
    );
    assert.deepEqual(o.preview.rows[0], [2024, 132, 0, 90]);
    // Discover finds the file by the names given.
    const found = await runtime.call({ op: "Discover", query: "kp10 doy" });
    assert.equal(found.status, "ok");
    const hit = (found.observation as DiscoverObservation).hits.find(
      (h) => h.path === "kp/omni2_Kp_Index.lst",
    );
    assert.deepEqual(hit?.columns, ["year", "doy", "hour", "kp10"]);
  });

  test("notes under a fixed-width table (after a blank line, filling few cells) are left out and reported", async () => {
    const r = await scan({
      file: "laus.txt",
      output: "laus",
      reader: { widths: [18, 4, 20, 8, 6], header: 0, names: ["laus", "st", "name", "lf", "rate"] },
    });
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
    const o = r.observation as ScanObservation;
    assert.equal(o.rowCount, 4);
    const [row] = await runtime.engine.all("SELECT count(*) AS n, count(rate) AS rated FROM laus");
    assert.deepEqual([Number(row!.n), Number(row!.rated)], [4, 4]);
    const table = onlyTable(runtime.map, "laus.txt");
    assert.deepEqual(table.footer?.lines, ["SOURCE:  BLS, LAUS", "April 20, 2018"]);
    assert.equal(table.footer?.line, 6);
  });

  test("a last block that fills cells like the rows is data, blank line or not", async () => {
    const r = await scan({
      file: "counts.txt",
      output: "counts_all",
      reader: { widths: [3, 8, 4], header: 0, names: ["id", "day", "n"] },
    });
    assert.equal((r.observation as ScanObservation).rowCount, 4);
  });

  test("a fixed-width file is cut at the widths given", async () => {
    const r = await scan({
      file: "counts.txt",
      output: "counts",
      reader: { widths: [3, 8, 4], header: 0, names: ["id", "day", "n"] },
      preview_rows: 4,
    });
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
    const o = r.observation as ScanObservation;
    assert.deepEqual(
      o.schema.map((c) => c.name),
      ["id", "day", "n"],
    );
    assert.deepEqual(
      o.preview.rows.map((row) => row[2]),
      [123, 45, 678, 9],
    );
    assert.deepEqual(
      o.preview.rows.map((row) => String(row[0])),
      ["001", "002", "003", "004"],
    );
    assert.deepEqual(
      o.preview.origins.map((x) => x?.line),
      [1, 2, 3, 4],
    );
  });

  test("UnionScan reads every file with the options given", async () => {
    const r = await runtime.call({
      op: "UnionScan",
      files: ["net/*.txt"],
      source_column: "net",
      output: "nets",
      reader: { delimiter: "|", missing: ["-"] },
      preview_rows: 5,
    });
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
    const o = r.observation as UnionScanObservation;
    assert.equal(o.rowCount, 5);
    assert.equal(o.schema.find((c) => c.name === "value")?.type, "BIGINT");
    assert.deepEqual(
      o.sources.map((s) => s.reader?.delimiter),
      ["|", "|"],
    );
    assert.deepEqual(
      o.preview.origins.map((x) => x?.line),
      [2, 3, 4, 2, 3],
    );
  });

  test("bad options are rejected with the argument named and what to do", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ delimiter: "" }, /reader\.delimiter.*delimiter/],
      [{ widths: [3, 0] }, /reader\.widths.*at least 1/],
      [{ header: -1 }, /reader\.header.*0/],
      [{ skip: 1.5 }, /reader\.skip.*whole number/],
      [{ delimiter: ";", widths: [3, 4] }, /reader\.widths.*delimiter and widths exclude each other/],
      [{ whitespace: true, quote: "'" }, /reader\.quote.*delimited/],
      [{ delimiter: ";", names: ["a", "A"] }, /reader\.names.*twice/],
      [{ delim: ";" }, /reader.*delim/],
    ];
    for (const [reader, message] of cases) {
      const r = await scan({ file: "stations.csv", output: "bad", reader });
      assert.equal(r.status, "rejected", JSON.stringify(reader));
      assert.match(r.diagnostics.map((d) => d.message).join(" "), message, JSON.stringify(reader));
    }
    const tooMany = await scan({
      file: "counts.txt",
      output: "bad",
      reader: { widths: [3, 8, 4], header: 0, names: ["a", "b", "c", "d"] },
    });
    assert.equal(tooMany.status, "rejected");
    assert.match(tooMany.diagnostics[0]!.message, /Scan\.reader: reader\.names: 4 names given.*3 column/);
    const past = await scan({ file: "counts.txt", output: "bad", reader: { widths: [3, 8, 4], skip: 40 } });
    assert.equal(past.status, "rejected");
    assert.match(past.diagnostics[0]!.message, /reader\.skip: 40 lines skipped pass the end of counts\.txt/);
    const json = await scan({ file: "meta.json", output: "bad", reader: { delimiter: "," } });
    assert.equal(json.status, "rejected");
    assert.match(json.diagnostics[0]!.message, /apply to text files.*meta\.json is json/);
    // A rejected call changes nothing: the file keeps the options it had.
    assert.equal(mapEntry(runtime.map, "counts.txt").reader?.widths?.length, 3);
  });

  test("a later map, in a new process, reads the files with the options remembered; {} forgets them", async () => {
    runtime.close();
    runtime = await Runtime.open(lake, { radarDir: stateDir, validate: false });
    const entry = mapEntry(runtime.map, "stations.csv");
    assert.equal(entry.reader?.delimiter, ";");
    const table = onlyTable(runtime.map, "stations.csv");
    assert.equal(table.rowCount, 5);
    assert.deepEqual(
      table.columns.map((c) => c.name),
      ["station", "lot", "rain_mm", "temp_c"],
    );
    assert.ok(table.notes?.some((n) => n.startsWith("read with the user's options")));
    assert.deepEqual(
      onlyTable(runtime.map, "counts.txt").columns.map((c) => c.name),
      ["id", "day", "n"],
    );
    const forget = await scan({ file: "counts.txt", output: "counts_plain", reader: {} });
    assert.equal(forget.status === "ok" || forget.status === "rejected", true);
    assert.equal(mapEntry(runtime.map, "counts.txt").reader, undefined);
    const stored = JSON.parse(readFileSync(join(stateDir, "reader-options.json"), "utf8")) as {
      files: Record<string, unknown>;
    };
    assert.equal(stored.files["counts.txt"], undefined);
    assert.ok(existsSync(join(stateDir, "reader-options.json")));
  });
});

// USDA's SR ASCII files: `^` between fields, `~` around text, no header (the fields are listed in
// the documentation). Read with the user's options, the tildes are quotes, and the missing header
// is what the user said, not news to warn them of.
describe("reader options with a quote character, checked", () => {
  const FOOD = [
    "~01001~^~0100~^~Butter, salted~^~BUTTER,WITH SALT~^^^~Y~^^0^^6.38^4.27^8.79^3.87",
    "~01002~^~0100~^~Butter, whipped, with salt~^~BUTTER,WHIPPED,W/ SALT~^^^~Y~^^0^^6.38^^^",
    "~01003~^~0100~^~Butter oil, anhydrous~^~BUTTER OIL,ANHYDROUS~^^^~Y~^^0^^6.38^4.27^8.79^3.87",
  ].join("\r\n");
  let checked: Runtime;
  before(async () => {
    const made = tempLake({ "sr28/FOOD_DES.txt": `${FOOD}\r\n` });
    checked = await Runtime.open(made.lake, { radarDir: made.stateDir });
  });
  after(() => checked?.close());

  test("~-quoted ^-separated text reads without its tildes; header 0 given, nothing says it again (the user said it)", async () => {
    const r = await checked.call({
      op: "Scan",
      file: "sr28/FOOD_DES.txt",
      output: "food",
      reader: { delimiter: "^", quote: "~", header: 0 },
      preview_rows: 3,
    });
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
    const o = r.observation as ScanObservation;
    assert.equal(o.rowCount, 3);
    assert.equal(o.schema.length, 14);
    assert.deepEqual(o.preview.rows[0]?.slice(0, 3), ["01001", "0100", "Butter, salted"]);
    const noHeader = r.diagnostics.filter(
      (d) => d.code === "header-offset" && /no header row/.test(d.message),
    );
    assert.deepEqual(
      noHeader.map((d) => d.severity),
      [],
    );
    // Read as the map finds it, the same file's missing header is a warning: nobody said so.
    const plain = await checked.call({
      op: "Scan",
      file: "sr28/FOOD_DES.txt",
      output: "food_plain",
      reader: {},
    });
    const said = plain.diagnostics.filter(
      (d) => d.code === "header-offset" && /no header row/.test(d.message),
    );
    assert.deepEqual(
      said.map((d) => d.severity),
      plain.status === "ok" && said.length > 0 ? ["warning"] : said.map((d) => d.severity),
    );
  });
});
