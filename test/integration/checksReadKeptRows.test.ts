import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Diagnostic } from "../../src/core/diagnostic.ts";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Issue 10, false alarms 1, 2 and 6: every data check evaluates the relation the query aggregates —
// after its WHERE, its ON conditions, its joins and its subquery filters — and judges keys on the
// relation as the query shapes it (a CTE's GROUP BY, a filtered side).

const { lake, stateDir } = tempLake({
  // Counts per year, with text markers in years the analyses below filter out.
  // `see note` is text, not one of the missing-value markers the map reads as NULL: Count stays text.
  "counts.csv": "Year,Count\n2013,12\n2014,see note\n2015,15\n2016,-\n2017,17\n",
  "ids.csv": "id,value\n101,5\n102,7\nX-9,3\n104,8\n",
  // Rainfall since 1990; a crop series from 2000 only.
  "rain.csv":
    ["yr,mm", ...Array.from({ length: 15 }, (_, i) => `${1990 + i * 2},${700 + i}`)].join("\n") + "\n",
  "crop.csv":
    ["yr,t", ...Array.from({ length: 10 }, (_, i) => `${2000 + i * 2},${7 + i / 10}`)].join("\n") + "\n",
  // Measurements whose NULL sits on a station the inner join drops.
  "readings.csv": "station,level\nA,10\nB,12\nZ,\nC,11\n",
  "stations.csv": "station,county\nA,Essex\nB,Essex\nC,Dukes\n",
  // Samples per beach and year (several per beach and year).
  "samples.csv":
    "beach,yr,hit\n" +
    ["North", "South", "West"]
      .flatMap((b) => [2012, 2013].flatMap((y) => [1, 2, 3].map((k) => `${b},${y},${(k + y) % 2}`)))
      .join("\n") +
    "\n",
  // Facts per state and a lookup of 50 states, of which the facts use three.
  "facts.csv": "state,amount\nAL,5\nAL,6\nAK,7\nAZ,8\nAZ,1\n",
  "states.csv":
    "code,name\n" +
    Array.from({ length: 1 }, (_, i) => `S${i},State ${i}`).join("\n") +
    "\nAL,Alabama\nAK,Alaska\nAZ,Arizona\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const name of ["counts", "ids", "rain", "crop", "readings", "stations", "samples", "facts", "states"])
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
    "a check could not run",
  );
  return e.diagnostics;
}
const codes = (ds: Diagnostic[], severity = "warning"): string[] =>
  ds
    .filter((d) => d.severity === severity || (severity === "warning" && d.severity === "error"))
    .map((d) => d.code);

describe("numeric-as-text reads only the rows the query keeps", () => {
  test("markers in years the WHERE leaves out are not counted", async () => {
    assert.deepEqual(
      codes(
        await findings("SELECT max(Count) AS top FROM counts WHERE Year IN (2013, 2015, 2017)", ["counts"]),
      ),
      [],
    );
  });
  test("a regexp filter that keeps only numeric ids makes TRY_CAST lose nothing", async () => {
    assert.deepEqual(
      codes(
        await findings(
          "SELECT sum(TRY_CAST(id AS INTEGER)) AS s FROM ids WHERE regexp_matches(id, '^[0-9]+$')",
          ["ids"],
        ),
      ),
      [],
    );
  });
  test("coalesce(TRY_CAST(x AS INT), 0) over markers is an explicit choice", async () => {
    assert.deepEqual(
      codes(
        await findings("SELECT sum(coalesce(TRY_CAST(Count AS INTEGER), 0)) AS s FROM counts", ["counts"]),
      ),
      [],
    );
  });
  test("but max() over the markers' years compares text, and says what it returns", async () => {
    const ds = await findings("SELECT max(Count) AS top FROM counts", ["counts"]);
    const d = ds.find((x) => x.code === "numeric-as-text");
    assert.ok(d, JSON.stringify(ds));
    assert.match(d.message, /max\(\) returns 'see note', while the largest number is '17'/);
  });
});

describe("join-row-loss reads only the rows the query keeps", () => {
  test("years a WHERE on the other side's key excludes are not lost to the join", async () => {
    // `n.yr >= 2000` with `r.yr = n.yr` keeps only rainfall from 2000: the 1990s are filtered, not dropped.
    const ds = await findings(
      "SELECT r.yr, r.mm, n.t FROM rain r JOIN crop n ON r.yr = n.yr WHERE n.yr >= 2000",
      ["rain", "crop"],
    );
    assert.deepEqual(codes(ds), []);
  });
  test("without that filter the 1990s are reported as left out, with their lines", async () => {
    const ds = await findings("SELECT r.yr, r.mm, n.t FROM rain r JOIN crop n ON r.yr = n.yr", [
      "rain",
      "crop",
    ]);
    const d = ds.find((x) => x.code === "join-row-loss");
    // All before crop's first year: the overlap of two series (issue 25), info with both spans.
    assert.ok(d && d.severity === "info", JSON.stringify(ds));
    assert.match(d.message, /rain runs 1990–2018, crop 2000–2018/);
    assert.match(d.message, /1990 \(rain\.csv:2\)/);
  });
  test("the unused rows of a lookup table are info, also when most of it is used", async () => {
    const ds = await findings(
      "SELECT s.name, sum(f.amount) AS amount FROM facts f JOIN states s ON f.state = s.code GROUP BY s.name",
      ["facts", "states"],
    );
    const d = ds.find((x) => x.code === "join-row-loss");
    assert.ok(d, JSON.stringify(ds));
    assert.equal(d.severity, "info");
  });
});

describe("null-in-aggregate reads only the rows the query aggregates", () => {
  test("a NULL on a row the inner join drops is not skipped by the aggregate", async () => {
    const ds = await findings(
      "SELECT avg(r.level) AS level FROM readings r JOIN stations s ON r.station = s.station",
      ["readings", "stations"],
    );
    assert.deepEqual(codes(ds), []);
  });
  test("a scalar subquery that filters NULLs itself", async () => {
    const ds = await findings(
      "SELECT s.station, (SELECT avg(q.level) FROM readings q WHERE q.station = s.station AND q.level IS NOT NULL) AS level FROM stations s",
      ["readings", "stations"],
    );
    assert.deepEqual(codes(ds), []);
  });
  test("the NULL is reported when the query does aggregate it", async () => {
    const ds = await findings("SELECT avg(level) AS level FROM readings", ["readings"]);
    assert.deepEqual(codes(ds), ["null-in-aggregate"]);
  });
});

describe("join-fanout judges keys on the relation as the query shapes it", () => {
  test("a join to a GROUP BY ALL CTE is on unique keys", async () => {
    const ds = await findings(
      "WITH r AS (SELECT beach, yr, avg(hit) AS rate FROM samples GROUP BY ALL) " +
        "SELECT count(*) AS worse FROM r a JOIN r b ON a.beach = b.beach AND a.yr = 2012 AND b.yr = 2013 WHERE b.rate > a.rate",
      ["samples"],
    );
    assert.deepEqual(codes(ds), []);
  });
  test("ON-clause filters make each side one row per key", async () => {
    const ds = await findings(
      "WITH r AS (SELECT beach, yr, avg(hit) AS rate FROM samples GROUP BY beach, yr) " +
        "SELECT a.beach, b.rate - a.rate AS change FROM r a JOIN r b ON a.beach = b.beach AND a.yr = 2012 AND b.yr = 2013",
      ["samples"],
    );
    assert.deepEqual(codes(ds), []);
  });
  test("raw samples joined on the beach alone are many-to-many", async () => {
    const ds = await findings(
      "SELECT a.beach, sum(b.hit) AS hits FROM samples a JOIN samples b ON a.beach = b.beach GROUP BY a.beach",
      ["samples"],
    );
    assert.ok(codes(ds).includes("join-fanout"), JSON.stringify(ds));
  });
});

describe("empty-result", () => {
  test("an anti join whose emptiness is the finding is not a warning", async () => {
    for (const sql of [
      "SELECT f.state FROM facts f ANTI JOIN states s ON f.state = s.code",
      "SELECT f.state FROM facts f WHERE NOT EXISTS (SELECT 1 FROM states s WHERE s.code = f.state)",
      "SELECT f.state FROM facts f WHERE f.state NOT IN (SELECT code FROM states)",
      "SELECT f.state FROM facts f LEFT JOIN states s ON f.state = s.code WHERE s.code IS NULL",
      "SELECT state FROM facts EXCEPT SELECT code FROM states",
    ])
      assert.deepEqual(codes(await findings(sql, ["facts", "states"])), [], sql);
  });
  test("a filter that matches nothing still is", async () => {
    assert.ok(
      codes(await findings("SELECT * FROM facts WHERE amount > 100", ["facts"])).includes("empty-result"),
    );
  });
});
