import { before, after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { Runtime } from "../../src/core/runtime.ts";
import type { SourceEntry, TableProfile } from "../../src/core/sourceMap/sourceEntry.ts";
import { tempLake } from "../helpers/tempLake.ts";
import { storedZip, zipArchive } from "../helpers/zipFile.ts";
import { mapEntry, onlyTable } from "../helpers/mapEntries.ts";

const pretty = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** Random-looking rows compress poorly, so cutting the file in half cuts the stream itself. */
const noisyCsv = `a,b\n${Array.from({ length: 20000 }, (_, i) => `${(i * 7919) % 10007},${(i * 104729) % 99991}`).join("\n")}\n`;

const files: Record<string, string | Buffer> = {
  "states.json": pretty({ AK: "Alaska", AL: "Alabama", AZ: "Arizona", CA: "California" }),
  "stations.json": pretty({
    N1: { name: "North", elevation: 120, geo: { lat: 59.9, lon: 10.7 } },
    S1: { name: "South", elevation: -3, geo: { lat: 41.9, lon: 12.5 } },
  }),
  "by-year.json": pretty({
    "2019": [{ month: 1, rain: 3.5 }],
    "2020": [
      { month: 1, rain: 2 },
      { month: 2, rain: 4.25 },
    ],
  }),
  "api.json": pretty({
    users: [
      { id: 1, name: "ann" },
      { id: 2, name: "bob" },
    ],
    orders: [{ order: 10, total: 9.5, user: 1 }],
    meta: { generated: "2024-01-01" },
  }),
  // Best-sellers listed by platform group: a member holding lists of records (held-out HU-08).
  "grouped.json": pretty({
    quarter: 4,
    titles: [
      [
        { name: "Kart", platform: "Switch", units: 35.39 },
        { name: "Odyssey", platform: "Switch", units: 20.83 },
      ],
      [{ name: "Kart Wii", platform: "Wii", units: 37.38 }],
    ],
  }),
  "parks.geojson": pretty({
    type: "FeatureCollection",
    features: [
      {
        type: "Feature",
        properties: { name: "Elm", area: 1.5 },
        geometry: { type: "Point", coordinates: [1, 2] },
      },
      {
        type: "Feature",
        properties: { name: "Oak", area: 2.5 },
        geometry: { type: "Point", coordinates: [3, 4] },
      },
    ],
  }),
  "nested.json": pretty([
    { id: 1, address: { city: "Oslo", geo: { lat: 59.9, lon: 10.7 } } },
    { id: 2, address: { city: "Rome", geo: { lat: 41.9, lon: 12.5 } } },
  ]),
  "empty-object.json": "{}\n",
  "events.jsonl":
    '{"id":1,"v":"x"}\n{"id":2,"v":"y"}\n{"id":3,"v\n{"id":4,"v":"w"}\nnot json at all\n\n{"id":5,"v":"z"}\n{"id":6,"v":"q',
  "mostly-prose.jsonl": '{"a":1}\nthis is\nnot json\nat all\n',
  "cities.csv.gz": gzipSync("Cities of Europe\n\ncity,pop\nOslo,700000\nRome,2800000\n\nSource: example\n"),
  "really-gzip.csv": gzipSync("a,b\n1,2\n3,4\n"),
  "events.jsonl.gz": gzipSync('{"a":1}\n{"a":2}\n{"a\n{"a":4}\n'),
  "data.tsv.gz": gzipSync("k\tv\nx\t1\ny\t2\n"),
  "notes.txt.gz": gzipSync("hello\nworld\n"),
  "prices.csv.gz": gzipSync(Buffer.from("name;price\nCaf\xe9;\x803\n", "latin1")),
  "truncated.csv.gz": gzipSync(noisyCsv).subarray(0, 20000),
  "archive.tar.gz": gzipSync(
    Buffer.concat([
      Buffer.from("data.csv".padEnd(257, "\0")),
      Buffer.from("ustar\u000000"),
      Buffer.alloc(250),
    ]),
  ),
  "data.csv.bz2": Buffer.concat([Buffer.from("BZh91AY&SY"), Buffer.alloc(40, 7)]),
  "exports.zip": storedZip({ "2023/a.csv": "x\n1\n", "2023/b.csv": "y\n2\n" }),
  "book.zip": zipArchive({ "data/cities.csv": "Cities of Europe\n\ncity,pop\nOslo,700000\nRome,2800000\n" }),
  "times.csv":
    "at,clock,day\n2024-01-02 08:15:00,13:45:30,2024-01-02\n2024-02-03 17:05:10,07:00:00,2024-02-03\n",
};
const { lake, stateDir } = tempLake(files);

let runtime: Runtime;
const entry = (path: string): SourceEntry => mapEntry(runtime.map, path);
const only = (path: string): TableProfile => onlyTable(runtime.map, path);
const columns = (t: TableProfile): string[] => t.columns.map((c) => `${c.name}:${c.type}`);

async function scan(
  file: string,
  output: string,
  sheet?: string,
): Promise<{ lines: number[]; rows: unknown[][] }> {
  const r = await runtime.call({ op: "Scan", file, output, ...(sheet ? { sheet } : {}) });
  assert.equal(r.status, "ok", JSON.stringify(r));
  const o = r.observation as { preview: { origins: ({ line: number } | null)[]; rows: unknown[][] } };
  return { lines: o.preview.origins.map((x) => x?.line ?? 0), rows: o.preview.rows };
}

before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

describe("JSON shapes", () => {
  test("an object of single values is a key/value table; each row points at its member's line", async () => {
    const t = only("states.json");
    assert.equal(t.read.kind === "json" && t.read.shape?.kind, "keyValue");
    assert.deepEqual(columns(t), ["key:VARCHAR", "value:VARCHAR"]);
    assert.equal(t.rowCount, 4);
    assert.match(t.notes?.[0] ?? "", /object of 4 members with single values.*"key".*"value"/);
    const s = await scan("states.json", "states");
    assert.deepEqual(s.rows[3], ["CA", "California"]);
    assert.deepEqual(s.lines, [2, 3, 4, 5]);
  });

  test("an object of records is one table keyed by member name, nested fields dotted", async () => {
    const t = only("stations.json");
    assert.equal(t.read.kind === "json" && t.read.shape?.kind, "keyedRecords");
    assert.deepEqual(columns(t), [
      "key:VARCHAR",
      "name:VARCHAR",
      "elevation:BIGINT",
      "geo.lat:DOUBLE",
      "geo.lon:DOUBLE",
    ]);
    const s = await scan("stations.json", "stations");
    assert.deepEqual(s.rows[1], ["S1", "South", -3, 41.9, 12.5]);
    assert.deepEqual(s.lines, [2, 10]);
  });

  test("an object of arrays of like records is one table with the member name as a column", async () => {
    const t = only("by-year.json");
    assert.equal(t.read.kind === "json" && t.read.shape?.kind, "keyedArrays");
    assert.deepEqual(columns(t), ["key:VARCHAR", "month:BIGINT", "rain:DOUBLE"]);
    assert.equal(t.rowCount, 3);
    const s = await scan("by-year.json", "rain");
    assert.deepEqual(
      s.rows.map((r) => r[0]),
      ["2019", "2020", "2020"],
    );
    assert.deepEqual(s.lines, [3, 9, 13]);
  });

  test("arrays of different records are a table each; the other members are named, not lost", async () => {
    const e = entry("api.json");
    assert.deepEqual(
      e.tables?.map((t) => `${t.sheet}:${t.rowCount}`),
      ["users:2", "orders:1"],
    );
    assert.ok(e.tables![1]!.notes?.some((n) => n.includes('meta = {"generated":"2024-01-01"}')));
    const s = await scan("api.json", "orders", "orders");
    assert.deepEqual(s.rows, [[10, 9.5, 1]]);
    assert.deepEqual(s.lines, [13]);
  });

  test("a member of lists of records: one row per record, list_index naming its list, each at its line", async () => {
    const t = entry("grouped.json").tables!.find((x) => x.sheet === "titles")!;
    assert.equal(t.rowCount, 3);
    assert.deepEqual(columns(t), ["list_index:BIGINT", "name:VARCHAR", "platform:VARCHAR", "units:DOUBLE"]);
    assert.ok(t.notes?.some((n) => n.includes("2 lists of records, one row per record")));
    const s = await scan("grouped.json", "grouped", "titles");
    assert.deepEqual(s.rows, [
      [1, "Kart", "Switch", 35.39],
      [1, "Odyssey", "Switch", 20.83],
      [2, "Kart Wii", "Wii", 37.38],
    ]);
    assert.deepEqual(s.lines, [5, 10, 17]);
  });

  test("GeoJSON: the features are the table, properties and geometry dotted", () => {
    const t = entry("parks.geojson").tables!.find((x) => x.sheet === "features")!;
    assert.deepEqual(
      t.columns.map((c) => c.name),
      ["type", "properties.name", "properties.area", "geometry.type", "geometry.coordinates"],
    );
    assert.ok(t.notes?.some((n) => n.includes('type = "FeatureCollection"')));
  });

  test("an array of nested records: dotted columns, typed, and noted", async () => {
    const t = only("nested.json");
    assert.deepEqual(columns(t), [
      "id:BIGINT",
      "address.city:VARCHAR",
      "address.geo.lat:DOUBLE",
      "address.geo.lon:DOUBLE",
    ]);
    assert.ok(t.read.kind === "json" && t.read.flattened);
    assert.ok(t.notes?.some((n) => n.includes("address.city is field city of address")));
    const s = await scan("nested.json", "nested");
    assert.deepEqual(s.rows[1], [2, "Rome", 41.9, 12.5]);
    assert.deepEqual(s.lines, [2, 12]);
  });

  test("an empty object says there is no table", () => {
    assert.match(entry("empty-object.json").error ?? "", /empty object \(\{\}\): it holds no table/);
  });
});

describe("JSON lines with bad lines", () => {
  test("the good lines are mapped, the bad ones named by their line numbers", async () => {
    const t = only("events.jsonl");
    assert.equal(t.rowCount, 4);
    assert.deepEqual(t.read.kind === "json" && t.read.badLines, [3, 5, 8]);
    assert.match(t.notes?.[0] ?? "", /3 lines are not valid JSON records and are left out: lines 3, 5, 8/);
    const s = await scan("events.jsonl", "events");
    assert.deepEqual(
      s.rows.map((r) => r[0]),
      [1, 2, 4, 5],
    );
    assert.deepEqual(s.lines, [1, 2, 4, 7]);
  });

  test("a file that is mostly not JSON is still rejected, with the lines that are not", () => {
    assert.match(
      entry("mostly-prose.jsonl").error ?? "",
      /not JSON lines: 3 of 4 lines are not JSON records \(lines 2, 3, 4\)/,
    );
  });
});

describe("Compressed files", () => {
  test(".csv.gz: title, header and footnote found in the content; rows point at their lines", async () => {
    const e = entry("cities.csv.gz");
    assert.equal(e.format, "csv");
    assert.equal(e.compression, "gzip");
    const t = e.tables![0]!;
    assert.equal(t.headerLine, 3);
    assert.deepEqual(t.titleLines, ["Cities of Europe"]);
    assert.deepEqual(t.footer?.lines, ["Source: example"]);
    const s = await scan("cities.csv.gz", "cities");
    assert.deepEqual(s.rows, [
      ["Oslo", 700000],
      ["Rome", 2800000],
    ]);
    assert.deepEqual(s.lines, [4, 5]);
  });

  test("gzip by content, whatever the name; .tsv.gz and .jsonl.gz too", async () => {
    assert.deepEqual(columns(only("really-gzip.csv")), ["a:BIGINT", "b:BIGINT"]);
    assert.equal(entry("really-gzip.csv").compression, "gzip");
    assert.deepEqual(columns(only("data.tsv.gz")), ["k:VARCHAR", "v:BIGINT"]);
    const j = only("events.jsonl.gz");
    assert.deepEqual(j.read.kind === "json" && j.read.badLines, [3]);
    const s = await scan("events.jsonl.gz", "gz_events");
    assert.deepEqual(s.lines, [1, 2, 4]);
    assert.deepEqual(entry("notes.txt.gz").firstLines, ["hello", "world"]);
  });

  test("a Windows-1252 text inside gzip is decoded as such", () => {
    const e = entry("prices.csv.gz");
    assert.equal(e.encoding, "windows-1252");
    assert.deepEqual(e.tables![0]!.columns[1]!.samples, ["€3"]);
  });

  test("damaged, archived or otherwise compressed files say what to do", () => {
    assert.match(entry("truncated.csv.gz").error ?? "", /gzip file is truncated.*copy or download it again/);
    assert.match(entry("archive.tar.gz").error ?? "", /tar archive: extract it/);
    // bzip2 is read (bzip2.test.ts); these bytes are a bzip2 header followed by no valid block.
    assert.match(entry("data.csv.bz2").error ?? "", /could not read as bzip2: .*(damaged|cut short)/);
  });
});

describe("ZIP archives of data files", () => {
  test("each member is a table named by the member, read from a copy in the state folder, never the lake", () => {
    const e = entry("exports.zip");
    assert.equal(e.error, undefined);
    assert.deepEqual(
      e.tables?.map((t) => [t.sheet, t.member, t.rowCount, columns(t).join(",")]),
      [
        ["2023/a.csv", "2023/a.csv", 1, "x:BIGINT"],
        ["2023/b.csv", "2023/b.csv", 1, "y:BIGINT"],
      ],
    );
    assert.deepEqual(
      e.archive?.members.map((m) => [m.name, m.tables, m.error]),
      [
        ["2023/a.csv", 1, undefined],
        ["2023/b.csv", 1, undefined],
      ],
    );
    const inLake = readdirSync(lake, { recursive: true, encoding: "utf8" }).filter((p) =>
      statSync(join(lake, p)).isFile(),
    );
    assert.deepEqual(inLake.sort(), Object.keys(files).sort(), "nothing was written into the lake");
  });

  test("a Scan of a member reads its rows, each pointing at its line in the member", async () => {
    const r = await runtime.call({
      op: "Scan",
      file: "book.zip",
      sheet: "data/cities.csv",
      output: "zipped_cities",
    });
    assert.equal(r.status, "ok", JSON.stringify(r));
    const o = r.observation as {
      preview: { origins: ({ file: string; line: number } | null)[]; rows: unknown[][] };
    };
    assert.deepEqual(o.preview.rows, [
      ["Oslo", 700000],
      ["Rome", 2800000],
    ]);
    assert.deepEqual(
      o.preview.origins.map((x) => `${x?.file}:${x?.line}`),
      ["book.zip/data/cities.csv:4", "book.zip/data/cities.csv:5"],
    );
  });
});

describe("Dates and times in text", () => {
  test("a value with a time of day is a TIMESTAMP, not a DATE; clock times are TIME", () => {
    assert.deepEqual(columns(only("times.csv")), ["at:TIMESTAMP", "clock:TIME", "day:DATE"]);
  });
});
