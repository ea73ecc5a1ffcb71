import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { admissions } from "../../src/core/validation/cases/slipLakes.ts";
import { tempLake } from "../helpers/tempLake.ts";

// scale-slip (issue 25, EO-food-07): a value of an entity's ordered series about 10× both its
// neighbours, which agree, is a warning where the query reads it — with its neighbours, its line
// and the measured effect of reading it back at their scale —, also through a table an earlier
// Query made from it (the pivot, then the ranking); a read the value does not change is info, and
// a table above 50,000 rows is said to be unchecked, once.

/** 1,000 series × 60 years (above the 50,000-row bound), year by year, one value slipped tenfold. */
function large(): string {
  const rows: string[] = [];
  for (let y = 0; y < 60; y++)
    for (let s = 0; s < 1000; s++)
      rows.push(
        `S${s},${1960 + y},${s === 417 && y === 31 ? "572" : (40 + (s % 50) + ((y * 7) % 5) * 0.1).toFixed(1)}`,
      );
  return `site,year,level\n${rows.join("\n")}\n`;
}

const { lake, stateDir } = tempLake({
  "health/admissions.csv": admissions("inside"),
  "big/by_year.csv": large(),
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const [file, output] of [
    ["health/admissions.csv", "adm"],
    ["big/by_year.csv", "by_year"],
  ])
    assert.equal((await runtime.call({ op: "Scan", file, output })).status, "ok");
});
after(() => runtime?.close());

let n = 0;
const query = async (sql: string, inputs: string[], output = `q${n++}`) => {
  const e = await runtime.call({ op: "Query", sql, inputs, output });
  assert.equal(e.status, "ok", JSON.stringify(e.diagnostics));
  return e.diagnostics.filter((d) => d.code === "scale-slip");
};

const RATE = '"Admissions per 1000"';

describe("scale-slip", () => {
  test("a pivot that takes the slipped value: its series, neighbours, line and p2016 before → after", async () => {
    const [d, ...rest] = await query(
      `SELECT District, max(${RATE}) FILTER (WHERE Year = 2014) AS r2014, max(${RATE}) FILTER (WHERE Year = 2016) AS r2016 FROM adm GROUP BY District`,
      ["adm"],
      "wide",
    );
    assert.equal(rest.length, 0);
    assert.equal(d?.severity, "warning");
    assert.match(
      d!.message,
      /63 at Year 2016 of District = 'Hill Country' \(health\/admissions\.csv:16\) is 11× the value before it \(6 at 2015, line 15\) and 10× the value after it \(6\.1 at 2017, line 17\)/,
    );
    assert.deepEqual(d!.locations[0], { file: "health/admissions.csv", line: 16 });
    assert.equal(d!.effect?.changed, true);
    assert.match(
      d!.effect!.text,
      /'Hill Country': r2016 63 → 6\.3 with Admissions per 1000 63 \(line 16\) read as 6\.3 \(÷10\)/,
    );
  });

  test("the ranking over that pivot, in the next Query: carried, with the ranking's change", async () => {
    const [d, ...rest] = await query(
      "SELECT District, r2016 - r2014 AS change FROM wide ORDER BY change DESC",
      ["wide"],
    );
    assert.equal(rest.length, 0);
    assert.equal(d?.severity, "warning");
    assert.match(
      d!.message,
      /^The query reads wide, made by a Query from adm, whose Admissions per 1000 series/,
    );
    assert.match(d!.effect!.text, /'Hill Country': change 56\.8 → 0\.1/);
  });

  test("a pivot of years the slipped value is not in, and the ranking over it: nothing", async () => {
    assert.deepEqual(
      await query(
        `SELECT District, max(${RATE}) FILTER (WHERE Year = 2012) AS r2012, max(${RATE}) FILTER (WHERE Year = 2014) AS r2014 FROM adm GROUP BY District`,
        ["adm"],
        "early",
      ),
      [],
    );
    assert.deepEqual(
      await query("SELECT District, r2014 - r2012 AS change FROM early ORDER BY change DESC", ["early"]),
      [],
    );
  });

  test("a read the value does not change is info: a count of the rows above zero", async () => {
    const [d] = await query(`SELECT count(*) AS n FROM adm WHERE ${RATE} > 0`, ["adm"]);
    assert.equal(d?.severity, "info");
    assert.match(d!.effect!.text, /^the result is the same with/);
  });

  test("above 50,000 rows the table is not checked, and that is said once", async () => {
    const [d, ...rest] = await query("SELECT site, avg(level) AS mean FROM by_year GROUP BY site", [
      "by_year",
    ]);
    assert.equal(rest.length, 0);
    assert.equal(d?.severity, "info");
    assert.match(
      d!.message,
      /^Not checked for values slipped by a power of ten: by_year has 60,000 rows, and above 50,000 rows/,
    );
    assert.deepEqual(await query("SELECT max(level) AS top FROM by_year", ["by_year"]), []);
  });
});
