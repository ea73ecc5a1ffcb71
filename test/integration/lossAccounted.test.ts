import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import type { CallEvent } from "../../src/core/trace/traceEvents.ts";
import { tempLake } from "../helpers/tempLake.ts";

// join-row-loss (issue 10, stop 22): an earlier query of the session whose WHERE/FILTER predicate
// selects, on the join's side, exactly the rows the join drops makes the loss info (the analyst set
// those rows apart already). A predicate that selects fewer or more rows keeps the warning. The
// population table misspells Dalton ('Daltan, GA'), so the loss is not two lists that merely
// overlap (which is info of its own).

const { lake } = tempLake({
  "metro.csv":
    'name,reports\n"Atlanta, GA MSA",900\n"Boston, MA MSA",800\n"Dalton, GA Micropolitan Statistical Area",40\n' +
    '"Athens, TX Micropolitan Statistical Area",30\n"Austin, TX MSA",700\n',
  "pop.csv":
    'name,pop\n"Atlanta, GA",6000000\n"Boston, MA",4900000\n"Austin, TX",2400000\n"Daltan, GA",98000\n',
});

const opened: Runtime[] = [];
after(() => opened.forEach((r) => r.close()));

/** A session with both tables normalised to a letters-only key, as an analyst matching names does. */
async function session(): Promise<Runtime> {
  const { stateDir } = tempLake({});
  const runtime = await Runtime.open(lake, { radarDir: stateDir });
  opened.push(runtime);
  const events = await runtime.runBatch([
    { op: "Scan", file: "metro.csv", output: "m" },
    { op: "Scan", file: "pop.csv", output: "p" },
    {
      op: "Query",
      sql: "SELECT name, reports, regexp_replace(lower(regexp_replace(name, '\\s+(MSA|Micropolitan Statistical Area)$', '')), '[^a-z0-9]', '', 'g') AS k FROM m",
      inputs: ["m"],
      output: "c_norm",
    },
    {
      op: "Query",
      sql: "SELECT name, pop, regexp_replace(lower(name), '[^a-z0-9]', '', 'g') AS k FROM p",
      inputs: ["p"],
      output: "h_norm",
    },
  ]);
  assert.deepEqual(
    events.map((e) => e.status),
    ["ok", "ok", "ok", "ok"],
  );
  return runtime;
}

const join = (runtime: Runtime) =>
  runtime.call({
    op: "Query",
    sql: "SELECT c.name, c.reports, h.pop FROM c_norm c JOIN h_norm h ON c.k = h.k",
    inputs: ["c_norm", "h_norm"],
    output: "matched",
  });

const losses = (e: CallEvent) => e.diagnostics.filter((d) => d.code === "join-row-loss");

describe("join-row-loss accounted for by an earlier query's predicate", () => {
  test("a FILTER that counts exactly the dropped rows, and an anti-join over the table this side is: info naming the calls", async () => {
    const runtime = await session();
    const count = await runtime.call({
      op: "Query",
      sql: "SELECT count(*) AS n, count(*) FILTER (WHERE name ILIKE '%Micropolitan%') AS n_micro FROM c_norm",
      inputs: ["c_norm"],
      output: "c_chk",
    });
    const listing = await runtime.call({
      op: "Query",
      sql: "SELECT h.name FROM h_norm h WHERE h.k NOT IN (SELECT k FROM c_norm)",
      inputs: ["h_norm", "c_norm"],
      output: "h_unmatched",
    });
    const e = await join(runtime);
    const found = losses(e);
    assert.deepEqual(
      found.map((d) => d.severity),
      ["info", "info"],
      JSON.stringify(found),
    );
    const [c, h] = found;
    assert.match(c!.message, new RegExp(`exactly the rows that call #${count.index} \\(c_chk\\)`));
    assert.match(c!.message, /FILTER .*Micropolitan/);
    assert.match(h!.message, new RegExp(`exactly the rows that call #${listing.index} \\(h_unmatched\\)`));
    // The normalised key is shown with the text it was made from.
    assert.match(c!.message, /'daltonga' \(name 'Dalton, GA Micropolitan Statistical Area'\)/);
  });

  test("a predicate that selects only some of the dropped rows keeps the warning", async () => {
    const runtime = await session();
    await runtime.call({
      op: "Query",
      sql: "SELECT count(*) FILTER (WHERE name ILIKE '%Dalton%') AS n FROM c_norm",
      inputs: ["c_norm"],
      output: "c_chk",
    });
    const e = await join(runtime);
    const c = losses(e).find((d) => d.message.includes("of c_norm"));
    assert.equal(c?.severity, "warning", JSON.stringify(losses(e)));
    assert.match(c!.message, /'daltonga' \(name 'Dalton, GA Micropolitan Statistical Area'\)/);
  });

  test("a predicate that selects the dropped rows and kept ones too keeps the warning", async () => {
    const runtime = await session();
    await runtime.call({
      op: "Query",
      sql: "SELECT count(*) FILTER (WHERE name ILIKE '%, GA%' OR name ILIKE '%, TX%') AS n FROM c_norm",
      inputs: ["c_norm"],
      output: "c_chk",
    });
    const e = await join(runtime);
    assert.deepEqual(
      losses(e).map((d) => d.severity),
      ["warning", "warning"],
    );
  });
});
