import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { DuckDBInstance } from "@duckdb/node-api";
import { runAgent } from "../../src/agent/agentLoop.ts";
import { exportSql } from "../../src/core/trace/exportSql.ts";
import { startScriptedServer } from "../helpers/scriptedOpenAiServer.ts";
import {
  FAST_RETRY,
  QUESTION,
  RANKINGS_LAKE,
  byRank,
  modelFor,
  openRun,
  scanBoth,
  traceOf,
  unkeyedMerge,
} from "../helpers/agentFixtures.ts";

const LAKE = {
  ...RANKINGS_LAKE,
  "regions/north.csv": "state,reports\nOhio,10\nMaine,4\n",
  "regions/south.csv": "state,reports\nTexas,12\nFlorida,30\n",
  "regions/west.csv": "state,reports,note\nNevada,7,late\n",
  "events.jsonl": '{"state":"Florida","events":3}\n{"state":"Texas","events":5}\n',
};

describe("radar export --sql", () => {
  test("the exported script re-derives the answer's tables in a plain DuckDB", async () => {
    const server = await startScriptedServer([
      {
        toolCalls: [
          ...scanBoth,
          unkeyedMerge,
          {
            name: "UnionScan",
            arguments: { files: ["regions/*.csv"], source_column: "region", output: "regions" },
          },
          { name: "Scan", arguments: { file: "events.jsonl", output: "events" } },
          // Re-using a name: the script must replace it, as the run did.
          { name: "Query", arguments: { sql: "SELECT 1 AS x", inputs: [], output: "by_rank" } },
        ],
      },
      {
        toolCalls: [
          // The name is taken (above): replacing it is said, or the call is refused (table-exists).
          { ...byRank, arguments: { ...(byRank.arguments as Record<string, unknown>), replace: true } },
          {
            name: "Query",
            arguments: {
              sql: "SELECT r.region, sum(r.reports) AS reports, sum(e.events) AS events -- per region\nFROM regions r LEFT JOIN events e ON r.state = e.state GROUP BY r.region ORDER BY r.region;",
              inputs: ["regions", "events"],
              output: "region_totals",
            },
          },
        ],
      },
      {
        toolCalls: [
          {
            name: "Answer",
            arguments: { answer: ["Florida", 1522, 528], evidence: ["by_rank", "region_totals"] },
          },
        ],
      },
    ]);
    const runtime = await openRun(LAKE);
    try {
      const result = await runAgent(runtime, modelFor(server), QUESTION, { retry: FAST_RETRY });
      assert.equal(result.status, "answered", result.error);
      const script = exportSql(traceOf(runtime));
      assert.match(
        script,
        /CREATE OR REPLACE VIEW "fraud" AS\nSELECT .* FROM \(SELECT \* FROM read_csv\('\/[^']+\/rankings\/fraud_top5\.csv', delim=',', .*skip=3.* LIMIT 5\)/,
      );
      assert.match(script, /UNION ALL BY NAME/);
      assert.match(script, /read_json\('\/[^']+\/events\.jsonl'/);
      assert.doesNotMatch(script, /"merged"/, "the rejected query is not replayed");
      assert.match(script, /-- question: Which state ranks first/);

      const instance = await DuckDBInstance.create(":memory:");
      const connection = await instance.connect();
      try {
        await connection.run(script);
        for (const table of ["by_rank", "region_totals", "regions", "fraud"]) {
          const replayed = (await connection.runAndReadAll(`SELECT * FROM "${table}"`)).getRowObjectsJson();
          const original = await runtime.engine.all(`SELECT * FROM "${table}"`);
          assert.deepEqual(replayed, original, table);
        }
        const [row] = (
          await connection.runAndReadAll(
            "SELECT fraud_state, fraud_rate, idt_rate FROM by_rank WHERE Rank = 1",
          )
        ).getRowObjectsJson();
        assert.deepEqual(row, { fraud_state: "Florida", fraud_rate: "1522", idt_rate: "528" });
      } finally {
        connection.closeSync();
        instance.closeSync();
      }
    } finally {
      runtime.close();
      await server.close();
    }
  });
});
