import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Runtime } from "../../src/core/runtime.ts";
import type { OperatorCall } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

const SECRET = "TOP-SECRET-7731";
const outside = mkdtempSync(join(tmpdir(), "radar-outside-"));
writeFileSync(join(outside, "secret.csv"), `key,value\nk,${SECRET}\n`);
const { lake, stateDir } = tempLake({ "data.csv": "id,name\n1,a\n2,b\n" });
symlinkSync(join(outside, "secret.csv"), join(lake, "evil-link.csv"));

function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: false })
    .map(String)
    .sort()
    .map((p) => `${p}:${statSync(join(dir, p), { throwIfNoEntry: false })?.size ?? "link"}`);
}

let runtime: Runtime;
let before1: string[];
let beforeOutside: string[];
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  await runtime.call({ op: "Scan", file: "data.csv", output: "data" });
  before1 = listing(lake);
  beforeOutside = listing(outside);
});
after(() => runtime?.close());

const q = (sql: string): OperatorCall => ({ op: "Query", sql, inputs: ["data"], output: "out" });

const attempts: [string, OperatorCall][] = [
  ["read_csv of /etc/passwd", q("SELECT * FROM read_csv('/etc/passwd')")],
  ["read_csv_auto outside", q(`SELECT * FROM read_csv_auto('${outside}/secret.csv')`)],
  ["replacement scan of a path", q(`SELECT * FROM '${outside}/secret.csv'`)],
  ["replacement scan relative ..", q("SELECT * FROM '../secret.csv'")],
  ["replacement scan via lake symlink", q("SELECT * FROM 'evil-link.csv'")],
  ["read_text", q("SELECT * FROM read_text('/etc/hostname')")],
  ["read_blob", q("SELECT * FROM read_blob('/etc/hostname')")],
  ["glob", q("SELECT * FROM glob('/etc/*')")],
  ["read_parquet", q("SELECT * FROM read_parquet('/tmp/x.parquet')")],
  ["read_json in a subquery", q("SELECT (SELECT count(*) FROM read_json('/etc/x.json')) AS n FROM data")],
  ["read_csv in a CTE", q("WITH t AS (SELECT * FROM read_csv('/etc/passwd')) SELECT * FROM t")],
  ["query() dynamic SQL", q("SELECT * FROM query('SELECT 1')")],
  [
    "enable_logging to a file",
    q(`SELECT * FROM enable_logging(storage='file', storage_path='${lake}/logs')`),
  ],
  ["duckdb_settings leak", q("SELECT * FROM duckdb_settings()")],
  ["current_setting leak", q("SELECT current_setting('allowed_directories') AS s FROM data")],
  ["COPY to the lake", q(`COPY data TO '${lake}/copy.csv'`)],
  ["COPY to outside", q(`COPY (SELECT 1) TO '${outside}/x.csv'`)],
  ["ATTACH a database", q(`ATTACH '${lake}/x.duckdb' AS x`)],
  ["INSTALL an extension", q("INSTALL httpfs")],
  ["LOAD an extension", q("LOAD httpfs")],
  ["PRAGMA", q("PRAGMA database_list")],
  ["SET a setting", q("SET enable_external_access=true")],
  ["CREATE OR REPLACE VIEW hijack", q("CREATE OR REPLACE VIEW data AS SELECT 'evil' AS id")],
  ["EXPORT DATABASE", q(`EXPORT DATABASE '${lake}/dump'`)],
  ["CALL", q("CALL pragma_version()")],
  ["two statements", q("SELECT 1; DROP TABLE data")],
  ["catalog-qualified table", q("SELECT * FROM information_schema.tables")],
  ["system catalog function", q("SELECT * FROM duckdb_tables()")],
  ["EXPLAIN ANALYZE", q("EXPLAIN ANALYZE SELECT * FROM data")],
  ["Scan with ..", { op: "Scan", file: "../secret.csv" }],
  ["Scan with an absolute path", { op: "Scan", file: join(outside, "secret.csv") }],
  ["Scan of a symlink out of the lake", { op: "Scan", file: "evil-link.csv" }],
  [
    "UnionScan glob out of the lake",
    { op: "UnionScan", files: ["../**/*.csv"], source_column: "src", output: "u" },
  ],
  ["UnionScan absolute glob", { op: "UnionScan", files: ["/etc/*.conf"], source_column: "src", output: "u" }],
  ["Bash cat outside", { op: "Bash", command: `cat ${outside}/secret.csv` }],
  ["Bash through the symlink", { op: "Bash", command: "cat evil-link.csv" }],
  ["Bash with ..", { op: "Bash", command: "head ../secret.csv" }],
  ["Bash command substitution", { op: "Bash", command: "cat $(ls)" }],
  ["Bash redirection", { op: "Bash", command: "cat data.csv > out.csv" }],
  ["Bash chained", { op: "Bash", command: "ls; rm data.csv" }],
];

describe("sandbox: escape attempts are rejected and nothing is read or written", () => {
  for (const [name, call] of attempts) {
    test(name, async () => {
      const r = await runtime.call(call);
      assert.equal(r.status, "rejected", `${name}: ${r.status} ${r.error ?? ""}`);
      const d = r.diagnostics[0]!;
      assert.ok(
        ["unsafe-sql", "unknown-source", "unknown-table", "bash-denied", "invalid-sql"].includes(d.code),
        `${name}: ${d.code}`,
      );
      assert.ok(d.message.length > 30, "the message says what was refused and why");
      assert.ok(!JSON.stringify(r).includes(SECRET), "nothing of the secret leaks");
    });
  }

  test("there are at least 25 attempts", () => assert.ok(attempts.length >= 25));

  test("nothing was written in the lake or outside it, and the registered table is intact", async () => {
    assert.deepEqual(listing(lake), before1);
    assert.deepEqual(listing(outside), beforeOutside);
    assert.equal(readFileSync(join(outside, "secret.csv"), "utf8"), `key,value\nk,${SECRET}\n`);
    const r = await runtime.call({
      op: "Query",
      sql: "SELECT count(*) AS n FROM data WHERE name IN ('a','b')",
      inputs: ["data"],
      output: "check",
    });
    assert.equal(r.status, "ok");
    assert.deepEqual((r.observation as { records: { rows: unknown[][] } }).records.rows, [[2]]);
  });

  test("the second wall: the engine itself refuses to read outside the lake or change its settings", async () => {
    await assert.rejects(
      runtime.engine.all(`SELECT * FROM read_csv('${outside}/secret.csv')`),
      /Permission|not allowed|disabled/i,
    );
    await assert.rejects(
      runtime.engine.all("SELECT * FROM read_csv('evil-link.csv')"),
      /Permission|not allowed|disabled|No files/i,
    );
    await assert.rejects(runtime.engine.run("SET enable_external_access=true"), /lock|locked|configuration/i);
    await assert.rejects(runtime.engine.run("INSTALL httpfs"), /./);
  });

  test("a forked connection (the checks' own) is behind the same wall and sees the same tables", async () => {
    const fork = await runtime.engine.fork();
    try {
      await assert.rejects(
        fork.all(`SELECT * FROM read_csv('${outside}/secret.csv')`),
        /Permission|not allowed|disabled/i,
      );
      await assert.rejects(fork.run("SET enable_external_access=true"), /lock|locked|configuration/i);
      await assert.rejects(fork.run("SET GLOBAL enable_external_access=true"), /lock|locked|configuration/i);
      await assert.rejects(fork.run("SET allowed_directories=['/']"), /lock|locked|configuration|external/i);
      const [row] = await fork.all("SELECT count(*) AS n FROM data");
      assert.equal(Number(row!.n), 2);
    } finally {
      fork.close();
    }
    // Closing the fork leaves the runtime's own connection working.
    const [row] = await runtime.engine.all("SELECT count(*) AS n FROM data");
    assert.equal(Number(row!.n), 2);
  });
});

describe("invalid-sql names a keyword used as a name without AS", () => {
  for (const [sql, word] of [
    ["SELECT count(*) at FROM data", "at"],
    ["SELECT count(*) names FROM data", "names"],
    ["SELECT name simple, id FROM data", "simple"],
  ] as const)
    test(`${word}: the parser stops at or after it, and the message says why`, async () => {
      const r = await runtime.call({ op: "Query", sql, inputs: ["data"], output: "kw" });
      assert.equal(r.status, "rejected");
      const d = r.diagnostics[0]!;
      assert.equal(d.code, "invalid-sql");
      assert.match(d.message, new RegExp(`"${word}" is a keyword of DuckDB's SQL .*AS ${word}`));
    });

  test("a table named with a reserved word (FROM both): the message says to quote it", async () => {
    const r = await runtime.call({
      op: "Query",
      sql: "SELECT count(*) AS n FROM both",
      inputs: ["data"],
      output: "kw",
    });
    assert.equal(r.status, "rejected");
    assert.equal(r.diagnostics[0]?.code, "invalid-sql");
    assert.match(r.diagnostics[0]!.message, /"both" is a reserved word of DuckDB's SQL: .*FROM "both"/);
  });

  test("UNPIVOT INCLUDE NULLS in the simplified form: the message gives the SQL-standard form DuckDB takes", async () => {
    const sql =
      "SELECT * FROM (UNPIVOT INCLUDE NULLS (SELECT id, name FROM data) ON COLUMNS(* EXCLUDE (id)) INTO NAME k VALUE v)";
    const r = await runtime.call({ op: "Query", sql, inputs: ["data"], output: "kw" });
    assert.equal(r.diagnostics[0]?.code, "invalid-sql");
    assert.match(r.diagnostics[0]!.message, /FROM t UNPIVOT INCLUDE NULLS \(value FOR name IN/);
    // The form the message gives runs.
    const ok = await runtime.call({
      op: "Query",
      sql: "SELECT * FROM (SELECT id, CAST(name AS VARCHAR) AS name FROM data) UNPIVOT INCLUDE NULLS (v FOR k IN (name))",
      inputs: ["data"],
      output: "kw2",
    });
    assert.equal(ok.status, "ok", JSON.stringify(ok.diagnostics));
  });

  test("a reserved word where the parser stops is not blamed (SELECT FROM FROM)", async () => {
    const r = await runtime.call({
      op: "Query",
      sql: "SELECT FROM FROM data",
      inputs: ["data"],
      output: "kw",
    });
    assert.equal(r.diagnostics[0]?.code, "invalid-sql");
    assert.doesNotMatch(r.diagnostics[0]!.message, /is a keyword/);
  });
});
