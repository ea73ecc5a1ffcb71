import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Issue 10, false alarm 4 and miss 4: union findings state what the runtime did (a numeric
// widening is not drift; the message names the union's real type), are not repeated for the same
// files in one session, and overlapping exports summed over their union are flagged.

const day = (m: number, d: number): string =>
  `2019-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
/** Daily readings of two stations; the exports overlap in June. */
const exportRows = (months: number[]): string =>
  [
    "Station,Day,Level",
    ...months.flatMap((m) =>
      [1, 8, 15, 22].flatMap((d) =>
        ["MA-01", "MA-02"].map((s, k) => `${s},${day(m, d)},${(m * 7 + d * 3 + k * 5) % 41}.5`),
      ),
    ),
  ].join("\n");

const { lake, stateDir } = tempLake({
  // Indicator Level: integers in one year, decimals in another — DuckDB widens to DOUBLE.
  "y2019.csv": "Beach,Level\nNorth,16\nSouth,22\n",
  "y2020.csv": "Beach,Level\nNorth,13.1\nSouth,18.4\n",
  // Town codes with leading zeros in one file (text), plain numbers in another.
  "t2019.csv": "Beach,Code\nNorth,02045\nSouth,02364\n",
  "t2020.csv": "Beach,Code\nNorth,2045\nSouth,2364\n",
  "exports/jan_to_jun.csv": `${exportRows([1, 2, 3, 4, 5, 6])}\n`,
  // Two releases of a price table: the later one adds a series (no column of the first is renamed).
  "releases/r1.csv": "Month,Milk,Eggs\n2017M08,3.5,3.8\n2017M09,3.5,3.9\n",
  "releases/r2.csv": "Month,Milk,Eggs,Olives\n2017M09,3.5,3.9,\n2017M10,3.6,3.9,4.2\n",
  // The same, but the first release calls the eggs series otherwise.
  "renamed/r1.csv": "Month,Milk,Eggs dozen\n2017M08,3.5,3.8\n",
  "renamed/r2.csv": "Month,Milk,Eggs\n2017M09,3.5,3.9\n",
  "exports/jun_to_dec.csv": `${exportRows([6, 7, 8, 9, 10, 11, 12])}\n`,
  // Five code columns with leading zeros in one file (text), plain numbers in the other.
  "codes/a.csv": "Site,C1,C2,C3,C4,C5\nNorth,01,02,03,04,05\nSouth,06,07,08,09,010\n",
  "codes/b.csv": "Site,C1,C2,C3,C4,C5\nNorth,1,2,3,4,5\nSouth,6,7,8,9,10\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

const union = (files: string[], output: string) =>
  runtime.call({ op: "UnionScan", files, output, source_column: "src" });

describe("union-schema-drift", () => {
  test("a series a later file adds is no drift: info, naming the column and the file without it", async () => {
    const e = await union(["releases/r1.csv", "releases/r2.csv"], "releases");
    assert.equal(e.status, "ok");
    const found = e.diagnostics.filter((d) => d.code === "union-schema-drift");
    assert.deepEqual(
      found.map((d) => d.severity),
      ["info"],
      JSON.stringify(found),
    );
    assert.match(
      found[0]!.message,
      /"Olives" is missing from 1 of 2 files \(releases\/r1\.csv\), which hold no column/,
    );
  });

  test("a column the other file holds under another name: still a warning", async () => {
    const e = await union(["renamed/r1.csv", "renamed/r2.csv"], "renamed");
    const found = e.diagnostics.filter((d) => d.code === "union-schema-drift");
    assert.ok(found.length > 0 && found.every((d) => d.severity === "warning"), JSON.stringify(found));
  });

  test("BIGINT in one file and DOUBLE in another is not drift", async () => {
    const e = await union(["y2019.csv", "y2020.csv"], "levels");
    assert.equal(e.status, "ok");
    assert.deepEqual(
      e.diagnostics.filter((d) => d.code === "union-schema-drift"),
      [],
    );
  });

  test("text in one file: the message says the union's column is VARCHAR, and it is", async () => {
    const e = await union(["t2019.csv", "t2020.csv"], "codes");
    const d = e.diagnostics.find((x) => x.code === "union-schema-drift");
    assert.ok(d, JSON.stringify(e.diagnostics));
    const type = (e.observation as { schema: { name: string; type: string }[] }).schema.find(
      (c) => c.name === "Code",
    )?.type;
    assert.equal(type, "VARCHAR");
    assert.match(d.message, /the union's column is VARCHAR/);
    assert.match(d.message, /BIGINT in t2020\.csv/);
  });

  test("the same files unioned again in the session: not repeated", async () => {
    const again = await union(["t2019.csv", "t2020.csv"], "codes_again");
    assert.deepEqual(
      again.diagnostics.filter((d) => d.code === "union-schema-drift"),
      [],
    );
  });
  test("many columns of different types in one union: one finding names them", async () => {
    const r = await runtime.call({
      op: "UnionScan",
      files: ["codes/*.csv"],
      output: "site_codes",
      source_column: "file",
    });
    const drift = r.diagnostics.filter((d) => d.code === "union-schema-drift");
    assert.equal(drift.length, 1, JSON.stringify(drift));
    assert.match(
      drift[0]!.message,
      /^5 columns have different types across the files: "C1" \(VARCHAR in codes\/a\.csv; BIGINT in codes\/b\.csv; the union's is VARCHAR\)/,
    );
  });
});

describe("union-duplicate-rows: overlapping exports", () => {
  test("a sum over the union of two exports that overlap in June is flagged with the June rows", async () => {
    assert.equal((await union(["exports/*.csv"], "ex")).status, "ok");
    const e = await runtime.call({
      op: "Query",
      sql: "SELECT Station, sum(Level) AS total FROM ex GROUP BY Station",
      inputs: ["ex"],
      output: "totals",
    });
    const d = e.diagnostics.find((x) => x.code === "union-duplicate-rows" && x.severity === "warning");
    assert.ok(d, JSON.stringify(e.diagnostics));
    assert.match(d.message, /2019-06-01/);
  });
  test("deduplicated first: clean", async () => {
    const e = await runtime.call({
      op: "Query",
      sql: "SELECT Station, sum(Level) AS total FROM (SELECT DISTINCT Station, Day, Level FROM ex) GROUP BY Station",
      inputs: ["ex"],
      output: "totals_dedup",
    });
    assert.deepEqual(
      e.diagnostics.filter((d) => d.severity !== "info"),
      [],
    );
  });
});
