import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckEngine } from "../../src/core/engine/duckEngine.ts";
import type { SharedState, TableInfo } from "../../src/core/state/sharedState.ts";
import {
  columnRefs,
  conjuncts,
  namesOf,
  resolveColumn,
  scopeOf,
  selectNodes,
  walkOwn,
} from "../../src/core/validation/sqlFacts.ts";
import type { Json } from "../../src/core/validation/sqlFacts.ts";
import { groupingItems } from "../../src/core/validation/groupingItems.ts";
import { parseTree, renderTree } from "../../src/core/validation/sqlText.ts";

// The SQL facts the validation rules read, over DuckDB's own parse trees. The functions are pure,
// but their module loads DuckDB (it renders SQL through the engine), so they are tested here, on
// trees the real parser writes.

describe("SQL facts over DuckDB's parse tree", () => {
  let engine: DuckEngine;
  before(async () => {
    engine = await DuckEngine.open(mkdtempSync(join(tmpdir(), "radar-sqlfacts-")));
  });
  after(() => engine?.close());

  /** The first statement's SELECT nodes, outermost first. */
  async function selects(sql: string): Promise<Json[]> {
    const tree = await parseTree(engine, sql);
    return selectNodes(tree.statements[0]!.node as unknown as Json);
  }

  function table(name: string, columns: string[]): TableInfo {
    return { name, schema: columns.map((c) => ({ name: c, type: "VARCHAR" })) } as unknown as TableInfo;
  }

  test("selectNodes finds every SELECT: subqueries, CTEs and both sides of a UNION", async () => {
    assert.equal((await selects("SELECT 1")).length, 1);
    assert.equal(
      (await selects("WITH c AS (SELECT a FROM t) SELECT * FROM c WHERE a IN (SELECT a FROM u)")).length,
      3,
    );
    assert.equal((await selects("SELECT a FROM t UNION ALL SELECT a FROM u")).length, 2);
  });

  test("conjuncts split ANDs, nested too, not ORs; columnRefs list qualified and bare names", async () => {
    const [select] = await selects("SELECT * FROM t WHERE a = 1 AND (b > 2 AND c < 3) AND (d = 4 OR e = 5)");
    const parts = conjuncts(select!.where_clause);
    assert.deepEqual(
      parts.map((p) => p.type),
      ["COMPARE_EQUAL", "COMPARE_GREATERTHAN", "COMPARE_LESSTHAN", "CONJUNCTION_OR"],
    );
    assert.deepEqual(columnRefs(parts[3]), [["d"], ["e"]]);
    assert.deepEqual(conjuncts(null), []);
    // DuckDB's parser flattens `a AND (b AND c)`; a tree a rule edits may nest them.
    const and = (...children: Json[]): Json => ({ class: "CONJUNCTION", type: "CONJUNCTION_AND", children });
    assert.deepEqual(conjuncts(and(parts[0]!, and(parts[1]!, and(parts[2]!)), parts[3]!)), parts);
    const [join] = await selects("SELECT f.x FROM facts AS f JOIN dims d ON f.k = d.k");
    assert.deepEqual(columnRefs(join!.select_list), [["f", "x"]]);
  });

  test("namesOf and scopeOf: the aliases a FROM defines, and the registered tables behind them", async () => {
    const [select] = await selects(
      "SELECT * FROM Facts AS F JOIN dims ON F.k = dims.k LEFT JOIN (SELECT 1 AS one) sub ON true, range(3) r(i)",
    );
    assert.deepEqual([...namesOf(select!.from_table)].sort(), ["dims", "f", "r", "sub"]);
    const registered = new Map([
      ["Facts", table("Facts", ["k", "Amount"])],
      ["dims", table("dims", ["k", "label"])],
    ]);
    const state = { table: (name: string) => registered.get(name) } as unknown as SharedState;
    const scope = scopeOf(select!.from_table, state);
    assert.deepEqual([...scope.keys()].sort(), ["dims", "f"]);
    assert.equal(scope.get("f")?.name, "Facts");

    // resolveColumn: qualified names by alias, bare names when one table has them, any case.
    assert.deepEqual(
      [resolveColumn(["F", "amount"], scope)?.alias, resolveColumn(["F", "amount"], scope)?.column],
      ["f", "Amount"],
    );
    assert.equal(resolveColumn(["label"], scope)?.table.name, "dims");
    assert.equal(resolveColumn(["k"], scope), undefined, "ambiguous: both tables have k");
    assert.equal(resolveColumn(["f", "label"], scope), undefined);
    assert.equal(resolveColumn(["db", "f", "k"], scope), undefined);
  });

  test("walkOwn stays out of subqueries but reads the left side of IN (SELECT …)", async () => {
    const [select] = await selects(
      "SELECT * FROM t WHERE a IN (SELECT b FROM u WHERE c = 1) AND d = (SELECT max(e) FROM v)",
    );
    const seen: string[] = [];
    walkOwn(select!.where_clause, (n) => {
      if (n.class === "COLUMN_REF") seen.push((n.column_names as string[]).join("."));
    });
    assert.deepEqual(seen, ["a", "d"]);
  });

  test("groupingItems: columns, ordinals, select-list aliases and GROUP BY ALL", async () => {
    const items = async (sql: string): Promise<[number | undefined, string][]> => {
      const [select] = await selects(sql);
      return groupingItems(select!).map(({ expression, item }) => [
        item,
        expression.class === "COLUMN_REF"
          ? (expression.column_names as string[]).join(".")
          : String(expression.function_name ?? expression.class),
      ]);
    };
    // The group expression is kept as written; it is matched to its select item in any case.
    assert.deepEqual(await items("SELECT region, sum(x) FROM t GROUP BY Region, year"), [
      [0, "Region"],
      [undefined, "year"],
    ]);
    assert.deepEqual(await items("SELECT sum(x), region, year FROM t GROUP BY 3, 2"), [
      [2, "year"],
      [1, "region"],
    ]);
    assert.deepEqual(await items("SELECT upper(region) AS r, count(*) FROM t GROUP BY r"), [[0, "upper"]]);
    assert.deepEqual(
      await items("SELECT region, count(*) AS n, lower(kind) AS k, avg(x) OVER () FROM t GROUP BY ALL"),
      [
        [0, "region"],
        [2, "lower"],
      ],
    );
    assert.deepEqual(await items("SELECT count(*) FROM t"), []);
  });

  test("a tree renders back to SQL with its whole doubles (1e6) still doubles", async () => {
    // Held-out FC-03: `sum(x)/1e6` came back as an unsigned integer and json_deserialize_sql
    // refused the tree, so every check of the query was skipped.
    const sql = "WITH o AS (SELECT sum(v) / 1e6 AS m, -2e3 AS n, 2.5 AS h FROM t) SELECT m FROM o";
    const text = await renderTree(engine, await parseTree(engine, sql));
    assert.match(text, /1000000\.0/);
    assert.match(text, /2000\.0/);
    const [row] = await engine.all(
      `SELECT typeof(1e6) AS a, (${text.replace("FROM t", "FROM (SELECT 1 AS v)")}) AS m`,
    );
    assert.equal(row?.a, "DOUBLE");
    assert.equal(row?.m, 0.000001);
  });
});
