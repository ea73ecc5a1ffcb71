import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runResultSchema } from "../../src/core/presentation/resultSchema.ts";
import type { RunResult } from "../../src/core/presentation/resultSchema.ts";
import { repoRoot, tempLake } from "../helpers/tempLake.ts";

// The analyst's workbench: one command per call in a session, batch files a person writes (YAML,
// .sql), one JSON shape for every operator (checked against the documented schema), pipes.

const cli = join(repoRoot, "dist/cli.cjs");
const big = ["n,label", ...Array.from({ length: 5000 }, (_, i) => `${i},row ${i}`)].join("\n");
const { lake, stateDir } = tempLake({
  "odp.csv":
    'year,"(see note) ODP 967 wet-dry index",code\n2001,0.5,AB-12\n2002,0.7,CD-9\n2003,0.9,AB-7\n2004,1.1,AB-x\n',
  "a.csv": "k,v\n1,x\n2,y\n",
  "w/t_2019.csv": "k,v\n1,3\n",
  "w/t_2020.csv": "k,v\n2,4\n",
  "big.csv": big,
});

/** The CLI with the lake, state folder and session from the environment, as a shell would set them. */
function radar(
  args: string[],
  input?: string,
  session = "wb",
): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], {
    encoding: "utf8",
    cwd: stateDir,
    ...(input !== undefined ? { input } : {}),
    env: { ...process.env, RADAR_STATE_DIR: stateDir, RADAR_LAKE: lake, RADAR_SESSION: session },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** `--json` output, checked against the schema docs/radar-run.schema.json is generated from. */
function runJson(stdout: string): RunResult {
  return runResultSchema.parse(JSON.parse(stdout));
}

const WET = '"(see note) ODP 967 wet-dry index"';

describe("radar workbench commands", { skip: existsSync(cli) ? false : "dist/cli.cjs is not built" }, () => {
  test("scan, query (argument, standard input, --sql-file), probe, bash: one call each, in one session", () => {
    const scan = radar(["scan", "odp.csv", "--as", "odp", "--json"]);
    assert.equal(scan.code, 0, scan.stderr);
    const s = runJson(scan.stdout).results[0]!;
    assert.equal(s.op, "Scan");
    assert.equal(s.table, "odp");
    assert.equal(s.rowCount, 4);
    assert.deepEqual(
      s.columns.map((c) => c.name),
      ["year", "(see note) ODP 967 wet-dry index", "code"],
    );
    assert.deepEqual(s.origins[0], { file: "odp.csv", line: 2 });

    // A quoted name and a regular expression, written as they are: no JSON escaping.
    const q = radar([
      "query",
      `SELECT year, ${WET} AS idx FROM odp WHERE regexp_matches(code, '^AB-\\d+$') ORDER BY year`,
      "--as",
      "ab",
    ]);
    assert.equal(q.code, 0, q.stderr);
    assert.match(q.stdout, /#\d+ Query +ok +ab ← SELECT/);
    assert.match(q.stdout, /2001 │ 0\.5/);
    assert.match(q.stdout, /2003 │ 0\.9/);
    assert.doesNotMatch(q.stdout, /2004/, "the regular expression kept AB-12 and AB-7 only");
    assert.match(q.stdout, /session "wb" has 2 tables/);

    const stdin = radar(["query", "-", "--json"], "SELECT count(*) AS n FROM ab");
    assert.equal(stdin.code, 0, stdin.stderr);
    const n = runJson(stdin.stdout).results[0]!;
    assert.deepEqual(n.args.inputs, ["ab"], "inputs found from the SQL: the session's table it names");
    assert.equal(n.table, "q1", "a free default name");
    assert.deepEqual(n.rows, [[2]]);

    const file = join(stateDir, "q.sql");
    writeFileSync(file, `SELECT max(${WET}) AS top FROM odp`);
    const fromFile = radar(["query", "--sql-file", file, "--as", "top", "--json"]);
    assert.equal(fromFile.code, 0, fromFile.stderr);
    assert.deepEqual(runJson(fromFile.stdout).results[0]!.rows, [[1.1]]);

    const probe = radar(["probe", "odp", "(see note) ODP 967 wet-dry index", "--json"]);
    assert.equal(probe.code, 0, probe.stderr);
    const p = runJson(probe.stdout).results[0]!;
    assert.equal(p.table, "odp");
    assert.deepEqual(p.rows[0]!.slice(0, 6), ["(see note) ODP 967 wet-dry index", "DOUBLE", 4, 0, 0, 4]);

    const bash = radar(["bash", "grep -n AB odp.csv", "--offset", "1", "--rows", "1"]);
    assert.equal(bash.code, 0, bash.stderr);
    assert.match(bash.stdout, /│ 4:2003,0\.9,AB-7\n/);
    assert.doesNotMatch(bash.stdout, /2:2001/, "the first line is before the page");
    assert.match(bash.stdout, /lines 2–2 of 3; 1 more lines \(--offset 2\)/);
    const bashJson = runJson(radar(["bash", "grep -n AB odp.csv", "--offset", "2", "--json"]).stdout)
      .results[0]!;
    assert.deepEqual(bashJson.rows, [["5:2004,1.1,AB-x"]]);
    assert.equal(bashJson.rowCount, 3);
    assert.equal(bashJson.offset, 2);
    assert.equal(bashJson.output?.exit, "exit 0");

    // A statistical macro in a Query: the exported script defines it before the query calls it.
    const stats = radar(["query", "SELECT pearson_test(year, idx) AS t FROM ab", "--as", "stats", "--json"]);
    assert.equal(stats.code, 0, stats.stderr);
    const exported = radar(["export", runJson(stats.stdout).trace, "--sql"]);
    assert.equal(exported.code, 0, exported.stderr);
    assert.ok(
      exported.stdout.indexOf("CREATE OR REPLACE TEMP MACRO pearson_test") <
        exported.stdout.indexOf("pearson_test(year, idx)"),
      exported.stdout.slice(0, 300),
    );

    const again = radar(["query", "SELECT 1 AS x", "--as", "ab"]);
    assert.equal(again.code, 1, "a name in use is refused, as in a batch");
    assert.match(again.stdout, /table-exists/);
    assert.equal(radar(["query", "SELECT 1 AS x", "--as", "ab", "--replace"]).code, 0);
  });

  test("union-scan with --option passes any argument through; bad --option is a usage error", () => {
    const r = radar(
      ["union-scan", "w/t_*.csv", "--as", "wt", "--option", "source_column=src", "--json"],
      undefined,
      "u",
    );
    assert.equal(r.code, 0, r.stderr);
    const u = runJson(r.stdout).results[0]!;
    assert.equal(u.rowCount, 2);
    assert.ok(u.columns.some((c) => c.name === "src"));
    const bad = radar(["scan", "a.csv", "--option", "sheet"], undefined, "u");
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--option takes NAME=VALUE/);
  });

  test("a .sql batch with quoted names and a regular expression; --json-out beside the readable output", () => {
    const file = join(stateDir, "odp.sql");
    writeFileSync(
      file,
      [
        "-- scan: odp.csv as odp",
        "-- as: wet",
        `SELECT year, ${WET} AS idx, code`,
        "FROM odp",
        "WHERE regexp_matches(code, '^AB-\\d+;?$')  -- a ; in a string ends nothing",
        ";",
        "-- as: n",
        "-- option: preview_rows=1",
        "SELECT count(*) AS n, $$x;y$$ AS s FROM wet",
        "-- probe: wet idx",
      ].join("\n"),
    );
    const out = join(stateDir, "odp.json");
    const r = radar(["batch", file, "--json-out", out], undefined, "sqlbatch");
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /Query +ok +wet ← .*\[.*odp\.sql:2\]|Query +ok +wet ← .*\[.*odp\.sql:3\]/);
    const json = runJson(readFileSync(out, "utf8"));
    assert.deepEqual(
      json.results.map((c) => [c.op, c.line]),
      [
        ["Scan", 1],
        ["Query", 3],
        ["Query", 9],
        ["Probe", 10],
      ],
    );
    assert.deepEqual(json.results[1]!.rows, [
      [2001, 0.5, "AB-12"],
      [2003, 0.9, "AB-7"],
    ]);
    assert.deepEqual(json.results[2]!.rows, [[2, "x;y"]]);
    assert.deepEqual(json.results[2]!.args.inputs, ["wet"]);
    assert.match(r.stdout, /json: .*odp\.json/);
  });

  test("a .sql batch's mistake is a usage error at its line; a refused call names its line", () => {
    const file = join(stateDir, "bad.sql");
    writeFileSync(file, "-- scan: a.csv\n\nSELECT 1");
    const r = radar(["batch", file], undefined, "bad");
    assert.equal(r.code, 2);
    assert.match(r.stderr, /bad\.sql:3: this statement has no output name/);
    writeFileSync(file, "-- scan: a.csv as a\n-- as: b\nSELECT nope FROM a");
    const refused = radar(["batch", file], undefined, "bad");
    assert.equal(refused.code, 1);
    assert.match(refused.stdout, /REJECTED .*\[.*bad\.sql:3\]/);
  });

  test("a YAML batch: SQL in a block scalar; a YAML mistake names its line", () => {
    const file = join(stateDir, "b.yaml");
    writeFileSync(
      file,
      [
        "- op: Scan",
        "  file: odp.csv",
        "  output: odp",
        "- op: Query",
        "  sql: |",
        `    SELECT year FROM odp`,
        `    WHERE ${WET} > 0.6 AND regexp_matches(code, '^[A-Z]{2}-\\d+$')`,
        "  inputs: [odp]",
        "  output: high",
        "- {op: Discover, query: wet dry index}",
      ].join("\n"),
    );
    const r = radar(["batch", file, "--json"], undefined, "yaml");
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const json = runJson(r.stdout);
    assert.deepEqual(
      json.results.map((c) => [c.op, c.line]),
      [
        ["Scan", 1],
        ["Query", 4],
        ["Discover", 10],
      ],
    );
    assert.deepEqual(json.results[1]!.rows, [[2002], [2003]]);
    assert.equal(json.results[2]!.rows[0]![0], "odp.csv");
    writeFileSync(file, "- op: Scan\n  file: [a.csv\n- op: Probe\n");
    const bad = radar(["batch", file], undefined, "yaml");
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /b\.yaml:\d+: /);
    writeFileSync(file, "- op: Scan\n  file: a.csv\n- file: b.csv\n");
    assert.match(
      radar(["batch", file], undefined, "yaml").stderr,
      /b\.yaml:3: a call is an object with an "op"/,
    );
  });

  test("a JSON batch's Query with no inputs reads the tables its SQL names, earlier calls' included", () => {
    const file = join(stateDir, "noinputs.json");
    writeFileSync(
      file,
      JSON.stringify([
        { op: "Scan", file: "a.csv", output: "ta" },
        { op: "Query", sql: "SELECT k, v FROM ta WHERE k > 1", output: "tb" },
        { op: "Query", sql: "SELECT count(*) AS n FROM tb JOIN ta USING (k)", output: "tc" },
      ]),
    );
    const r = radar(["batch", file, "--json"], undefined, "noinputs");
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const json = runJson(r.stdout);
    assert.deepEqual(json.results[1]!.rows, [[2, "y"]]);
    assert.deepEqual(json.results[2]!.rows, [[1]]);
    // A table the SQL names that nothing registers is still refused by name.
    writeFileSync(file, JSON.stringify([{ op: "Query", sql: "SELECT * FROM nowhere", output: "td" }]));
    const refused = radar(["batch", file], undefined, "noinputs");
    assert.equal(refused.code, 1);
    assert.match(refused.stdout, /nowhere/);
  });

  test("a batch file may spell calls as the one-call flags do: `as` for output, dotted reader options", () => {
    // Held-out GR-05: `"reader.delimiter": "|"` as `--option reader.delimiter=|` reads, was refused.
    const file = join(stateDir, "flags.json");
    writeFileSync(
      file,
      JSON.stringify([
        { op: "Scan", file: "a.csv", as: "fa", "reader.header": 0 },
        { op: "Query", sql: "SELECT count(*) AS n FROM fa", as: "fb" },
      ]),
    );
    const r = radar(["batch", file, "--json"], undefined, "flags");
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const json = runJson(r.stdout);
    assert.equal(json.results[0]!.table, "fa");
    assert.deepEqual(json.results[1]!.rows, [[3]]);
    // A dotted key into an argument given as a plain value is a usage error naming the key.
    writeFileSync(file, JSON.stringify([{ op: "Scan", file: "a.csv", reader: "csv", "reader.header": 0 }]));
    const bad = radar(["batch", file], undefined, "flags");
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /"reader\.header" sets a field of reader/);
  });

  test("--rows: a batch's previews take it; more than a preview shows is capped, not refused", () => {
    const file = join(stateDir, "rows.json");
    writeFileSync(
      file,
      JSON.stringify([
        { op: "Scan", file: "big.csv", output: "big" },
        { op: "Query", sql: "SELECT n FROM big WHERE n < 50", inputs: ["big"], output: "small" },
        { op: "Query", sql: "SELECT n FROM big", inputs: ["big"], output: "two", preview_rows: 2 },
      ]),
    );
    const r = radar(["batch", file, "--rows", "7", "--json"], undefined, "rows");
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const json = runJson(r.stdout);
    assert.deepEqual(
      json.results.map((c) => c.rows.length),
      [7, 7, 2],
    );
    const capped = radar(["query", "SELECT n FROM big", "--rows", "500", "--json"], undefined, "rows");
    assert.equal(capped.code, 0, capped.stdout + capped.stderr);
    assert.equal(runJson(capped.stdout).results[0]!.rows.length, 100);
    assert.match(capped.stderr, /--rows 500: a preview shows at most 100 rows; radar show/);
  });

  test("one shape for every operator: rows, typed columns, origins, truncated, findings in one place", () => {
    const file = join(stateDir, "all.json");
    writeFileSync(
      file,
      JSON.stringify([
        { op: "Discover", query: "odp" },
        { op: "Scan", file: "a.csv", output: "a", preview_rows: 1 },
        { op: "UnionScan", files: ["w/t_*.csv"], source_column: "src", output: "wt" },
        { op: "Probe", table: "a", columns: [] },
        { op: "Query", sql: "SELECT * FROM a, wt", inputs: ["a", "wt"], output: "x" },
        { op: "Bash", command: "head -n 2 a.csv" },
      ]),
    );
    const r = radar(["batch", file, "--json"], undefined, "shape");
    assert.equal(r.code, 1, "the comma join is refused");
    const json = runJson(r.stdout);
    for (const c of json.results.filter((x) => x.status === "ok")) {
      assert.equal(c.rows.length, c.origins.length, c.op);
      assert.ok(c.columns.length > 0, c.op);
      assert.ok(
        c.rows.every((row) => row.length === c.columns.length),
        c.op,
      );
    }
    assert.equal(json.results[1]!.truncated, true, "1 of 2 rows shown");
    const refused = json.results[4]!;
    assert.equal(refused.status, "rejected");
    assert.ok(
      json.findings.some(
        (f) => f.call === refused.index && f.stage === "call" && f.code === refused.diagnostics[0]!.code,
      ),
      "the refused call's finding is in findings",
    );
  });
});

describe("a pipe closed early", { skip: existsSync(cli) ? false : "dist/cli.cjs is not built" }, () => {
  test("radar bash over 5,000 lines | head -n 1: ends quietly with its own status", async () => {
    const r = await new Promise<{ code: number | null; stderr: string; first: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [cli, "bash", "cat big.csv"], {
        env: { ...process.env, RADAR_STATE_DIR: stateDir, RADAR_LAKE: lake },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let first = "";
      let stderr = "";
      child.stdout.setEncoding("utf8").once("data", (d: string) => {
        first = d.split("\n")[0]!;
        child.stdout.destroy(); // what `head -n 1` does once it has its line
      });
      child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, stderr, first }));
    });
    assert.match(r.first, /^#0 Bash/);
    assert.doesNotMatch(r.stderr, /EPIPE|Error|at /, r.stderr);
    assert.equal(r.code, 0, r.stderr);
  });
});
