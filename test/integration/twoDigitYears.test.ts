import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Dates written with two-digit years (`4/11/68`): strptime's %y reads 00–68 as 2000–2068, so the
// hire dates of a 2015 payroll from the 1950s and 1960s land fifty years ahead (held-out GU-06:
// 22 hires of 1952–1968 read as 2052–2068, matching on them lost 19 employees). The map puts them
// a century earlier when that sets them right below the others; near-future dates that follow on
// from the others (expiries) stay.
const hires = [
  "name,hire_date,salary",
  "A,4/11/68,50000",
  "B,6/23/52,52000",
  "C,1/13/81,48000",
  "D,9/30/99,47000",
  "E,1/11/05,45000",
  "F,1/12/06,44000",
  "G,6/29/15,40000",
  "H,3/2/75,49000",
];
const expiries = [
  "permit,expires",
  ...["1/31/21", "6/30/23", "12/31/25", "3/31/27", "9/30/29", "12/31/30", "6/30/31", "1/31/33"].map(
    (d, i) => `P${i},${d}`,
  ),
];

const { lake, stateDir } = tempLake({
  "hires.csv": `${hires.join("\n")}\n`,
  "permits.csv": `${expiries.join("\n")}\n`,
});
let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

async function years(file: string, column: string): Promise<number[]> {
  await runtime.call({ op: "Scan", file, output: file.replace(".csv", "") });
  const q = await runtime.call({
    op: "Query",
    sql: `SELECT year(${column}) AS y FROM ${file.replace(".csv", "")} ORDER BY y`,
    inputs: [file.replace(".csv", "")],
    output: `${file.replace(".csv", "")}_years`,
    preview_rows: 20,
  });
  assert.equal(q.status, "ok", JSON.stringify(q.diagnostics));
  return ((q.observation as { records?: { rows?: unknown[][] } }).records?.rows ?? []).map((r) =>
    Number(r[0]),
  );
}

describe("two-digit years", () => {
  test("hire dates of the 1950s and 60s in a payroll of the 2010s are read in the 1900s", async () => {
    const column = runtime.entry("hires.csv")!.tables![0]!.columns.find((c) => c.name === "hire_date");
    assert.equal(column?.type, "DATE");
    assert.equal(column?.dateFormat, "%m/%d/%y");
    assert.ok(column?.centuryAfter !== undefined);
    assert.deepEqual(await years("hires.csv", "hire_date"), [1952, 1968, 1975, 1981, 1999, 2005, 2006, 2015]);
  });

  test("expiry dates running on past today stay in the 2000s", async () => {
    const column = runtime.entry("permits.csv")!.tables![0]!.columns.find((c) => c.name === "expires");
    assert.equal(column?.dateFormat, "%m/%d/%y");
    assert.equal(column?.centuryAfter, undefined);
    assert.deepEqual(await years("permits.csv", "expires"), [2021, 2023, 2025, 2027, 2029, 2030, 2031, 2033]);
  });
});
