import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { observationFacts, observationTables } from "../../src/extension/trace/callText.ts";

// The editor's trace shows a Bash call that registered its output as a table like a Query: its
// rows with their origins — a file line opens the file, an output line has no file to open.

describe("a Bash table in the editor's trace", () => {
  const observation = {
    command: "grep -n x a.csv | cut -d: -f2",
    stdout: "1\n2\n",
    exitCode: 0,
    table: "t",
    rowCount: 2,
    schema: [{ name: "line", type: "VARCHAR" }],
    records: {
      columns: ["line"],
      rows: [["1"], ["2"]],
      origins: [
        { file: "a.csv", line: 2 },
        { file: "stdout", line: 2, command: "grep -n x a.csv | cut -d: -f2" },
      ],
    },
  };
  test("its rows, with a file line as a link and an output line as none", () => {
    const [table] = observationTables("Bash", observation);
    assert.equal(table!.title, "t — first rows");
    assert.deepEqual(table!.origins, [{ file: "a.csv", line: 2 }, null]);
  });
  test("its table, rows and schema among the facts", () => {
    const facts = Object.fromEntries(observationFacts("Bash", observation).map((f) => [f.label, f.value]));
    assert.equal(facts.table, "t");
    assert.equal(facts.rows, "2");
    assert.equal(facts.schema, "line VARCHAR");
  });
});
