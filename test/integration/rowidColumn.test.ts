import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";
import { formatCall } from "../../src/cli/formatCall.ts";

/**
 * A file whose first column is named `rowid` (held-out GZ-02: CDC NNDSS exports; the USGS county
 * fertilizer files): DuckDB's `rowid` names a row's position unless a column of that name shadows
 * it, and RADAR reads positions through it. The shadowing column cited line 3420 for the file's
 * line 234; the table now names the column `rowid_1` and says so.
 */
const FILE = "rowid,state,cases\n3420,NY,5\n3421,CA,7\n17,TX,\n900,WA,3\n";
const { lake, stateDir } = tempLake({ "weekly/a.csv": FILE, "weekly/b.csv": FILE.replace("NY,5", "NY,6") });

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

describe("a file column named rowid", () => {
  test("Scan renames it, keeps its values, says so and cites the right source lines", async () => {
    const [scan, query] = await runtime.runBatch([
      { op: "Scan", file: "weekly/a.csv", output: "a" },
      { op: "Query", sql: "SELECT state, sum(cases) AS n FROM a GROUP BY state", inputs: ["a"], output: "q" },
    ]);
    assert.equal(scan!.status, "ok", scan!.error);
    const observation = scan!.observation as {
      schema: { name: string }[];
      provenance: { notes?: string[] };
      preview: { origins?: ({ line: number } | null)[] };
    };
    assert.deepEqual(
      observation.schema.map((c) => c.name),
      ["rowid_1", "state", "cases"],
    );
    assert.ok(
      observation.provenance.notes?.some((n) => n.startsWith('column "rowid" is named "rowid_1"')),
      JSON.stringify(observation.provenance),
    );
    assert.match(formatCall(scan!), /note: column "rowid" is named "rowid_1"/);
    const values = await runtime.engine.all(`SELECT rowid AS position, rowid_1 FROM a ORDER BY rowid`);
    assert.deepEqual(
      values.map((r) => [Number(r.position), Number(r.rowid_1)]),
      [
        [0, 3420],
        [1, 3421],
        [2, 17],
        [3, 900],
      ],
    );
    // TX's NULL sits on line 4 of the file (its rowid column holds 17: line 18 was cited before).
    const nulls = query!.diagnostics.find((d) => d.code === "null-in-aggregate");
    assert.ok(nulls, JSON.stringify(query!.diagnostics));
    assert.deepEqual(
      nulls.locations.map((l) => `${l.file}:${l.line}`),
      ["weekly/a.csv:4"],
    );
  });

  test("UnionScan and a Query output rename it too; rows keep their files' lines", async () => {
    const [union, query, sums] = await runtime.runBatch([
      { op: "UnionScan", files: ["weekly/a.csv", "weekly/b.csv"], source_column: "week", output: "u" },
      {
        op: "Query",
        sql: "SELECT rowid, state FROM u WHERE cases IS NULL",
        inputs: ["u"],
        output: "positions",
      },
      { op: "Query", sql: "SELECT state, sum(cases) AS n FROM u GROUP BY state", inputs: ["u"], output: "s" },
    ]);
    assert.equal(union!.status, "ok", union!.error);
    const u = union!.observation as {
      schema: { name: string }[];
      notes?: string[];
      sources: { schema: { name: string }[] }[];
      partialColumns: unknown[];
    };
    assert.deepEqual(
      u.schema.map((c) => c.name),
      ["week", "rowid_1", "state", "cases"],
    );
    assert.deepEqual(u.partialColumns, []);
    assert.ok(
      u.notes?.some((n) => n.includes('"rowid_1"')),
      JSON.stringify(u.notes),
    );
    const q = query!.observation as { schema: { name: string }[]; notes?: string[] };
    // The query's rowid is u's row positions (2 and 6); its output column is renamed in turn.
    assert.deepEqual(
      q.schema.map((c) => c.name),
      ["rowid_1", "state"],
    );
    const rows = await runtime.engine.all(`SELECT rowid_1 FROM positions ORDER BY rowid_1`);
    assert.deepEqual(
      rows.map((r) => Number(r.rowid_1)),
      [2, 6],
    );
    assert.ok(
      q.notes?.some((n) => n.startsWith('column "rowid" is named "rowid_1"')),
      JSON.stringify(q.notes),
    );
    const nulls = sums!.diagnostics.find((d) => d.code === "null-in-aggregate");
    assert.ok(nulls, JSON.stringify(sums!.diagnostics));
    assert.deepEqual(
      nulls.locations.map((l) => `${l.file}:${l.line}`),
      ["weekly/a.csv:4", "weekly/b.csv:4"],
    );
  });
});
