import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

/**
 * A failed export saved under the data's name (held-out HI-03: the national dam inventory's
 * `nation.csv` holds one sentence) was mapped as a table of no rows whose one column was the
 * sentence, and Discover offered it as a source. It is text; a header-only CSV stays a table.
 */
const MESSAGE = "No export currently available. Check back in approx. 5 minutes for a new export report";
const { lake, stateDir } = tempLake({
  "nid/nation.csv": MESSAGE,
  "nid/empty_extract.csv": "NID ID,Dam Name,State\n",
  "nid/one_column.csv": "Dam Name\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir, validate: false });
});
after(() => runtime?.close());

describe("a CSV whose one line is a sentence", () => {
  test("is text with its line kept, and Scan says it holds no table", async () => {
    const entry = runtime.map.files.find((f) => f.path === "nid/nation.csv");
    assert.equal(entry?.format, "text");
    assert.equal(entry?.tables, undefined);
    assert.deepEqual(entry?.firstLines, [MESSAGE]);
    const [scan] = await runtime.runBatch([{ op: "Scan", file: "nid/nation.csv", output: "n" }]);
    assert.equal(scan!.status, "rejected");
    const said = scan!.diagnostics.find((d) => d.code === "not-a-table");
    assert.match(
      said?.message ?? "",
      /nid\/nation\.csv holds no table \(text\)/,
      JSON.stringify(scan!.diagnostics),
    );
  });

  test("header-only files stay tables of no rows", () => {
    for (const path of ["nid/empty_extract.csv", "nid/one_column.csv"]) {
      const entry = runtime.map.files.find((f) => f.path === path);
      assert.equal(entry?.format, "csv", path);
      assert.equal(entry?.tables?.[0]?.rowCount, 0, path);
    }
  });
});
