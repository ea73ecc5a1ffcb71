import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

/**
 * Dates and times in Excel's short form (held-out HI-05, a stream-network export): DuckDB's cast
 * read `3/1/22 1:31` as 0003-01-22 01:31 and typed the column TIMESTAMP. A column where a day above
 * 12 settles the order is read with its format, its years in this century; a column whose values
 * all give a month and day of 12 or less in both orders takes the order the file's other columns
 * settle (one export writes its dates one way): here ReachSMDate's `3/18/12`, month first.
 */
const ROWS = [
  ["TX05845", "12/29/11 0:00", "3/1/22 1:31"],
  ["TX04180", "3/3/12 0:00", "3/1/22 1:28"],
  ["TX00012", "1/8/12 0:00", "3/1/22 1:26"],
  ["TX00107", "3/18/12 0:00", "3/1/22 1:27"],
];
const { lake, stateDir } = tempLake({
  "data.csv": `SourceID,ReachSMDate,AddressDate\n${ROWS.map((r) => r.join(",")).join("\n")}\n`,
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir, validate: false });
});
after(() => runtime?.close());

describe("US dates with two-digit years and a time", () => {
  test("are read with their format, the order of those that cannot tell day from month settled by the other column", async () => {
    const columns = runtime.map.files.find((f) => f.path === "data.csv")!.tables![0]!.columns;
    assert.deepEqual(
      columns.map((c) => `${c.name} ${c.type}`),
      ["SourceID VARCHAR", "ReachSMDate TIMESTAMP", "AddressDate TIMESTAMP"],
    );
    const [scan] = await runtime.runBatch([{ op: "Scan", file: "data.csv", output: "d" }]);
    assert.equal(scan!.status, "ok", scan!.error);
    const rows = await runtime.engine.all(
      `SELECT strftime(ReachSMDate, '%Y-%m-%d') AS reach, strftime(AddressDate, '%Y-%m-%d %H:%M') AS address FROM d ORDER BY rowid`,
    );
    assert.deepEqual(
      rows.map((r) => `${String(r.reach)} ${String(r.address)}`),
      [
        "2011-12-29 2022-03-01 01:31",
        "2012-03-03 2022-03-01 01:28",
        "2012-01-08 2022-03-01 01:26",
        "2012-03-18 2022-03-01 01:27",
      ],
    );
  });
});
