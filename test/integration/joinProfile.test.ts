import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { Runtime } from "../../src/core/runtime.ts";
import { joinProfile, SAMPLE_ABOVE_ROWS } from "../../src/core/validation/joinProfile.ts";
import type { KeyOf } from "../../src/core/validation/sqlFacts.ts";

/**
 * The join checks' one-pass key profile, on joins large enough to be checked from a hash sample
 * of the keys: its counts must estimate the exact ones (computed here directly in DuckDB), every
 * key it shows must really be lost/repeated, and mixed key types must hash alike.
 */
const lake = mkdtempSync(join(tmpdir(), "radar-joinprofile-"));
const FACTS = 1_500_000;

let runtime: Runtime;
before(async () => {
  const db = await DuckDBInstance.create(":memory:");
  const c = await db.connect();
  // facts: 1.5M rows over 300k keys (5 rows each); keys ≥ 285,000 (5 %) have no dim row.
  // dim: keys 0…284,999 as BIGINT, with keys divisible by 97 present twice (fan-out).
  // facts.key is UBIGINT, as a Parquet writer of unsigned ids would store it.
  await c.run(
    `COPY (SELECT range AS id, (range % 300000)::UBIGINT AS key, (range % 1000) / 10.0 AS amount FROM range(${FACTS})) TO '${lake}/facts.parquet' (FORMAT parquet)`,
  );
  await c.run(
    `COPY (SELECT range::BIGINT AS key, 'r' || (range % 40) AS region FROM range(285000) UNION ALL SELECT range::BIGINT, 'dup' FROM range(0, 285000, 97)) TO '${lake}/dim.parquet' (FORMAT parquet)`,
  );
  c.closeSync();
  db.closeSync();
  // No validation budget: on a loaded machine the 1.5M-row join's checks could be cut after one
  // side's key table, and what is tested here is which key tables the checks build and keep.
  runtime = await Runtime.open(lake, {
    radarDir: mkdtempSync(join(tmpdir(), "radar-joinprofile-state-")),
    validationBudget: false,
  });
  for (const [file, output] of [
    ["facts.parquet", "facts"],
    ["dim.parquet", "dim"],
  ])
    assert.equal((await runtime.call({ op: "Scan", file, output })).status, "ok");
});
after(() => runtime?.close());

const key = (table: string, alias: string): KeyOf => ({
  alias,
  table: runtime.state.table(table)!,
  column: "key",
  sql: `"${alias}"."key"`,
  label: `${table}.key`,
});

describe("join profile on a sampled join", () => {
  test("non-negative integers hash alike in every integer type (the unsigned shortcut relies on it)", async () => {
    const [row] = await runtime.engine.all(
      `SELECT count(*) FILTER (WHERE hash(range::UBIGINT) <> hash(range::BIGINT) OR hash(range::UINTEGER) <> hash(range::HUGEINT) OR hash(range::INTEGER) <> hash(range::UHUGEINT) OR hash(range::USMALLINT) <> hash(range::BIGINT)) AS differ FROM range(0, 65535)`,
    );
    assert.equal(Number(row!.differ), 0);
  });

  test("loss and fan-out estimated from a hash sample, every shown key real", async () => {
    assert.ok(FACTS > SAMPLE_ABOVE_ROWS);
    const profile = await joinProfile(
      runtime.engine,
      { keys: [key("facts", "f")], filter: "TRUE" },
      { keys: [key("dim", "d")], filter: "TRUE" },
    );
    assert.ok(profile.sampleEvery > 1, "a join of 1.5M rows over 300k keys is sampled");
    // Exact truth: 15,000 lost keys × 5 rows.
    const lostRows = profile.left.lostRows * profile.sampleEvery;
    assert.ok(Math.abs(lostRows - 75_000) < 75_000 * 0.35, `estimate ${lostRows} of 75,000 lost rows`);
    assert.equal(profile.right.lostRows, 0, "every dim key has facts");
    assert.ok(profile.left.lost.length > 0);
    for (const e of profile.left.lost) {
      assert.ok(Number(e.key[0]) >= 285_000, `shown lost key ${String(e.key[0])} is really lost`);
      assert.equal(e.rows, 5);
      const [r] = await runtime.engine.all(`SELECT key FROM facts WHERE rowid = ${e.rowid}`);
      assert.equal(String(r!.key), String(e.key[0]), "the shown row holds the key");
    }
    assert.equal(profile.right.maxPerKey, 2, "dim's doubled keys are seen");
    assert.ok(profile.repeated.length > 0);
    for (const r of profile.repeated) {
      assert.equal(Number(r.key[0]) % 97, 0, `repeated key ${String(r.key[0])} is a doubled one`);
      assert.deepEqual([r.leftRows, r.rightRows], [5, 2]);
    }
  });

  test("the profile of the swapped join is the same profile, mirrored", async () => {
    const a = await joinProfile(
      runtime.engine,
      { keys: [key("facts", "f")], filter: "TRUE" },
      { keys: [key("dim", "d")], filter: "TRUE" },
    );
    const b = await joinProfile(
      runtime.engine,
      { keys: [key("dim", "d")], filter: "TRUE" },
      { keys: [key("facts", "f")], filter: "TRUE" },
    );
    assert.deepEqual(b.left, a.right);
    assert.deepEqual(b.right, a.left);
  });

  test("the query's own filter bounds the kept rows; existence is judged on the whole other table", async () => {
    const profile = await joinProfile(
      runtime.engine,
      { keys: [key("facts", "f")], filter: `"f"."key" < 1000` },
      { keys: [key("dim", "d")], filter: "TRUE" },
    );
    assert.equal(profile.left.lostRows, 0, "keys below 1000 all have dim rows");
    assert.ok(profile.left.kept <= 5000);
  });

  test("each large table's keys are kept once and reused by queries with other filters; a replaced table's are dropped", async () => {
    const keyTables = async (): Promise<number> => {
      const [row] = await runtime.checksEngine.all(
        "SELECT count(*) AS n FROM duckdb_tables() WHERE temporary AND table_name LIKE '__radar_keys_%'",
      );
      return Number(row!.n);
    };
    const join = async (dim: string, where: string): Promise<void> => {
      const r = await runtime.call({
        op: "Query",
        sql: `SELECT d.region, f.amount FROM facts f JOIN ${dim} d ON f.key = d.key WHERE ${where}`,
        inputs: ["facts", dim],
        output: "few",
        replace: true,
      });
      assert.equal(r.status, "ok");
    };
    const before = await keyTables();
    await join("dim", "f.id < 10000");
    const built = await keyTables();
    assert.equal(built - before, 2, "one per side");
    await join("dim", "f.id BETWEEN 500000 AND 600000");
    await join("dim", "d.region = 'r7'");
    assert.equal(await keyTables(), built, "reused under other filters");
    await runtime.call({ op: "Query", sql: "SELECT * FROM dim", inputs: ["dim"], output: "dim2" });
    await join("dim2", "f.id < 10000");
    assert.equal(await keyTables(), built + 1, "dim2 gets its own");
    await runtime.call({
      op: "Query",
      sql: "SELECT * FROM dim WHERE key < 200000",
      inputs: ["dim"],
      output: "dim2",
      replace: true,
    });
    await join("dim2", "f.id < 10000");
    assert.equal(await keyTables(), built + 1, "the replaced dim2's key table was dropped");
  });

  test("through the runtime: join-row-loss says it was sampled and shows real keys with their lines", async () => {
    // A fresh session: the tests above ran the same join, and a loss already reported in a session
    // is repeated as info (join-row-loss), so the first report is looked at in a session of its own.
    // Without the validation budget: what is looked at here is what the checks find on a sampled
    // join, not which of them fit in 20 % of this machine's query time (the budget has its own tests).
    const fresh = await Runtime.open(lake, {
      radarDir: mkdtempSync(join(tmpdir(), "radar-joinprofile-state-")),
      validationBudget: false,
    });
    after(() => fresh.close());
    for (const [file, output] of [
      ["facts.parquet", "facts"],
      ["dim.parquet", "dim"],
    ])
      assert.equal((await fresh.call({ op: "Scan", file, output })).status, "ok");
    const r = await fresh.call({
      op: "Query",
      sql: "SELECT d.region, sum(f.amount) AS total FROM facts f JOIN dim d ON f.key = d.key GROUP BY d.region",
      inputs: ["facts", "dim"],
      output: "by_region",
    });
    assert.equal(r.status, "ok");
    const loss = r.diagnostics.find((d) => d.code === "join-row-loss" && d.severity === "warning");
    assert.ok(loss, JSON.stringify(r.diagnostics));
    assert.match(
      loss.message,
      /about [\d,]+ row\(s\) of facts with no match in dim .*sample of 1 in \d+ key values/,
    );
    assert.ok(loss.locations.length > 0);
    for (const l of loss.locations) assert.equal(l.file, "facts.parquet");
    const fanout = r.diagnostics.find((d) => d.code === "join-fanout");
    assert.ok(fanout, "dim's doubled keys repeat facts rows summed per region");
  });
});
