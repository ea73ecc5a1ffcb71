import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { memoryBudget, MEMORY_LIMIT_ENV, parseMemorySize } from "../../src/core/engine/memoryBudget.ts";

describe("memory budget", () => {
  test("sizes in decimal and binary units, and plain bytes", () => {
    assert.equal(parseMemorySize("1GB", "x"), 1e9);
    assert.equal(parseMemorySize("1.5gb", "x"), 1.5e9);
    assert.equal(parseMemorySize("2GiB", "x"), 2 * 2 ** 30);
    assert.equal(parseMemorySize("800MiB", "x"), 800 * 2 ** 20);
    assert.equal(parseMemorySize("500000000", "x"), 5e8);
  });

  test("a size it cannot read, or one too small to map with, names where it came from", () => {
    assert.throws(
      () => parseMemorySize("lots", "--memory-limit"),
      /--memory-limit: "lots" is not a memory size/,
    );
    assert.throws(() => parseMemorySize("1G", "--memory-limit"), /not a memory size/);
    assert.throws(() => parseMemorySize("100MB", "RADAR_MEMORY_LIMIT"), /RADAR_MEMORY_LIMIT: 100MB is below/);
  });

  test("option, then environment, then 1GB; DuckDB gets the budget less 250 MiB, at least half", () => {
    assert.deepEqual(memoryBudget(undefined, {}), {
      bytes: 1e9,
      text: "1GB",
      source: "default",
      duckdbLimit: "703MiB",
    });
    assert.equal(memoryBudget(undefined, { [MEMORY_LIMIT_ENV]: "4GiB" }).duckdbLimit, "3846MiB");
    assert.equal(memoryBudget("256MiB", { [MEMORY_LIMIT_ENV]: "4GiB" }).duckdbLimit, "128MiB");
    assert.equal(memoryBudget("256MiB", {}).source, "option");
  });
});
