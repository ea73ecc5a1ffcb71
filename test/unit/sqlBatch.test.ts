import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { inferredInputs } from "../../src/cli/inferInputs.ts";
import { BatchFileError, listItems, optionValue, parseSqlBatch } from "../../src/cli/sqlBatch.ts";
import { namesIn, splitSql } from "../../src/cli/sqlText.ts";

describe("reading SQL text: statements, quotes, dollar quotes, comments", () => {
  test("a ; inside a string, a quoted name, an E-string, $$…$$, $tag$…$tag$ or a comment ends nothing", () => {
    const sql = [
      `SELECT 'a;b', "x;y", E'it\\'s; here' FROM t; -- one ; two`,
      "SELECT $$p;q$$, $fn$r;s$fn$ /* c; d */ FROM u;",
      "SELECT 'it''s;' AS v",
    ].join("\n");
    const statements = splitSql(sql).filter((p) => p.kind === "statement");
    assert.deepEqual(
      statements.map((s) => [s.line, s.text]),
      [
        [1, `SELECT 'a;b', "x;y", E'it\\'s; here' FROM t`],
        [2, "SELECT $$p;q$$, $fn$r;s$fn$ /* c; d */ FROM u"],
        [3, "SELECT 'it''s;' AS v"],
      ],
    );
  });

  test("a $1 parameter is no dollar quote; an unclosed string says the line it opens on", () => {
    assert.equal(splitSql("SELECT $1; SELECT 2").filter((p) => p.kind === "statement").length, 2);
    assert.throws(
      () => splitSql("SELECT 1;\n\nSELECT 'open"),
      (e: Error & { line?: number }) => e.line === 3,
    );
  });

  test("names outside strings and comments: bare words lower-cased, quoted names as written", () => {
    assert.deepEqual(namesIn(`SELECT "Big Table".x FROM "Big Table" JOIN Rain -- gdp\n WHERE y = 'gdp'`), [
      "select",
      "Big Table",
      "x",
      "from",
      "Big Table",
      "join",
      "rain",
      "where",
      "y",
    ]);
    assert.deepEqual(
      inferredInputs("SELECT * FROM rain JOIN GDP USING (k) WHERE s = 'pop'", ["gdp", "rain", "pop"]),
      ["rain", "gdp"],
    );
  });

  test("list items split at commas outside quotes and braces", () => {
    assert.deepEqual(listItems(`a, "b, c", water-{2019,2020}.csv`), ["a", "b, c", "water-{2019,2020}.csv"]);
  });
});

describe("a .sql batch", () => {
  const text = [
    "-- Rain by year",
    "-- scan: rain.csv as rain",
    '-- scan: "with space.csv" as spaced',
    "-- option: source_column=year",
    "-- union-scan: w/tests_{2019,2020}.csv, w/other.csv as wbt",
    '-- probe: rain "(see note) ODP 967 wet-dry index", year',
    "-- bash: grep -n 'x;y' rain.csv",
    "-- as: by_year",
    "-- inputs: rain",
    "-- option: preview_rows=30",
    'SELECT year, "(see note) ODP 967 wet-dry index" AS idx',
    "FROM rain -- a comment in the statement",
    "WHERE regexp_matches(code, '^[A-Z]+;\\d{2}$');",
    "",
    "-- as: n",
    "SELECT count(*) AS n FROM by_year",
  ].join("\n");

  test("each statement is a Query; comment directives are the other calls, each with its line", () => {
    const calls = parseSqlBatch(text, "q.sql");
    assert.deepEqual(
      calls.map((c) => [c.line, c.call.op]),
      [
        [2, "Scan"],
        [3, "Scan"],
        [5, "UnionScan"],
        [6, "Probe"],
        [7, "Bash"],
        [11, "Query"],
        [16, "Query"],
      ],
    );
    assert.deepEqual(calls[1]!.call, { op: "Scan", file: "with space.csv", output: "spaced" });
    assert.deepEqual(calls[2]!.call, {
      op: "UnionScan",
      files: ["w/tests_{2019,2020}.csv", "w/other.csv"],
      source_column: "year",
      output: "wbt",
    });
    assert.deepEqual(calls[3]!.call, {
      op: "Probe",
      table: "rain",
      columns: ["(see note) ODP 967 wet-dry index", "year"],
    });
    assert.equal(calls[4]!.call.command, "grep -n 'x;y' rain.csv");
    assert.deepEqual(calls[5]!.call, {
      op: "Query",
      sql: "SELECT year, \"(see note) ODP 967 wet-dry index\" AS idx\nFROM rain -- a comment in the statement\nWHERE regexp_matches(code, '^[A-Z]+;\\d{2}$')",
      output: "by_year",
      inputs: ["rain"],
      preview_rows: 30,
    });
    assert.equal(calls[5]!.inferInputs, undefined);
    assert.equal(calls[6]!.inferInputs, true, "no -- inputs: found from the SQL when run");
  });

  test("comment lines after a statement with no ; are the next call's, not the statement's", () => {
    const calls = parseSqlBatch("-- as: x\nSELECT 1 -- one\n\n-- probe: x\n-- note\n", "q.sql");
    assert.deepEqual(
      calls.map((c) => [c.line, c.call.op, c.call.sql ?? c.call.table]),
      [
        [2, "Query", "SELECT 1"],
        [4, "Probe", "x"],
      ],
    );
  });

  const errorLine = (source: string): number => {
    try {
      parseSqlBatch(source, "q.sql");
    } catch (error) {
      assert.ok(error instanceof BatchFileError);
      assert.match(error.message, /^q\.sql:\d+: /);
      return error.line;
    }
    assert.fail("no error");
  };

  test("errors point at the line of the file", () => {
    assert.equal(errorLine("-- scan: a.csv\n\nSELECT 1"), 3, "a statement without -- as:");
    assert.equal(errorLine("-- as: x\nSELECT 1;\n-- as: y\n"), 3, "a directive with no statement after it");
    assert.equal(
      errorLine("-- as: x\nSELECT 1\n-- scan: a.csv\nFROM t;"),
      3,
      "a directive inside a statement",
    );
    assert.equal(errorLine("-- as: x\nSELECT 1;\n-- option: nothing\nSELECT 2"), 3);
    assert.equal(errorLine("-- as: x\nSELECT 1,\n  'open"), 3, "an unclosed string");
    assert.equal(errorLine('-- call: {"file": "a.csv"}'), 1);
  });
});

describe("--option NAME=VALUE", () => {
  test("a tab delimiter: typed as a tab, or written \\t in a shell", () => {
    assert.deepEqual(optionValue("reader.delimiter=\t"), ["reader.delimiter", "\t"]);
    assert.deepEqual(optionValue("reader.delimiter=\\t"), ["reader.delimiter", "\t"]);
    assert.deepEqual(optionValue('reader.delimiter="\\t"'), ["reader.delimiter", "\t"]);
  });

  test("JSON values as JSON, other text as text, spaces around trimmed", () => {
    assert.deepEqual(optionValue("reader.header= 0 "), ["reader.header", 0]);
    assert.deepEqual(optionValue("sheet= Data "), ["sheet", "Data"]);
    assert.deepEqual(optionValue("reader.delimiter=;"), ["reader.delimiter", ";"]);
  });
});
