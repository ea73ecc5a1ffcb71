import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

/**
 * Held-out HK-10: artists of two museums matched by a name key and a birth year, the key built two
 * ways (k1 keeps dots as word breaks, k2 drops them) and the two matchings set against each other.
 * The names `jan le witt` / `jan lewitt` differ only in a space: said once as a warning, then as an
 * info that says it was reported before; the query that contrasts the two joins loses no rows it
 * is about.
 */
const TATE = [
  "id,k1,k2,born",
  "1,r b kitaj,rb kitaj,1932",
  "2,jan le witt,jan le witt,1907",
  ...Array.from({ length: 30 }, (_, i) => `${10 + i},artist ${i},artist ${i},${1900 + i}`),
].join("\n");
const MOMA = [
  "id,k1,k2,born",
  "501,r b kitaj,r b kitaj,1932",
  "502,jan lewitt,jan lewitt,1907",
  ...Array.from({ length: 5 }, (_, i) => `${510 + i},artist ${i},artist ${i},${1900 + i}`),
  ...Array.from({ length: 60 }, (_, i) => `${600 + i},painter ${i},painter ${i},${1850 + i}`),
].join("\n");
const { lake, stateDir } = tempLake({ "tate.csv": TATE, "moma.csv": MOMA });

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

describe("two matchings of one pair of tables", () => {
  test("a pair of spellings is a warning once, then an info that says it was reported", async () => {
    await runtime.runBatch([
      { op: "Scan", file: "tate.csv", output: "tk" },
      { op: "Scan", file: "moma.csv", output: "mk" },
    ]);
    // One call after the other: in one batch the two queries may run at once on two lanes, and
    // which of them reports the pair first then depends on timing (seen on a loaded machine).
    const first = await runtime.call({
      op: "Query",
      sql: "SELECT count(*) AS n FROM tk JOIN mk ON tk.k1 = mk.k1 AND tk.born = mk.born",
      inputs: ["tk", "mk"],
      output: "m1",
    });
    const second = await runtime.call({
      op: "Query",
      sql: "SELECT tk.id, mk.id AS moma FROM tk JOIN mk ON tk.k1 = mk.k1 AND tk.born = mk.born WHERE tk.id NOT IN (SELECT tk.id FROM tk JOIN mk ON tk.k2 = mk.k2 AND tk.born = mk.born)",
      inputs: ["tk", "mk"],
      output: "only_k1",
    });
    const codes = (c: typeof first) => c!.diagnostics.map((d) => `${d.severity} ${d.code}`);
    assert.ok(codes(first).includes("warning join-key-mismatch"), JSON.stringify(first!.diagnostics));
    // The k1 join meets the same pair again; the k2 join meets a pair of its own (`rb kitaj` /
    // `r b kitaj`), new, so a warning.
    const again = second!.diagnostics.filter(
      (d) => d.code === "join-key-mismatch" && d.message.includes("tk.k1 = mk.k1"),
    );
    assert.ok(again.length > 0, JSON.stringify(second!.diagnostics));
    for (const d of again) {
      assert.equal(d.severity, "info");
      assert.match(d.message, /^Again, as reported for another join of this session: the inner join on /);
    }
    assert.ok(
      second!.diagnostics.some(
        (d) => d.code === "join-key-mismatch" && d.severity === "warning" && d.message.includes("'rb kitaj'"),
      ),
      JSON.stringify(second!.diagnostics),
    );
    // The contrast of the two joins: the rows neither matching pairs are not its subject.
    assert.deepEqual(
      second!.diagnostics.filter((d) => d.code === "join-row-loss" && d.severity === "warning"),
      [],
    );
    const rows = await runtime.engine.all("SELECT id FROM only_k1");
    assert.deepEqual(
      rows.map((r) => Number(r.id)),
      [1],
    );
  });
});
