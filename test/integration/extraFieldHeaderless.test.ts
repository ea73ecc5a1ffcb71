import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// A header-less project export whose lines end in a delimiter (held-out IT-03, Kickstarter's
// early sample): a name holding an unquoted comma gives its line one field more, and every field
// after it sits one column right — a state in the currency column, a date where amounts are.
const STATES = ["successful", "failed", "canceled"];
const line = (i: number, name: string): string =>
  `${9000 + i},${name},Theater,USD,2015-0${1 + (i % 9)}-1${i % 10},${1000 + i}.00,${STATES[i % 3]},${10 + i},US,`;
const lines = Array.from({ length: 60 }, (_, i) =>
  i === 17 || i === 41 ? line(i, `Hamlet, Prince of Denmark ${i}`) : line(i, `Play number ${i}`),
);
const { lake, stateDir } = tempLake({ "projects.csv": `${lines.join("\n")}\n` });

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

describe("rows with one field more in a file with no header", () => {
  test("the Scan names the rows, the stray field and the columns their values left", async () => {
    const scan = await runtime.call({ op: "Scan", file: "projects.csv", output: "p" });
    const found = scan.diagnostics.find((d) => /one field more than the others/.test(d.message));
    assert.equal(found?.severity, "warning");
    assert.match(
      found!.message,
      /^projects\.csv: 2 rows \(the first at line 18\) hold a value past the last field the other rows fill \(column9 'US'\) — the other 58 rows leave it empty —/,
    );
    assert.deepEqual(found!.locations, [{ file: "projects.csv", line: 18 }]);
  });
});
