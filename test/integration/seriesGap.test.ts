import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// series-gap (issue 25, EE-us-05): lag()/lead() over rows ordered by a regular period compares a
// row with the row before a gap as if it were the previous period. The period is inferred from
// the values; a regular series, a weekday series and a query that looks at the step are quiet.

const months = (skip: string[]): string[] => {
  const out: string[] = [];
  for (let y = 2023; y <= 2025; y++)
    for (let m = 1; m <= 12; m++) {
      const mo = `${y}-${String(m).padStart(2, "0")}`;
      if (!skip.includes(mo)) out.push(`${mo}-01,${(300 + y - 2023 + m / 10).toFixed(2)}`);
    }
  return out;
};
// Weekdays of 2024-01 to 2024-03: a 3-day step each weekend is the series' own shape.
const weekdays: string[] = [];
for (
  let d = new Date(Date.UTC(2024, 0, 1));
  d < new Date(Date.UTC(2024, 3, 1));
  d.setUTCDate(d.getUTCDate() + 1)
)
  if (d.getUTCDay() % 6 !== 0) weekdays.push(`${d.toISOString().slice(0, 10)},${100 + d.getUTCDate()}`);

const { lake, stateDir } = tempLake({
  "cpi/gappy.csv": `Date,Index\n${months(["2025-10"]).join("\n")}\n`,
  "cpi/complete.csv": `Date,Index\n${months([]).join("\n")}\n`,
  "prices/weekdays.csv": `day,close\n${weekdays.join("\n")}\n`,
  "annual.csv": `year,value\n${[2010, 2011, 2012, 2013, 2015, 2016, 2017, 2018].map((y) => `${y},${y % 7}`).join("\n")}\n`,
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const [file, output] of [
    ["cpi/gappy.csv", "gappy"],
    ["cpi/complete.csv", "complete"],
    ["prices/weekdays.csv", "weekdays"],
    ["annual.csv", "annual"],
  ])
    assert.equal((await runtime.call({ op: "Scan", file, output })).status, "ok");
});
after(() => runtime?.close());

let n = 0;
const query = async (sql: string, inputs: string[]) => {
  const e = await runtime.call({ op: "Query", sql, inputs, output: `q${n++}` });
  assert.equal(e.status, "ok", JSON.stringify(e.diagnostics));
  return e.diagnostics.filter((d) => d.code === "series-gap");
};

describe("series-gap", () => {
  test("a monthly change by lag() across a missing month names the gap and the row after it", async () => {
    const [d, ...rest] = await query(
      'SELECT Date, "Index" - lag("Index") OVER (ORDER BY Date) AS change FROM gappy',
      ["gappy"],
    );
    assert.equal(rest.length, 0);
    assert.equal(d?.severity, "warning");
    assert.match(
      d!.message,
      /steps by one month .* except at 1 gap\(s\): 1 month missing between 2025-09-01 and 2025-11-01/,
    );
    assert.deepEqual(d!.locations, [{ file: "cpi/gappy.csv", line: 35 }]);
  });

  test("the period comes from the values, through a CTE that truncates the date (EE-us-05's shape)", async () => {
    const [d] = await query(
      "WITH m AS (SELECT CAST(date_trunc('month', Date) AS DATE) AS mo, \"Index\" AS idx FROM gappy) " +
        "SELECT mo, idx < lag(idx) OVER (ORDER BY mo) AS fell FROM m",
      ["gappy"],
    );
    assert.match(d!.message, /1 month missing between 2025-09-01 and 2025-11-01/);
  });

  test("a year missing in an annual series", async () => {
    const [d] = await query("SELECT year, value - lead(value) OVER (ORDER BY year) AS d FROM annual", [
      "annual",
    ]);
    assert.match(d!.message, /steps by one year .*1 year missing between 2013 and 2015/);
  });

  test("a self-join on the previous month (EE-us-05's query) names the gap and the row left without a partner", async () => {
    const sql = (table: string) =>
      `WITH m AS (SELECT CAST(date_trunc('month', Date) AS DATE) AS mo, "Index" AS idx FROM ${table}) ` +
      "SELECT a.mo, a.idx, b.mo AS prev_mo, b.idx AS prev_idx, a.idx < b.idx AS fell FROM m a " +
      "LEFT JOIN m b ON b.mo = a.mo - INTERVAL 1 MONTH WHERE a.mo BETWEEN DATE '2023-06-01' AND DATE '2025-12-01'";
    const [d, ...rest] = await query(sql("gappy"), ["gappy"]);
    assert.equal(rest.length, 0);
    assert.equal(d?.severity, "warning");
    assert.match(
      d!.message,
      /self-join of m \(CTE over gappy\) on b\.mo = a\.mo shifted \(-\) pairs each month/,
    );
    assert.match(d!.message, /1 month missing between 2025-09-01 and 2025-11-01/);
    assert.match(d!.message, /their joined columns are NULL/);
    assert.deepEqual(await query(sql("complete"), ["complete"]), []);
    const [annual] = await query(
      "SELECT a.year, a.value - b.value AS d FROM annual a JOIN annual b ON b.year = a.year - 1",
      ["annual"],
    );
    assert.match(
      annual!.message,
      /1 year missing between 2013 and 2015 \(annual\.csv:6\).*the inner join drops them/,
    );
  });

  test("quiet: no gap, a gap outside the kept rows, a weekday series, a query that reads the step", async () => {
    assert.deepEqual(
      await query('SELECT Date, "Index" - lag("Index") OVER (ORDER BY Date) AS c FROM complete', [
        "complete",
      ]),
      [],
    );
    assert.deepEqual(
      await query(
        'SELECT Date, "Index" - lag("Index") OVER (ORDER BY Date) AS c FROM gappy WHERE Date < DATE \'2025-06-01\'',
        ["gappy"],
      ),
      [],
    );
    assert.deepEqual(
      await query("SELECT day, close - lag(close) OVER (ORDER BY day) AS c FROM weekdays", ["weekdays"]),
      [],
    );
    assert.deepEqual(
      await query(
        'SELECT Date, lag(Date) OVER (ORDER BY Date) AS prev, "Index" - lag("Index") OVER (ORDER BY Date) AS c FROM gappy',
        ["gappy"],
      ),
      [],
    );
  });
});
