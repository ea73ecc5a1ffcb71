import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Runtime } from "../../src/core/runtime.ts";
import type { OperatorCall } from "../../src/core/runtime.ts";
import { repoRoot } from "../helpers/tempLake.ts";

test("the shipped demo reproduces both motivating cases: the unkeyed merge is rejected, the lost year is reported", async () => {
  const calls = JSON.parse(readFileSync(join(repoRoot, "examples/demoBatch.json"), "utf8")) as OperatorCall[];
  const runtime = await Runtime.open(join(repoRoot, "examples/lake"), {
    radarDir: mkdtempSync(join(tmpdir(), "radar-demo-")),
  });
  try {
    const results = await runtime.runBatch(calls);
    const merged = results.find((r) => r.args.output === "merged_unkeyed")!;
    assert.equal(merged.status, "rejected");
    assert.equal(merged.diagnostics[0]?.code, "unkeyed-join");
    const lossy = results.find((r) => r.args.output === "rain_vs_yield")!;
    assert.equal(lossy.status, "ok");
    const loss = lossy.diagnostics.find((d) => d.code === "join-row-loss");
    assert.ok(loss, "join-row-loss expected on the inner join");
    assert.deepEqual(loss.locations, [{ file: "climate/rainfall.csv", line: 5 }]);
    const others = results.filter((r) => r !== merged);
    assert.deepEqual(
      others.map((r) => r.status),
      others.map(() => "ok"),
    );
    const keptAll = results.find((r) => r.args.output === "rain_vs_yield_all_years")!;
    assert.deepEqual(
      keptAll.diagnostics.filter((d) => d.severity !== "info"),
      [],
    );
  } finally {
    runtime.close();
  }
});
