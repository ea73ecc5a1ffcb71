import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { mayBeDate } from "../../src/core/sourceMap/typing/cellTypeTests.ts";

// DuckDB's DATE/TIMESTAMP cast reads the year first: `3/1/22` is the year 3, January 22. Only text
// that starts with a four-digit year is left to the cast; US and European orders go through a format.

describe("which text DuckDB's date cast may read as meant", () => {
  test("a four-digit year first, then month and day", () => {
    for (const v of ["2022-03-01", "2022/3/1", "2022-03-01 01:31", "2022-03-01T01:31:00", "+2022-03-01"])
      assert.ok(mayBeDate(v), v);
  });

  test("a short year first is a US date's month, never the year 3 (held-out HI-05)", () => {
    for (const v of ["3/1/22", "3/1/22 1:31", "12/29/11 0:00", "22-03-01", "03/01/2022", "1/8/12"])
      assert.ok(!mayBeDate(v), v);
  });
});
