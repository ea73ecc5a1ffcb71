import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

const { lake, stateDir } = tempLake({
  "fraud_top5.csv":
    "Rank,State,Rate\n1,Florida,1522\n2,Georgia,1298\n3,Nevada,1204\n4,Delaware,1153\n5,Maryland,1122\n",
  "idt_top5.csv":
    "Rank,State,Rate\n1,Florida,528\n2,Georgia,517\n3,Nevada,466\n4,Texas,393\n5,Delaware,392\n",
  "rain.csv": "year,mm\n2017,812\n2018,774\n2019,901\n2020,655\n2021,842\n",
  "crop.csv": "year,yield\n2017,7.9\n2018,7.4\n2019,8.6\n2021,8.1\n",
  "crop_all.csv": "year,yield\n2017,7.9\n2018,7.4\n2019,8.6\n2020,5.0\n2021,8.1\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const [file, output] of [
    ["fraud_top5.csv", "fraud"],
    ["idt_top5.csv", "idt"],
    ["rain.csv", "rain"],
    ["crop.csv", "crop"],
    ["crop_all.csv", "crop_all"],
  ])
    assert.equal((await runtime.call({ op: "Scan", file, output })).status, "ok");
});
after(() => runtime?.close());

const query = (sql: string, inputs: string[]) =>
  runtime.call({ op: "Query", sql, inputs, output: "out", replace: true });

describe("unkeyed-join: rejected before execution", () => {
  for (const sql of [
    "SELECT f.State, i.State FROM fraud f, idt i",
    "SELECT * FROM fraud CROSS JOIN idt",
    "SELECT * FROM fraud f JOIN idt i ON TRUE",
    "SELECT * FROM fraud f JOIN idt i ON 1 = 1",
    "SELECT * FROM fraud POSITIONAL JOIN idt",
    // A subquery that does not read the other side is an input like any other.
    "SELECT f.State, x.State FROM fraud f, (SELECT State FROM idt WHERE Rate > 400) x",
  ])
    test(sql, async () => {
      const r = await query(sql, ["fraud", "idt"]);
      assert.equal(r.status, "rejected");
      assert.equal(r.diagnostics[0]?.code, "unkeyed-join");
      assert.equal(r.observation, undefined);
    });

  for (const sql of [
    "SELECT f.State, i.Rate FROM fraud f JOIN idt i ON f.Rank = i.Rank",
    "SELECT f.State, i.Rate FROM fraud f, idt i WHERE f.Rank = i.Rank",
    "SELECT * FROM fraud JOIN idt USING (Rank)",
    // A LATERAL side (explicit or DuckDB's implicit one) is evaluated per row of the other,
    // paired by its correlation; so is a table function over the other side's columns.
    "SELECT f.State, x.Rate FROM fraud f, LATERAL (SELECT i.Rate FROM idt i WHERE i.Rank = f.Rank) x",
    "SELECT f.State, x.Rate FROM fraud f CROSS JOIN (SELECT i.Rate FROM idt i WHERE i.Rank = f.Rank) x",
    "SELECT f.State, u.v FROM fraud f, unnest([f.Rank, f.Rate]) AS u(v)",
  ])
    test(`correct twin passes clean: ${sql}`, async () => {
      const r = await query(sql, ["fraud", "idt"]);
      assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
      assert.deepEqual(
        r.diagnostics.filter((d) => d.severity !== "info"),
        [],
      );
    });
});

describe("join-row-loss: reported after execution with the dropped keys' source lines", () => {
  test("an inner join silently loses 2020", async () => {
    const r = await query("SELECT r.year, r.mm, c.yield FROM rain r JOIN crop c ON r.year = c.year", [
      "rain",
      "crop",
    ]);
    assert.equal(r.status, "ok");
    const d = r.diagnostics.find((x) => x.code === "join-row-loss");
    assert.ok(d, "join-row-loss expected");
    assert.equal(d.severity, "warning");
    assert.match(d.message, /2020/);
    assert.deepEqual(d.locations, [{ file: "rain.csv", line: 5 }]);
  });

  test("states in one Top-5 only are reported from both sides", async () => {
    const r = await query(
      "SELECT f.State, f.Rate AS fraud_rate, i.Rate AS idt_rate FROM fraud f INNER JOIN idt i ON f.State = i.State",
      ["fraud", "idt"],
    );
    const messages = r.diagnostics.filter((x) => x.code === "join-row-loss").map((x) => x.message);
    assert.equal(messages.length, 2);
    assert.match(messages.join(" "), /Maryland/);
    assert.match(messages.join(" "), /Texas/);
  });

  test("correct twins pass clean: a LEFT JOIN, and an inner join where every key matches", async () => {
    for (const [sql, inputs] of [
      ["SELECT r.year, c.yield FROM rain r LEFT JOIN crop c ON r.year = c.year", ["rain", "crop"]],
      ["SELECT r.year, c.yield FROM rain r JOIN crop_all c ON r.year = c.year", ["rain", "crop_all"]],
    ] as const) {
      const r = await query(sql, [...inputs]);
      assert.equal(r.status, "ok");
      assert.deepEqual(r.diagnostics, []);
    }
  });

  test("a shifted self-join's loss at the ends of the series is info; a gap inside it is a warning", async () => {
    // rain has every year 2017–2021: only the first and the last year find no partner.
    const ends = await query(
      "SELECT a.year, a.mm, b.mm AS prev FROM rain a JOIN rain b ON b.year = a.year - 1",
      ["rain"],
    );
    const infos = ends.diagnostics.filter((d) => d.code === "join-row-loss");
    assert.equal(infos.length, 2, JSON.stringify(ends.diagnostics));
    assert.ok(infos.every((d) => d.severity === "info"));
    // The sides are named by alias, and the expression key is written like the year column.
    assert.match(
      infos[0]!.message,
      /of rain a \(1 key value\(s\) with no match in rain b\) at the ends of the series \(e\.g\. 2016 \(rain\.csv:2\)\)/,
    );
    assert.match(infos[1]!.message, /of rain b .* \(e\.g\. 2021 \(rain\.csv:6\)\)/);
    // crop lacks 2020: 2021 finds no previous year inside the series — a gap, not an end.
    const gap = await query(
      "SELECT a.year, a.yield, b.yield AS prev FROM crop a JOIN crop b ON b.year = a.year - 1",
      ["crop"],
    );
    const warned = gap.diagnostics.filter((d) => d.code === "join-row-loss" && d.severity === "warning");
    assert.ok(
      warned.some((d) =>
        /of crop a \(2 key value\(s\) with no match in crop b\): 2016 \(crop\.csv:2\), 2020 \(crop\.csv:5\)/.test(
          d.message,
        ),
      ),
      JSON.stringify(gap.diagnostics),
    );
  });
});

test("a join used only to filter (no column of the filter side used) passes clean", async () => {
  const r = await query("SELECT f.State, f.Rate FROM fraud f JOIN idt i ON f.State = i.State", [
    "fraud",
    "idt",
  ]);
  assert.equal(r.status, "ok");
  assert.deepEqual(r.diagnostics, []);
});

describe("CTEs are checked like tables, through views only the checks can see", () => {
  const temporaryViews = async (): Promise<number> => {
    const [row] = await runtime.checksEngine.all(
      "SELECT count(*) AS n FROM duckdb_views() WHERE temporary AND NOT internal",
    );
    return Number(row!.n);
  };

  test("a join between two CTEs that loses 2020 points at the source line, and the views are gone after", async () => {
    const r = await query(
      "WITH r AS (SELECT year, mm FROM rain), c AS (SELECT year, yield FROM crop) SELECT r.year, r.mm, c.yield FROM r JOIN c ON r.year = c.year",
      ["rain", "crop"],
    );
    assert.equal(r.status, "ok");
    const loss = r.diagnostics.find((d) => d.code === "join-row-loss");
    assert.ok(loss, JSON.stringify(r.diagnostics));
    assert.match(loss.message, /2020/);
    // The agent registered no table r: the message says what r stands for.
    assert.match(
      loss.message,
      /row\(s\) of r \(CTE over rain\) \(1 key value\(s\) with no match in c \(CTE over crop\)\)/,
    );
    assert.deepEqual(
      loss.locations.map((l) => `${l.file}:${l.line}`),
      ["rain.csv:5"],
    );
    assert.equal(await temporaryViews(), 0, "the checks' views are dropped");
    await assert.rejects(runtime.engine.all("SELECT * FROM r"), /Catalog|does not exist/i);
    const again = await query("SELECT * FROM r", ["rain"]);
    assert.equal(again.status, "rejected", "a CTE name is not a table the agent can read later");
  });

  test("a CTE named like a table it reads is left to DuckDB's own scoping and breaks nothing", async () => {
    const r = await query(
      "WITH crop AS (SELECT year, yield FROM crop WHERE yield > 0) SELECT r.year, crop.yield FROM rain r LEFT JOIN crop ON r.year = crop.year",
      ["rain", "crop"],
    );
    assert.equal(r.status, "ok");
    assert.ok(!r.diagnostics.some((d) => d.code === "validation-error"), JSON.stringify(r.diagnostics));
    assert.equal(await temporaryViews(), 0);
    const [row] = await runtime.engine.all("SELECT count(*) AS n FROM crop");
    assert.equal(Number(row!.n), 4, "the registered table is untouched");
  });

  test("subqueries in FROM are checked the same way", async () => {
    const r = await query(
      "SELECT a.year, a.mm, b.yield FROM (SELECT year, mm FROM rain WHERE mm > 0) a JOIN (SELECT year, yield FROM crop) AS b ON a.year = b.year",
      ["rain", "crop"],
    );
    const loss = r.diagnostics.find((d) => d.code === "join-row-loss");
    assert.ok(loss, JSON.stringify(r.diagnostics));
    assert.match(loss.message, /of a \(subquery over rain\) .*no match in b \(subquery over crop\)/);
    assert.deepEqual(
      loss.locations.map((l) => `${l.file}:${l.line}`),
      ["rain.csv:5"],
    );
    assert.equal(await temporaryViews(), 0);
    const clean = await query(
      "SELECT a.year, a.mm, b.yield FROM (SELECT year, mm FROM rain) a LEFT JOIN (SELECT year, yield FROM crop) AS b ON a.year = b.year",
      ["rain", "crop"],
    );
    assert.deepEqual(
      clean.diagnostics.filter((d) => d.severity !== "info"),
      [],
    );
  });

  test("a UNION subquery is derived rows: its lost keys are named, without lines", async () => {
    const r = await query(
      "SELECT u.year, u.mm, c.yield FROM (SELECT year, mm FROM rain WHERE year < 2019 UNION ALL SELECT year, mm FROM rain WHERE year >= 2019) AS u JOIN crop c ON u.year = c.year",
      ["rain", "crop"],
    );
    const loss = r.diagnostics.find((d) => d.code === "join-row-loss");
    assert.ok(loss, JSON.stringify(r.diagnostics));
    // Derived rows have no row ids; the examples must not vanish with them.
    assert.match(loss.message, /of u \(subquery over rain\) .*: 2020\./);
    assert.deepEqual(loss.locations, []);
  });

  test("a subquery aliased like a registered table is left alone", async () => {
    const r = await query(
      "SELECT crop.year, crop.yield FROM (SELECT year, yield FROM crop_all) AS crop JOIN rain r ON r.year = crop.year",
      ["rain", "crop_all"],
    );
    assert.equal(r.status, "ok");
    assert.ok(!r.diagnostics.some((d) => d.code === "validation-error"), JSON.stringify(r.diagnostics));
    assert.equal(await temporaryViews(), 0);
  });

  test("an aggregated CTE is checked as derived rows (no source lines claimed)", async () => {
    const r = await query(
      "WITH c AS (SELECT year, avg(yield) AS yield FROM crop GROUP BY year) SELECT r.year, r.mm, c.yield FROM rain r JOIN c ON r.year = c.year",
      ["rain", "crop"],
    );
    const loss = r.diagnostics.find((d) => d.code === "join-row-loss");
    assert.ok(loss, JSON.stringify(r.diagnostics));
    assert.match(loss.message, /2020 \(rain\.csv:5\)/, "the registered side still points at its line");
    assert.match(loss.message, /no match in c \(CTE over crop\)/);
  });
});

test("filters and replaced tables: each query's join is judged on its own rows and the current table", async () => {
  const rt = await Runtime.open(lake, { radarDir: stateDir });
  try {
    for (const [file, output] of [
      ["rain.csv", "rain"],
      ["crop.csv", "crop"],
    ])
      assert.equal((await rt.call({ op: "Scan", file, output })).status, "ok");
    const join = async (other: string, where: string) => {
      const r = await rt.call({
        op: "Query",
        sql: `SELECT r.year, r.mm, c.yield FROM rain r JOIN ${other} c ON r.year = c.year WHERE ${where}`,
        inputs: ["rain", other],
        output: "joined",
        replace: true,
      });
      assert.equal(r.status, "ok");
      return r.diagnostics.filter((d) => d.code === "join-row-loss").map((d) => d.message);
    };
    assert.match((await join("crop", "r.mm > 0")).join(), /2020/);
    assert.match((await join("crop", "r.mm > 600")).join(), /2020/);
    assert.deepEqual(await join("crop", "r.mm > 700"), [], "the query's own filter already leaves 2020 out");
    await rt.call({ op: "Query", sql: "SELECT * FROM crop", inputs: ["crop"], output: "crop2" });
    assert.doesNotMatch((await join("crop2", "r.mm > 0")).join(), /2017 \(rain\.csv/);
    await rt.call({
      op: "Query",
      sql: "SELECT * FROM crop WHERE year > 2017",
      inputs: ["crop"],
      output: "crop2",
      replace: true,
    });
    assert.match(
      (await join("crop2", "r.mm > 0")).join(),
      /2017/,
      "the replaced table's keys, not the old ones",
    );
  } finally {
    rt.close();
  }
});

describe("a subquery in WHERE counts as the query's own filter", () => {
  for (const sql of [
    "SELECT r.year, r.mm, c.yield FROM rain r JOIN crop c ON r.year = c.year WHERE r.year IN (SELECT year FROM crop)",
    "SELECT r.year, r.mm, c.yield FROM rain r JOIN crop c ON r.year = c.year WHERE EXISTS (SELECT 1 FROM crop x WHERE x.year = r.year)",
  ])
    test(`2020 excluded explicitly passes clean: ${sql}`, async () => {
      const r = await query(sql, ["rain", "crop"]);
      assert.equal(r.status, "ok");
      assert.deepEqual(
        r.diagnostics.filter((d) => d.severity !== "info"),
        [],
      );
    });

  test("a subquery filter that keeps 2020 still reports the loss", async () => {
    const r = await query(
      "SELECT r.year, r.mm, c.yield FROM rain r JOIN crop c ON r.year = c.year WHERE r.year IN (SELECT year FROM rain WHERE mm > 600)",
      ["rain", "crop"],
    );
    assert.match(r.diagnostics.find((d) => d.code === "join-row-loss")?.message ?? "", /2020/);
  });
});
