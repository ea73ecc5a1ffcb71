import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { toolParameters } from "../../src/agent/agentTools.ts";
import { operatorNames, operators } from "../../src/core/operators/registry.ts";
import { toolNames } from "../../src/core/operators/toolNames.ts";
import type { Runtime } from "../../src/core/runtime.ts";
import { ChatSessions, sessionKeyOf } from "../../src/extension/chat/chatSessions.ts";
import { mcpLaunch } from "../../src/extension/tools/mcpLaunch.ts";
import { bashConfirmation, invocationMessage } from "../../src/extension/tools/toolMessages.ts";
import { repoRoot } from "../helpers/tempLake.ts";

/** The editor-facing parts of issue 6 that need no editor: manifest, messages, sessions, MCP launch. */

interface ToolContribution {
  name: string;
  displayName: string;
  modelDescription: string;
  inputSchema: unknown;
  tags: string[];
  canBeReferencedInPrompt: boolean;
  toolReferenceName: string;
}

const manifest = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
  contributes: {
    languageModelTools: ToolContribution[];
    mcpServerDefinitionProviders: { id: string; label: string }[];
  };
};

describe("package.json languageModelTools", () => {
  const tools = manifest.contributes.languageModelTools;

  test("one per operator, under its radar_* name", () => {
    assert.deepEqual(tools.map((t) => t.name).sort(), operatorNames.map((op) => toolNames[op]).sort());
  });

  test("input schemas and descriptions are the operators' own (regenerate when a schema changes)", () => {
    for (const op of operatorNames) {
      const tool = tools.find((t) => t.name === toolNames[op])!;
      assert.deepEqual(tool.inputSchema, toolParameters(operators[op].schema as z.ZodType), op);
      assert.equal(tool.modelDescription, operators[op].description, op);
      assert.ok(tool.displayName && tool.tags.includes("radar"), op);
      assert.equal(tool.canBeReferencedInPrompt, true, op);
      assert.match(tool.toolReferenceName, /^radar[A-Z]\w+$/, op);
    }
  });

  test("an MCP server definition provider is contributed", () => {
    assert.deepEqual(manifest.contributes.mcpServerDefinitionProviders, [
      { id: "radar.mcp", label: "RADAR" },
    ]);
  });
});

describe("tool invocation messages", () => {
  test("say what runs, in words", () => {
    assert.equal(
      invocationMessage("Scan", { file: "climate/rainfall.csv" }),
      "Scanning climate/rainfall.csv",
    );
    assert.equal(
      invocationMessage("Scan", { file: "book.xlsx", sheet: "2020", output: "y2020" }),
      "Scanning book.xlsx [2020] into y2020",
    );
    assert.equal(
      invocationMessage("Query", { sql: "SELECT 1", inputs: ["a", "b"], output: "c" }),
      "Querying a, b into c",
    );
    assert.equal(invocationMessage("Discover", { query: "rainfall" }), "Finding sources for “rainfall”");
    assert.equal(
      invocationMessage("UnionScan", { files: ["msa/*.csv"], source_column: "src", output: "all" }),
      "Reading msa/*.csv as one table into all",
    );
    assert.equal(invocationMessage("Probe", { table: "t", columns: ["x"] }), "Profiling t (x)");
    assert.equal(invocationMessage("Bash", { command: "head -n 3 a.csv" }), "Running `head -n 3 a.csv`");
  });

  test("Bash asks for confirmation, showing the command", () => {
    const ask = bashConfirmation({ command: "wc -l *.csv" });
    assert.match(ask.title, /shell command/);
    assert.match(ask.message, /```sh\nwc -l \*\.csv\n```/);
  });
});

describe("chat sessions", () => {
  const fake = (): Runtime & { closed: number } => {
    const r = { closed: 0, close: () => void r.closed++ };
    return r as unknown as Runtime & { closed: number };
  };

  test("a chat is found by its last @radar answer's metadata", () => {
    const history = [
      { participant: "radar.chat", prompt: "q1" },
      { participant: "radar.chat", result: { metadata: { radarSession: "s1" } } },
      { participant: "other.chat", result: { metadata: { radarSession: "nope" } } },
    ];
    assert.equal(sessionKeyOf(history, "radar.chat"), "s1");
    assert.equal(sessionKeyOf([], "radar.chat"), undefined);
  });

  test("keeps each chat's runtime and runs, and closes what it lets go", () => {
    const sessions = new ChatSessions(2);
    const [a, b, c] = [fake(), fake(), fake()];
    sessions.keep("a", a, "r1");
    sessions.keep("a", a, "r2");
    assert.deepEqual(sessions.get("a")?.runIds, ["r1", "r2"]);
    sessions.keep("b", b, "r3");
    sessions.keep("c", c, "r4");
    assert.equal(sessions.get("a"), undefined);
    assert.equal(a.closed, 1);
    sessions.dispose();
    assert.equal(b.closed + c.closed, 2);
  });
});

describe("MCP launch", () => {
  test("runs the bundled CLI on the extension host's Node over the folder", () => {
    assert.deepEqual(mcpLaunch("/usr/bin/node", "/ext", "/data/lake"), {
      command: "/usr/bin/node",
      args: ["/ext/dist/cli.cjs", "mcp", "--lake", "/data/lake"],
      env: { ELECTRON_RUN_AS_NODE: "1" },
    });
    // Its state outside the workspace, in the extension's storage, unless the user chose otherwise.
    assert.deepEqual(mcpLaunch("/usr/bin/node", "/ext", "/data/lake", "/storage/mcp").env, {
      ELECTRON_RUN_AS_NODE: "1",
      RADAR_STATE_DIR: "/storage/mcp",
    });
  });
});

describe("the shell bundle", () => {
  const shell = join(repoRoot, "dist/extension.cjs");
  test(
    "leaves DuckDB and the operators to the runtime bundle (the tools only name them)",
    { skip: existsSync(shell) ? false : "dist/extension.cjs is not built" },
    () => {
      const text = readFileSync(shell, "utf8");
      assert.ok(!text.includes('require("@duckdb/node-api")'));
      assert.ok(text.length < 400_000, `${text.length} bytes`);
    },
  );
});
