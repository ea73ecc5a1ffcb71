import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { CallEvent } from "../../src/core/trace/traceEvents.ts";
import { repoRoot, tempLake } from "../helpers/tempLake.ts";

/**
 * RADAR over MCP as an agent sees it (issue 17), with the SDK's own client over stdio: structured
 * results with typed rows, no silent overwrite, paging and session tools, resources and a prompt,
 * SQL errors at the agent's own line, a CLI session continued over MCP, and an instant connect.
 */

const cli = join(repoRoot, "dist/cli.cjs");

type Structured = {
  status: string;
  call: { runId: string; index: number };
  diagnostics: { code: string; severity: string; message: string }[];
  replaced?: { name: string; rowCount: number };
  reused?: { how: string };
  observation?: Record<string, unknown> & {
    rows?: {
      columns: { name: string; type: string; json: string }[];
      rows: unknown[][];
      offset: number;
      rowsShown: number;
      truncated: boolean;
      sourceLocations: ({ file: string; line: number } | null)[];
    };
  };
};
type Rows = NonNullable<NonNullable<Structured["observation"]>["rows"]>;
type ToolResult = {
  content: { type: string; text: string }[];
  isError?: boolean;
  structuredContent?: Structured;
};

async function connect(
  lake: string,
  stateDir: string,
  extra: string[] = [],
): Promise<{ client: Client; stderr: () => string }> {
  const client = new Client({ name: "radar-test", version: "1.0.0" });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, "mcp", "--lake", lake, ...extra],
    env: { ...process.env, RADAR_STATE_DIR: stateDir } as Record<string, string>,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

const call = async (client: Client, name: string, args: Record<string, unknown>): Promise<ToolResult> =>
  (await client.callTool({ name, arguments: args })) as ToolResult;

const lines = ["region,amount,note", ...Array.from({ length: 40 }, (_, i) => `R${i % 4},${i * 10},n${i}`)];

describe(
  "radar mcp: structured results and the session",
  { skip: existsSync(cli) ? false : "dist/cli.cjs is not built" },
  () => {
    const { lake, stateDir } = tempLake({
      "sales.csv": `${lines.join("\n")}\n`,
      "big.csv": `id,total\n1,9007199254740993\n2,3\n`,
      "t.csv": "a,b\n1,x\n2,y\n",
    });
    let client: Client;
    before(async () => {
      ({ client } = await connect(lake, stateDir));
    });
    after(async () => {
      await client.close();
    });

    test("capabilities: no listChanged for tools; every tool declares an outputSchema", async () => {
      const caps = client.getServerCapabilities();
      assert.deepEqual(caps?.tools, {});
      assert.equal(caps?.resources?.subscribe, true);
      assert.ok(caps?.prompts);
      const { tools } = await client.listTools();
      assert.equal(tools.length, 10);
      for (const t of tools) {
        assert.equal(t.outputSchema?.type, "object", t.name);
        assert.ok(t.annotations && typeof t.annotations.readOnlyHint === "boolean", t.name);
      }
      assert.equal(tools.find((t) => t.name === "radar_drop")?.annotations?.destructiveHint, true);
    });

    test("a Scan's structuredContent carries typed rows, their source lines and whether more follow", async () => {
      const r = await call(client, "radar_scan", {
        file: "sales.csv",
        output: "sales",
        preview_rows: 3,
        offset: 10,
      });
      assert.equal(r.isError, false, r.content[0]?.text);
      const s = r.structuredContent!;
      assert.equal(s.status, "ok");
      assert.equal(s.observation?.rowCount, 40);
      const rows = s.observation!.rows!;
      assert.deepEqual(
        rows.columns.map((c) => [c.name, c.type, c.json]),
        [
          ["region", "VARCHAR", "string"],
          ["amount", "BIGINT", "number"],
          ["note", "VARCHAR", "string"],
        ],
      );
      assert.deepEqual(rows.rows, [
        ["R2", 100, "n10"],
        ["R3", 110, "n11"],
        ["R0", 120, "n12"],
      ]);
      assert.equal(rows.offset, 10);
      assert.equal(rows.rowsShown, 3);
      assert.equal(rows.truncated, true);
      assert.deepEqual(rows.sourceLocations[0], { file: "sales.csv", line: 12 });
      const text = r.content[0]!.text;
      assert.ok(text.length < 2000, "the text stays short");
      assert.match(text, /\| R2 \| 100 \| n10 \| ← sales\.csv:12/);
      assert.match(text, /rows 11–13 of 40/);

      const wide = await call(client, "radar_scan", { file: "big.csv", output: "big" });
      assert.deepEqual(wide.structuredContent!.observation!.rows!.rows, [
        [1, "9007199254740993"],
        [2, "3"],
      ]);
    });

    test("a name is never overwritten by surprise; replace: true does it and reports the old table", async () => {
      const clash = await call(client, "radar_query", { sql: "SELECT 1 AS x", inputs: [], output: "sales" });
      assert.equal(clash.isError, true);
      assert.equal(clash.structuredContent?.status, "rejected");
      assert.equal(clash.structuredContent?.diagnostics[0]?.code, "table-exists");
      assert.match(clash.content[0]!.text, /Choose a new name, e\.g\. "sales_2"/);
      const tables = await call(client, "radar_tables", {});
      const listed = (tables.structuredContent as unknown as { tables: { name: string; rows: number }[] })
        .tables;
      assert.equal(listed.find((t) => t.name === "sales")?.rows, 40, "still the scanned table");
      const replaced = await call(client, "radar_query", {
        sql: "SELECT 1 AS x",
        inputs: [],
        output: "big",
        replace: true,
      });
      assert.equal(replaced.isError, false);
      assert.deepEqual(
        {
          name: replaced.structuredContent?.replaced?.name,
          rows: replaced.structuredContent?.replaced?.rowCount,
        },
        { name: "big", rows: 2 },
      );
    });

    test("radar_show pages; radar_tables lists; radar_drop and radar_reset remove", async () => {
      const page = await call(client, "radar_show", { table: "sales", rows: 2, offset: 38 });
      const s = page.structuredContent as unknown as {
        table: string;
        rowCount: number;
        rows: Rows;
      };
      assert.equal(s.rowCount, 40);
      assert.deepEqual(s.rows!.rows, [
        ["R2", 380, "n38"],
        ["R3", 390, "n39"],
      ]);
      assert.equal(s.rows!.truncated, false);
      const tooMany = await call(client, "radar_show", { table: "sales", rows: 500 });
      assert.equal(tooMany.isError, true);
      assert.match(tooMany.content[0]!.text, /rows/);
      const unknown = await call(client, "radar_show", { table: "nope" });
      assert.equal(unknown.isError, true);
      assert.match(unknown.content[0]!.text, /No table "nope".*Tables: big, sales/);
      const dropped = await call(client, "radar_drop", { tables: ["big"] });
      assert.deepEqual(
        (dropped.structuredContent as unknown as { dropped: { name: string }[] }).dropped.map((t) => t.name),
        ["big"],
      );
      await call(client, "radar_scan", { file: "t.csv", output: "t" });
      const reset = await call(client, "radar_reset", {});
      assert.equal(reset.isError, false);
      const none = await call(client, "radar_tables", {});
      assert.deepEqual((none.structuredContent as unknown as { tables: unknown[] }).tables, []);
    });

    test("resources: the Source Map per file, the trace (with updates while it grows) and the findings", async () => {
      const { resources } = await client.listResources();
      const uris = resources.map((r) => r.uri);
      assert.ok(uris.includes("radar://session/trace"));
      assert.ok(uris.includes("radar://session/findings"));
      assert.ok(uris.includes("radar://sourcemap/sales.csv"));
      const entry = await client.readResource({ uri: "radar://sourcemap/sales.csv" });
      const mapped = JSON.parse((entry.contents[0] as { text: string }).text) as {
        path: string;
        tables: { rowCount: number }[];
      };
      assert.equal(mapped.path, "sales.csv");
      assert.equal(mapped.tables[0]!.rowCount, 40);

      const updates: string[] = [];
      // Waits on the notification itself; a minute without it fails below.
      const traceUpdated = new Promise<void>((resolve) =>
        client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
          updates.push(n.params.uri);
          if (n.params.uri === "radar://session/trace") resolve();
        }),
      );
      await client.subscribeResource({ uri: "radar://session/trace" });
      await call(client, "radar_bash", { command: "head -n 3 sales.csv" });
      let giveUp: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([traceUpdated, new Promise((r) => (giveUp = setTimeout(r, 60_000)))]);
      clearTimeout(giveUp);
      assert.ok(updates.includes("radar://session/trace"), "no resources/updated notification for the trace");
      const trace = await client.readResource({ uri: "radar://session/trace" });
      const events = (trace.contents[0] as { text: string }).text
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as CallEvent);
      assert.equal(events.at(-1)?.op, "Bash");
      const findings = await client.readResource({ uri: "radar://session/findings" });
      const f = JSON.parse((findings.contents[0] as { text: string }).text) as {
        findings: { code: string }[];
      };
      assert.deepEqual(
        f.findings.map((d) => d.code),
        ["partial-coverage"],
      );
      await assert.rejects(client.readResource({ uri: "radar://sourcemap/nothing.csv" }), /not found/);
    });

    test("a prompt frames a data question the RADAR way", async () => {
      const { prompts } = await client.listPrompts();
      assert.deepEqual(
        prompts.map((p) => p.name),
        ["radar_question"],
      );
      const p = await client.getPrompt({
        name: "radar_question",
        arguments: { question: "Which region sells most?" },
      });
      const text = (p.messages[0]!.content as { text: string }).text;
      assert.match(text, /Which region sells most\?/);
      assert.match(text, /radar_discover/);
      assert.match(text, /diagnostic/);
    });

    test("SQL errors point at the agent's SQL as written, not at the runtime's wrapper", async () => {
      await call(client, "radar_scan", { file: "sales.csv", output: "s2" });
      const r = await call(client, "radar_query", {
        sql: "SELECT region\nFROM s2\nWHERE amount = 'lots'",
        inputs: ["s2"],
        output: "bad",
      });
      assert.equal(r.structuredContent?.status, "failed");
      const d = r.structuredContent!.diagnostics[0]!;
      assert.equal(d.code, "query-failed");
      assert.match(d.message, /at line 3, column \d+ of the SQL: "WHERE amount = 'lots'"/);
      assert.doesNotMatch(d.message, /LINE 4/);
    });
  },
);

describe(
  "radar mcp over a CLI session, and its instant connect",
  { skip: existsSync(cli) ? false : "dist/cli.cjs is not built" },
  () => {
    test("radar mcp --session NAME continues the tables a CLI batch registered", async () => {
      const { lake, stateDir } = tempLake({ "rain.csv": "year,mm\n2019,700\n2020,655\n" });
      const batch = join(stateDir, "b.json");
      writeFileSync(batch, JSON.stringify([{ op: "Scan", file: "rain.csv", output: "rain" }]));
      const r = spawnSync(process.execPath, [cli, "batch", batch, "--lake", lake, "--session", "shared"], {
        env: { ...process.env, RADAR_STATE_DIR: stateDir },
        encoding: "utf8",
      });
      assert.equal(r.status, 0, r.stderr);
      const { client } = await connect(lake, stateDir, ["--session", "shared"]);
      try {
        const tables = await call(client, "radar_tables", {});
        const s = tables.structuredContent as unknown as {
          session: string;
          tables: { name: string; kind: string }[];
        };
        assert.equal(s.session, "shared");
        assert.deepEqual(
          s.tables.map((t) => [t.name, t.kind]),
          [["rain", "scan"]],
        );
        const q = await call(client, "radar_query", {
          sql: "SELECT max(mm) AS top FROM rain",
          inputs: ["rain"],
          output: "top",
        });
        assert.deepEqual(q.structuredContent!.observation!.rows!.rows, [[700]]);
        const again = await call(client, "radar_scan", { file: "rain.csv", output: "rain" });
        assert.equal(again.structuredContent?.reused?.how, "session");
      } finally {
        await client.close();
      }
    });

    test("initialize is answered before the lake is mapped; a tool call waits with progress notifications", async () => {
      const files: Record<string, string> = {};
      const body = Array.from(
        { length: 3000 },
        (_, i) => `${i},name ${i},${(i * 13) % 101}.25,2020-01-${String((i % 28) + 1).padStart(2, "0")}`,
      ).join("\n");
      for (let k = 0; k < 25; k++)
        files[`part/file_${String(k).padStart(2, "0")}.csv`] = `id,name,value,day\n${body}\n`;
      const { lake, stateDir } = tempLake(files);
      const started = performance.now();
      const { client, stderr } = await connect(lake, stateDir);
      const connectedMs = performance.now() - started;
      try {
        const mappedAtConnect = /mapped \d+ files/.test(stderr());
        // radar_tables needs no map.
        const tables = await call(client, "radar_tables", {});
        assert.equal(tables.isError, false);
        const progress: { progress: number; total?: number }[] = [];
        const mappedBeforeCall = /mapped \d+ files/.test(stderr());
        const r = (await client.callTool(
          { name: "radar_discover", arguments: { query: "value per day" } },
          undefined,
          { onprogress: (p) => progress.push(p), timeout: 600_000 },
        )) as ToolResult;
        assert.equal(r.isError, false, r.content[0]?.text);
        assert.ok(/mapped 25 files/.test(stderr()), stderr());
        assert.ok(
          !mappedAtConnect,
          `the lake was mapped before initialize was answered (connect took ${Math.round(connectedMs)} ms)`,
        );
        if (!mappedBeforeCall) {
          assert.ok(progress.length >= 1, "no progress notification while the tool waited for the map");
          assert.ok(progress.every((p, i) => i === 0 || p.progress >= progress[i - 1]!.progress));
        }
      } finally {
        await client.close();
      }
    });
  },
);
