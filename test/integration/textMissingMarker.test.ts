import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Issue 25, text-missing-marker: a text column grouped or counted with the literal 'NA' in it,
// where the data shows 'NA' stands for a missing value. A station list written like a published
// CSV: stations without a known town have 'NA' in both town and county. Twins: a country list where
// 'NA' is Namibia's code and North America's continent (never both on one row), and a file whose
// numeric column the Source Map reads with 'NA' as its missing-value marker.

const stations = [
  ["S01", "Ashby", "Leics", "12.5"],
  ["S02", "Barwell", "Leics", "11.9"],
  ["S03", "NA", "NA", "13.1"],
  ["S04", "Corby", "Northants", "12.2"],
  ["S05", "Daventry", "Northants", "10.8"],
  ["S06", "NA", "NA", "12.7"],
  ["S07", "Oakham", "Rutland", "11.4"],
];
const countries = [
  ["US", "United States", "NA"],
  ["CA", "Canada", "NA"],
  ["NA", "Namibia", "AF"],
  ["ZA", "South Africa", "AF"],
  ["FR", "France", "EU"],
  ["MX", "Mexico", "NA"],
];
const sites = [
  ["P1", "North", "4.1"],
  ["P2", "NA", "3.8"],
  ["P3", "South", "NA"],
  ["P4", "North", "4.4"],
  ["P5", "South", "5.0"],
  ["P6", "East", "NA"],
  ["P7", "NA", "4.9"],
];

const { lake, stateDir } = tempLake({
  "stations.csv": `id,town,county,mean_temp\n${stations.map((r) => r.join(",")).join("\n")}\n`,
  "countries.csv": `code,name,continent\n${countries.map((r) => r.join(",")).join("\n")}\n`,
  "sites.csv": `site,zone,ph\n${sites.map((r) => r.join(",")).join("\n")}\n`,
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const name of ["stations", "countries", "sites"])
    assert.equal((await runtime.call({ op: "Scan", file: `${name}.csv`, output: name })).status, "ok");
});
after(() => runtime?.close());

let n = 0;
const markers = async (sql: string, input: string) => {
  const r = await runtime.call({ op: "Query", sql, inputs: [input], output: `out${n++}` });
  assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
  return r.diagnostics.filter((d) => d.code === "text-missing-marker");
};

describe("text-missing-marker: 'NA' counted as a value where the file means missing", () => {
  test("count(DISTINCT county) counts 'NA' when the same rows hold 'NA' as their town too", async () => {
    const found = await markers("SELECT count(DISTINCT county) AS counties FROM stations", "stations");
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.equal(found[0]!.severity, "warning");
    assert.match(found[0]!.message, /count\(DISTINCT county\) over stations counts the text 'NA'/);
    assert.match(
      found[0]!.message,
      /2 row\(s\) the query keeps hold it \(stations\.csv:4, stations\.csv:7\)/,
    );
    assert.match(found[0]!.message, /in town too/);
    assert.equal(found[0]!.effect?.changed, true, JSON.stringify(found[0]!.effect));
    assert.match(found[0]!.effect?.text ?? "", /4 → 3/);
  });

  test("GROUP BY a zone whose 'NA' the Source Map reads as missing in the file's numeric column", async () => {
    const found = await markers("SELECT zone, avg(ph) AS ph FROM sites GROUP BY zone", "sites");
    assert.equal(found.length, 1, JSON.stringify(found));
    // The group 'NA' is in the result, labelled: told, not warned.
    assert.equal(found[0]!.severity, "info");
    assert.match(
      found[0]!.message,
      /GROUP BY zone over sites shows the text 'NA' as a value of zone \(a group of its own\)/,
    );
    assert.match(
      found[0]!.message,
      /the Source Map reads 'NA' as a missing value in column ph of sites\.csv \(2 cell\(s\)\)/,
    );
  });

  test("rows the query leaves out do not count", async () => {
    assert.deepEqual(
      await markers(
        "SELECT county, count(*) AS n FROM stations WHERE mean_temp < 12.6 GROUP BY county",
        "stations",
      ),
      [],
    );
  });

  test("'NA' as Namibia's code and North America's continent stays silent", async () => {
    assert.deepEqual(
      await markers(
        "SELECT continent, count(DISTINCT code) AS countries FROM countries GROUP BY continent",
        "countries",
      ),
      [],
    );
  });
});
