import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import type { Diagnostic } from "../../src/core/diagnostic.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Each rule that can say its remedy in SQL has the call run again with it: the warning states the
// result before → after, and a finding whose remedy changes nothing the call returns is info.

const answers = ["id,answer,score"];
[
  ["yes", 1],
  ["yes", 2],
  ["Yes", 3],
  ["no", 4],
  ["YES", 5],
  ["yes", 6],
  ["no", 7],
  ["Yes", 8],
  ["yes", 9],
].forEach(([a, s], i) => answers.push(`${i + 1},${a},${s}`));

const { lake, stateDir } = tempLake({
  "survey.csv": `${answers.join("\n")}\n`,
  "fires.csv":
    "agency,acres,fires\nBLM,100,10\nUSFS,250,30\nNPS,*400,20\nFWS,70,15\nBIA,9.44 2013,5\nState,60,12\n",
  "stations.csv": "station,name,elev\nS1,North,100\nS2,South,200\nS2,South,200\nS3,East,300\n",
  "stations_v.csv": "station,name,elev\nS1,North,100\nS2,South,200\nS2,South B,250\nS3,East,300\n",
  "readings.csv": "station,rain\nS1,1.0\nS2,2.0\nS2,3.0\nS3,4.0\nS3,5.0\n",
  "rain.csv": "year,rain\n2015,10\n2016,12\n2017,8\n2018,30\n2019,11\n2020,9\n",
  "yields.csv": "year,crop\n2015,100\n2016,120\n2017,80\n2019,110\n2020,90\n",
  "ranks.csv": "world_rank,name\n1,A\n2,B\n3,C\n4-5,D\n4-5,E\n6-10,F\n",
  "parts/a.csv": "site,count\nX,10\nY,20\nZ,5\n",
  "parts/b.csv": "site,count\nY,20\nW,7\nV,3\n",
});

async function run(
  scans: { file?: string; glob?: string; sql?: string; output: string }[],
  sql: string,
  code: string,
): Promise<Diagnostic[]> {
  const runtime = await Runtime.open(lake, { radarDir: stateDir });
  try {
    for (const s of scans) {
      const made = s.glob
        ? await runtime.call({ op: "UnionScan", files: [s.glob], source_column: "src", output: s.output })
        : s.sql
          ? await runtime.call({ op: "Query", sql: s.sql, inputs: [], output: s.output })
          : await runtime.call({ op: "Scan", file: s.file, output: s.output });
      assert.equal(made.status, "ok", JSON.stringify(made.diagnostics));
    }
    const call = await runtime.call({
      op: "Query",
      sql,
      inputs: scans.map((s) => s.output),
      output: `r${Math.random().toString(36).slice(2, 8)}`,
    });
    assert.equal(call.status, "ok", JSON.stringify(call.diagnostics));
    return call.diagnostics.filter((d) => d.code === code);
  } finally {
    runtime.close();
  }
}

describe("value-variants: the spellings merged", () => {
  const survey = [{ file: "survey.csv", output: "s" }];
  test("a count of one spelling: before → after with the others counted as it", async () => {
    const [d] = await run(survey, "SELECT count(*) AS n FROM s WHERE answer = 'yes'", "value-variants");
    assert.equal(d?.severity, "warning", JSON.stringify(d));
    assert.equal(d?.effect?.text, "n 4 → 7 with 'Yes'/'YES' counted as 'yes'");
  });
  test("a result the other spellings do not change is info", async () => {
    const [d] = await run(survey, "SELECT max(score) AS top FROM s WHERE answer = 'yes'", "value-variants");
    assert.ok(d, "value-variants fires on the comparison with one spelling");
    assert.equal(d.severity, "info");
    assert.equal(d.effect?.text, "the result is the same with 'Yes'/'YES' counted as 'yes'");
  });
});

describe("blanked-cast: a number under a footnote mark read", () => {
  const fires = [{ file: "fires.csv", output: "f" }];
  test("a sum: before → after with the marked value read, the other left NULL", async () => {
    const [d] = await run(fires, "SELECT sum(TRY_CAST(acres AS DOUBLE)) AS acres FROM f", "blanked-cast");
    assert.equal(d?.severity, "warning", JSON.stringify(d));
    assert.equal(
      d?.effect?.text,
      "acres 480 → 880 with '*400' (fires.csv:4) read as 400 (1 other(s), e.g. '9.44 2013', have no single reading and stay NULL)",
    );
  });
  test("rows the result does not use: info", async () => {
    const [d] = await run(
      fires,
      "SELECT agency FROM f WHERE TRY_CAST(acres AS DOUBLE) > 1000",
      "blanked-cast",
    );
    assert.ok(d, "blanked-cast fires");
    assert.equal(d.severity, "info", JSON.stringify(d));
    assert.match(d.effect?.text ?? "", /^the result is the same with '\*400' \(fires\.csv:4\) read as 400/);
  });
  test("no value with a single reading: not measured, never guessed", async () => {
    const [d] = await run(
      fires,
      "SELECT sum(TRY_CAST(acres AS DOUBLE)) AS acres FROM f WHERE agency <> 'NPS'",
      "blanked-cast",
    );
    assert.equal(d?.severity, "warning", JSON.stringify(d));
    assert.equal(d?.effect?.measured, false);
    assert.match(
      d?.effect?.text ?? "",
      /^not measured: these values have no single reading, and the result changes with each blanked value read as the lowest number it writes \('9\.44 2013' \(fires\.csv:6\) as 9\.44\) or as the highest \(as 2013\)$/,
    );
  });
  test("a band no reading of which the query keeps: info, with both readings", async () => {
    const [d] = await run(
      [{ file: "ranks.csv", output: "k" }],
      "SELECT count(*) FILTER (WHERE TRY_CAST(world_rank AS INT) <= 3) AS top3 FROM k",
      "blanked-cast",
    );
    assert.ok(d, "blanked-cast fires on the bands");
    assert.equal(d.severity, "info", JSON.stringify(d));
    assert.equal(
      d.effect?.text,
      "the result is the same with each blanked value read as the lowest number it writes ('4-5' (ranks.csv:5) as 4) and as the highest (as 5)",
    );
  });
  test("a band one of whose readings the query keeps: a warning, not measured", async () => {
    const [d] = await run(
      [{ file: "ranks.csv", output: "k" }],
      "SELECT count(*) FILTER (WHERE TRY_CAST(world_rank AS INT) <= 4) AS top4 FROM k",
      "blanked-cast",
    );
    assert.equal(d?.severity, "warning", JSON.stringify(d));
    assert.equal(d?.effect?.measured, false);
  });
});

describe("numeric-as-text: the text read as numbers", () => {
  // Made by a Query: a scanned column of such values is read as numbers by the Source Map.
  const prices = [
    {
      sql: "SELECT * FROM (VALUES ('A', '1,200'), ('B', '300'), ('C', '2,500'), ('D', '40')) AS t(item, price)",
      output: "p",
    },
  ];
  test("a TRY_CAST that blanked '1,200': before → after with the separators removed", async () => {
    const [d] = await run(prices, "SELECT avg(TRY_CAST(price AS DOUBLE)) AS mean FROM p", "numeric-as-text");
    assert.equal(d?.severity, "warning", JSON.stringify(d));
    assert.equal(
      d?.effect?.text,
      "mean 170 → 1,010 with 2 blanked values read as the numbers they write, e.g. '1,200' read as 1,200",
    );
  });
  test("max() over the text: the number it should pick", async () => {
    const [d] = await run(prices, "SELECT max(price) AS top FROM p", "numeric-as-text");
    assert.equal(d?.severity, "warning", JSON.stringify(d));
    assert.equal(
      d?.effect?.text,
      "top 40 → 2,500 with price read as the numbers it writes (labels and markers as NULL)",
    );
  });
  test("the blanked values on rows the result does not use: info", async () => {
    const [d] = await run(
      prices,
      "SELECT count(TRY_CAST(price AS DOUBLE)) > 0 AS any FROM p",
      "numeric-as-text",
    );
    assert.ok(d, "numeric-as-text fires");
    assert.equal(d.severity, "info", JSON.stringify(d));
  });
});

describe("join-fanout: the repeated side deduplicated", () => {
  test("a station listed twice: before → after with the copy kept once", async () => {
    const [d] = await run(
      [
        { file: "stations.csv", output: "st" },
        { file: "readings.csv", output: "rd" },
      ],
      "SELECT sum(st.elev) AS elev, count(*) AS n FROM st JOIN rd ON st.station = rd.station",
      "join-fanout",
    );
    assert.equal(d?.severity, "warning", JSON.stringify(d));
    assert.equal(
      d?.effect?.text,
      "elev 1,500 → 1,100, n 7 → 5 with the repeated rows of st (identical copies per st.station) kept once",
    );
  });
  test("copies the result does not count: info", async () => {
    const [d] = await run(
      [
        { file: "stations.csv", output: "st" },
        { file: "readings.csv", output: "rd" },
      ],
      "SELECT sum(st.elev) > 0 AS any FROM st JOIN rd ON st.station = rd.station",
      "join-fanout",
    );
    assert.ok(d, "join-fanout fires");
    assert.equal(d.severity, "info", JSON.stringify(d));
  });
  test("repeated keys whose rows differ: not measured, which row to keep is not guessed", async () => {
    const [d] = await run(
      [
        { file: "stations_v.csv", output: "sv" },
        { file: "readings.csv", output: "rd" },
      ],
      "SELECT sum(sv.elev) AS elev FROM sv JOIN rd ON sv.station = rd.station",
      "join-fanout",
    );
    assert.equal(d?.severity, "warning", JSON.stringify(d));
    assert.equal(
      d?.effect?.text,
      "not measured: the rows of sv differ in other columns for 1 of its 1 repeated key value(s), and those of rd differ in other columns for 2 of its 2 repeated key value(s), so which row a deduplication keeps would decide the result",
    );
  });
});

describe("union-duplicate-rows: the union without the copies", () => {
  const union = [{ glob: "parts/*.csv", output: "u" }];
  test("a sum over the union: before → after with the copy counted once", async () => {
    const [d] = await run(union, "SELECT sum(count) AS total FROM u", "union-duplicate-rows");
    assert.equal(d?.severity, "warning", JSON.stringify(d));
    assert.equal(d?.effect?.text, "total 65 → 45 with the 1 row(s) repeated across files kept once");
  });
  test("a result the copy does not change: info", async () => {
    const [d] = await run(
      union,
      "SELECT sum(count) AS total FROM u WHERE site <> 'Y'",
      "union-duplicate-rows",
    );
    // The filter keeps no copy: no finding at all, or one lowered to info.
    assert.ok(!d || d.severity === "info", JSON.stringify(d));
    const [e] = await run(union, "SELECT max(count) AS top, count(*) AS n FROM u", "union-duplicate-rows");
    assert.ok(e, "union-duplicate-rows fires on the count");
    assert.equal(e.effect?.text, "n 6 → 5 with the 1 row(s) repeated across files kept once");
    const [f] = await run(union, "SELECT count(*) > 0 AS any FROM u", "union-duplicate-rows");
    assert.ok(f, "union-duplicate-rows fires on the count");
    assert.equal(f.severity, "info", JSON.stringify(f));
  });
});

describe("join-row-loss: the join made to keep the rows it dropped", () => {
  const both = [
    { file: "rain.csv", output: "rn" },
    { file: "yields.csv", output: "yl" },
  ];
  test("a mean over the joined rows: before → after with the join made LEFT", async () => {
    const [d] = await run(
      both,
      "SELECT avg(rn.rain) AS rain, avg(yl.crop) AS crop, count(*) AS n FROM rn JOIN yl ON rn.year = yl.year",
      "join-row-loss",
    );
    assert.equal(d?.severity, "warning", JSON.stringify(d));
    assert.equal(
      d?.effect?.text,
      "rain 10 → 13.33, n 5 → 6 with the join made LEFT, keeping the rows of rn it dropped",
    );
    assert.match(d?.effect?.sql ?? "", /LEFT JOIN/);
  });
  test("a correlation the dropped year cannot enter: the result is the same, and the loss stays a warning", async () => {
    const [d] = await run(
      both,
      "SELECT corr(rn.rain, yl.crop) AS r FROM rn JOIN yl ON rn.year = yl.year",
      "join-row-loss",
    );
    assert.ok(d, "join-row-loss fires");
    assert.equal(d.severity, "warning", JSON.stringify(d));
    assert.equal(
      d.effect?.text,
      "the result is the same with the join made LEFT, keeping the rows of rn it dropped: the kept rows have no partner values to add",
    );
  });
  test("a WHERE on the other side would drop them again: not measured", async () => {
    const [d] = await run(
      both,
      "SELECT avg(rn.rain) AS rain FROM rn JOIN yl ON rn.year = yl.year WHERE yl.crop > 0",
      "join-row-loss",
    );
    assert.equal(d?.severity, "warning", JSON.stringify(d));
    assert.equal(
      d?.effect?.text,
      "not measured: keeping the dropped rows changes the join, and the WHERE condition reads the other side, which would drop them again",
    );
  });
});
