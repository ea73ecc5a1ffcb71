import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { isAdditive, isAggregate, isAnyAggregate } from "../../src/core/validation/aggregates.ts";
import { TOTAL_LABEL, isTotalLabel } from "../../src/core/validation/totalLabel.ts";

// The words the validation rules read a query and a table by: which functions aggregate (and which
// of those a row counted twice changes), and which row labels name a total of the others.

describe("isTotalLabel: a row that totals the others", () => {
  test("totals, sums and 'all' rows, any case, spaces around them trimmed", () => {
    for (const label of [
      "Total",
      "TOTALS",
      "  Grand Total ",
      "Subtotal",
      "sub-total",
      "Sum",
      "All",
      "Overall",
      "All States",
      "all  regions",
      "Total: 2019",
      "Total (all ages)",
      "U.S. total",
      "state subtotal",
      "Totals5",
      "Total*",
      "TOTAL†",
    ])
      assert.ok(isTotalLabel(label), label);
  });

  test("entities that contain the words, empty cells and non-text are not", () => {
    for (const label of [
      "Totally Fit Gym",
      "Summit County",
      "Allegheny",
      "All Saints Hospital",
      "Tota",
      "Total123",
      "",
    ])
      assert.ok(!isTotalLabel(label), label);
    assert.ok(!isTotalLabel(0));
    assert.ok(!isTotalLabel(null));
    assert.ok(!isTotalLabel(["Total"]));
  });

  test("the pattern is one DuckDB can use too: no lookbehind, no named groups, no flags inside", () => {
    assert.doesNotMatch(TOTAL_LABEL, /\(\?<|\(\?[a-z]/);
    assert.ok(new RegExp(`^(${TOTAL_LABEL})$`, "i").test("grand totals"));
  });
});

describe("aggregate functions", () => {
  test("aggregates the rules weigh, by name in any case", () => {
    for (const name of ["sum", "AVG", "Count", "median", "string_agg", "arg_max"])
      assert.ok(isAggregate(name), name);
    for (const name of ["abs", "round", "count_star", "coalesce", "sum_no_overflow"])
      assert.ok(!isAggregate(name), name);
  });

  test("additive ones change when a row is counted twice; min, max and picks do not", () => {
    for (const name of ["sum", "avg", "COUNT", "median", "stddev", "product"])
      assert.ok(isAdditive(name), name);
    for (const name of ["min", "max", "any_value", "first", "arg_max", "list"])
      assert.ok(!isAdditive(name), name);
  });

  test("count(*) (count_star), corr and the like are aggregates too when telling keys from values", () => {
    for (const name of ["count_star", "COUNT_IF", "corr", "regr_slope", "weighted_avg", "sum"])
      assert.ok(isAnyAggregate(name), name);
    for (const name of ["abs", "strftime", "row_number", "lag"]) assert.ok(!isAnyAggregate(name), name);
  });
});
