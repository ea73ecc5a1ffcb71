import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Issue 25, class 1: unkeyed-join rejected correct joins whose condition links both sides without
// `=` (nearest age, name similarity, a regexp, a BETWEEN range, a `<`) and cross joins that are
// grids (two per-group marginals of a χ² test, a generated lag grid), saying the condition
// "compares no column" when it did. It must keep rejecting two entity lists that share an
// identifying column merged without it.

const { lake, stateDir } = tempLake({
  "subjects.csv": "id,name,age\n1,Ann Lee,34\n2,Bob Stone,51\n3,Cara Diaz,47\n",
  "controls.csv": "id,name,age\n10,Anne Lee,35\n11,Rob Stone,50\n12,Kara Diaz,29\n",
  "conflicts.csv":
    "Conflict,Year\nBorder war over river,1998\nCivil war in the north,2003\nTrade dispute,2010\n",
  "keywords.csv": "pattern,theme\nwar,armed\ndispute,political\n",
  "readings.csv": "t,value\n5,1.2\n15,3.4\n25,2.2\n40,0.7\n",
  "periods.csv": "start,stop,label\n0,10,first\n11,30,second\n31,50,third\n",
  "fires.csv":
    "Region,Cause,Fires\nAlaska,Human,7\nAlaska,Lightning,23\nSouthwest,Human,40\nSouthwest,Lightning,61\nNorthwest,Human,12\nNorthwest,Lightning,9\n",
  "hourly.csv": "station,hour,temp\nA,0,11.2\nA,1,10.9\nB,0,13.1\nB,1,12.7\n",
  "fraud_top5.csv":
    "Rank,State,Rate\n1,Florida,1522\n2,Georgia,1298\n3,Nevada,1204\n4,Delaware,1153\n5,Maryland,1122\n",
  "idt_top5.csv":
    "Rank,State,Rate\n1,Florida,528\n2,Georgia,517\n3,Nevada,466\n4,Texas,393\n5,Delaware,392\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const [file, output] of [
    ["subjects.csv", "subjects"],
    ["controls.csv", "controls"],
    ["conflicts.csv", "conflicts"],
    ["keywords.csv", "kw"],
    ["readings.csv", "readings"],
    ["periods.csv", "periods"],
    ["fires.csv", "fires"],
    ["hourly.csv", "hourly"],
    ["fraud_top5.csv", "fraud"],
    ["idt_top5.csv", "idt"],
  ])
    assert.equal((await runtime.call({ op: "Scan", file, output })).status, "ok");
});
after(() => runtime?.close());

let n = 0;
const query = (sql: string, inputs: string[]) =>
  runtime.call({ op: "Query", sql, inputs, output: `out${n++}` });

describe("unkeyed-join passes conditions that link both sides without `=`, and grids", () => {
  for (const [what, sql, inputs] of [
    [
      "nearest age: abs(s.age - c.age) <= 1",
      "SELECT s.name, c.name AS control FROM subjects s JOIN controls c ON abs(s.age - c.age) <= 1",
      ["subjects", "controls"],
    ],
    [
      "name similarity: jaro_winkler_similarity(a.name, b.name) > 0.9",
      "SELECT a.name, b.name AS match FROM subjects a JOIN controls b ON jaro_winkler_similarity(a.name, b.name) > 0.9",
      ["subjects", "controls"],
    ],
    [
      "a regexp of one side over the other's text",
      "SELECT c.Conflict, kw.theme FROM conflicts c JOIN kw ON regexp_matches(c.Conflict, kw.pattern)",
      ["conflicts", "kw"],
    ],
    [
      "a BETWEEN range join",
      "SELECT p.label, avg(r.value) AS mean FROM readings r JOIN periods p ON r.t BETWEEN p.start AND p.stop GROUP BY p.label",
      ["readings", "periods"],
    ],
    [
      "a comma join keyed by `<` in WHERE",
      "SELECT s.name, c.name AS older_control FROM subjects s, controls c WHERE s.age < c.age",
      ["subjects", "controls"],
    ],
    [
      "χ² expected counts: region totals × cause totals",
      "WITH r AS (SELECT Region, sum(Fires) AS rt FROM fires GROUP BY Region), c AS (SELECT Cause, sum(Fires) AS ct FROM fires GROUP BY Cause), " +
        "t AS (SELECT sum(Fires) AS total FROM fires) SELECT r.Region, c.Cause, r.rt * c.ct / t.total AS expected FROM r CROSS JOIN c CROSS JOIN t",
      ["fires"],
    ],
    [
      "two aggregated marginals as subqueries",
      "SELECT r.Region, c.Cause, r.rt, c.ct FROM (SELECT Region, sum(Fires) AS rt FROM fires GROUP BY Region) r, (SELECT Cause, sum(Fires) AS ct FROM fires GROUP BY Cause) c",
      ["fires"],
    ],
    [
      "a 0–48 h lag grid from range()",
      "SELECT h.station, l.lag, h.hour + l.lag AS at_hour FROM hourly h CROSS JOIN range(0, 49) AS l(lag)",
      ["hourly"],
    ],
    [
      "a lag grid from generate_series in a CTE",
      "WITH lags AS (SELECT * FROM generate_series(0, 3) AS g(lag)) SELECT h.station, lags.lag FROM hourly h CROSS JOIN lags",
      ["hourly"],
    ],
    [
      "a VALUES list of lags",
      "SELECT h.station, l.lag FROM hourly h CROSS JOIN (VALUES (0), (1), (2)) AS l(lag)",
      ["hourly"],
    ],
  ] as const)
    test(what, async () => {
      const r = await query(sql, [...inputs]);
      assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
      assert.deepEqual(
        r.diagnostics.filter((d) => d.code === "unkeyed-join"),
        [],
      );
    });
});

describe("unkeyed-join still rejects entity lists merged without their shared column", () => {
  for (const [what, sql, message] of [
    [
      "two Top-5 lists by a comma join",
      "SELECT f.State, i.State FROM fraud f, idt i",
      /^A cross\/comma join of f and i has no condition linking its two sides; both sides have "rank", "state", "rate"/,
    ],
    [
      "two aggregated Top lists of states cross-joined",
      "SELECT a.State, b.State FROM (SELECT State, sum(Rate) AS r FROM fraud GROUP BY State ORDER BY r DESC LIMIT 3) a CROSS JOIN (SELECT State, sum(Rate) AS r FROM idt GROUP BY State ORDER BY r DESC LIMIT 3) b",
      /both sides have "state", which it does not use/,
    ],
    [
      "an aggregate of states cross-joined to a table of states",
      "SELECT f.State, t.total FROM fraud f CROSS JOIN (SELECT State, sum(Rate) AS total FROM idt GROUP BY State) t",
      /both sides have "state"/,
    ],
    [
      "ON TRUE",
      "SELECT * FROM fraud f JOIN idt i ON TRUE",
      /^A join whose condition reads no column of either side of f and i/,
    ],
    [
      "an ON that reads one side only",
      "SELECT f.State FROM fraud f JOIN idt i ON f.State = f.State",
      /^A join whose condition reads columns of f only of f and i/,
    ],
    [
      "a `<` between two columns of one side",
      "SELECT f.State FROM fraud f JOIN idt i ON f.Rank < f.Rate",
      /^A join whose condition reads columns of f only/,
    ],
  ] as const)
    test(what, async () => {
      const r = await query(sql, ["fraud", "idt"]);
      assert.equal(r.status, "rejected");
      assert.equal(r.diagnostics[0]?.code, "unkeyed-join");
      assert.match(r.diagnostics[0]!.message, message);
    });
});
