import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Held-out noise of stop 26 (issue 25), each class at its cause:
// - two daily price series with different holidays, inner-joined on the date to compare them:
//   each side misses a few dates the other has — different calendars, not a block of lost data;
// - a join that drops only the table's total row ('All'), which has no partner among entities;
// - a WHERE on one side's date (`year(b.day) = 2023`) also bounds the other side's rows through
//   the join's equality, so the other side's loss is counted in 2023 only;
// - `TRY_CAST(x AS DOUBLE) IS NULL` searches for the values that do not convert.
// Their twins keep warning: a date one side lacks while the other lacks none, a dropped row that
// is an entity, a TRY_CAST whose NULLs are filtered away.

/** Weekdays of 2023 from Jan 2 on, as ISO dates, leaving out the given ones. */
function weekdays(count: number, skip: string[]): string[] {
  const out: string[] = [];
  for (
    let d = new Date(Date.UTC(2023, 0, 2));
    out.length + skip.length < count;
    d.setUTCDate(d.getUTCDate() + 1)
  ) {
    if (d.getUTCDay() === 0 || d.getUTCDay() === 6) continue;
    const iso = d.toISOString().slice(0, 10);
    if (!skip.includes(iso)) out.push(iso);
    else skip = skip.filter((s) => s !== iso);
  }
  return out;
}

const brentDays = weekdays(60, ["2023-01-16", "2023-02-20"]);
const wtiDays = weekdays(60, ["2023-01-25", "2023-03-01", "2023-03-08"]);
const price = (days: string[], base: number): string =>
  `Date,Price\n2022-12-30,${base - 1}\n${days.map((d, i) => `${d},${base + (i % 7)}`).join("\n")}\n`;

const { lake, stateDir } = tempLake({
  "brent.csv": price(brentDays, 80),
  "wti.csv": `Date,Price\n2019-06-03,50\n2019-06-04,51\n${price(wtiDays, 75).split("\n").slice(1).join("\n")}`,
  // The same WTI dates with no holidays of its own: only Brent's two missing dates are lost.
  "wti_full.csv": price(weekdays(60, []), 75),
  "crops.csv": "area,hectares\nAberdeen,120\nAngus,340\nFife,210\nAll,670\n",
  "workers.csv": "area,workers\nAberdeen,12\nAngus,30\nFife,25\n",
  "workers_two.csv": "area,workers\nAberdeen,12\nAngus,30\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const name of ["brent", "wti", "wti_full", "crops", "workers", "workers_two"])
    assert.equal((await runtime.call({ op: "Scan", file: `${name}.csv`, output: name })).status, "ok");
  // A text column of numbers, the total written with separators (as a workbook's text cell is).
  const areas = await runtime.call({
    op: "Query",
    sql: "SELECT area, CASE WHEN area = 'All' THEN '5,025,845' ELSE CAST(hectares AS VARCHAR) END AS hectares FROM crops",
    inputs: ["crops"],
    output: "areas",
  });
  assert.equal(areas.status, "ok", JSON.stringify(areas.diagnostics));
});
after(() => runtime?.close());

let n = 0;
const findings = async (sql: string, inputs: string[], code: string) => {
  const r = await runtime.call({ op: "Query", sql, inputs, output: `out${n++}` });
  assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
  return r.diagnostics.filter((d) => d.code === code);
};

describe("join-row-loss: two calendars", () => {
  test("each series missing a few dates the other has: info, both sides' counts", async () => {
    const found = await findings(
      "SELECT count(*) AS days, avg(b.Price - w.Price) AS spread FROM brent b JOIN wti w ON b.Date = w.Date WHERE year(b.Date) = 2023",
      ["brent", "wti"],
      "join-row-loss",
    );
    assert.deepEqual(
      found.map((d) => d.severity),
      ["info", "info"],
      found.map((d) => d.message).join("\n"),
    );
    assert.match(found[0]!.message, /compares the two series on the dates both have/);
    // WTI's 2019 rows are outside 2023: the WHERE on b.Date bounds w.Date through the join.
    const wti = found.find((d) => /row\(s\) of wti \(/.test(d.message))!;
    assert.match(wti.message, /3 of 60 row\(s\) of wti/);
  });

  test("one series complete, the other missing dates: still a warning", async () => {
    const found = await findings(
      "SELECT count(*) AS days, avg(b.Price - w.Price) AS spread FROM wti_full w JOIN brent b ON b.Date = w.Date WHERE year(w.Date) = 2023",
      ["brent", "wti_full"],
      "join-row-loss",
    );
    const warnings = found.filter((d) => d.severity === "warning");
    assert.equal(warnings.length, 1, found.map((d) => d.message).join("\n"));
    assert.match(warnings[0]!.message, /dropped 2 of 60 row\(s\) of wti_full .*'2023-01-16'/);
    assert.doesNotMatch(found.map((d) => d.message).join("\n"), /different calendars/);
  });
});

describe("join-row-loss: a total row dropped", () => {
  test("only the row labelled 'All' has no partner: info", async () => {
    const found = await findings(
      "SELECT c.area, c.hectares / w.workers AS per_worker FROM crops c JOIN workers w ON c.area = w.area",
      ["crops", "workers"],
      "join-row-loss",
    );
    assert.deepEqual(
      found.map((d) => d.severity),
      ["info"],
    );
    assert.match(found[0]!.message, /labelled as a total: 'All'/);
  });

  test("an entity dropped beside the total, with no workers figure anywhere: its ratio cannot be formed, info", async () => {
    const found = await findings(
      "SELECT c.area, c.hectares / w.workers AS per_worker FROM crops c JOIN workers_two w ON c.area = w.area",
      ["crops", "workers_two"],
      "join-row-loss",
    );
    assert.deepEqual(
      found.map((d) => d.severity),
      ["info"],
    );
    assert.match(found[0]!.message, /'Fife'/);
    assert.match(found[0]!.effect?.text ?? "", /changes none of the|nothing the query returns reads them/);
  });
});

describe("numeric-as-text: a TRY_CAST that searches for what does not convert", () => {
  test("WHERE TRY_CAST(x AS DOUBLE) IS NULL lists the blanked values: no warning", async () => {
    const t = "areas";
    const found = await findings(
      `SELECT area, hectares FROM ${t} WHERE TRY_CAST(hectares AS DOUBLE) IS NULL`,
      [t],
      "numeric-as-text",
    );
    assert.deepEqual(found, []);
  });

  test("WHERE TRY_CAST(x AS DOUBLE) IS NOT NULL drops '5,025,845': a warning", async () => {
    const t = "areas";
    const found = await findings(
      `SELECT sum(TRY_CAST(hectares AS DOUBLE)) AS total FROM ${t} WHERE TRY_CAST(hectares AS DOUBLE) IS NOT NULL`,
      [t],
      "numeric-as-text",
    );
    assert.deepEqual(
      found.map((d) => d.severity),
      ["warning"],
    );
    assert.match(found[0]!.message, /5,025,845/);
  });
});
