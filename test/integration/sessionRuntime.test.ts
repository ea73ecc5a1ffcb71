import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Runtime } from "../../src/core/runtime.ts";
import type { QueryObservation } from "../../src/core/operators/query/queryObservation.ts";
import type { ScanObservation } from "../../src/core/operators/scan/scanObservation.ts";
import { SessionError, listSessions, endSession } from "../../src/core/state/sessionStore.ts";
import { readTrace } from "../../src/core/trace/traceFile.ts";
import type { CallEvent } from "../../src/core/trace/traceEvents.ts";
import { tempLake } from "../helpers/tempLake.ts";

/**
 * The session model through the runtime's own API (what the CLI, the MCP server and the editor
 * call): tables that outlive the process, names never overwritten by surprise, stale tables,
 * reused reads, deterministic concurrent batches.
 */

function lakeWith(extra: Record<string, string> = {}): { lake: string; stateDir: string } {
  return tempLake({
    "sales/2023.csv": "region,amount\nNorth,10\nSouth,20\n",
    "sales/2024.csv": "region,amount\nNorth,30\nEast,40\nWest,50\n",
    "regions.csv": "region,population\nNorth,100\nSouth,200\nEast,300\nWest,400\n",
    ...extra,
  });
}

const calls = (events: CallEvent[]): string[] => events.map((e) => `${e.op}:${e.status}`);

describe("sessions (runtime API)", () => {
  test("a session's tables outlive the runtime: the next one queries them without reading the file again", async () => {
    const { lake, stateDir } = lakeWith();
    const first = await Runtime.open(lake, { stateDir, session: "s" });
    const scanned = await first.runBatch([
      { op: "Scan", file: "regions.csv", output: "regions" },
      { op: "Bash", command: "head -n 2 sales/2024.csv" },
    ]);
    assert.deepEqual(calls(scanned), ["Scan:ok", "Bash:ok"]);
    first.end("ok", await first.finalChecks());
    first.close();

    const second = await Runtime.open(lake, { stateDir, session: "s" });
    try {
      assert.deepEqual(
        second.tables().map((t) => [t.name, t.rows, t.kind]),
        [["regions", 4, "scan"]],
      );
      const q = await second.call({
        op: "Query",
        sql: "SELECT region, population FROM regions WHERE population > 150",
        inputs: ["regions"],
        output: "big",
      });
      assert.equal(q.status, "ok", JSON.stringify(q.diagnostics));
      assert.deepEqual((q.observation as QueryObservation).records.rows, [
        ["South", 200],
        ["East", 300],
        ["West", 400],
      ]);
      // The whole session is judged at the end: sales/2024.csv was only seen through head.
      const final = await second.finalChecks();
      assert.deepEqual(
        final.map((d) => [d.code, d.locations[0]?.file]),
        [["partial-coverage", "sales/2024.csv"]],
      );
      // Scanning it now, in this run, settles the finding of the earlier one.
      assert.equal((await second.call({ op: "Scan", file: "sales/2024.csv", output: "s2024" })).status, "ok");
      assert.deepEqual(await second.finalChecks(), []);
      // The rows of a reopened table still point at their source lines (origins are stored).
      const page = await second.show("regions", { rows: 2, offset: 2 });
      assert.deepEqual(page.rows, [
        ["East", 300],
        ["West", 400],
      ]);
      assert.deepEqual(
        page.origins.map((o) => o?.line),
        [4, 5],
      );
      assert.equal(page.truncated, false);
      const trace = readTrace(second.trace.path);
      const start = trace[0]!;
      assert.equal(start.type, "run-start");
      assert.equal(start.type === "run-start" && start.session, "s");
      assert.equal(start.type === "run-start" && start.continues, first.runId);
      assert.deepEqual(
        trace.filter((e) => e.type === "call").map((e) => (e as CallEvent).op),
        ["Query", "Scan"],
      );
      assert.deepEqual(second.runs, [first.runId, second.runId]);
    } finally {
      second.close();
    }
  });

  test("a second runtime on a session in use is refused with who holds it", async () => {
    const { lake, stateDir } = lakeWith();
    const holder = await Runtime.open(lake, { stateDir, session: "busy", owner: "radar mcp --session busy" });
    try {
      await assert.rejects(
        Runtime.open(lake, { stateDir, session: "busy" }),
        (error: unknown) =>
          error instanceof SessionError &&
          error.code === "session-busy" &&
          /in use by process \d+ \(radar mcp --session busy/.test(error.message),
      );
      assert.throws(() => endSession(stateDir, "busy"), /in use/);
      assert.equal(listSessions(stateDir)[0]?.owner?.pid, process.pid);
    } finally {
      holder.close();
    }
    assert.equal(listSessions(stateDir)[0]?.owner, undefined);
    endSession(stateDir, "busy");
    assert.deepEqual(listSessions(stateDir), []);
    await assert.rejects(Runtime.open(lake, { stateDir, session: "../x" }), /not a session name/);
  });

  test("a table is never replaced by surprise; replace: true keeps the old table's lineage in the trace", async () => {
    const { lake, stateDir } = lakeWith();
    const runtime = await Runtime.open(lake, { stateDir });
    try {
      await runtime.call({ op: "UnionScan", files: ["sales/*.csv"], source_column: "year", output: "sales" });
      const clash = await runtime.call({ op: "Query", sql: "SELECT 1 AS x", inputs: [], output: "sales" });
      assert.equal(clash.status, "rejected");
      assert.equal(clash.diagnostics[0]?.code, "table-exists");
      assert.match(
        clash.diagnostics[0]!.message,
        /existing table sales \(5 rows, read from sales\/2023\.csv/,
      );
      assert.match(clash.diagnostics[0]!.message, /"sales_2"/);
      assert.equal(runtime.state.table("sales")?.rowCount, 5, "the table is untouched");
      // A Scan whose derived name is taken is refused the same way.
      await runtime.call({ op: "Query", sql: "SELECT 1 AS x", inputs: [], output: "regions" });
      const scan = await runtime.call({ op: "Scan", file: "regions.csv" });
      assert.equal(scan.diagnostics[0]?.code, "table-exists");
      // A query that reads the table it replaces needs no flag.
      const narrowed = await runtime.call({
        op: "Query",
        sql: "SELECT * FROM sales WHERE amount > 15",
        inputs: ["sales"],
        output: "sales",
      });
      assert.equal(narrowed.status, "ok", JSON.stringify(narrowed.diagnostics));
      assert.equal(narrowed.replaced?.rowCount, 5);
      const replaced = await runtime.call({
        op: "Query",
        sql: "SELECT 1 AS x",
        inputs: [],
        output: "sales",
        replace: true,
      });
      assert.equal(replaced.status, "ok");
      assert.equal(replaced.replaced?.name, "sales");
      assert.equal(replaced.replaced?.rowCount, 4);
      assert.equal(replaced.replaced?.provenance.kind, "query");
      assert.deepEqual(replaced.replaced?.producedBy, { runId: runtime.runId, index: narrowed.index });
      const inTrace = readTrace(runtime.trace.path).find(
        (e) => e.type === "call" && e.index === replaced.index,
      );
      assert.equal((inTrace as CallEvent).replaced?.rowCount, 4);
    } finally {
      runtime.close();
    }
  });

  test("a Query's result rewritten over the same tables replaces it (info); one another table was made from is refused", async () => {
    const { lake, stateDir } = lakeWith();
    const runtime = await Runtime.open(lake, { stateDir });
    try {
      await runtime.call({ op: "Scan", file: "regions.csv", output: "regions" });
      const wrong = await runtime.call({
        op: "Query",
        sql: "SELECT sum(population) AS p FROM regions WHERE region = 'north'",
        inputs: ["regions"],
        output: "north",
      });
      assert.equal(wrong.status, "ok");
      const fixed = await runtime.call({
        op: "Query",
        sql: "SELECT sum(population) AS p FROM regions WHERE region = 'North'",
        inputs: ["regions"],
        output: "north",
      });
      assert.equal(fixed.status, "ok", JSON.stringify(fixed.diagnostics));
      const said = fixed.diagnostics.find((d) => d.code === "table-exists");
      assert.equal(said?.severity, "info");
      assert.match(said!.message, /replaces the table north \(1 rows, a Query over regions/);
      assert.equal(fixed.replaced?.name, "north");
      const [row] = await runtime.engine.all("SELECT p FROM north");
      assert.equal(Number(row!.p), 100);
      // A table made from it: replacing it would leave that table built on rows no longer there.
      await runtime.call({
        op: "Query",
        sql: "SELECT p * 2 AS p2 FROM north",
        inputs: ["north"],
        output: "twice",
      });
      const again = await runtime.call({
        op: "Query",
        sql: "SELECT max(population) AS p FROM regions",
        inputs: ["regions"],
        output: "north",
      });
      assert.equal(again.status, "rejected");
      assert.equal(again.diagnostics[0]?.code, "table-exists");
      // Over other tables it is another computation, not a rewrite.
      const other = await runtime.call({ op: "Query", sql: "SELECT 1 AS p", inputs: [], output: "twice" });
      assert.equal(other.status, "rejected");
    } finally {
      runtime.close();
    }
  });

  test("a table whose file changed is stale: calls that read it say so, and a new Scan reads the file again", async () => {
    const { lake, stateDir } = lakeWith();
    const first = await Runtime.open(lake, { stateDir, session: "st" });
    await first.call({ op: "Scan", file: "regions.csv", output: "regions" });
    await first.call({
      op: "Query",
      sql: "SELECT count(*) AS n FROM regions",
      inputs: ["regions"],
      output: "n",
    });
    first.close();
    appendFileSync(join(lake, "regions.csv"), "Central,500\n");

    const second = await Runtime.open(lake, { stateDir, session: "st" });
    try {
      assert.match(second.tables().find((t) => t.name === "regions")?.stale ?? "", /regions\.csv changed/);
      assert.match(second.tables().find((t) => t.name === "n")?.stale ?? "", /regions\.csv changed/);
      const probe = await second.call({ op: "Probe", table: "regions", columns: ["region"] });
      assert.equal(probe.status, "ok");
      const stale = probe.diagnostics.find((d) => d.code === "stale-table");
      assert.equal(stale?.severity, "warning");
      assert.match(stale!.message, /regions\.csv changed \(\d+ → \d+ bytes/);
      assert.deepEqual(stale!.locations[0], { file: "regions.csv", line: 1 });
      const derived = await second.call({
        op: "Query",
        sql: "SELECT n + 1 AS m FROM n",
        inputs: ["n"],
        output: "m",
      });
      assert.ok(derived.diagnostics.some((d) => d.code === "stale-table" && /derived/.test(d.message)));
      // The same Scan again reads the file as it is now (not reused), replacing the stale table.
      const again = await second.call({ op: "Scan", file: "regions.csv", output: "regions" });
      assert.equal(again.status, "ok");
      assert.equal(again.reused, undefined);
      assert.equal((again.observation as ScanObservation).rowCount, 5);
      assert.equal(again.replaced?.rowCount, 4);
      assert.equal(second.tables().find((t) => t.name === "regions")?.stale, undefined);
    } finally {
      second.close();
    }
  });

  test("a Scan of files unchanged in the session reuses the table; under another name it is copied", async () => {
    const { lake, stateDir } = lakeWith();
    const runtime = await Runtime.open(lake, { stateDir, session: "re" });
    try {
      const read = await runtime.call({
        op: "UnionScan",
        files: ["sales/*.csv"],
        source_column: "year",
        output: "sales",
      });
      const again = await runtime.call({
        op: "UnionScan",
        files: ["sales/*.csv"],
        source_column: "year",
        output: "sales",
      });
      assert.equal(again.status, "ok");
      assert.deepEqual(again.reused, {
        how: "session",
        table: "sales",
        from: { runId: runtime.runId, index: read.index },
      });
      assert.equal((again.observation as { rowCount: number }).rowCount, 5);
      const copy = await runtime.call({
        op: "UnionScan",
        files: ["sales/2023.csv", "sales/2024.csv"],
        source_column: "year",
        output: "sales_copy",
        preview_rows: 2,
        offset: 3,
      });
      assert.equal(copy.reused?.how, "copied");
      const preview = (copy.observation as { preview: { rows: unknown[][]; origins: { line: number }[] } })
        .preview;
      assert.deepEqual(preview.rows, [
        ["2024", "East", 40],
        ["2024", "West", 50],
      ]);
      assert.deepEqual(
        preview.origins.map((o) => o.line),
        [3, 4],
      );
      // Its rows are the same rows, with the same origins.
      const page = await runtime.show("sales_copy", { rows: 1, offset: 0 });
      assert.deepEqual(page.origins[0], { file: "sales/2023.csv", line: 2 });
      // A batch run again: the same Query over the same, unchanged tables is answered from its table.
      const total = {
        op: "Query",
        sql: "SELECT sum(amount) AS total FROM sales",
        inputs: ["sales"],
        output: "total",
      };
      const firstTotal = await runtime.call(total);
      const secondTotal = await runtime.call(total);
      assert.equal(secondTotal.status, "ok");
      assert.deepEqual(secondTotal.reused, {
        how: "session",
        table: "total",
        from: { runId: runtime.runId, index: firstTotal.index },
      });
      assert.deepEqual((secondTotal.observation as QueryObservation).records.rows, [[150]]);
      // Once an input is replaced, the same SQL would compute something else: the name is taken.
      await runtime.call({
        op: "Query",
        sql: "SELECT * FROM sales WHERE amount > 20",
        inputs: ["sales"],
        output: "sales",
      });
      const after = await runtime.call(total);
      assert.equal(after.diagnostics[0]?.code, "table-exists");
    } finally {
      runtime.close();
    }
  });

  test("a batch runs independent calls at once, identical calls once, and records them in its own order", async () => {
    const files: Record<string, string> = {};
    for (let k = 0; k < 6; k++)
      files[`part${k}.csv`] =
        `id,v\n${Array.from({ length: 2000 }, (_, i) => `${i},${(i * k) % 97}`).join("\n")}\n`;
    const { lake, stateDir } = lakeWith(files);
    const runtime = await Runtime.open(lake, { stateDir, concurrency: 3 });
    try {
      const batch = [
        ...Object.keys(files).map((file, k) => ({ op: "Scan", file, output: `p${k}` })),
        { op: "Query", sql: "SELECT sum(v) AS s FROM p0", inputs: ["p0"], output: "s0" },
        { op: "Query", sql: "SELECT sum(v) AS s FROM p5", inputs: ["p5"], output: "s5" },
        { op: "Bash", command: "wc -l part1.csv" },
        { op: "Bash", command: "wc -l part1.csv" },
        { op: "Probe", table: "p3", columns: ["v"] },
      ];
      const events = await runtime.runBatch(batch);
      assert.deepEqual(
        events.map((e) => e.index),
        events.map((_, i) => i),
      );
      assert.ok(
        events.every((e) => e.status === "ok"),
        JSON.stringify(events.map((e) => e.diagnostics)),
      );
      assert.deepEqual(events[9]!.reused, { how: "batch", from: { runId: runtime.runId, index: 8 } });
      assert.deepEqual(events[9]!.observation, events[8]!.observation);
      const traced = readTrace(runtime.trace.path).filter((e): e is CallEvent => e.type === "call");
      assert.deepEqual(
        traced.map((e) => e.index),
        events.map((e) => e.index),
      );
      // Calls did overlap: some call started before the one before it had finished.
      const spans = events.map(
        (e) => [Date.parse(e.startedAt), Date.parse(e.startedAt) + e.durationMs] as const,
      );
      assert.ok(
        spans.some(([start], i) => i > 0 && start < spans[i - 1]![1]),
        "no two calls overlapped",
      );
      // sum() is a HUGEINT in DuckDB: a JSON number here, as it fits.
      const expected = Array.from({ length: 2000 }, (_, i) => (i * 5) % 97).reduce((a, b) => a + b, 0);
      assert.deepEqual((events[7]!.observation as QueryObservation).records.rows, [[expected]]);
    } finally {
      runtime.close();
    }
  });

  test("drop and reset remove tables (and coverage), and the trace keeps what they were", async () => {
    const { lake, stateDir } = lakeWith();
    const runtime = await Runtime.open(lake, { stateDir, session: "dr" });
    try {
      await runtime.call({ op: "Scan", file: "regions.csv", output: "regions" });
      await runtime.call({ op: "Scan", file: "sales/2023.csv", output: "s23" });
      const dropped = await runtime.drop(["REGIONS"]);
      assert.deepEqual(
        dropped.map((t) => t.name),
        ["regions"],
      );
      assert.deepEqual(
        runtime.tables().map((t) => t.name),
        ["s23"],
      );
      await assert.rejects(runtime.drop(["nope"]), /No table "nope"/);
      await runtime.reset();
      assert.deepEqual(runtime.tables(), []);
      assert.deepEqual(runtime.state.coverage().scanned, []);
      const events = readTrace(runtime.trace.path).filter((e) => e.type === "tables-dropped");
      assert.deepEqual(
        events.map((e) => e.type === "tables-dropped" && [e.reason, e.tables.map((t) => t.name)]),
        [
          ["drop", ["regions"]],
          ["reset", ["s23"]],
        ],
      );
      const db = readdirSync(join(stateDir, "sessions", "dr"));
      assert.ok(db.includes("tables.duckdb"));
    } finally {
      runtime.close();
    }
  });

  test("a file scanned after a change the Source Map has not seen yet is mapped again first", async () => {
    const { lake, stateDir } = lakeWith();
    const runtime = await Runtime.open(lake, { stateDir });
    try {
      writeFileSync(join(lake, "regions.csv"), "Title of the table\nregion,population\nNorth,1\n");
      utimesSync(join(lake, "regions.csv"), new Date(), new Date(Date.now() + 5000));
      const scan = await runtime.call({ op: "Scan", file: "regions.csv", output: "regions" });
      assert.equal(scan.status, "ok", JSON.stringify(scan));
      const o = scan.observation as ScanObservation;
      assert.equal(o.rowCount, 1);
      assert.equal(o.provenance.headerLine, 2);
    } finally {
      runtime.close();
    }
  });
  test("end-of-work findings judge the whole session and are said once: a resumed batch repeats them as info", async () => {
    const page =
      "<html><body><table><tr><th>city</th><th>pop</th></tr><tr><td>A</td><td>1</td></tr><tr><td>B</td><td>2</td></tr></table>" +
      "<table><tr><th>state</th><th>fraud</th></tr><tr><td>X</td><td>5</td></tr><tr><td>Y</td><td>6</td></tr></table></body></html>";
    const { lake, stateDir } = lakeWith({ "page.html": page });
    const severities = (found: { code: string; severity: string; message: string }[]) =>
      found.map((d) => [
        d.code,
        d.severity,
        d.message.includes("As reported at the end of an earlier batch"),
      ]);

    const first = await Runtime.open(lake, { stateDir, session: "once" });
    assert.equal((await first.call({ op: "Scan", file: "page.html", output: "p1" })).status, "ok");
    const firstFinal = await first.finalChecks();
    assert.deepEqual(severities(firstFinal), [["partial-coverage", "warning", false]]);
    first.end("ok", firstFinal);
    first.close();

    // Resumed in another process's runtime: the unchosen Scan is still known, and still unsettled.
    const second = await Runtime.open(lake, { stateDir, session: "once" });
    try {
      assert.equal((await second.call({ op: "Scan", file: "regions.csv", output: "r" })).status, "ok");
      assert.deepEqual(severities(await second.finalChecks()), [["partial-coverage", "info", true]]);
      // A new fact is a new finding: head of a file never scanned warns at once.
      assert.equal((await second.call({ op: "Bash", command: "head -n 2 sales/2023.csv" })).status, "ok");
      assert.deepEqual(severities(await second.finalChecks()), [
        ["partial-coverage", "info", true],
        ["partial-coverage", "warning", false],
      ]);
      // Reading the other table settles it.
      const sheets = (await second.call({ op: "Scan", file: "page.html", sheet: "table 2", output: "p2" }))
        .status;
      assert.equal(sheets, "ok");
      assert.deepEqual(
        (await second.finalChecks()).map((d) => d.locations[0]?.file),
        ["sales/2023.csv"],
      );
    } finally {
      second.close();
    }
  });
});
