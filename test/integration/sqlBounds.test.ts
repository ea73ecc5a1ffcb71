import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import {
  MAX_CONDITIONS,
  MAX_NESTING,
  MAX_SQL_CHARACTERS,
  MAX_SUBQUERY_NESTING,
} from "../../src/core/sandbox/sqlSize.ts";
import type { CallEvent } from "../../src/core/trace/traceEvents.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Issue 27: a 1 MB statement is analysed in bounded time or refused with a clear message naming
// the limit. Each bound of sqlSize.ts refuses its shape before DuckDB parses it, through the whole
// runtime; the deepest statements the bounds take are checked without a check breaking.

const { lake, stateDir } = tempLake({ "t.csv": "id,v\n1,2\n3,4\n" });
const terms = (n: number, join: string, term: (i: number) => string): string =>
  Array.from({ length: n }, (_, i) => term(i)).join(join);
const nestedCase = (n: number): string => {
  let expr = "0";
  for (let i = 0; i < n; i++) expr = `CASE WHEN id = ${i} THEN ${i} ELSE ${expr} END`;
  return `SELECT sum(${expr}) AS s FROM t`;
};

describe("the size bounds of one Query statement", () => {
  let runtime: Runtime;
  let n = 0;
  before(async () => {
    runtime = await Runtime.open(lake, { radarDir: stateDir });
    await runtime.call({ op: "Scan", file: "t.csv", output: "t" });
  });
  after(() => runtime?.close());
  const query = (sql: string): Promise<CallEvent> =>
    runtime.call({ op: "Query", sql, inputs: ["t"], output: `q${n++}` });
  const refusal = (event: CallEvent): string => {
    assert.equal(event.status, "rejected", JSON.stringify(event.diagnostics).slice(0, 300));
    const found = event.diagnostics.find((d) => d.code === "sql-too-large");
    assert.ok(found, JSON.stringify(event.diagnostics).slice(0, 300));
    return found.message;
  };

  test("a 1.4 MB IN list is refused, naming its length, the limit and what to do", async () => {
    const sql = `SELECT count(*) AS n FROM t WHERE id IN (${terms(190_000, ", ", String)})`;
    const message = refusal(await query(sql));
    assert.match(message, new RegExp(`is ${sql.length.toLocaleString("en-US")} characters long`));
    assert.match(message, /at most 100,000 characters/);
    assert.match(message, /IN \(SELECT … FROM that table\)/);
    assert.equal(MAX_SQL_CHARACTERS, 100_000);
  });

  test("a chain of more ORs than the bound is refused", async () => {
    const sql = `SELECT count(*) AS n FROM t WHERE ${terms(MAX_CONDITIONS + 2, " OR ", (i) => `id = ${i}`)}`;
    assert.ok(sql.length < MAX_SQL_CHARACTERS);
    assert.match(refusal(await query(sql)), /chains 1,001 AND\/OR operators; one Query takes at most 1,000/);
  });

  test("CASE expressions nested past the bound are refused", async () => {
    assert.match(
      refusal(await query(nestedCase(MAX_NESTING + 5))),
      /nests parentheses or CASE expressions 106 deep; one Query nests at most 100 deep/,
    );
  });

  test("an expression past DuckDB's depth limit is sql-too-large naming that limit, not a syntax error", async () => {
    const message = refusal(await query(`SELECT ${terms(1500, " + ", () => "id")} AS s FROM t`));
    assert.match(message, /nests more than 1000 levels deep, DuckDB's limit/);
    assert.doesNotMatch(message, /max_expression_depth/);
  });

  test("an expression nested past the bound in the parse tree, not the text, is refused before DuckDB binds it", async () => {
    // 900 additions: 4.5 KB, no parentheses; DuckDB alone took 57 s to bind it.
    const message = refusal(await query(`SELECT sum(${terms(900, " + ", () => "id")}) AS s FROM t`));
    assert.match(message, /nests more than 100 levels deep \(a chain such as a \+ b \+ c/);
  });

  test("subqueries nested past the bound are refused", async () => {
    // 25 levels took DuckDB 35 s (each level doubles it).
    const sql = `SELECT ${"(SELECT ".repeat(25)}1${")".repeat(25)} AS x FROM t`;
    assert.match(
      refusal(await query(sql)),
      new RegExp(`nests subqueries more than ${MAX_SUBQUERY_NESTING} deep`),
    );
  });

  test("the deepest statements the bounds take run, and no check breaks on them", async () => {
    for (const sql of [
      // A left-deep tree of additions: no parentheses.
      `SELECT sum(${terms(MAX_NESTING - 5, " + ", () => "id")}) AS s FROM t`,
      nestedCase(MAX_NESTING - 5),
      `SELECT count(*) AS n FROM t WHERE ${"(".repeat(MAX_NESTING - 1)}id = 1${")".repeat(MAX_NESTING - 1)}`,
      `SELECT ${"(SELECT ".repeat(MAX_SUBQUERY_NESTING - 1)}1${")".repeat(MAX_SUBQUERY_NESTING - 1)} AS x FROM t`,
      `SELECT count(*) AS n FROM t WHERE ${terms(MAX_CONDITIONS + 1, " OR ", (i) => `id = ${i}`)}`,
    ]) {
      const event = await query(sql);
      assert.equal(
        event.status,
        "ok",
        `${sql.slice(0, 60)}: ${JSON.stringify(event.diagnostics).slice(0, 300)}`,
      );
      assert.deepEqual(
        event.diagnostics.filter((d) => d.code === "validation-error").map((d) => d.message),
        [],
        sql.slice(0, 60),
      );
    }
  });
});
