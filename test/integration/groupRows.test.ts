import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import type { Diagnostic } from "../../src/core/diagnostic.ts";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckEngine, sqlString } from "../../src/core/engine/duckEngine.ts";
import { groupLabelSql } from "../../src/core/validation/groupLabels.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Country panels as the World Bank, WHO, FAO and OWID publish them list regions, income groups and
// the World as rows beside the countries (stop 29's held-out lakes: malaria deaths by country with
// seven World Bank regions; life expectancy with 32 groups; polio cases with the WHO regions). A
// sum over all rows counts every country again in its groups; a join to a list of countries drops
// the groups, which is what a per-country answer needs.

const countries = [
  "Nigeria",
  "Niger",
  "Mali",
  "Chad",
  "Ghana",
  "Kenya",
  "Uganda",
  "Angola",
  "Zambia",
  "Gambia",
  "Senegal",
  "Benin",
];
const deaths = (i: number): number => 100 * (i + 1);
const panel =
  "Entity,Year,Deaths\n" +
  [2015, 2016]
    .flatMap((y) => [
      ...countries.map((c, i) => `${c},${y},${deaths(i)}`),
      `Sub-Saharan Africa,${y},${countries.reduce((s, _, i) => s + deaths(i), 0)}`,
      `Low income,${y},2100`,
      `World,${y},${countries.reduce((s, _, i) => s + deaths(i), 0) + 500}`,
    ])
    .join("\n") +
  "\n";
const countryTotal = countries.reduce((s, _, i) => s + deaths(i), 0);

const { lake, stateDir } = tempLake({
  "panel.csv": panel,
  "countries.csv": `Entity,Region\n${countries.map((c) => `${c},Africa`).join("\n")}\n`,
  "regions.csv": "Region,Area\nAfrica,30.3\nAsia,44.6\nEurope,10.2\nAmericas,42.5\n",
  // A list of countries that lacks one the panel has, as well as the groups.
  "shortList.csv": `Entity,Region\n${countries
    .slice(1)
    .map((c) => `${c},Africa`)
    .join("\n")}\n`,
  // Gambia has a row every year; Zambia only in 2016, with its own figure.
  "scores.csv":
    "Entity,Year,Score\nGambia,2000,29.0\nGambia,2006,27.5\nGambia,2012,22.1\nGambia,2016,17.6\nZambia,2016,27.5\n" +
    countries
      .filter((c) => c !== "Gambia" && c !== "Zambia")
      .map((c, i) => `${c},2016,${10 + i}`)
      .join("\n") +
    "\n",
  // Life expectancy by country with three groups whose figures sit at the countries' mean: leaving
  // them out moves the mean by less than its rounding.
  "lifeExp.csv":
    "Entity,Year,LifeExp\n" +
    countries.map((c, i) => `${c},2015,${60 + 2 * i}`).join("\n") +
    "\nWorld,2015,71.0\nLow income,2015,71.02\nSub-Saharan Africa,2015,70.99\n",
  // The same, with Gambia's 2016 row written with a misspelling.
  "scoresMisspelt.csv":
    "Entity,Year,Score\nGambia,2000,29.0\nGambia,2006,27.5\nGambia,2012,22.1\nGambla,2016,17.6\n" +
    countries
      .filter((c) => c !== "Gambia" && c !== "Zambia")
      .map((c, i) => `${c},2016,${10 + i}`)
      .join("\n") +
    "\n",
});

async function findings(files: Record<string, string>, sql: string): Promise<Diagnostic[]> {
  const runtime = await Runtime.open(lake, { radarDir: stateDir });
  try {
    for (const [name, file] of Object.entries(files)) await runtime.call({ op: "Scan", file, output: name });
    const call = await runtime.call({ op: "Query", sql, inputs: Object.keys(files), output: "r" });
    assert.equal(call.status, "ok", JSON.stringify(call.diagnostics));
    return call.diagnostics;
  } finally {
    runtime.close();
  }
}

const of = (ds: Diagnostic[], code: string): Diagnostic[] => ds.filter((d) => d.code === code);

describe("region and country-group rows", () => {
  test("group names as publishers write them, and names that are not groups", async () => {
    const engine = await DuckEngine.open(mkdtempSync(join(tmpdir(), "radar-groups-")));
    try {
      const isGroup = async (v: string): Promise<boolean> =>
        (await engine.all(`SELECT ${groupLabelSql(sqlString(v))} AS g`))[0]?.g === true;
      for (const g of [
        "World",
        "Sub-Saharan Africa",
        "Europe & Central Asia (excluding high income)",
        "Low & middle income",
        "Africa (WHO)",
        "South-East Asia Region",
        "EU-27",
        "Heavily indebted poor countries (HIPC)",
        "High income: nonOECD",
      ])
        assert.equal(await isGroup(g), true, g);
      for (const c of ["Nigeria", "Micronesia", "Georgia", "Australia", "Rest of world", "South Africa"])
        assert.equal(await isGroup(c), false, c);
    } finally {
      engine.close();
    }
  });

  test("a sum over a panel that lists groups beside its countries is a summary-row warning, with its effect", async () => {
    const [d, ...more] = of(
      await findings({ p: "panel.csv" }, "SELECT sum(Deaths) AS total FROM p WHERE Year = 2016"),
      "summary-row",
    );
    assert.equal(more.length, 0);
    assert.equal(d?.severity, "warning");
    assert.match(
      d?.message ?? "",
      /includes 3 rows naming a region or group of countries beside 12 other Entity values/,
    );
    assert.match(d?.message ?? "", /The sum adds their figures to the entities'\./);
    assert.match(d?.message ?? "", /NOT IN \('Sub-Saharan Africa', 'Low income', 'World'\)/);
    assert.deepEqual(d?.evidence, [
      { table: "p", column: "Entity", values: ["Sub-Saharan Africa", "Low income", "World"] },
    ]);
    const before = countryTotal * 2 + 2100 + 500 + countryTotal;
    assert.match(
      d?.effect?.text ?? "",
      new RegExp(`^total ${before.toLocaleString("en-US")} → ${countryTotal.toLocaleString("en-US")}`),
    );
  });

  test("the groups as the query's subject: grouped by the label (each group a row of its own), or a WHERE selecting them", async () => {
    // Grouped by Entity: World is counted in a row of its own, never into a country's.
    assert.deepEqual(
      of(
        await findings(
          { p: "panel.csv" },
          "SELECT Entity, sum(Deaths) AS d, count(*) AS n FROM p WHERE Deaths > 1000 GROUP BY Entity",
        ),
        "summary-row",
      ).filter((d) => d.severity !== "info"),
      [],
    );
    // A WHERE that keeps the group rows and no country: a look at the groups themselves.
    assert.deepEqual(
      of(
        await findings(
          { p: "panel.csv" },
          "SELECT count(*) AS n, sum(Deaths) AS d FROM p WHERE Deaths > 1000 AND Entity NOT IN (SELECT Entity FROM p WHERE Deaths < 2000)",
        ),
        "summary-row",
      ),
      [],
    );
  });

  test("a count of rows meeting a condition on a measure counts the groups that meet it: a warning with its effect", async () => {
    const [d, ...more] = of(
      await findings({ p: "panel.csv" }, "SELECT count(*) AS n FROM p WHERE Deaths > 1000 AND Year = 2016"),
      "summary-row",
    );
    assert.equal(more.length, 0);
    assert.equal(d?.severity, "warning");
    assert.match(d?.message ?? "", /^count\(\*\) over p includes 3 rows naming a region or group/);
    assert.match(d?.message ?? "", /The count counts each of them as one more entity\./);
    // Two countries above 1,000 and the three groups.
    assert.match(d?.effect?.text ?? "", /^n 5 → 2 /);
  });

  test("a count with no condition on a measure is an inventory of the rows: nothing for count(*), info for count(column)", async () => {
    for (const sql of [
      "SELECT count(*) AS n FROM p WHERE Year = 2016",
      "SELECT count(*) AS n FROM p WHERE Year >= 2015",
      "SELECT count(DISTINCT Entity) AS n FROM p",
    ])
      assert.deepEqual(of(await findings({ p: "panel.csv" }, sql), "summary-row"), [], sql);
    const counted = of(
      await findings({ p: "panel.csv" }, "SELECT count(Deaths) AS n FROM p WHERE Year = 2016"),
      "summary-row",
    );
    assert.equal(counted.length, 1);
    assert.equal(counted[0]?.severity, "info");
  });

  test("a group finding names at most three rows with their lines, and every name in its evidence", async () => {
    const [d] = of(await findings({ p: "panel.csv" }, "SELECT avg(Deaths) AS m FROM p"), "summary-row");
    assert.equal(d?.severity, "warning");
    assert.match(
      d?.message ?? "",
      /^avg\(Deaths\) over p includes 6 rows naming 3 regions or groups of countries beside 12 other Entity values: 'Sub-Saharan Africa' \(line 14\), 'Low income' \(line 15\), 'World' \(line 16\) of panel\.csv, and 3 more\. The mean mixes group figures with the entities'\./,
    );
    assert.equal(d?.message.match(/panel\.csv/g)?.length, 1, d?.message);
    assert.match(d?.effect?.text ?? "", /^m [\d.,]+ → 650 with the 6 group row\(s\) left out$/);
  });

  test("group rows whose exclusion moves a mean by less than its rounding are info", async () => {
    const [d] = of(
      await findings({ l: "lifeExp.csv" }, "SELECT avg(LifeExp) AS m FROM l WHERE Year = 2015"),
      "summary-row",
    );
    assert.equal(d?.severity, "info");
    assert.match(d?.effect?.text ?? "", /^m 71\.0\d* → 71 .*within its rounding/);
  });

  test("the same panel grouped by its entity, or kept to the World, or to countries, is silent", async () => {
    for (const sql of [
      "SELECT Entity, sum(Deaths) AS d FROM p GROUP BY Entity",
      "SELECT sum(Deaths) AS d FROM p WHERE Entity = 'World'",
      "SELECT sum(Deaths) AS d FROM p WHERE Entity NOT IN ('World', 'Sub-Saharan Africa', 'Low income')",
    ])
      assert.deepEqual(of(await findings({ p: "panel.csv" }, sql), "summary-row"), [], sql);
  });

  test("a column holding only group names groups nothing beside it", async () => {
    assert.deepEqual(
      of(await findings({ g: "regions.csv" }, "SELECT sum(Area) AS a FROM g"), "summary-row"),
      [],
    );
  });

  test("a ranking of raw rows with a group among the top is a warning", async () => {
    const [d] = of(
      await findings(
        { p: "panel.csv" },
        "SELECT Entity, Deaths FROM p WHERE Year = 2016 ORDER BY Deaths DESC LIMIT 3",
      ),
      "summary-row",
    );
    assert.equal(d?.severity, "warning");
    assert.match(d?.message ?? "", /ranks its region\/country-group row\(s\)/);
    assert.match(d?.message ?? "", /'World'/);
  });

  test("a ranking over a derived table (a FULL JOIN of two yearly selections, with a product) follows its label to the file: a group ranked within the LIMIT is a warning", async () => {
    const runtime = await Runtime.open(lake, { radarDir: stateDir });
    try {
      await runtime.call({ op: "Scan", file: "panel.csv", output: "p" });
      await runtime.call({ op: "Scan", file: "countries.csv", output: "c" });
      const query = async (sql: string, inputs: string[], output: string): Promise<Diagnostic[]> => {
        const call = await runtime.call({ op: "Query", sql, inputs, output });
        assert.equal(call.status, "ok", JSON.stringify(call.diagnostics));
        return of(call.diagnostics, "summary-row");
      };
      await query("SELECT Entity, Deaths AS d15 FROM p WHERE Year = 2015", ["p"], "y15");
      await query("SELECT Entity, Deaths AS d16 FROM p WHERE Year = 2016", ["p"], "y16");
      await query(
        "SELECT coalesce(a.Entity, b.Entity) AS Entity, a.d15 * b.d16 / 100 AS prod FROM y15 a FULL JOIN y16 b ON a.Entity = b.Entity",
        ["y15", "y16"],
        "prod",
      );
      const [d, ...more] = await query(
        "SELECT Entity, prod FROM prod ORDER BY prod DESC LIMIT 5",
        ["prod"],
        "top",
      );
      assert.equal(more.length, 0);
      assert.equal(d?.severity, "warning");
      assert.match(
        d?.message ?? "",
        /^ORDER BY prod DESC LIMIT 5 over prod ranks 3 rows naming a region or group of countries among the top 5: 'World' \(prod 688900, 1st; listed in p from line 16\), 'Sub-Saharan Africa'/,
      );
      assert.match(d?.message ?? "", /Its Entity comes from p \(panel\.csv\)/);
      assert.match(d?.effect?.text ?? "", /'World' no longer in the result/);
      // The same ranking through CTEs of one query.
      const [cte] = await query(
        "WITH a AS (SELECT Entity, Deaths AS d15 FROM p WHERE Year = 2015), b AS (SELECT Entity, Deaths AS d16 FROM p WHERE Year = 2016), " +
          "j AS (SELECT coalesce(a.Entity, b.Entity) AS Entity, a.d15 * b.d16 / 100 AS prod FROM a FULL JOIN b ON a.Entity = b.Entity) " +
          "SELECT Entity, prod FROM j ORDER BY prod DESC LIMIT 2",
        ["p"],
        "top2",
      );
      assert.equal(cte?.severity, "warning");
      assert.match(
        cte?.message ?? "",
        /ranks 2 rows naming a region or group of countries among the top 2: 'World'/,
      );
      // Kept to the countries by a join to their list, or ranked below the groups: silent.
      assert.deepEqual(
        await query(
          "SELECT prod.Entity, prod FROM prod JOIN c ON prod.Entity = c.Entity ORDER BY prod DESC LIMIT 5",
          ["prod", "c"],
          "topc",
        ),
        [],
      );
      assert.deepEqual(
        await query("SELECT Entity, prod FROM prod ORDER BY prod ASC LIMIT 5", ["prod"], "bottom"),
        [],
      );
    } finally {
      runtime.close();
    }
  });

  test("a join to a list of countries that drops only the groups is info; one that drops a country says it is in no group", async () => {
    const kept = of(
      await findings(
        { p: "panel.csv", c: "countries.csv" },
        "SELECT c.Region, sum(p.Deaths) AS d FROM p JOIN c ON p.Entity = c.Entity GROUP BY c.Region",
      ),
      "join-row-loss",
    );
    assert.ok(kept.length > 0);
    assert.ok(
      kept.every((d) => d.severity === "info"),
      JSON.stringify(kept),
    );
    assert.match(kept[0]?.message ?? "", /naming a region or group/);
    const lost = of(
      await findings(
        { p: "panel.csv", c: "shortList.csv" },
        "SELECT c.Region, sum(p.Deaths) AS d FROM p JOIN c ON p.Entity = c.Entity GROUP BY c.Region",
      ),
      "join-row-loss",
    );
    // Nigeria has no row in the list: its deaths can reach no region's sum. Keeping it (LEFT) changes
    // none of the regions returned and adds a row with no region: info, its effect saying so.
    const nigeria = lost.find((d) => /'Nigeria'/.test(d.message));
    assert.equal(nigeria?.severity, "info", JSON.stringify(lost));
    assert.match(
      nigeria?.effect?.text ?? "",
      /changes none of the 1 rows the query returns; it adds 1 row\(s\) with no partner values \(NULL "Region"\)/,
    );
  });

  test("two countries one letter apart, each with its own row in the same year, are not spellings of one", async () => {
    assert.deepEqual(
      of(
        await findings({ s: "scores.csv" }, "SELECT Entity, count(*) AS n FROM s GROUP BY Entity"),
        "value-variants",
      ),
      [],
    );
  });

  test("a year of one country written with a misspelling is still a variant", async () => {
    const [d] = of(
      await findings({ s: "scoresMisspelt.csv" }, "SELECT Entity, count(*) AS n FROM s GROUP BY Entity"),
      "value-variants",
    );
    assert.equal(d?.severity, "warning");
    assert.match(d?.message ?? "", /'Gambia' \/ 'Gambla'/);
  });
});
