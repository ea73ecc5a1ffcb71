import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckEngine } from "../../src/core/engine/duckEngine.ts";
import {
  extremesFit,
  numberFits,
  typedByName,
  typedColumns,
  typedRows,
} from "../../src/core/engine/typedJson.ts";

// Typed JSON, type by type, as the table in typedJson.ts promises it. Here and not in test/unit:
// the conversion reads DuckDB's own type ids, so loading it loads DuckDB.

describe("typed JSON from DuckDB's rows", () => {
  let engine: DuckEngine;
  before(async () => {
    engine = await DuckEngine.open(mkdtempSync(join(tmpdir(), "radar-typed-")));
  });
  after(() => engine?.close());

  /** The typed rows and column kinds of a table made by `select`. */
  async function typed(select: string): Promise<{ rows: unknown[][]; json: string[]; types: string[] }> {
    await engine.run(`CREATE OR REPLACE TABLE t AS ${select}`);
    const page = await engine.page("SELECT * FROM t");
    const fits = await numberFits(engine, "t", page);
    const columns = typedColumns(page, fits);
    return {
      rows: typedRows(page, fits),
      json: columns.map((c) => c.json),
      types: columns.map((c) => c.type),
    };
  }

  test("small integers, booleans and safe wide integers are numbers; NULL is null", async () => {
    const r = await typed(
      "SELECT * FROM (VALUES (1::TINYINT, true, 9007199254740991::BIGINT), (NULL, false, -5::BIGINT)) v(a, b, c)",
    );
    assert.deepEqual(r.json, ["number", "boolean", "number"]);
    assert.deepEqual(r.rows, [
      [1, true, 9007199254740991],
      [null, false, -5],
    ]);
  });

  test("one BIGINT past 2^53 − 1 makes the whole column strings", async () => {
    const r = await typed("SELECT * FROM (VALUES (1::BIGINT), (9007199254740992::BIGINT)) v(c)");
    assert.deepEqual(r.json, ["string"]);
    assert.deepEqual(r.rows, [["1"], ["9007199254740992"]]);
  });

  test("decimals: numbers up to 15 significant digits, else the column as strings", async () => {
    const narrow = await typed("SELECT 12.50::DECIMAL(18,2) AS d");
    assert.deepEqual([narrow.json, narrow.rows], [["number"], [[12.5]]]);
    const wide = await typed(
      "SELECT * FROM (VALUES (12345678901234567.50::DECIMAL(20,2)), (1.00::DECIMAL(20,2))) v(d)",
    );
    assert.deepEqual(wide.types, ["DECIMAL(20,2)"]);
    assert.deepEqual([wide.json, wide.rows], [["string"], [["12345678901234567.50"], ["1.00"]]]);
  });

  test("a DOUBLE column holding NaN or Infinity is strings throughout", async () => {
    const finite = await typed("SELECT * FROM (VALUES (1.5::DOUBLE), (-2.0::DOUBLE)) v(x)");
    assert.deepEqual([finite.json, finite.rows], [["number"], [[1.5], [-2]]]);
    const nan = await typed(
      "SELECT * FROM (VALUES (1.5::DOUBLE), ('NaN'::DOUBLE), ('-Infinity'::DOUBLE)) v(x)",
    );
    assert.deepEqual([nan.json, nan.rows], [["string"], [["1.5"], ["NaN"], ["-Infinity"]]]);
  });

  test("dates, timestamps, times and intervals as ISO text", async () => {
    const r = await typed(
      "SELECT DATE '2024-01-31' AS d, TIMESTAMP '2024-01-31 13:45:00.5' AS ts, TIME '13:45:00' AS tm, " +
        "INTERVAL '1 month 2 days 3.5 seconds' AS i, INTERVAL '0 seconds' AS zero, INTERVAL '-90 minutes' AS neg",
    );
    assert.deepEqual(r.json, ["string", "string", "string", "string", "string", "string"]);
    assert.deepEqual(r.rows, [
      ["2024-01-31", "2024-01-31T13:45:00.5", "13:45:00", "P1M2DT3.5S", "PT0S", "PT-5400S"],
    ]);
  });

  test("lists keep wide integers as strings; structs are objects; maps are key/value pairs", async () => {
    const r = await typed(
      "SELECT [1, 2]::BIGINT[] AS l, {'n': 1::INTEGER, 's': 'x'} AS s, MAP {'a': 1::INTEGER} AS m",
    );
    assert.deepEqual(r.json, ["array", "object", "array"]);
    assert.deepEqual(r.rows, [[["1", "2"], { n: 1, s: "x" }, [{ key: "a", value: 1 }]]]);
  });
});

describe("Probe's values by type name", () => {
  test("extremesFit: wide integers within ±(2^53 − 1), decimals of 15 digits, finite floats", () => {
    assert.ok(extremesFit("BIGINT", ["-9007199254740991", "9007199254740991", null]));
    assert.ok(!extremesFit("bigint", ["0", "-9007199254740992"]));
    assert.ok(extremesFit("DECIMAL(15,2)", ["99999999999999999999.99"]), "the width alone decides");
    assert.ok(extremesFit("DECIMAL(20,2)", ["-1234567890123.45", "0.01"]));
    assert.ok(!extremesFit("DECIMAL(20,2)", ["12345678901234.56"]));
    assert.ok(!extremesFit("DOUBLE", [1, "Infinity"]));
    assert.ok(extremesFit("VARCHAR", ["anything"]));
  });

  test("typedByName: numbers when they fit, strings when not, ISO timestamps, null", () => {
    assert.equal(typedByName("42", "INTEGER", false), 42);
    assert.equal(typedByName("9007199254740993", "BIGINT", false), "9007199254740993");
    assert.equal(typedByName("12.5", "DECIMAL(18,1)", true), 12.5);
    assert.equal(typedByName("NaN", "DOUBLE", true), "NaN", "not finite: a string even when told it fits");
    assert.equal(
      typedByName("2024-01-31 13:45:00+01", "TIMESTAMP WITH TIME ZONE", false),
      "2024-01-31T13:45:00+01:00",
    );
    assert.equal(typedByName(null, "INTEGER", true), null);
    assert.equal(typedByName("CA", "VARCHAR", true), "CA");
  });
});
