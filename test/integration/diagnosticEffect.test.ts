import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import type { Diagnostic } from "../../src/core/diagnostic.ts";
import { tempLake } from "../helpers/tempLake.ts";

// A warning carries what acting on it changes in the call's result, measured by running the call
// again with the rule's remedy; a finding whose remedy changes nothing the call returns is info.

const { lake, stateDir } = tempLake({
  "fires.csv":
    "agency,acres,fires\nBLM,100,1\nUSFS,250,3\nNPS,50,3\nFWS,70,3\nBIA,30,3\nState,60,3\nTotal,560,16\n",
});

async function findings(sql: string): Promise<Diagnostic[]> {
  const runtime = await Runtime.open(lake, { radarDir: stateDir });
  try {
    await runtime.call({ op: "Scan", file: "fires.csv", output: "f" });
    const call = await runtime.call({ op: "Query", sql, inputs: ["f"], output: "r" });
    assert.equal(call.status, "ok", JSON.stringify(call.diagnostics));
    return call.diagnostics.filter((d) => d.code === "summary-row");
  } finally {
    runtime.close();
  }
}

describe("the measured effect of a finding", () => {
  test("a total row in a sum: the warning states the result before → after without it, and the SQL", async () => {
    const [d] = await findings("SELECT sum(acres) AS acres, count(*) AS n FROM f");
    assert.equal(d?.severity, "warning");
    assert.equal(d?.effect?.measured, true);
    assert.equal(
      d?.effect?.text,
      "acres 1,120 → 560, n 7 → 6 with the summary row(s) 'Total' (fires.csv:8) left out",
    );
    assert.match(d?.effect?.sql ?? "", /rowid NOT IN \(6\)/);
  });

  test("a ranking that puts the total first: the rows that change", async () => {
    const [d] = await findings("SELECT agency, acres FROM f ORDER BY acres DESC LIMIT 2");
    assert.equal(d?.severity, "warning");
    assert.match(
      d?.effect?.text ?? "",
      /^2 of 2 rows change: 'Total' no longer in the result; 'NPS'|'BLM' new/,
    );
  });

  test("a median the total row does not move: lowered to info, saying the result is the same", async () => {
    const [d] = await findings("SELECT median(fires) AS m FROM f");
    assert.ok(d, "summary-row fires on the median over the labelled total");
    assert.equal(d.severity, "info");
    assert.deepEqual(
      { measured: d.effect?.measured, changed: d.effect?.changed },
      { measured: true, changed: false },
    );
    assert.match(d.effect?.text ?? "", /^the result is the same with the summary row\(s\) 'Total'/);
  });
});
