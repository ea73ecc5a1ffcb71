import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Issue 25, join-key-mismatch: two editions of a crop census joined on the item label. One
// edition's labels carry a trailing space or another case ('Oats ', 'BARLEY'), so a join on the
// label leaves both rows of the same item unmatched. A clean twin spells every label alike. And a
// left join whose preserved names partly match nothing while the query counts the other side's
// rows: info listing the unmatched names (RADAR cannot know another name for them).

const items = ["Wheat", "Barley", "Oats", "Rye", "Potatoes", "Peas and beans"];
const area = (i: number, year: number) => 1000 + i * 137 + (year - 2020) * 11;
const edition = (year: number, label: (item: string) => string) =>
  `Crop,Area (ha)\n${items.map((item, i) => `${label(item)},${area(i, year)}`).join("\n")}\n`;

const clubs = ["Ashford", "Bexley", "Crawley", "Dover", "Epsom", "Farnham"];
const matches = ["Ashford,Bexley", "Crawley,Dover", "Ashford,Crawley", "Epsom Town,Bexley", "Dover,Ashford"];

const { lake, stateDir } = tempLake({
  "census_2022.csv": edition(2022, (item) => item),
  "census_2023.csv": edition(2023, (item) =>
    item === "Oats" ? "Oats " : item === "Barley" ? "BARLEY" : item,
  ),
  "census_2023_clean.csv": edition(2023, (item) => item),
  "clubs.csv": `club,founded\n${clubs.map((c, i) => `${c},${1880 + i * 7}`).join("\n")}\n`,
  "matches.csv": `home,away\n${matches.join("\n")}\n`,
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const name of ["census_2022", "census_2023", "census_2023_clean", "clubs", "matches"])
    assert.equal((await runtime.call({ op: "Scan", file: `${name}.csv`, output: name })).status, "ok");
});
after(() => runtime?.close());

let n = 0;
const mismatches = async (sql: string, inputs: string[]) => {
  const r = await runtime.call({ op: "Query", sql, inputs, output: `out${n++}` });
  assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
  return r.diagnostics.filter((d) => d.code === "join-key-mismatch");
};

describe("join-key-mismatch: keys equal up to case, spacing and punctuation", () => {
  test("a FULL join on the label names both pairs with their lines", async () => {
    const found = await mismatches(
      'SELECT coalesce(a.Crop, b.Crop) AS item, a."Area (ha)" - b."Area (ha)" AS diff FROM census_2023 a FULL JOIN census_2022 b ON a.Crop = b.Crop',
      ["census_2023", "census_2022"],
    );
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.equal(found[0]!.severity, "warning");
    assert.match(found[0]!.message, /leaves 2 key\(s\)/);
    assert.match(found[0]!.message, /'BARLEY' \(census_2023\.csv:3\) \/ 'Barley' \(census_2022\.csv:3\)/);
    assert.match(found[0]!.message, /'Oats ' \(census_2023\.csv:4\) \/ 'Oats' \(census_2022\.csv:4\)/);
    assert.match(found[0]!.message, /separate rows/);
  });

  test("a case-folded key still misses the trailing space; an inner join drops both rows", async () => {
    const found = await mismatches(
      'SELECT a.Crop, a."Area (ha)" - b."Area (ha)" AS diff FROM census_2023 a JOIN census_2022 b ON lower(a.Crop) = lower(b.Crop)',
      ["census_2023", "census_2022"],
    );
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.match(found[0]!.message, /leaves 1 key\(s\)/);
    assert.match(found[0]!.message, /'oats ' \(census_2023\.csv:4\) \/ 'oats' \(census_2022\.csv:4\)/);
    assert.match(found[0]!.message, /drops the rows of both/);
  });

  test("tables named like the check's own relations are read as themselves", async () => {
    for (const [file, output] of [
      ["census_2023.csv", "lk"],
      ["census_2022.csv", "mine"],
    ])
      assert.equal((await runtime.call({ op: "Scan", file, output })).status, "ok");
    const r = await runtime.call({
      op: "Query",
      sql: "SELECT mine.Crop, count(lk.Crop) AS n FROM mine LEFT JOIN lk ON lk.Crop = mine.Crop GROUP BY mine.Crop",
      inputs: ["lk", "mine"],
      output: `out${n++}`,
    });
    assert.deepEqual(
      r.diagnostics.filter((d) => d.code === "validation-error"),
      [],
    );
    // The pair itself was reported by the tests above (one session): said again, as a repeat.
    const found = r.diagnostics.filter((d) => d.code === "join-key-mismatch");
    assert.deepEqual(
      found.map((d) => d.severity),
      ["info"],
    );
    assert.match(
      found[0]!.message,
      /^Again, as reported for another join of this session: the left join on /,
    );
  });

  test("editions spelled alike, or a normalised key, stay silent", async () => {
    assert.deepEqual(
      await mismatches(
        'SELECT coalesce(a.Crop, b.Crop) AS item, a."Area (ha)" - b."Area (ha)" AS diff FROM census_2023_clean a FULL JOIN census_2022 b ON a.Crop = b.Crop',
        ["census_2023_clean", "census_2022"],
      ),
      [],
    );
    assert.deepEqual(
      await mismatches(
        'SELECT a.Crop, a."Area (ha)" - b."Area (ha)" AS diff FROM census_2023 a JOIN census_2022 b ON lower(trim(a.Crop)) = lower(trim(b.Crop))',
        ["census_2023", "census_2022"],
      ),
      [],
    );
  });
});

describe("join-key-mismatch (info): preserved keys of a left join that match nothing", () => {
  test("a count over the other side lists the names that matched no row", async () => {
    const found = await mismatches(
      "WITH t AS (SELECT home AS team FROM matches UNION ALL SELECT away FROM matches) SELECT c.club, count(t.team) AS played FROM clubs c LEFT JOIN t ON t.team = c.club GROUP BY c.club",
      ["clubs", "matches"],
    );
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.equal(found[0]!.severity, "info");
    assert.match(found[0]!.message, /keeps 2 of 6 key\(s\) of clubs that match no row/);
    assert.match(found[0]!.message, /'Epsom' \(clubs\.csv:6\), 'Farnham' \(clubs\.csv:7\)/);
    assert.match(found[0]!.message, /count\(t\.team\)/);
  });

  test("a left join whose keys all match, or that aggregates nothing of the other side, is silent", async () => {
    assert.deepEqual(
      await mismatches(
        "SELECT c.club, count(m.away) AS home_games FROM clubs c LEFT JOIN matches m ON m.home = c.club WHERE c.club IN ('Ashford', 'Crawley', 'Dover') GROUP BY c.club",
        ["clubs", "matches"],
      ),
      [],
    );
    assert.deepEqual(
      await mismatches("SELECT c.club, m.away FROM clubs c LEFT JOIN matches m ON m.home = c.club", [
        "clubs",
        "matches",
      ]),
      [],
    );
  });
});
