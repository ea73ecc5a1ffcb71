import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import type { OperatorCall } from "../../src/core/runtime.ts";
import type { CallEvent, SettledEvent, TraceEvent } from "../../src/core/trace/traceEvents.ts";
import { tempLake } from "../helpers/tempLake.ts";
import { TraceModel, allCalls } from "../../src/extension/trace/traceModel.ts";

// Batch-level settling (issue 10, stop 22): a warning of call i that a later call j of the same
// batch already answers becomes info naming call j. Each mechanism has a twin that must still warn.

/** A beach-closure export of `rows` rows; every length starts with the same rows. */
function closures(rows: number): string {
  const lines = ["Closure ID,Beach Name,Days Closed"];
  for (let i = 0; i < rows; i++)
    lines.push(`C-${100 + i},${["Kings Beach", "Revere Beach", "Carson Beach"][i % 3]},${1 + ((i * 7) % 5)}`);
  return `${lines.join("\n")}\n`;
}

const { lake } = tempLake({
  // The header is swapped: "Theft Type" holds the years, "Year" the types.
  "top3.csv":
    "Theft Type,Year,# of Reports\n2020,Bank Account,100\n2021,Bank Account,120\n2020,Credit Card,50\n2021,Credit Card,70\n2022,Loan,9\n",
  "closures/full.csv": closures(50),
  // The first 37 rows of the full export, as a download stopped early.
  "closures/latest.csv": closures(37),
  // The third column has no name in the header; its cells are note text.
  "report.csv":
    "Report Type\n\nReport Type,# of Reports,\nFraud,2600678,40.2% of total reports\nOther,2759963,42.6% of total reports\nIdentity Theft,1135291,17.5% of total reports\n",
});

const opened: Runtime[] = [];
after(() => opened.forEach((r) => r.close()));

/** A fresh session per case: the same file scanned again in one session is not reported again. */
async function fresh(): Promise<{ runtime: Runtime; settled: SettledEvent[] }> {
  const { stateDir } = tempLake({});
  const runtime = await Runtime.open(lake, { radarDir: stateDir });
  opened.push(runtime);
  const settled: SettledEvent[] = [];
  runtime.onEvent((e: TraceEvent) => {
    if (e.type === "settled") settled.push(e);
  });
  return { runtime, settled };
}

const of = (e: CallEvent, code: string) =>
  e.diagnostics.filter((d) => d.code === code && d.severity !== "info");
const settledOf = (e: CallEvent, code: string) =>
  e.diagnostics.filter(
    (d) => d.code === code && d.severity === "info" && d.message.startsWith("Settled by call #"),
  );

const scanTop3: OperatorCall = { op: "Scan", file: "top3.csv", output: "t3" };
const renamed: OperatorCall = {
  op: "Query",
  sql: 'SELECT "Theft Type" AS yr, "Year" AS theft_type, "# of Reports" AS reports FROM t3',
  inputs: ["t3"],
  output: "t3f",
};

describe("header-offset (a misnamed column) settled by a later call of the same batch", () => {
  test("every later read renames the column to a name of another kind: info naming that call, one trace event", async () => {
    const { runtime, settled } = await fresh();
    const [scan, query] = await runtime.runBatch([scanTop3, renamed]);
    assert.equal(scan!.status, "ok");
    assert.deepEqual(of(scan!, "header-offset"), []);
    const [d] = settledOf(scan!, "header-offset");
    assert.ok(d, JSON.stringify(scan!.diagnostics));
    assert.match(
      d.message,
      new RegExp(
        `^Settled by call #${query!.index} of the same batch: it reads "Year" of t3 only renamed \\(AS theft_type\\)`,
      ),
    );
    // The original finding follows, whole.
    assert.match(d.message, /the column "Year" is named like a year but holds no years/);
    assert.equal(settled.length, 1);
    assert.deepEqual(
      settled[0]!.settled.map((s) => [s.call, s.code, s.by]),
      [[scan!.index, "header-offset", query!.index]],
    );
  });

  test("the editor's trace, fed the recorded events, shows the settled finding as info", async () => {
    const { runtime } = await fresh();
    const model = new TraceModel();
    model.apply({ type: "run-start", runId: runtime.runId, lake, startedAt: new Date().toISOString() });
    // Copies, as a trace file gives them: the call event keeps the warning it was recorded with.
    runtime.onEvent((e) => model.apply(JSON.parse(JSON.stringify(e)) as TraceEvent));
    const [scan] = await runtime.runBatch([scanTop3, renamed]);
    const call = allCalls(model.latest!).find((c) => c.event?.index === scan!.index);
    assert.deepEqual(
      call?.event?.diagnostics.filter((d) => d.code === "header-offset").map((d) => d.severity),
      ["info"],
    );
    assert.match(call!.event!.diagnostics[0]!.message, /^Settled by call #/);
    assert.equal(call?.status, "ok");
  });

  test("a rename to another year-like name keeps the warning", async () => {
    const { runtime, settled } = await fresh();
    const [scan] = await runtime.runBatch([
      scanTop3,
      {
        op: "Query",
        sql: 'SELECT "Theft Type" AS theft_type, "Year" AS yr FROM t3',
        inputs: ["t3"],
        output: "t3g",
      },
    ]);
    assert.equal(of(scan!, "header-offset").length, 1);
    assert.equal(settled.length, 0);
  });

  test("one later read that does not rename keeps the warning", async () => {
    const { runtime } = await fresh();
    const [scan] = await runtime.runBatch([
      scanTop3,
      renamed,
      {
        op: "Query",
        sql: "SELECT count(*) AS n FROM t3 WHERE \"Year\" = 'Credit Card'",
        inputs: ["t3"],
        output: "cc",
      },
    ]);
    assert.equal(of(scan!, "header-offset").length, 1);
  });

  test("SELECT * over the table is a read under the header's names: warning kept", async () => {
    const { runtime } = await fresh();
    const [scan] = await runtime.runBatch([
      scanTop3,
      renamed,
      { op: "Query", sql: "SELECT * FROM t3", inputs: ["t3"], output: "all3" },
    ]);
    assert.equal(of(scan!, "header-offset").length, 1);
  });

  test("the rename in a later batch does not settle it: the warning was met before that call was written", async () => {
    const { runtime } = await fresh();
    const [scan] = await runtime.runBatch([scanTop3]);
    assert.equal(of(scan!, "header-offset").length, 1);
    await runtime.runBatch([renamed]);
    assert.equal(of(scan!, "header-offset").length, 1);
  });
});

describe("duplicate-file (a truncated copy) settled by a later call of the same batch", () => {
  // The copy first: scanned after the complete file, it is an info (the session holds both; below).
  const scans: OperatorCall[] = [
    { op: "Scan", file: "closures/latest.csv", output: "l" },
    { op: "Scan", file: "closures/full.csv", output: "c" },
  ];

  test("the copy scanned after the complete file: the session holds both, an info that says so", async () => {
    const { runtime } = await fresh();
    const [, copy] = await runtime.runBatch([...scans].reverse());
    assert.deepEqual(of(copy!, "duplicate-file"), []);
    const said = copy!.diagnostics.filter((d) => d.code === "duplicate-file");
    assert.deepEqual(
      said.map((d) => d.severity),
      ["info"],
    );
    assert.match(said[0]!.message, /; this session holds closures\/full\.csv as table c\.$/);
  });

  test("a later call compares the copy row by row with the complete file (EXCEPT): info naming that call", async () => {
    const { runtime, settled } = await fresh();
    const [copy, , , compare] = await runtime.runBatch([
      ...scans,
      { op: "Query", sql: 'SELECT sum("Days Closed") AS d FROM c', inputs: ["c"], output: "full_sum" },
      {
        op: "Query",
        sql: "SELECT count(*) AS n FROM (SELECT * FROM l EXCEPT SELECT * FROM c)",
        inputs: ["l", "c"],
        output: "l_not_in_c",
      },
    ]);
    assert.deepEqual(of(copy!, "duplicate-file"), []);
    const [d] = settledOf(copy!, "duplicate-file");
    assert.ok(d, JSON.stringify(copy!.diagnostics));
    assert.match(
      d.message,
      new RegExp(
        `^Settled by call #${compare!.index} of the same batch: it compares l row by row with c, the table of closures/full.csv \\(EXCEPT\\)`,
      ),
    );
    assert.match(d.message, /closures\/latest.csv holds the beginning of closures\/full.csv/);
    assert.equal(settled.length, 1);
  });

  test("counting both side by side is no row-by-row comparison: warning kept", async () => {
    const { runtime, settled } = await fresh();
    const [copy] = await runtime.runBatch([
      ...scans,
      {
        op: "Query",
        sql: "SELECT (SELECT count(*) FROM l) AS nl, (SELECT count(*) FROM c) AS nc",
        inputs: ["l", "c"],
        output: "counts",
      },
    ]);
    assert.equal(of(copy!, "duplicate-file").length, 1);
    assert.equal(settled.length, 0);
  });

  test("comparing the copy with itself (or another table) keeps the warning", async () => {
    const { runtime } = await fresh();
    const [copy] = await runtime.runBatch([
      ...scans,
      {
        op: "Query",
        sql: 'SELECT count(*) AS n FROM (SELECT * FROM l EXCEPT SELECT * FROM l WHERE "Days Closed" > 3)',
        inputs: ["l"],
        output: "self",
      },
    ]);
    assert.equal(of(copy!, "duplicate-file").length, 1);
  });
});

describe("header-offset (a Query reading an unnamed column): named, and printed before the batch", () => {
  const head: OperatorCall = { op: "Bash", command: "head -n 6 report.csv" };
  const scan: OperatorCall = { op: "Scan", file: "report.csv", output: "rt" };
  const named: OperatorCall = {
    op: "Query",
    sql: 'SELECT "Report Type", "# of Reports", column2 AS stated_share FROM rt',
    inputs: ["rt"],
    output: "shares",
  };
  const unnamedRead = (e: CallEvent) =>
    e.diagnostics.filter((d) => d.code === "header-offset" && /does not name/.test(d.message));

  test("head printed the header and rows in an earlier batch, and the query names the column: info", async () => {
    const { runtime } = await fresh();
    await runtime.runBatch([head, scan]);
    const [q] = await runtime.runBatch([named]);
    const [d] = unnamedRead(q!);
    assert.equal(d?.severity, "info", JSON.stringify(q!.diagnostics));
    assert.match(
      d.message,
      /names it \(AS stated_share\) wherever it reads it, and `head -n 6 report\.csv`, before this batch/,
    );
  });

  test("printed by a call of the same batch: the query was written before the print was seen — warning", async () => {
    const { runtime } = await fresh();
    const [, , q] = await runtime.runBatch([head, scan, named]);
    assert.deepEqual(
      unnamedRead(q!).map((d) => d.severity),
      ["warning"],
    );
  });

  test("never printed (only the Scan's sample value): warning", async () => {
    const { runtime } = await fresh();
    await runtime.runBatch([scan]);
    const [q] = await runtime.runBatch([named]);
    assert.deepEqual(
      unnamedRead(q!).map((d) => d.severity),
      ["warning"],
    );
  });

  test("cut printed the start of every line in an earlier batch, and the query names the column: info", async () => {
    const { runtime } = await fresh();
    await runtime.runBatch([{ op: "Bash", command: "cut -c1-60 report.csv" }, scan]);
    const [q] = await runtime.runBatch([named]);
    assert.deepEqual(
      unnamedRead(q!).map((d) => d.severity),
      ["info"],
    );
  });

  test("a cut that starts past each line's start shows no header and rows: warning", async () => {
    const { runtime } = await fresh();
    await runtime.runBatch([{ op: "Bash", command: "cut -c20-60 report.csv" }, scan]);
    const [q] = await runtime.runBatch([named]);
    assert.deepEqual(
      unnamedRead(q!).map((d) => d.severity),
      ["warning"],
    );
  });

  const listing: OperatorCall = {
    op: "Query",
    sql: 'SELECT "Report Type", column2 FROM rt',
    inputs: ["rt"],
    output: "listed",
  };
  const bareRead: OperatorCall = {
    op: "Query",
    sql: "SELECT count(*) AS n FROM rt WHERE column2 LIKE '4%'",
    inputs: ["rt"],
    output: "fours",
  };

  test("an earlier batch's result showed the column's values: a later bare read is info, naming that result", async () => {
    const { runtime } = await fresh();
    const [, first] = await runtime.runBatch([scan, listing]);
    // The listing prints the column as it is: itself the look (held-out GP-06), info.
    assert.deepEqual(
      unnamedRead(first!).map((d) => d.severity),
      ["info"],
    );
    const [q] = await runtime.runBatch([bareRead]);
    const [d] = unnamedRead(q!);
    assert.equal(d?.severity, "info", JSON.stringify(q!.diagnostics));
    assert.match(
      d.message,
      /the result of the Query that made listed \(column2\), before this batch, showed its values/,
    );
  });

  test("shown by a result of the same batch: the query was written before it was seen — warning", async () => {
    const { runtime } = await fresh();
    const [, , q] = await runtime.runBatch([scan, listing, bareRead]);
    assert.deepEqual(
      unnamedRead(q!).map((d) => d.severity),
      ["warning"],
    );
  });

  test("a result with no rows showed no values: warning", async () => {
    const { runtime } = await fresh();
    await runtime.runBatch([
      scan,
      { op: "Query", sql: "SELECT column2 FROM rt WHERE false", inputs: ["rt"], output: "none" },
    ]);
    const [q] = await runtime.runBatch([bareRead]);
    assert.deepEqual(
      unnamedRead(q!).map((d) => d.severity),
      ["warning"],
    );
  });

  test("printed, but the query also reads it bare (in a WHERE): warning", async () => {
    const { runtime } = await fresh();
    await runtime.runBatch([head, scan]);
    const [q] = await runtime.runBatch([
      {
        op: "Query",
        sql: "SELECT column2 AS stated_share FROM rt WHERE column2 LIKE '4%'",
        inputs: ["rt"],
        output: "shares",
      },
    ]);
    assert.deepEqual(
      unnamedRead(q!).map((d) => d.severity),
      ["warning"],
    );
  });
});
