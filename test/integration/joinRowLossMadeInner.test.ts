import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import type { Diagnostic } from "../../src/core/diagnostic.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Stop 28, a held-out lake (two versions of a vehicle-sales table): `FULL OUTER JOIN (SELECT …
// WHERE Year = 2019) n ON o.Entity = n.Entity WHERE o.Year = 2019` — the WHERE reads only o, NULL
// in the rows the join adds for n's unmatched keys, so it drops them again: the new file's
// 'Europe' row vanished with no finding. For that side the join is an inner join, and its lost
// rows are reported as an inner join's are.

const countries = ["Austria", "Belgium", "Denmark", "Finland", "France", "Germany", "Italy", "Spain"];
const rows = (extra: string): string =>
  "Entity,Year,sales\n" +
  countries.flatMap((c, i) => [2018, 2019].map((y) => `${c},${y},${1000 * (i + 1) + y - 2018}`)).join("\n") +
  `\n${extra}\n`;
const { lake, stateDir } = tempLake({
  "old.csv": rows("EU-13,2019,52000"),
  "new.csv": rows("Europe,2019,60000"),
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const name of ["old", "new"])
    assert.equal((await runtime.call({ op: "Scan", file: `${name}.csv`, output: name })).status, "ok");
});
after(() => runtime?.close());

let n = 0;
async function losses(sql: string): Promise<Diagnostic[]> {
  const call = await runtime.call({ op: "Query", sql, inputs: ["old", "new"], output: `q${n++}` });
  assert.equal(call.status, "ok", JSON.stringify(call.diagnostics));
  return call.diagnostics.filter((d) => d.code === "join-row-loss" && d.severity === "warning");
}

describe("join-row-loss: an outer join its WHERE makes inner", () => {
  test("a FULL JOIN whose WHERE reads only the other side drops the unmatched rows again, and says so", async () => {
    const [d, ...rest] = await losses(
      "SELECT o.Entity, o.sales AS old_sales, n.sales AS new_sales FROM old o FULL OUTER JOIN (SELECT * FROM new WHERE Year = 2019) n ON o.Entity = n.Entity WHERE o.Year = 2019",
    );
    assert.equal(rest.length, 0, JSON.stringify(rest));
    assert.match(
      d?.message ?? "",
      /^WHERE \(?o\.\(?"?Year"?\)? = 2019\)? reads only o, which the full join fills with NULL/,
    );
    assert.match(d?.message ?? "", /'Europe' \(new\.csv:18\)/);
  });

  test("a LEFT JOIN with a condition on its right side alone is made inner too", async () => {
    const [d] = await losses(
      "SELECT n.Entity, n.sales, o.sales AS old_sales FROM new n LEFT JOIN old o ON o.Entity = n.Entity AND o.Year = n.Year WHERE o.sales > 0",
    );
    assert.match(d?.message ?? "", /reads only o, which the left join fills with NULL/);
    assert.match(d?.message ?? "", /'Europe'/);
  });

  test("conditions NULL passes, or on the kept side, leave the outer join as it is", async () => {
    for (const sql of [
      "SELECT n.Entity FROM new n LEFT JOIN old o ON o.Entity = n.Entity AND o.Year = n.Year WHERE o.Entity IS NULL",
      "SELECT n.Entity, o.sales FROM new n LEFT JOIN old o ON o.Entity = n.Entity AND o.Year = n.Year WHERE n.Year = 2019",
      "SELECT n.Entity, o.sales FROM new n LEFT JOIN old o ON o.Entity = n.Entity AND o.Year = n.Year WHERE coalesce(o.sales, 0) >= 0",
    ])
      assert.deepEqual(await losses(sql), [], sql);
  });
});
