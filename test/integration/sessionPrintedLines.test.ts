import { test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Stop 27, analyst K: a batch printed a file's header and rows with `head`, the next batch — run
// by a new `radar batch --session` process — named the unnamed column it reads, and still got the
// header-offset warning, because what Bash printed was kept in the process only. It is kept with
// the session now: the same two batches in two processes get what one process gets.

const FILE = "co2/monthly.csv";
const { lake, stateDir } = tempLake({
  // Six names over seven fields: the last column has no name in the header.
  [FILE]: `year,month,decimal,average,interpolated,trend\n${Array.from(
    { length: 24 },
    (_, i) =>
      `${2000 + Math.floor(i / 12)},${(i % 12) + 1},${(2000 + i / 12).toFixed(3)},${(370 + i / 10).toFixed(2)},${(370 + i / 10).toFixed(2)},${(370 + i / 11).toFixed(2)},${25 + (i % 5)}`,
  ).join("\n")}\n`,
});

const headerOffset = async (runtime: Runtime): Promise<string[]> => {
  const events = await runtime.runBatch([
    {
      op: "Query",
      sql: "SELECT year, month, column6 AS days FROM co2",
      inputs: ["co2"],
      output: `short${Math.random().toString(36).slice(2, 7)}`,
    },
  ]);
  return events.flatMap((e) =>
    e.diagnostics.filter((d) => d.code === "header-offset").map((d) => d.severity),
  );
};

test("what Bash printed in one process's batch counts as seen by the next process's batch", async () => {
  const first = await Runtime.open(lake, { stateDir, session: "co2" });
  const looked = await first.runBatch([
    { op: "Bash", command: `head -n 5 ${FILE}` },
    { op: "Scan", file: FILE, output: "co2" },
  ]);
  assert.deepEqual(
    looked.map((e) => e.status),
    ["ok", "ok"],
  );
  first.end("ok", await first.finalChecks());
  first.close();

  const second = await Runtime.open(lake, { stateDir, session: "co2" });
  try {
    assert.deepEqual(await headerOffset(second), ["info"]);
  } finally {
    second.close();
  }

  // The twin: a session that never printed the file is warned.
  const other = await Runtime.open(lake, { stateDir, session: "unseen" });
  try {
    assert.equal((await other.runBatch([{ op: "Scan", file: FILE, output: "co2" }]))[0]!.status, "ok");
    assert.deepEqual(await headerOffset(other), ["warning"]);
  } finally {
    other.close();
  }
});
