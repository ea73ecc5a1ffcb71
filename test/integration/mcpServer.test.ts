import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { readTrace } from "../../src/core/trace/traceFile.ts";
import { repoRoot, tempLake } from "../helpers/tempLake.ts";
import { RADAR_VERSION } from "../../src/core/version.ts";
import { readFileSync } from "node:fs";

const cli = join(repoRoot, "dist/cli.cjs");
const { lake, stateDir } = tempLake({
  "fraud_top5.csv":
    "Rank,State,Rate\n1,Florida,1522\n2,Georgia,1298\n3,Nevada,1204\n4,Delaware,1153\n5,Maryland,1122\n",
  "idt_top5.csv":
    "Rank,State,Rate\n1,Florida,528\n2,Georgia,517\n3,Nevada,466\n4,Texas,393\n5,Delaware,392\n",
});

type ToolResult = {
  content: { type: string; text: string }[];
  isError?: boolean;
  structuredContent?: { status: string; diagnostics: { code: string }[] };
};

describe(
  "radar mcp (the SDK's own client over stdio)",
  { skip: existsSync(cli) ? false : "dist/cli.cjs is not built" },
  () => {
    const client = new Client({ name: "radar-test", version: "1.0.0" });
    before(async () => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [cli, "mcp", "--lake", lake],
        env: { ...process.env, RADAR_STATE_DIR: stateDir } as Record<string, string>,
        stderr: "ignore",
      });
      await client.connect(transport);
    });
    after(async () => {
      await client.close();
    });

    test("lists the six operators and the session tools as radar_* tools with their schemas", async () => {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), [
        "radar_bash",
        "radar_discover",
        "radar_drop",
        "radar_probe",
        "radar_query",
        "radar_reset",
        "radar_scan",
        "radar_show",
        "radar_tables",
        "radar_union_scan",
      ]);
      const query = tools.find((t) => t.name === "radar_query")!;
      assert.deepEqual(Object.keys(query.inputSchema.properties ?? {}).sort(), [
        "inputs",
        "offset",
        "output",
        "preview_rows",
        "replace",
        "sql",
      ]);
    });

    test("scans, rejects an unkeyed join with unkeyed-join, runs the keyed one, and traces every call", async () => {
      for (const [file, output] of [
        ["fraud_top5.csv", "fraud"],
        ["idt_top5.csv", "idt"],
      ]) {
        const r = (await client.callTool({ name: "radar_scan", arguments: { file, output } })) as ToolResult;
        assert.equal(r.isError, false, r.content[0]?.text);
        assert.match(r.content[0]!.text, /5 rows/);
      }
      const unkeyed = (await client.callTool({
        name: "radar_query",
        arguments: {
          sql: "SELECT f.State, i.State AS s2 FROM fraud f, idt i",
          inputs: ["fraud", "idt"],
          output: "merged",
        },
      })) as ToolResult;
      assert.equal(unkeyed.isError, true);
      assert.equal(unkeyed.structuredContent?.status, "rejected");
      assert.equal(unkeyed.structuredContent?.diagnostics[0]?.code, "unkeyed-join");
      assert.match(unkeyed.content[0]!.text, /unkeyed-join/);
      const keyed = (await client.callTool({
        name: "radar_query",
        arguments: {
          sql: "SELECT f.Rank, f.State AS fraud_state, i.State AS idt_state FROM fraud f JOIN idt i ON f.Rank = i.Rank",
          inputs: ["fraud", "idt"],
          output: "paired",
        },
      })) as ToolResult;
      assert.equal(keyed.isError, false, keyed.content[0]?.text);
      assert.equal(keyed.structuredContent?.status, "ok");
      assert.match(keyed.content[0]!.text, /"rowCount":5|5 rows/);

      const runs = readdirSync(stateDir, { recursive: true })
        .map(String)
        .filter((p) => p.endsWith(".jsonl"));
      assert.equal(runs.length, 1, "one session = one trace file");
      const calls = readTrace(join(stateDir, runs[0]!)).filter((e) => e.type === "call");
      assert.deepEqual(
        calls.map((c) => `${c.op}:${c.status}`),
        ["Scan:ok", "Scan:ok", "Query:rejected", "Query:ok"],
      );
    });

    test("the version it reports is package.json's", () => {
      const pkg = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string };
      assert.equal(RADAR_VERSION, pkg.version);
      assert.equal(client.getServerVersion()?.version, pkg.version);
    });
  },
);
