import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { VARIANT_ROWS_ABOVE } from "../../src/core/validation/variantRows.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Issue 25, item 4: on a large table value-variants reads the candidate spellings' rows once (a
// temporary copy) for its per-group evidence instead of scanning the table per statement. The
// findings must be those of the small table: two beaches one letter apart in two towns are not
// variants; a trailing-space spelling of one beach in its own town is.

const names = [
  ["Camp Lowe Beach", "Lancaster"],
  ["Camp Howe Beach", "Ashburnham"],
  ["Sandy Point Beach", "Acton"],
  ["Long Pond Beach", "Dover"],
  ["Nantasket Beach", "Hull"],
  ["Laurel Lake Beach", "Lenox"],
  ["Town Beach", "Acton"],
  ["Memorial Beach", "Dover"],
];
const days = Math.ceil((VARIANT_ROWS_ABOVE * 1.2) / names.length);
const rows: string[] = [];
for (let day = 1; day <= days; day++)
  for (const [i, [name, town]] of names.entries())
    // Camp Lowe and Camp Howe are sampled on different days (no evidence from the days).
    if (!(i === 1 && day % 2 === 1) && !(i === 0 && day % 2 === 0))
      rows.push(`${day},${name}${i === 4 && day % 500 === 0 ? " " : ""},${town},${(i * 7 + day * 3) % 50}`);

const { lake, stateDir } = tempLake({ "beaches.csv": `day,beach,town,enterococcus\n${rows.join("\n")}\n` });

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  const scan = await runtime.call({ op: "Scan", file: "beaches.csv", output: "beaches" });
  assert.equal(scan.status, "ok");
});
after(() => runtime?.close());

describe("value-variants on a table above the copy threshold", () => {
  test("near names of two towns are not paired; the same-town trailing space is", async () => {
    assert.ok(rows.length >= VARIANT_ROWS_ABOVE, `${rows.length} rows: below the copy threshold`);
    const r = await runtime.call({
      op: "Query",
      sql: "SELECT beach, avg(enterococcus) AS mean, count(*) AS samples FROM beaches GROUP BY beach",
      inputs: ["beaches"],
      output: "per_beach",
    });
    assert.equal(r.status, "ok");
    const found = r.diagnostics.filter((d) => d.code === "value-variants");
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.doesNotMatch(found[0]!.message, /Camp/);
    assert.match(found[0]!.message, /'Nantasket Beach' \/ 'Nantasket Beach '/);
  });
});
