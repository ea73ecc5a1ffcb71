import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Runtime } from "../../src/core/runtime.ts";
import type { BashObservation } from "../../src/core/operators/bash/bashObservation.ts";
import { formatCall } from "../../src/cli/formatCall.ts";
import { readableCall, structuredCall } from "../../src/mcp/toolOutput.ts";
import { toolResultText } from "../../src/core/presentation/toolResult.ts";
import { repoRoot, tempLake } from "../helpers/tempLake.ts";
import { bashCall } from "../helpers/bashCall.ts";

// Bash's status follows the exit code: a program's non-zero status fails the call, with what it
// printed kept; grep's 1 means "no line matched" and is said so (issue 18: `cat` of a path with
// unquoted spaces exited 1 with "No such file or directory" for each word, and the call was ok).
const { lake, stateDir } = tempLake({
  "State MSA data/Alabama.csv": "Metropolitan Area,# of Reports\nBirmingham,100\n",
  "a.csv": "k,v\n1,x\n",
  "big.csv": `${Array.from({ length: 100_000 }, (_, i) => `row${i},payload`).join("\n")}\n`,
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

const bash = (command: string) => bashCall(runtime, command);

describe("Bash: status follows the exit code", () => {
  test("a path with unquoted spaces: failed, the exit code named, stderr kept, the fix hinted", async () => {
    const { call, o } = await bash("cat State MSA data/Alabama.csv");
    assert.equal(call.status, "failed");
    assert.equal(o.exitCode, 1);
    assert.equal(o.exit, "exit 1: cat failed");
    assert.match(o.stderr, /cat: State: No such file or directory/);
    assert.match(o.stderr, /cat: MSA: No such file or directory/);
    assert.match(
      call.error ?? "",
      /^cat exited with status 1: cat: State: No such file or directory \(and 2 more line\(s\) on stderr\)\./,
    );
    assert.match(call.error ?? "", /a path with spaces must be quoted/);
    assert.match(call.summary ?? "", /^exit 1: cat failed/);
    // Quoted, the same file reads.
    const quoted = await bash("cat 'State MSA data/Alabama.csv'");
    assert.equal(quoted.call.status, "ok");
    assert.equal(quoted.o.exit, "exit 0");
    assert.match(quoted.o.stdout, /Birmingham,100/);
  });

  test("what a failing command printed on stdout is kept", async () => {
    const { call, o } = await bash("cat a.csv missing.csv");
    assert.equal(call.status, "failed");
    assert.equal(o.stdout, "k,v\n1,x\n");
    assert.match(o.stderr, /missing\.csv: No such file or directory/);
  });

  test("held-out HR-02: a basic-syntax grep pattern with '|' that matched nothing says '|' is literal there", async () => {
    const bar = await bash("grep -n Wyoming\\|Alaska a.csv");
    assert.equal(bar.o.exitCode, 1);
    assert.match(
      bar.o.exit,
      /its pattern "Wyoming\|Alaska" holds "\|", which grep's basic syntax reads as the character itself/,
    );
    const extended = await bash("grep -E -n 'Wyoming|Alaska' a.csv");
    assert.equal(extended.o.exit, "exit 1: grep found no matching line (not an error)");
  });

  test("grep's exit 1 is 'no matching line', not a failure; its exit 2 is", async () => {
    const none = await bash("grep -c Wyoming a.csv");
    assert.equal(none.call.status, "ok");
    assert.equal(none.o.exitCode, 1);
    assert.equal(none.o.exit, "exit 1: grep found no matching line (not an error)");
    assert.equal(none.o.stdout.trim(), "0");
    const missing = await bash("grep Wyoming missing.csv");
    assert.equal(missing.call.status, "failed");
    assert.equal(missing.o.exitCode, 2);
    assert.match(
      missing.call.error ?? "",
      /^grep exited with status 2: grep: missing\.csv: No such file or directory/,
    );
  });

  test("pipelines: a failing first stage fails the call; head closing the pipe does not", async () => {
    const broken = await bash("cat missing.csv | wc -l");
    assert.equal(broken.call.status, "failed");
    assert.deepEqual(broken.o.exitCodes, [1, 0]);
    assert.match(broken.call.error ?? "", /^cat \(stage 1 of the pipeline\) exited with status 1/);
    for (const command of [
      "cat big.csv | head -n 1",
      "sort big.csv | head -n 2",
      "grep nothing big.csv | wc -l",
    ]) {
      const r = await bash(command);
      assert.equal(r.call.status, "ok", `${command}: ${r.call.error}`);
      assert.equal(r.o.exitCode, 0);
    }
  });

  test("the CLI, MCP and the model's tool result show a failed call's output and exit code", async () => {
    const { call } = await bash("cat a.csv missing.csv");
    const cli = formatCall(call);
    assert.match(cli, /^#\d+ Bash\s+FAILED {2}cat a\.csv missing\.csv/);
    assert.match(cli, /→ exit 1: cat failed, 2 lines/);
    assert.match(cli, /! cat exited with status 1/);
    assert.match(cli, /│ 1,x/);
    assert.match(cli, /! stderr: cat: missing\.csv: No such file or directory/);

    const structured = structuredCall(call) as {
      status: string;
      error: string;
      observation: BashObservation;
    };
    assert.equal(structured.status, "failed");
    assert.equal(structured.observation.exitCode, 1);
    assert.equal(structured.observation.stdout, "k,v\n1,x\n");
    assert.match(structured.observation.stderr, /No such file or directory/);
    const readable = readableCall(call);
    assert.match(readable, /^failed: exit 1: cat failed, 2 lines — cat exited with status 1/);
    assert.match(readable, /\n1,x\n/);
    assert.match(readable, /stderr: cat: missing\.csv: No such file or directory/);

    const tool = JSON.parse(toolResultText(call)) as {
      status: string;
      error: string;
      observation: { exitCode: number; exit: string; stdout: string; stderr: string };
    };
    assert.equal(tool.status, "failed");
    assert.equal(tool.observation.exitCode, 1);
    assert.equal(tool.observation.exit, "exit 1: cat failed");
    assert.equal(tool.observation.stdout, "k,v\n1,x\n");
    assert.match(tool.observation.stderr, /No such file or directory/);
  });

  const cli = join(repoRoot, "dist/cli.cjs");
  test(
    "radar batch: a failed Bash call exits 1 and prints its stderr",
    { skip: existsSync(cli) ? false : "dist/cli.cjs is not built (npm run build)" },
    () => {
      const r = spawnSync(process.execPath, [cli, "batch", "-", "--lake", lake, "--state-dir", stateDir], {
        input: JSON.stringify([
          { op: "Bash", command: "cat State MSA data/Alabama.csv" },
          { op: "Bash", command: "grep -c Wyoming a.csv" },
        ]),
        encoding: "utf8",
      });
      assert.equal(r.status, 1, r.stderr);
      assert.match(r.stdout, /#0 Bash\s+FAILED/);
      assert.match(r.stdout, /! stderr: cat: State: No such file or directory/);
      assert.match(r.stdout, /#1 Bash\s+ok .*\n\s+→ exit 1: grep found no matching line \(not an error\)/);
    },
  );
});
