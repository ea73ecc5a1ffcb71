import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { sourceMapSummary } from "../../src/agent/sourceMapSummary.ts";
import type { SummaryHit } from "../../src/agent/sourceMapSummary.ts";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

const files: Record<string, string> = { "notes/readme.txt": "About the fraud data\nsecond line\n" };
for (const state of ["Ohio", "Texas", "Maine", "Iowa"])
  files[`State MSA Fraud/${state}.csv`] = `Metropolitan Area,Reports\n${state} City,12\n`;
for (let i = 0; i < 30; i++) files[`other/unrelated_${i}.csv`] = `weather,value\nrain,${i}\n`;

describe("the lake summary in the first prompt", () => {
  test("top Discover hits only, with schemas and samples; a folder of same-shaped files as one pattern", async () => {
    const { lake, stateDir } = tempLake(files);
    const runtime = await Runtime.open(lake, { radarDir: stateDir });
    try {
      const call = await runtime.call({ op: "Discover", query: "fraud reports by metropolitan area" });
      const hits = (call.observation as { hits: SummaryHit[] }).hits;
      const text = sourceMapSummary(runtime.map, hits);
      assert.match(text, /^The lake has 35 files/);
      assert.match(
        text,
        /State MSA Fraud\/\*\.csv \(a folder of 4 same-shaped files: read them at once with UnionScan\)/,
      );
      assert.match(text, /- Metropolitan Area VARCHAR: e\.g\. "/);
      assert.doesNotMatch(text, /unrelated_2[0-9]/, "not the whole lake");
      assert.ok(text.length < 12_500);
    } finally {
      runtime.close();
    }
  });
});
