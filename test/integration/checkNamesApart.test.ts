import { afterEach, beforeEach, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";
import type { Diagnostic } from "../../src/core/diagnostic.ts";

// Analysts name tables in one letter (held-out IR: listings `l`, reviews `r`). The checks' own
// SQL names its intermediate results too; a name of theirs that is also a table's made the check
// read its own result where it meant the table ("Values list "l" does not have a column named
// "room_type"", the filter check skipped) or count the wrong rows.
const LISTINGS = Array.from(
  { length: 12 },
  (_, i) => `${100 + i},${["Entire home/apt", "Private room"][i % 2]},${50 + i}`,
);
// Reviews of listings 100–111, and of two listings (900, 901) the listings file does not have.
const REVIEWS = [
  ...Array.from({ length: 24 }, (_, i) => `${100 + (i % 12)},2020-0${1 + (i % 9)}-1${i % 10}`),
  "900,2020-03-01",
  "900,2020-03-02",
  "901,2020-04-01",
];
const { lake, stateDir } = tempLake({
  "l.csv": ["id,room_type,price", ...LISTINGS].join("\n") + "\n",
  "r.csv": ["listing_id,date", ...REVIEWS].join("\n") + "\n",
});

// Each test in a session of its own: what one check memoised must not stand in for another's read.
let runtime: Runtime | undefined;
beforeEach(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  await runtime.call({ op: "Scan", file: "l.csv", output: "l" });
  await runtime.call({ op: "Scan", file: "r.csv", output: "r" });
});
afterEach(() => runtime?.close());

const codes = (call: { diagnostics: Diagnostic[] }): string[] => call.diagnostics.map((d) => d.code);

describe("tables named like the checks' own intermediate results", () => {
  test("a filter on table l is checked: the value it names is not in the column", async () => {
    const call = await runtime!.call({
      op: "Query",
      sql: "SELECT room_type, count(*) AS n FROM l WHERE room_type = 'Entire home' GROUP BY 1",
      inputs: ["l"],
      output: "q1",
    });
    assert.ok(!codes(call).includes("validation-error"), JSON.stringify(call.diagnostics));
    const found = call.diagnostics.find((d) => d.code === "filter-no-match");
    assert.match(found?.message ?? "", /'Entire home' never occurs in l\.room_type/);
  });

  test("a join of r with l, l filtered by its WHERE: the loss counts r's rows, not the check's own", async () => {
    const call = await runtime!.call({
      op: "Query",
      sql: "SELECT r.listing_id, l.price FROM r JOIN l ON r.listing_id = l.id WHERE l.price > 0",
      inputs: ["r", "l"],
      output: "q2",
    });
    assert.ok(!codes(call).includes("validation-error"), JSON.stringify(call.diagnostics));
    const loss = call.diagnostics.find((d) => d.code === "join-row-loss" && /of r\b/.test(d.message));
    assert.match(
      loss?.message ?? "",
      /dropped 3 of 27 row\(s\) of r \(2 key value\(s\) with no match in l\)/,
    );
  });
});
