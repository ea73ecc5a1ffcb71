import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Diagnostic } from "../../src/core/diagnostic.ts";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Issue 10: silent errors reached through aggregates (spelling variants counted by FILTER/CASE/
// GROUP BY ALL; labelled summary rows in sums and medians; min/max over numbers stored as text)
// are flagged, and variants that are not variants ('<'/'>', two sites sampled on the same days)
// are not.

/** Yearly samples whose Violation flag is spelled per year: yes (2012), YES (2013), Yes (2014). */
const samples = ["Year,Beach,Date,Violation"];
for (const [year, yes, no] of [
  [2012, "yes", "no"],
  [2013, "YES", "NO"],
  [2014, "Yes", "No"],
] as const)
  for (let d = 1; d <= 6; d++)
    for (const beach of ["North", "South"])
      samples.push(`${year},${beach},${year}-06-0${d},${d % 3 === 0 ? yes : no}`);

/** Two sites whose names differ only by punctuation, sampled on the same days. */
const sites = ["Site,Date,Level"];
for (let d = 1; d <= 8; d++) {
  sites.push(`Joseph Sylvia State Beach - Big Bridge,2024-06-0${d},${10 + d}`);
  sites.push(`Joseph Sylvia State Beach @ Big Bridge,2024-06-0${d},${30 + d}`);
}

/** Detection-limit tags: '<' below, '>' above — opposite markers, both empty without punctuation. */
const tags = "Tag,Value\n<,10\n<,10\n>,2420\n,35\n,57\n>,2420\n";

/**
 * Monthly precipitation with the file's own Mean/Max/Min rows at the top, under the header (at the
 * bottom the Source Map already ends the table before them: see the last test of this file).
 */
const years = [2019, 2020, 2021, 2022, 2023];
const jul = [2.71, 1.81, 2.51, 3.5, 2.81];
const mean = jul.reduce((a, b) => a + b, 0) / jul.length;
const statisticRows = [
  `Mean,${mean.toFixed(2)},3.20`,
  `Max,${Math.max(...jul).toFixed(2)},3.40`,
  `Min,${Math.min(...jul).toFixed(2)},3.00`,
];
const yearRows = years.map((y, i) => `${y},${jul[i]!.toFixed(2)},${(3 + i / 10).toFixed(2)}`);
const precipitation = ["Year,Jul,Aug", ...statisticRows, ...yearRows].join("\n");
const precipitationTail = ["Year,Jul,Aug", ...yearRows, ...statisticRows].join("\n");

/** A rating survey: "Average" is an answer, not a summary row (its count is not the mean). */
const ratings = "Rating,Respondents\nPoor,10\nAverage,40\nGood,30\nExcellent,60\n";

const { lake, stateDir } = tempLake({
  "samples.csv": `${samples.join("\n")}\n`,
  "sites.csv": `${sites.join("\n")}\n`,
  "tags.csv": tags,
  "precipitation.csv": `${precipitation}\n`,
  "precipitation_tail.csv": `${precipitationTail}\n`,
  "ratings.csv": ratings,
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const name of ["samples", "sites", "tags", "precipitation", "ratings"])
    assert.equal((await runtime.call({ op: "Scan", file: `${name}.csv`, output: name })).status, "ok");
});
after(() => runtime?.close());

let n = 0;
async function findings(sql: string, inputs: string[]): Promise<Diagnostic[]> {
  const e = await runtime.call({ op: "Query", sql, inputs, output: `out${n++}` });
  assert.equal(e.status, "ok", `${e.error ?? ""} ${JSON.stringify(e.diagnostics)}`);
  assert.deepEqual(
    e.diagnostics.filter((d) => d.code === "validation-error"),
    [],
  );
  return e.diagnostics.filter((d) => d.severity !== "info");
}
const one = (ds: Diagnostic[], code: string): Diagnostic => {
  const d = ds.find((x) => x.code === code);
  assert.ok(d, `expected ${code}; got ${JSON.stringify(ds)}`);
  return d;
};

describe("value-variants reached through aggregates", () => {
  for (const sql of [
    "SELECT Year, count(*) FILTER (WHERE Violation = 'yes') AS violations FROM samples GROUP BY Year",
    "SELECT Year, sum(CASE WHEN Violation = 'yes' THEN 1 ELSE 0 END) AS violations FROM samples GROUP BY Year",
    "SELECT Beach, count_if(Violation = 'yes') AS violations FROM samples GROUP BY Beach",
  ])
    test(sql, async () => {
      const d = one(await findings(sql, ["samples"]), "value-variants");
      assert.match(d.message, /'yes' \/ 'Yes' \/ 'YES'|'YES' \/ 'Yes' \/ 'yes'|'yes'.*'YES'/);
      // The fix it suggests merges what it names.
      assert.match(d.message, /lower\(trim\(Violation\)\) = 'yes'/);
    });

  test("GROUP BY ALL and GROUP BY an ordinal", async () => {
    one(
      await findings("SELECT Beach, Violation, count(*) AS n FROM samples GROUP BY ALL", ["samples"]),
      "value-variants",
    );
    one(
      await findings("SELECT Violation, count(*) AS n FROM samples GROUP BY 1", ["samples"]),
      "value-variants",
    );
  });

  test("a literal the kept rows never hold, though they spell it otherwise", async () => {
    const d = one(
      await findings(
        "SELECT sum(CASE WHEN Violation = 'yes' THEN 1 ELSE 0 END) AS violations FROM samples WHERE Year = 2013",
        ["samples"],
      ),
      "value-variants",
    );
    assert.match(d.message, /never holds 'yes' among the rows the query keeps; they spell it 'YES' ×4/);
  });

  test("every spelling named, or a normalised comparison: clean", async () => {
    for (const sql of [
      "SELECT Year, count(*) FILTER (WHERE Violation IN ('yes', 'Yes', 'YES')) AS v FROM samples GROUP BY Year",
      "SELECT Year, count(*) FILTER (WHERE lower(Violation) = 'yes') AS v FROM samples GROUP BY Year",
      "SELECT count(*) AS v FROM samples WHERE Year = 2014 AND Violation = 'Yes'",
    ])
      assert.deepEqual(await findings(sql, ["samples"]), [], sql);
  });

  test("'<' and '>' are opposite markers, not spellings of one value", async () => {
    assert.deepEqual(await findings("SELECT Tag, count(*) AS n FROM tags GROUP BY Tag", ["tags"]), []);
  });

  test("two sites sampled on the same days are two entities", async () => {
    assert.deepEqual(
      await findings("SELECT Site, avg(Level) AS level FROM sites GROUP BY Site", ["sites"]),
      [],
    );
  });
});

describe("summary-row: labelled statistic rows", () => {
  for (const [sql, labels] of [
    ["SELECT avg(Jul) AS jul FROM precipitation", /'Mean'.*'Max'.*'Min'/],
    ["SELECT median(Jul) AS jul FROM precipitation", /'Mean'/],
    ["SELECT sum(TRY_CAST(Jul AS DOUBLE)) AS jul FROM precipitation", /'Mean'/],
  ] as const)
    test(sql, async () => {
      const d = one(await findings(sql, ["precipitation"]), "summary-row");
      assert.match(d.message, labels);
      assert.match(d.message, /WHERE Year NOT IN \('Mean', 'Max', 'Min'\)/);
      assert.deepEqual(
        d.locations.map((l) => l.line),
        [2, 3, 4],
      );
    });

  test("rows the query leaves out are not reported", async () => {
    for (const sql of [
      "SELECT avg(Jul) AS jul FROM precipitation WHERE Year BETWEEN '2019' AND '2023'",
      "SELECT avg(Jul) AS jul FROM precipitation WHERE Year NOT IN ('Mean', 'Max', 'Min')",
      "SELECT avg(Jul) AS jul FROM precipitation WHERE TRY_CAST(Year AS INTEGER) IS NOT NULL",
    ])
      assert.deepEqual(await findings(sql, ["precipitation"]), [], sql);
  });

  test("a value that is only called 'Average' is data", async () => {
    assert.deepEqual(await findings("SELECT sum(Respondents) AS n FROM ratings", ["ratings"]), []);
  });
});

describe("numeric-as-text: min/max over a text column of years and labels", () => {
  test("max(Year) returns 'Min'", async () => {
    const d = one(
      await findings("SELECT max(Year) AS latest FROM precipitation", ["precipitation"]),
      "numeric-as-text",
    );
    assert.match(d.message, /max\(\) returns 'Min', while the largest number is '2023'/);
  });
  test("after the labels are filtered out, text order is the numbers' order", async () => {
    assert.deepEqual(
      await findings(
        "SELECT max(Year) AS latest FROM precipitation WHERE Year NOT IN ('Mean', 'Max', 'Min')",
        ["precipitation"],
      ),
      [],
    );
  });
});

describe("statistic rows at the end of a file", () => {
  test("the Source Map ends the table before them and the Scan says so; sums are over the years", async () => {
    const scan = await runtime.call({ op: "Scan", file: "precipitation_tail.csv", output: "tail" });
    assert.equal(scan.status, "ok");
    const offset = scan.diagnostics.find((d) => d.code === "header-offset");
    assert.ok(offset, JSON.stringify(scan.diagnostics));
    assert.match(offset.message, /Mean/);
    // The header's line, then each row left out.
    assert.deepEqual(
      offset.locations.map((l) => l.line).filter((l) => l > 1),
      [7, 8, 9],
    );
    const q = await runtime.call({
      op: "Query",
      sql: "SELECT count(*) AS n, sum(Jul) AS jul FROM tail",
      inputs: ["tail"],
      output: "tail_sum",
    });
    assert.equal(q.status, "ok");
    const [n, total] = (q.observation as { records: { rows: unknown[][] } }).records.rows[0]!;
    assert.equal(Number(n), 5);
    assert.ok(Math.abs(Number(total) - jul.reduce((a, b) => a + b, 0)) < 1e-9);
  });
});
