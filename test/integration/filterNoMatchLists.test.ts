import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Held-out GD-06 (stop 35): a flag written 't'/'f', filtered on an IN list of the usual spellings
// of true. One finding about the list, naming every value of it: five warnings said the same.
const { lake, stateDir } = tempLake({
  "cost_reports.csv": [
    "provider,year,beds,most_recent",
    ...Array.from(
      { length: 12 },
      (_, i) => `0${10001 + i},${2017 + (i % 3)},${40 + i},${i % 3 === 2 ? "t" : "f"}`,
    ),
  ].join("\n"),
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  assert.equal((await runtime.call({ op: "Scan", file: "cost_reports.csv", output: "cr" })).status, "ok");
});
after(() => runtime?.close());

describe("filter-no-match on an IN list", () => {
  test("every value of the list missing: one warning, the other values named in it", async () => {
    const r = await runtime.call({
      op: "Query",
      sql: "SELECT sum(beds) AS beds FROM cr WHERE most_recent IN ('TRUE', 'True', 'true', '1', 'Y')",
      inputs: ["cr"],
      output: "q1",
    });
    const found = r.diagnostics.filter((d) => d.code === "filter-no-match");
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.equal(found[0]!.severity, "warning");
    assert.match(found[0]!.message, /The value 'TRUE' never occurs in cr\.most_recent/);
    assert.match(
      found[0]!.message,
      /other value\(s\) 'True', 'true', '1', 'Y' never occur in most_recent either/,
    );
  });

  test("two lists, two findings: a list's values are merged, not two lists'", async () => {
    const r = await runtime.call({
      op: "Query",
      sql: "SELECT sum(beds) AS beds FROM cr WHERE most_recent IN ('TRUE', 'Y') OR year IN (1999, 2000)",
      inputs: ["cr"],
      output: "q2",
    });
    // Inside an OR only case mistakes are told: 'TRUE' is none ('t' is not 'true' in any case).
    assert.deepEqual(
      r.diagnostics.filter((d) => d.code === "filter-no-match").map((d) => d.severity),
      [],
    );
    const both = await runtime.call({
      op: "Query",
      sql: "SELECT sum(beds) AS beds FROM cr WHERE most_recent IN ('TRUE', 'Y') AND year IN (1999, 2000)",
      inputs: ["cr"],
      output: "q3",
    });
    const found = both.diagnostics.filter((d) => d.code === "filter-no-match");
    assert.equal(found.length, 2, JSON.stringify(found));
    assert.match(found[0]!.message, /other value\(s\) 'Y' never occur/);
    assert.match(found[1]!.message, /other value\(s\) 2000 never occur/);
  });
});
