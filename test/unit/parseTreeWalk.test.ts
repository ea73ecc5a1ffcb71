import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { deserializable, walk } from "../../src/core/sandbox/sqlGate.ts";
import type { Json } from "../../src/core/validation/sqlFacts.ts";

/**
 * DuckDB's parse tree of `SELECT state, sum(amount) AS total FROM sales WHERE amount > 0 GROUP BY
 * state`, as `json_serialize_sql` of DuckDB v1.5.6 wrote it: the SQL gate and the validation rules
 * read trees of this shape, so walking one needs no DuckDB.
 */
const RECORDED = String.raw`{"error":false,"statements":[{"node":{"type":"SELECT_NODE","modifiers":[],"cte_map":{"map":[]},"select_list":[{"class":"COLUMN_REF","type":"COLUMN_REF","alias":"","query_location":7,"column_names":["state"]},{"class":"FUNCTION","type":"FUNCTION","alias":"total","query_location":14,"function_name":"sum","schema":"","children":[{"class":"COLUMN_REF","type":"COLUMN_REF","alias":"","query_location":18,"column_names":["amount"]}],"filter":null,"order_bys":{"type":"ORDER_MODIFIER","orders":[]},"distinct":false,"is_operator":false,"export_state":false,"catalog":""}],"from_table":{"type":"BASE_TABLE","alias":"","sample":null,"query_location":40,"schema_name":"","table_name":"sales","column_name_alias":[],"catalog_name":"","at_clause":null},"where_clause":{"class":"COMPARISON","type":"COMPARE_GREATERTHAN","alias":"","query_location":59,"left":{"class":"COLUMN_REF","type":"COLUMN_REF","alias":"","query_location":52,"column_names":["amount"]},"right":{"class":"CONSTANT","type":"VALUE_CONSTANT","alias":"","query_location":61,"value":{"type":{"id":"INTEGER","type_info":null},"is_null":false,"value":0}}},"group_expressions":[{"class":"COLUMN_REF","type":"COLUMN_REF","alias":"","query_location":72,"column_names":["state"]}],"group_sets":[[0]],"aggregate_handling":"STANDARD_HANDLING","having":null,"sample":null,"qualify":null},"named_param_map":[]}]}`;

describe("walk: every object of a parse tree", () => {
  test("parents before children, in document order", () => {
    const located: number[] = [];
    const columns: string[] = [];
    walk(JSON.parse(RECORDED), (n) => {
      if (typeof n.query_location === "number") located.push(n.query_location);
      if (n.class === "COLUMN_REF") columns.push((n.column_names as string[]).join("."));
    });
    // The comparison (59) comes before its left operand (52), though the operand is written first.
    assert.deepEqual(located, [7, 14, 18, 40, 59, 52, 61, 72]);
    assert.deepEqual(columns, ["state", "amount", "amount", "state"]);
  });

  test("objects inside arrays are visited; arrays and scalars are not passed to the visitor", () => {
    const seen: Json[] = [];
    walk({ a: [[{ b: 1 }], 2, null, "x"], c: { d: [] } }, (n) => seen.push(n));
    assert.deepEqual(seen, [{ a: [[{ b: 1 }], 2, null, "x"], c: { d: [] } }, { b: 1 }, { d: [] }]);
    const none: Json[] = [];
    walk([1, "two", null, [3]], (n) => none.push(n));
    walk(undefined, (n) => none.push(n));
    assert.deepEqual(none, []);
  });

  test("a tree 200,000 levels deep (a long UNION ALL chain) does not overflow the stack", () => {
    let tree: Json = { leaf: true };
    for (let i = 0; i < 200_000; i++) tree = { type: "SET_OPERATION_NODE", left: tree };
    let count = 0;
    let leaf = false;
    walk(tree, (n) => {
      count++;
      if (n.leaf === true) leaf = true;
    });
    assert.equal(count, 200_001);
    assert.ok(leaf);
  });
});

describe("deserializable: DuckDB's 'no location' made safe to hand back", () => {
  test("a query_location past the safe integers (UINT64_MAX read by JSON.parse) becomes 0", () => {
    const tree = JSON.parse(
      '{"node":{"query_location":18446744073709551615,"children":[{"query_location":18446744073709551615},{"query_location":61}]}}',
    ) as { node: { query_location: number; children: { query_location: number }[] } };
    const same = deserializable(tree);
    assert.equal(same, tree, "fixed in place");
    assert.equal(tree.node.query_location, 0);
    assert.deepEqual(
      tree.node.children.map((c) => c.query_location),
      [0, 61],
    );
  });

  test("a recorded tree with real locations is left as it was", () => {
    const tree: unknown = JSON.parse(RECORDED);
    assert.deepEqual(deserializable(tree), JSON.parse(RECORDED));
  });
});
