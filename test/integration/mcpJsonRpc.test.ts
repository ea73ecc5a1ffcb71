import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { repoRoot, tempLake } from "../helpers/tempLake.ts";

/**
 * `radar mcp` spoken to by a client written here: newline-delimited JSON-RPC 2.0 over stdio, no
 * SDK — so the server depends on no one client's habits.
 */

const cli = join(repoRoot, "dist/cli.cjs");

type Message = {
  jsonrpc: "2.0";
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
};

class PlainClient {
  private buffer = "";
  private nextId = 1;
  private readonly waiting = new Map<number, (m: Message) => void>();
  readonly notifications: Message[] = [];
  readonly child;

  constructor(lake: string, stateDir: string) {
    this.child = spawn(process.execPath, [cli, "mcp", "--lake", lake], {
      env: { ...process.env, RADAR_STATE_DIR: stateDir },
      stdio: ["pipe", "pipe", "ignore"],
    });
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (chunk: string) => {
      this.buffer += chunk;
      for (let at = this.buffer.indexOf("\n"); at >= 0; at = this.buffer.indexOf("\n")) {
        const line = this.buffer.slice(0, at).trim();
        this.buffer = this.buffer.slice(at + 1);
        if (!line) continue;
        const message = JSON.parse(line) as Message;
        if (message.id !== undefined && this.waiting.has(message.id)) {
          this.waiting.get(message.id)!(message);
          this.waiting.delete(message.id);
        } else this.notifications.push(message);
      }
    });
  }

  request(method: string, params: Record<string, unknown> = {}): Promise<Message> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${method} in 120 s`)), 120_000);
      this.waiting.set(id, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
      this.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  }

  notify(method: string, params: Record<string, unknown> = {}): void {
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method, params })}\n`);
  }

  async close(): Promise<number | null> {
    this.child.stdin.end();
    return new Promise((resolve) => this.child.on("close", resolve));
  }
}

describe(
  "radar mcp with a plain JSON-RPC client",
  { skip: existsSync(cli) ? false : "dist/cli.cjs is not built" },
  () => {
    test("initialize, list, call, read and prompt, one JSON object per line", async () => {
      const { lake, stateDir } = tempLake({ "fruit.csv": "name,kg\napple,3\npear,5\nplum,2\n" });
      const client = new PlainClient(lake, stateDir);
      try {
        const init = await client.request("initialize", {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "plain", version: "0" },
        });
        assert.equal(init.result?.protocolVersion, "2025-06-18");
        const caps = init.result?.capabilities as Record<string, Record<string, unknown>>;
        assert.deepEqual(caps.tools, {});
        assert.equal(caps.resources?.subscribe, true);
        assert.equal((init.result?.serverInfo as { name: string }).name, "radar");
        assert.match(String(init.result?.instructions), /radar_show/);
        client.notify("notifications/initialized");

        const tools = await client.request("tools/list");
        const list = (tools.result?.tools ?? []) as {
          name: string;
          outputSchema?: unknown;
          inputSchema: { type: string };
        }[];
        assert.equal(list.length, 10);
        assert.ok(list.every((t) => t.inputSchema.type === "object" && t.outputSchema));

        const scan = await client.request("tools/call", {
          name: "radar_scan",
          arguments: { file: "fruit.csv", output: "fruit" },
        });
        const result = scan.result as {
          isError: boolean;
          content: { type: string; text: string }[];
          structuredContent: {
            status: string;
            observation: { rowCount: number; rows: { rows: unknown[][] } };
          };
        };
        assert.equal(result.isError, false);
        assert.equal(result.structuredContent.status, "ok");
        assert.deepEqual(result.structuredContent.observation.rows.rows, [
          ["apple", 3],
          ["pear", 5],
          ["plum", 2],
        ]);
        assert.equal(result.content[0]!.type, "text");

        const bad = await client.request("tools/call", {
          name: "radar_query",
          arguments: { sql: "SELECT 1", output: "x" },
        });
        const badResult = bad.result as {
          isError: boolean;
          structuredContent: { status: string; diagnostics: { code: string }[] };
        };
        assert.equal(badResult.isError, true);
        assert.equal(badResult.structuredContent.diagnostics[0]!.code, "invalid-argument");

        const unknownTool = await client.request("tools/call", { name: "radar_nothing", arguments: {} });
        assert.equal(unknownTool.error?.code, -32602);

        const resources = await client.request("resources/list");
        assert.ok(
          ((resources.result?.resources ?? []) as { uri: string }[]).some(
            (r) => r.uri === "radar://sourcemap/fruit.csv",
          ),
        );
        const read = await client.request("resources/read", { uri: "radar://session/trace" });
        const text = ((read.result?.contents ?? []) as { text: string }[])[0]!.text;
        assert.ok(text.split("\n").some((l) => l.includes('"op":"Scan"')));

        const prompt = await client.request("prompts/get", {
          name: "radar_question",
          arguments: { question: "Heaviest fruit?" },
        });
        assert.match(JSON.stringify(prompt.result), /Heaviest fruit\?/);
        const ping = await client.request("ping");
        assert.deepEqual(ping.result, {});
        const missing = await client.request("nothing/here");
        assert.equal(missing.error?.code, -32601);
      } finally {
        assert.equal(await client.close(), 0);
      }
    });
  },
);
