import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// fill-value (issue 25/26): an aggregate over rows holding a value the Source Map lists as a
// column's "no data" fill (9.99e+32 in a density file, 99999.99 in an hourly file) is a warning
// with the rows and the measured effect of reading the fill as NULL; a true repeated extreme, a
// query that already blanks the fill, and an aggregate the fill does not change are not.

const hours = Array.from({ length: 30 }, (_, i) => i);
const density = hours.map((h) => {
  const d = h % 10 === 7 ? "9.99e+32" : `${(2 + ((h * 37) % 17) / 10).toFixed(2)}e-12`;
  return `2024-03-01T${String(h % 24).padStart(2, "0")}:00,${d}`;
});
const hourly = hours.map((h) => {
  const speed = h === 4 || h === 21 ? "99999.99" : (380 + ((h * 53) % 120)).toFixed(2);
  const temp = (1 + ((h * 29) % 40) / 10).toFixed(1);
  // A percentage whose true maximum 100 repeats: data, not a fill.
  const cover = h % 6 === 0 ? "100" : String((h * 13) % 90);
  return `${h},${speed},${temp},${cover}`;
});

// NOAA-style monthly state temperatures: the year's last months not yet observed are -99.90 in
// every month column. September to November hold only warm readings (-99.9 is of the other sign);
// December's cold states read below zero, so there -99.9 is the fill only as its siblings' fill.
const months = (state: number, year: number): string[] =>
  Array.from({ length: 12 }, (_, m) =>
    year === 2025 && m >= 8
      ? "-99.90"
      : (m === 11 ? -9.6 + ((state * 7 + year) % 30) : 20 + ((state * 5 + m * 3 + year) % 50)).toFixed(2),
  );
const climate = Array.from({ length: 6 }, (_, s) =>
  [2022, 2023, 2024, 2025].map((y) => [`00${s + 1}0${y}`, ...months(s, y)].join(",")),
).flat();

const { lake, stateDir } = tempLake({
  "noaa/monthly.csv": `code,jan,feb,mar,apr,may,jun,jul,aug,sep,oct,nov,dec\n${climate.join("\n")}\n`,
  "swarm/density.csv": `time,density\n${density.join("\n")}\n`,
  "omni/hourly.csv": `hour,speed,temp,cover\n${hourly.join("\n")}\n`,
  // Monthly CO2 in ppm, -99.99 for the months not measured: near zero, but of the other sign.
  "co2/monthly.csv": `month,average\n${Array.from({ length: 24 }, (_, i) => `${2000 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}-01,${i % 10 === 3 ? "-99.99" : (315 + i * 0.4).toFixed(2)}`).join("\n")}\n`,
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const [file, output] of [
    ["swarm/density.csv", "density"],
    ["omni/hourly.csv", "hourly"],
    ["co2/monthly.csv", "co2"],
    ["noaa/monthly.csv", "noaa"],
  ])
    assert.equal((await runtime.call({ op: "Scan", file, output })).status, "ok");
});
after(() => runtime?.close());

let n = 0;
const query = async (sql: string, inputs: string[], output = `q${n++}`) => {
  const e = await runtime.call({ op: "Query", sql, inputs, output });
  assert.equal(e.status, "ok", JSON.stringify(e.diagnostics));
  return e.diagnostics.filter((d) => d.code === "fill-value");
};

describe("fill-value", () => {
  test("a fill its sibling columns show is the fill of a column where it is not far enough out alone (December)", async () => {
    const found = await query("SELECT avg(dec) AS mean_dec FROM noaa", ["noaa"]);
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.equal(found[0]!.severity, "warning");
    assert.match(found[0]!.message, /-99\.9/);
  });

  test("max(density) over 9.99e+32 fills: the rows, their lines and max before → after", async () => {
    const [d, ...rest] = await query("SELECT max(density) AS peak FROM density", ["density"]);
    assert.equal(rest.length, 0);
    assert.equal(d?.severity, "warning");
    assert.match(
      d!.message,
      /reads 3 row\(s\) whose density holds 9\.99e\+32 \(swarm\/density\.csv:9, swarm\/density\.csv:19, swarm\/density\.csv:29\)/,
    );
    assert.match(d!.message, /likely "no data" fill of swarm\/density\.csv/);
    assert.deepEqual(d!.locations[0], { file: "swarm/density.csv", line: 9 });
    assert.equal(d!.effect?.measured, true);
    assert.equal(d!.effect?.changed, true);
    assert.match(
      d!.effect!.text,
      /peak 999,000,[0-9,]+ → 3\.6e-12 with density's fill value 9\.99e\+32 read as NULL/,
    );
  });

  test("corr() over 99999.99 in the second argument is found too", async () => {
    const [d] = await query("SELECT corr(temp, speed) AS r FROM hourly", ["hourly"]);
    assert.equal(d?.severity, "warning");
    assert.match(
      d!.message,
      /corr\(speed\) over hourly reads 2 row\(s\) whose speed holds 99999\.99 \(omni\/hourly\.csv:6, omni\/hourly\.csv:23\)/,
    );
    assert.match(d!.effect!.text, /^r .* → .* with speed's fill value 99999\.99 read as NULL$/);
  });

  test("an aggregate the fill does not change is info: min() under a fill at the top", async () => {
    const [d] = await query("SELECT min(density) AS low FROM density", ["density"]);
    assert.equal(d?.severity, "info");
    assert.match(d!.effect!.text, /the result is the same/);
  });

  test("quiet: the fill left out by WHERE, blanked by NULLIF, or a true maximum that repeats", async () => {
    assert.deepEqual(
      await query("SELECT avg(density) AS m FROM density WHERE density < 1e30", ["density"]),
      [],
    );
    assert.deepEqual(await query("SELECT avg(NULLIF(speed, 99999.99)) AS m FROM hourly", ["hourly"]), []);
    assert.deepEqual(await query("SELECT max(cover) AS c, avg(cover) AS m FROM hourly", ["hourly"]), []);
    assert.deepEqual(await query("SELECT count(*) AS n FROM hourly", ["hourly"]), []);
  });

  test("through a table a Query made: the fill is followed back to its file and found in the rows", async () => {
    await query("SELECT hour, speed FROM hourly WHERE hour < 10", ["hourly"], "early");
    const [d] = await query("SELECT avg(speed) AS v FROM early", ["early"]);
    assert.equal(d?.severity, "warning");
    assert.match(d!.message, /reads 1 row\(s\) whose speed holds 99999\.99/);
    await query("SELECT hour, speed FROM hourly WHERE hour > 4 AND hour < 20", ["hourly"], "middle");
    assert.deepEqual(await query("SELECT avg(speed) AS v FROM middle", ["middle"]), []);
  });

  test("-99.99 among positive readings is a fill; a FILTERed avg beside the plain one is a second read, a contrast (info)", async () => {
    const found = await query(
      "SELECT avg(average) FILTER (WHERE average > 0) AS measured, avg(average) AS naive FROM co2",
      ["co2"],
    );
    assert.equal(found.length, 1, JSON.stringify(found));
    // The result holds the fill-free avg beside the plain one: the analyst computed both.
    assert.equal(found[0]!.severity, "info");
    assert.match(found[0]!.message, /avg\(average\) over co2 reads 3 row\(s\) whose average holds -99\.99/);
    assert.match(
      found[0]!.message,
      /also returns avg\(average\) with a FILTER that leaves every fill row out/,
    );
    // The plain avg alone (the trap) still warns, and so does one beside a FILTER that keeps the fill.
    const [alone] = await query("SELECT avg(average) AS m FROM co2 WHERE month >= DATE '2000-01-01'", [
      "co2",
    ]);
    assert.equal(alone?.severity, "warning");
    const [both] = await query(
      "SELECT avg(average) FILTER (WHERE average < 400) AS low, avg(average) AS naive FROM co2",
      ["co2"],
    );
    assert.equal(both?.severity, "warning", JSON.stringify(both));
  });

  test("max() over a fill below every value is judged on its own column: a count of the fill rows beside it changes, max does not (info)", async () => {
    const [d] = await query(
      "SELECT count(*) FILTER (WHERE average < 0) AS missing, max(average) AS top FROM co2",
      ["co2"],
    );
    assert.equal(d?.severity, "info", JSON.stringify(d));
    assert.match(d!.effect!.text, /the result is the same/);
    // min() is what a low fill changes: still a warning, whatever the count beside it does.
    const [low] = await query(
      "SELECT count(*) FILTER (WHERE average < 0) AS missing, min(average) AS bottom FROM co2",
      ["co2"],
    );
    assert.equal(low?.severity, "warning");
    assert.match(low!.effect!.text, /bottom -99\.99 → 315/);
  });
});
