import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

/**
 * Candidates by state joined to a state table that lists AK and OH twice (held-out GR-06: the FEC
 * state table's AK): the examples of join-fanout lead with what is wrong — keys repeated on both
 * sides, then the lookup's own repeats — before the facts side's many rows per state, which a
 * lookup join is meant to keep.
 */
const CANDIDATES = [
  ["CA", 8],
  ["TX", 6],
  ["NY", 5],
  ["FL", 4],
  ["IL", 3],
  ["AK", 2],
  ["OH", 1],
] as const;
const { lake, stateDir } = tempLake({
  "candidates.csv": `cand_id,state,receipts\n${CANDIDATES.flatMap(([st, n]) =>
    Array.from({ length: n }, (_, i) => `${st}${i},${st},${100 * i + 7}`),
  ).join("\n")}\n`,
  "states.csv":
    "code,name\nAK,Alaska\nAK,Alaska\nCA,California\nFL,Florida\nIL,Illinois\nNY,New York\nOH,Ohio\nOH,Ohio\nTX,Texas\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

describe("join-fanout shows the keys that are wrong first", () => {
  test("both sides' repeats, then the lookup's, then the most multiplied", async () => {
    const events = await runtime.runBatch([
      { op: "Scan", file: "candidates.csv", output: "c" },
      { op: "Scan", file: "states.csv", output: "s" },
      {
        op: "Query",
        sql: "SELECT s.name, sum(c.receipts) AS r FROM c JOIN s ON c.state = s.code GROUP BY s.name",
        inputs: ["c", "s"],
        output: "q",
      },
    ]);
    const fanout = events[2]!.diagnostics.find((d) => d.code === "join-fanout");
    assert.ok(fanout, JSON.stringify(events[2]!.diagnostics));
    const shown = [...fanout.message.matchAll(/'([A-Z]{2})': (\d+) × (\d+) rows/g)].map(
      (m) => `${m[1]} ${m[2]}×${m[3]}`,
    );
    assert.deepEqual(shown, ["AK 2×2", "OH 1×2", "CA 8×1", "TX 6×1", "NY 5×1"]);
  });
});
