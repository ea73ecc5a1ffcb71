import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { isNumericType, isWholeNumberType } from "../../src/core/engine/numericTypes.ts";
import { isMarkerToken, isNotApplicableMarker } from "../../src/core/sourceMap/typing/markerTokens.ts";

describe("numeric type names", () => {
  test("DuckDB's reported names and a query's cast spellings are numbers", () => {
    for (const t of ["BIGINT", "INTEGER", "UTINYINT", "HUGEINT", "DOUBLE", "FLOAT", "REAL", "DECIMAL(18,3)"])
      assert.ok(isNumericType(t), t);
    for (const t of ["INT", "int8", "INT64", "FLOAT8", "NUMERIC", "NUMERIC(10, 2)", " BIGINT "])
      assert.ok(isNumericType(t), t);
  });
  test("types that merely contain a numeric name are not", () => {
    for (const t of [
      "INTERVAL",
      "POINT",
      "INTEGER[]",
      "STRUCT(a INTEGER)",
      "VARCHAR",
      "DATE",
      "TIMESTAMP",
      "BOOLEAN",
    ])
      assert.equal(isNumericType(t), false, t);
  });
  test("whole numbers are the integers only", () => {
    for (const t of ["BIGINT", "USMALLINT", "INT", "INT32"]) assert.ok(isWholeNumberType(t), t);
    for (const t of ["DOUBLE", "DECIMAL(9,0)", "INTERVAL", "VARCHAR"])
      assert.equal(isWholeNumberType(t), false, t);
  });
});

describe("missing-value markers", () => {
  test("not-applicable markers are markers, and told apart from missing ones", () => {
    for (const v of ["[z]", "Not applicable", " [Z] "]) {
      assert.ok(isMarkerToken(v), v);
      assert.ok(isNotApplicableMarker(v), v);
    }
    for (const v of ["[x]", "..", "NA", "n/a", "M"]) {
      assert.ok(isMarkerToken(v), v);
      assert.equal(isNotApplicableMarker(v), false, v);
    }
  });
  test("words and units are not markers", () => {
    for (const v of ["m", "mm", "z", "North", "applicable"]) assert.equal(isMarkerToken(v), false, v);
  });
});
