import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Service requests of 1–3 January 2020 written `1/2/20 0:05` (held-out IS-10, LA 311's raw
// extract): the created dates alone read either way, their month (1) never changing, and the map
// read them day first — 1/2/20 as 1 February — while the closing dates (`1/15/20 8:43`) settled
// month first: closing times came out weeks before creation. One file writes its dates one way:
// the columns that settle the order settle it for those that cannot.
const created = ["1/1/20 0:05", "1/1/20 9:12", "1/2/20 8:00", "1/2/20 13:40", "1/3/20 7:45", "1/3/20 16:20"];
const closed = [
  "1/2/20 8:43",
  "1/15/20 14:10",
  "1/3/20 10:15",
  "2/14/20 9:00",
  "1/4/20 9:00",
  "1/21/20 11:30",
];
const requests = [
  "srnumber,createddate,closeddate",
  ...created.map((c, i) => `1-${100 + i},${c},${closed[i]}`),
];
// A file of days only, both parts changing and none above 12: nothing settles the order.
const visits = ["site,first_visit,last_visit", "A,3/4/21,5/6/21", "B,4/3/21,6/5/21", "C,2/1/21,7/8/21"];

const { lake, stateDir } = tempLake({
  "requests.csv": `${requests.join("\n")}\n`,
  "visits.csv": `${visits.join("\n")}\n`,
});
let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

const column = (file: string, name: string) =>
  runtime.entry(file)!.tables![0]!.columns.find((c) => c.name === name);

describe("the day/month order of a file's dates", () => {
  test("created dates that read either way follow the closing dates, which read month first only", async () => {
    assert.equal(column("requests.csv", "closeddate")?.dateFormat, "%m/%d/%y %H:%M");
    assert.equal(column("requests.csv", "createddate")?.dateFormat, "%m/%d/%y %H:%M");
    await runtime.call({ op: "Scan", file: "requests.csv", output: "req" });
    const q = await runtime.call({
      op: "Query",
      sql: "SELECT min(date_diff('minute', createddate, closeddate)) AS shortest, max(month(createddate)) AS last_month FROM req",
      inputs: ["req"],
      output: "spans",
    });
    assert.equal(q.status, "ok", JSON.stringify(q.diagnostics));
    const [row] = (q.observation as { records?: { rows?: unknown[][] } }).records?.rows ?? [];
    assert.deepEqual(row?.map(Number), [1515, 1]);
  });

  test("dates no column settles stay text: the order is never guessed", () => {
    assert.equal(column("visits.csv", "first_visit")?.type, "VARCHAR");
    assert.equal(column("visits.csv", "last_visit")?.type, "VARCHAR");
  });
});
