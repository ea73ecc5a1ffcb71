import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { sourceMapSummary } from "../../src/agent/sourceMapSummary.ts";
import { Runtime } from "../../src/core/runtime.ts";
import { mapEntry } from "../helpers/mapEntries.ts";
import { withMcpClient } from "../helpers/mcpClient.ts";
import { repoRoot, tempLake } from "../helpers/tempLake.ts";

// A lake where some downloads never came: `GOES/` is empty, `swarmb/` holds only an empty folder.
// They appeared nowhere in the map, so nothing told the analyst the data was missing.

const { lake, stateDir } = tempLake({
  "omni/kp.csv": "year,kp\n2023,3\n2024,5\n",
  "swarmc/density.csv": "t,rho\n1,2.5\n",
  // Not empty: a file .gitignore leaves out, a link to a folder mapped elsewhere.
  "scratch/.gitignore": "*.tmp\n",
  "scratch/run.tmp": "x\n",
});
mkdirSync(join(lake, "GOES"));
mkdirSync(join(lake, "swarmb", "2023"), { recursive: true });
mkdirSync(join(lake, "latest"));
symlinkSync(join(lake, "omni"), join(lake, "latest", "omni"));

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir, validate: false });
});
after(() => runtime?.close());

describe("empty folders are listed in the map", () => {
  test("each top-most empty folder is an entry, in crawl order, with the files", () => {
    assert.deepEqual(
      runtime.map.files.map((f) => `${f.path}${f.folder ? " (empty folder)" : ""}`),
      [
        "GOES (empty folder)",
        // Reached first through the link; omni/ itself is then passed over, not taken for empty.
        "latest/omni/kp.csv",
        "scratch/.gitignore",
        "swarmb (empty folder)",
        "swarmc/density.csv",
      ],
    );
    const goes = mapEntry(runtime.map, "GOES");
    assert.equal(goes.format, "empty");
    assert.equal(goes.tables, undefined);
    assert.equal(goes.error, undefined);
  });

  test("the agent's summary names them whatever the question", () => {
    const text = sourceMapSummary(runtime.map, []);
    assert.match(text, /^The lake has 3 files \(2 with tables; 2 empty folders: GOES, swarmb\)\./);
  });

  test("MCP lists them as resources that say so", async () => {
    await withMcpClient(runtime, lake, async (client) => {
      const { resources } = await client.listResources();
      const goes = resources.find((r) => r.uri === "radar://sourcemap/GOES");
      assert.equal(goes?.description, "empty folder: no files in it");
    });
  });

  test("Scan of an empty folder is refused, naming it", async () => {
    const r = await runtime.call({ op: "Scan", file: "GOES", output: "goes" });
    assert.equal(r.status, "rejected");
    assert.match(JSON.stringify(r.diagnostics), /GOES is an empty folder/);
  });

  const cli = join(repoRoot, "dist/cli.cjs");
  test(
    "radar map and map --json list them",
    { skip: existsSync(cli) ? false : "dist/cli.cjs is not built" },
    () => {
      const run = (...args: string[]): string => {
        const r = spawnSync(
          process.execPath,
          [cli, "map", "--lake", lake, "--state-dir", stateDir, ...args],
          {
            encoding: "utf8",
          },
        );
        assert.equal(r.status, 0, r.stderr);
        return r.stdout;
      };
      const text = run();
      assert.match(text, /^GOES {2}\[empty, 0 B\]\n {6}empty folder: no files in it$/m);
      assert.match(text, /3 files, 0 unreadable, 2 empty folders;/);
      const json = JSON.parse(run("--json")) as { files: { path: string; folder?: string }[] };
      assert.deepEqual(
        json.files.filter((f) => f.folder === "empty").map((f) => f.path),
        ["GOES", "swarmb"],
      );
    },
  );
});
