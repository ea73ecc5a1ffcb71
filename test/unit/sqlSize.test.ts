import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Rejection } from "../../src/core/diagnostic.ts";
import {
  MAX_CONDITIONS,
  MAX_NESTING,
  MAX_SET_OPERATIONS,
  MAX_SQL_CHARACTERS,
  refuseOversizedSql,
  sqlShape,
} from "../../src/core/sandbox/sqlSize.ts";

// Issue 27: a 1 MB UNION ALL statement ran past 60 s in DuckDB and a 1.4 MB IN list took 28 s; a
// statement past a bound is refused before DuckDB parses it, by one pass over the text.

const chain = (n: number): string =>
  Array.from({ length: n }, (_, i) => `SELECT id, v FROM t WHERE id = ${i}`).join(" UNION ALL ");
const inList = (n: number): string =>
  `SELECT count(*) AS n FROM t WHERE id IN (${Array.from({ length: n }, (_, i) => i).join(", ")})`;
const ors = (n: number): string =>
  `SELECT count(*) AS n FROM t WHERE ${Array.from({ length: n + 1 }, (_, i) => `id = ${i}`).join(" OR ")}`;
const nestedCase = (n: number): string => {
  let expr = "0";
  for (let i = 0; i < n; i++) expr = `CASE WHEN id = ${i} THEN ${i} ELSE ${expr} END`;
  return `SELECT sum(${expr}) AS s FROM t`;
};

/** The sql-too-large refusal of `sql`, or undefined when it is taken. */
function refusal(sql: string): string | undefined {
  try {
    refuseOversizedSql(sql);
    return undefined;
  } catch (error) {
    assert.ok(error instanceof Rejection && error.diagnostic.code === "sql-too-large", String(error));
    return error.message;
  }
}

describe("set operations of a statement", () => {
  test("counted as keywords, not inside strings, quoted names or comments", () => {
    assert.equal(sqlShape(chain(3)).setOperations, 2);
    assert.equal(sqlShape("SELECT 1 INTERSECT SELECT 1 except select 2").setOperations, 2);
    assert.equal(
      sqlShape(`SELECT 'a UNION b' AS "union", 'it''s UNION' FROM t -- UNION here\n/* EXCEPT */ WHERE x = 1`)
        .setOperations,
      0,
    );
    assert.equal(sqlShape("SELECT reunion, union_id, unions FROM t").setOperations, 0);
  });

  test("a chain of 1,000 is taken; a 1 MB chain is refused, naming the counts and the limit", () => {
    refuseOversizedSql(chain(MAX_SET_OPERATIONS + 1));
    const big = chain(23_000);
    assert.ok(big.length > 1_000_000);
    assert.throws(
      () => refuseOversizedSql(big),
      (error: unknown) =>
        error instanceof Rejection &&
        error.diagnostic.code === "sql-too-large" &&
        error.message.includes("22999 UNION/INTERSECT/EXCEPT") &&
        error.message.includes(`at most ${MAX_SET_OPERATIONS} set operations`),
    );
  });
});

describe("conditions and nesting of a statement", () => {
  test("AND/OR counted as words; parentheses and CASE … END as nesting, outside strings and comments", () => {
    assert.deepEqual(
      sqlShape(
        "SELECT CASE WHEN (a = 1 AND b = 2) OR c THEN 1 END AS x, brand, ORDER_ID FROM t WHERE (((d)))",
      ),
      { setOperations: 0, conditions: 2, nesting: 3 },
    );
    assert.deepEqual(sqlShape(`SELECT '((( AND OR' AS "(case", x -- ( OR\nFROM t /* (( AND */`), {
      setOperations: 0,
      conditions: 0,
      nesting: 0,
    });
    assert.equal(sqlShape(nestedCase(5)).nesting, 6);
    assert.equal(sqlShape("SELECT (1) + (2) + ((3)) AS s").nesting, 2);
  });

  test("each bound takes its limit and refuses one past it, naming the figure, the limit and what to do", () => {
    assert.equal(refusal(ors(MAX_CONDITIONS)), undefined);
    const orRefusal = refusal(ors(MAX_CONDITIONS + 1));
    assert.match(orRefusal ?? "", /chains 1,001 AND\/OR operators; one Query takes at most 1,000/);
    assert.match(orRefusal ?? "", /IN \(SELECT … FROM that table\)/);

    assert.equal(refusal(nestedCase(MAX_NESTING - 1)), undefined);
    assert.match(
      refusal(nestedCase(MAX_NESTING)) ?? "",
      /nests parentheses or CASE expressions 101 deep; one Query nests at most 100 deep/,
    );
    assert.match(refusal(`SELECT ${"(".repeat(5000)}1${")".repeat(5000)} AS x`) ?? "", /5,000 deep/);

    const fits = inList(15_500);
    assert.ok(fits.length < MAX_SQL_CHARACTERS && fits.length > 90_000);
    assert.equal(refusal(fits), undefined);
    const big = inList(190_000);
    const bigRefusal = refusal(big);
    assert.match(
      bigRefusal ?? "",
      /Query\.sql is 1,408,\d{3} characters long; one Query takes at most 100,000 characters/,
    );
    assert.match(bigRefusal ?? "", /keep long lists of values in a table/i);
  });

  test("a statement past several bounds names each", () => {
    const message = refusal(chain(23_000)) ?? "";
    assert.match(message, /22999 UNION\/INTERSECT\/EXCEPT/);
    assert.match(message, /at most 100,000 characters/);
    assert.match(message, /UnionScan/);
  });
});
