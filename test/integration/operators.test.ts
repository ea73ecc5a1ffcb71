import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { Runtime } from "../../src/core/runtime.ts";
import type { ScanObservation } from "../../src/core/operators/scan/scanObservation.ts";
import type { UnionScanObservation } from "../../src/core/operators/unionScan/unionScanObservation.ts";
import type { ProbeObservation } from "../../src/core/operators/probe/probeObservation.ts";
import type { QueryObservation } from "../../src/core/operators/query/queryObservation.ts";
import type { DiscoverObservation } from "../../src/core/operators/discover/discoverObservation.ts";
import type { BashObservation } from "../../src/core/operators/bash/bashObservation.ts";
import { readTrace } from "../../src/core/trace/traceFile.ts";
import { tempLake } from "../helpers/tempLake.ts";

const { lake, stateDir } = tempLake({
  "sales/2023.csv": "region,amount\nNorth,10\nSouth,20\n",
  "sales/2024.csv": "region,amount,channel\nNorth,30,web\nEast,40,store\nWest,50,web\n",
  "notes.csv": 'id,comment,value\n1,"first line\nsecond line",10\n\n2,plain,20\n3,"a\n\nb",30\n4,end,40\n',
  "events.jsonl": '{"id":1,"kind":"a"}\n\n{"id":2,"kind":"b"}\n{"id":3,"kind":"a"}\n',
  "regions.csv": "Region Name,Population\nNorth,100\nSouth,200\nEast,300\nWest,400\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

describe("operators", () => {
  test("Scan registers a table with provenance, schema, row count and preview with source lines", async () => {
    const r = await runtime.call({ op: "Scan", file: "notes.csv", output: "notes" });
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
    const o = r.observation as ScanObservation;
    assert.equal(o.rowCount, 4);
    assert.deepEqual(o.schema, [
      { name: "id", type: "BIGINT" },
      { name: "comment", type: "VARCHAR" },
      { name: "value", type: "BIGINT" },
    ]);
    assert.equal(o.provenance.file, "notes.csv");
    assert.equal(o.provenance.headerLine, 1);
    // Quoted line breaks and a blank line: records start at lines 2, 5, 6 and 9.
    assert.deepEqual(
      o.preview.origins.map((x) => x?.line),
      [2, 5, 6, 9],
    );
    assert.equal(o.preview.rows[0]![1], "first line\nsecond line");
    assert.ok(runtime.state.scanned.has("notes.csv"));
    assert.equal(runtime.state.table("NOTES")?.rowCount, 4);
  });

  test("Scan of JSON lines keeps line origins", async () => {
    const r = await runtime.call({ op: "Scan", file: "events.jsonl" });
    assert.equal(r.status, "ok");
    const o = r.observation as ScanObservation;
    assert.equal(o.table, "events");
    assert.deepEqual(
      o.preview.origins.map((x) => x?.line),
      [1, 3, 4],
    );
  });

  test("Scan of an unknown file is rejected with the nearest paths", async () => {
    const r = await runtime.call({ op: "Scan", file: "sales/2025.csv" });
    assert.equal(r.status, "rejected");
    assert.equal(r.diagnostics[0]?.code, "unknown-source");
    assert.match(r.diagnostics[0]!.message, /sales\/2023\.csv|sales\/2024\.csv/);
  });

  test("UnionScan unions by column name with per-source counts and origins", async () => {
    const r = await runtime.call({
      op: "UnionScan",
      files: ["sales/*.csv"],
      source_column: "year",
      output: "sales",
    });
    assert.equal(r.status, "ok", JSON.stringify(r));
    const o = r.observation as UnionScanObservation;
    assert.deepEqual(
      o.sources.map((s) => [s.label, s.rows]),
      [
        ["2023", 2],
        ["2024", 3],
      ],
    );
    assert.equal(o.rowCount, 5);
    assert.deepEqual(
      o.schema.map((c) => c.name),
      ["year", "region", "amount", "channel"],
    );
    assert.deepEqual(o.partialColumns, [{ column: "channel", missingIn: ["sales/2023.csv"] }]);
    assert.deepEqual(
      o.preview.origins.map((x) => `${x?.file}:${x?.line}`),
      ["sales/2023.csv:2", "sales/2023.csv:3", "sales/2024.csv:2", "sales/2024.csv:3", "sales/2024.csv:4"],
    );
  });

  test("Probe reports type, null rate, distinct count, min/max and top values", async () => {
    const r = await runtime.call({ op: "Probe", table: "sales", columns: ["channel", "region"] });
    assert.equal(r.status, "ok");
    const [channel, region] = (r.observation as ProbeObservation).columns;
    assert.equal(channel!.nullRate, 0.4);
    assert.equal(channel!.distinct, 2);
    assert.deepEqual(channel!.top[0], { value: "web", count: 2 });
    assert.equal(region!.min, "East");
    assert.equal(region!.max, "West");
    assert.deepEqual([...runtime.state.probed.get("sales")!], ["channel", "region"]);
  });

  test("Probe of an unknown column suggests the nearest", async () => {
    const r = await runtime.call({ op: "Probe", table: "sales", columns: ["ammount"] });
    assert.equal(r.status, "rejected");
    assert.equal(r.diagnostics[0]?.code, "unknown-column");
    assert.match(r.diagnostics[0]!.message, /amount/);
  });

  test("Query registers its result; it reads only declared inputs", async () => {
    const r = await runtime.call({
      op: "Query",
      sql: "SELECT region, sum(amount) AS total FROM sales GROUP BY region ORDER BY total DESC;",
      inputs: ["sales"],
      output: "totals",
    });
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
    const o = r.observation as QueryObservation;
    assert.equal(o.rowCount, 4);
    assert.deepEqual(o.records.rows[0], ["West", 50]);
    const undeclared = await runtime.call({
      op: "Query",
      sql: "SELECT * FROM sales JOIN notes ON true",
      inputs: ["sales"],
      output: "x",
    });
    assert.equal(undeclared.status, "rejected");
    assert.equal(undeclared.diagnostics[0]?.code, "undeclared-input");
    const unknown = await runtime.call({
      op: "Query",
      sql: "SELECT * FROM nowhere",
      inputs: ["nowhere"],
      output: "x",
    });
    assert.equal(unknown.diagnostics[0]?.code, "unknown-table");
    const cte = await runtime.call({
      op: "Query",
      sql: "WITH t AS (SELECT * FROM totals) SELECT count(*) AS n FROM t",
      inputs: ["totals"],
      output: "n",
    });
    assert.equal(cte.status, "ok", JSON.stringify(cte.diagnostics));
  });

  test("a SQL error fails the call with DuckDB's message, and the runtime keeps going", async () => {
    const r = await runtime.call({
      op: "Query",
      sql: "SELECT CAST(region AS INTEGER) AS n FROM sales",
      inputs: ["sales"],
      output: "bad",
    });
    assert.equal(r.status, "failed", JSON.stringify(r.diagnostics));
    assert.match(r.error ?? "", /North|convert/);
    const unknownColumn = await runtime.call({
      op: "Query",
      sql: "SELECT nonexistent FROM sales",
      inputs: ["sales"],
      output: "bad",
    });
    assert.equal(unknownColumn.status, "rejected");
    assert.equal(unknownColumn.diagnostics[0]?.code, "unknown-column");
    assert.equal((await runtime.call({ op: "Probe", table: "sales", columns: [] })).status, "ok");
    // Omitted, as `radar probe TABLE` omits it (two held-out analysts wrote batches so): every column.
    const all = await runtime.call({ op: "Probe", table: "sales" });
    assert.equal(all.status, "ok", JSON.stringify(all.diagnostics));
    assert.equal(
      (all.observation as { columns: unknown[] }).columns.length,
      (
        (await runtime.call({ op: "Probe", table: "sales", columns: [] })).observation as {
          columns: unknown[];
        }
      ).columns.length,
    );
  });

  test("Discover ranks sources and accepts globs and exclusions", async () => {
    const r = await runtime.call({ op: "Discover", query: "population of regions" });
    assert.equal(r.status, "ok");
    assert.equal((r.observation as DiscoverObservation).hits[0]?.path, "regions.csv");
    const globbed = await runtime.call({
      op: "Discover",
      query: "sales/*.csv",
      excluded: ["sales/2023.csv"],
    });
    assert.deepEqual(
      (globbed.observation as DiscoverObservation).hits.map((h) => h.path),
      ["sales/2024.csv"],
    );
  });

  test("Bash runs an allowlisted read-only command in the lake", async () => {
    const r = await runtime.call({ op: "Bash", command: "wc -l regions.csv" });
    assert.equal(r.status, "ok");
    assert.match((r.observation as BashObservation).stdout, /5 regions\.csv/);
    const denied = await runtime.call({ op: "Bash", command: "cat regions.csv > copy.csv" });
    assert.equal(denied.status, "rejected");
    assert.equal(denied.diagnostics[0]?.code, "bash-denied");
    assert.ok(!existsSync(`${lake}/copy.csv`));
  });

  test("bad arguments and unknown operators are rejected with clear messages", async () => {
    const missing = await runtime.call({ op: "Scan" });
    assert.equal(missing.status, "rejected");
    assert.match(missing.diagnostics[0]!.message, /file/);
    const extra = await runtime.call({ op: "Probe", table: "sales", columns: [], limit: 3 });
    assert.equal(extra.status, "rejected");
    // The CLI's spellings and other cases name the operator too (held-out batches wrote "scan").
    const lower = await runtime.call({ op: "scan", file: "regions.csv", output: "regions_lower" });
    assert.equal(lower.status, "ok", JSON.stringify(lower.diagnostics));
    assert.equal(lower.op, "Scan");
    assert.equal(
      (await runtime.call({ op: "union-scan", files: ["regions.csv"], output: "u_lower" })).op,
      "UnionScan",
    );
    const unknown = await runtime.call({ op: "Join", left: "a" });
    assert.match(unknown.diagnostics[0]!.message, /Unknown operator "Join"/);
    // A required argument left out is named as missing, with what it is (not "received undefined").
    const noOutput = await runtime.call({ op: "Query", sql: "SELECT 1", inputs: [] });
    assert.equal(noOutput.status, "rejected");
    assert.equal(
      noOutput.diagnostics[0]!.message,
      "Query: output: required and not given (Name of the table to register with the result)",
    );
    const badName = await runtime.call({ op: "Query", sql: "SELECT 1", inputs: [], output: "drop table" });
    assert.equal(badName.diagnostics[0]?.code, "invalid-argument");
    // Reader options spelt the pandas/DuckDB way at the top level: the message says where they go.
    const spelt = await runtime.call({
      op: "Scan",
      file: "regions.csv",
      delim: ";",
      quotechar: "~",
      header: 0,
    });
    assert.equal(spelt.status, "rejected");
    const said = spelt.diagnostics[0]!.message;
    assert.match(said, /Unrecognized keys: "delim", "quotechar", "header"/);
    assert.match(said, /it takes file, .*reader/);
    assert.match(said, /delim → reader\.delimiter, quotechar → reader\.quote, header/);
    const byPath = await runtime.call({ op: "Scan", path: "regions.csv" });
    assert.match(byPath.diagnostics[0]!.message, /path → file/);
    // A Query has no reader: nothing about one is offered.
    const queried = await runtime.call({ op: "Query", sql: "SELECT 1", inputs: [], sep: ";" });
    assert.doesNotMatch(queried.diagnostics[0]!.message, /reader/);
  });

  test("a batch skips calls whose inputs a failed call should have produced", async () => {
    const results = await runtime.runBatch([
      { op: "Query", sql: "SELECT broken FROM sales", inputs: ["sales"], output: "step1" },
      { op: "Query", sql: "SELECT * FROM step1", inputs: ["step1"], output: "step2" },
      { op: "Probe", table: "regions_missing", columns: [] },
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ["rejected", "skipped", "rejected"],
    );
    assert.match(results[1]!.error ?? "", /step1/);
  });

  test("every call is in the trace file, one JSON line each, with status and timing", () => {
    const events = readTrace(runtime.trace.path);
    assert.equal(events[0]?.type, "run-start");
    const calls = events.filter((e) => e.type === "call");
    assert.ok(calls.length >= 15);
    for (const c of calls) {
      assert.ok(["ok", "rejected", "failed", "skipped"].includes(c.status));
      assert.equal(typeof c.durationMs, "number");
      assert.ok(Array.isArray(c.inputs));
    }
    const coverage = runtime.state.coverage();
    assert.ok(coverage.scanned.includes("sales/2024.csv"));
    assert.ok((coverage.rowsShown.sales ?? 0) >= 5);
  });
});
