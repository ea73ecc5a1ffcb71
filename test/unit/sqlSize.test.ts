import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Rejection } from "../../src/core/diagnostic.ts";
import {
  MAX_SET_OPERATIONS,
  refuseLongSetChains,
  setOperationCount,
} from "../../src/core/sandbox/sqlSize.ts";

// Issue 27: a 1 MB UNION ALL statement ran past 60 s in DuckDB; a chain longer than the bound is
// refused before DuckDB parses it, by one pass over the text.

const chain = (n: number): string =>
  Array.from({ length: n }, (_, i) => `SELECT id, v FROM t WHERE id = ${i}`).join(" UNION ALL ");

describe("set operations of a statement", () => {
  test("counted as keywords, not inside strings, quoted names or comments", () => {
    assert.equal(setOperationCount(chain(3)), 2);
    assert.equal(setOperationCount("SELECT 1 INTERSECT SELECT 1 except select 2"), 2);
    assert.equal(
      setOperationCount(
        `SELECT 'a UNION b' AS "union", 'it''s UNION' FROM t -- UNION here\n/* EXCEPT */ WHERE x = 1`,
      ),
      0,
    );
    assert.equal(setOperationCount("SELECT reunion, union_id, unions FROM t"), 0);
  });

  test("a chain of 1,000 is taken; a 1 MB chain is refused, naming the counts and the limit", () => {
    refuseLongSetChains(chain(MAX_SET_OPERATIONS + 1));
    const big = chain(23_000);
    assert.ok(big.length > 1_000_000);
    assert.throws(
      () => refuseLongSetChains(big),
      (error: unknown) =>
        error instanceof Rejection &&
        error.diagnostic.code === "sql-too-large" &&
        error.message.includes("22999 UNION/INTERSECT/EXCEPT") &&
        error.message.includes(`at most ${MAX_SET_OPERATIONS} set operations`),
    );
  });
});
