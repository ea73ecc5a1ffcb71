import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { dependencies, planCall, repeats } from "../../src/core/batchPlan.ts";
import type { BatchCall } from "../../src/core/batchPlan.ts";

/** Scan names its table after the file when it names none, as the runtime does. */
const scanOutput = (file: string) => file.replace(/\.[a-z]+$/, "");

function after(calls: BatchCall[]): number[][] {
  return dependencies(calls.map((c) => planCall(c, scanOutput)));
}

describe("batch plan: what each operator's facts say it reads and writes", () => {
  test("a Query reads every word of its SQL and writes its output", () => {
    const plan = planCall(
      { op: "Query", sql: "SELECT * FROM Rain JOIN t2 USING (id)", output: "Out" },
      scanOutput,
    );
    for (const word of ["select", "rain", "t2", "id"]) assert.ok(plan.reads.has(word), word);
    assert.deepEqual([...plan.writes], ["out"]);
  });

  test("a Scan without output writes the table named after its file, and holds the file", () => {
    const plan = planCall({ op: "Scan", file: "Rain.csv" }, scanOutput);
    assert.deepEqual([...plan.writes], ["rain", "\u0000file:rain.csv"]);
    assert.equal(plan.readsFiles, "one");
  });

  test("a read-only call writes nothing, whatever its arguments name", () => {
    assert.deepEqual([...planCall({ op: "Probe", table: "rain", output: "x" }, scanOutput).writes], []);
    assert.deepEqual([...planCall({ op: "Other", output: "x" }, scanOutput).writes], []);
  });

  test("a Bash call writes the table its output names", () => {
    assert.deepEqual(
      [...planCall({ op: "Bash", command: "ls", output: "Files" }, scanOutput).writes],
      ["files"],
    );
  });

  test("two Scans of different files run at once; a UnionScan runs apart from any read of files", () => {
    assert.deepEqual(
      after([
        { op: "Scan", file: "a.csv" },
        { op: "Scan", file: "b.csv" },
      ]),
      [[], []],
    );
    assert.deepEqual(
      after([
        { op: "Scan", file: "a.csv" },
        { op: "Scan", file: "a.csv", output: "c" },
      ]),
      [[], [0]],
    );
    const union = { op: "UnionScan", files: ["x/*.csv"], source_column: "f", output: "u" };
    assert.deepEqual(after([{ op: "Scan", file: "a.csv" }, union]), [[], [0]]);
    assert.deepEqual(after([union, { ...union, output: "v" }]), [[], [0]]);
  });

  test("a Query waits for the call that writes a table its SQL names", () => {
    assert.deepEqual(
      after([
        { op: "Scan", file: "a.csv" },
        { op: "Query", sql: "SELECT 1 FROM b", output: "q" },
        { op: "Query", sql: "SELECT 1 FROM a", output: "r" },
      ]),
      [[], [], [0]],
    );
  });

  test("an identical later call repeats the earlier one", () => {
    const plans = [
      { op: "Scan", file: "a.csv" },
      { op: "Scan", file: "a.csv" },
    ].map((c) => planCall(c, scanOutput));
    assert.deepEqual(repeats(plans), [undefined, 0]);
  });
});
