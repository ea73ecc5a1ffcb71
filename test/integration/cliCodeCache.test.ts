import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot, tempLake } from "../helpers/tempLake.ts";

// The launcher (src/cli/launcher.ts) keeps a V8 code cache of the CLI bundle in the state root.
// RADAR_PROFILE_STARTUP=1 makes it say whether the cache was absent, used or rejected.
const cli = join(repoRoot, "dist/cli.cjs");
const { lake } = tempLake({ "a.csv": "k,v\n1,x\n2,y\n" });

function radar(
  stateRoot: string,
  args: string[],
  env: Record<string, string> = {},
): { code: number | null; stdout: string; stderr: string; cache: string | undefined } {
  const r = spawnSync(process.execPath, [cli, ...args], {
    encoding: "utf8",
    env: { ...process.env, RADAR_STATE_DIR: stateRoot, RADAR_PROFILE_STARTUP: "1", ...env },
  });
  return {
    code: r.status,
    stdout: r.stdout,
    stderr: r.stderr,
    cache: /code cache (absent|used|rejected)/.exec(r.stderr)?.[1],
  };
}

function batchFile(dir: string): string {
  const file = join(dir, "one.json");
  writeFileSync(file, JSON.stringify([{ op: "Query", sql: "SELECT 42 AS x", inputs: [], output: "x" }]));
  return file;
}

describe("radar CLI code cache", { skip: existsSync(cli) ? false : "dist/cli.cjs is not built" }, () => {
  test("written on the first run of a command, used on the next, rewritten when V8 rejects it", () => {
    const state = mkdtempSync(join(tmpdir(), "radar-code-cache-"));
    const one = batchFile(state);
    const args = ["batch", one, "--lake", lake, "--json"];
    const first = radar(state, args);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(first.cache, "absent");
    const files = readdirSync(join(state, "code-cache"));
    assert.equal(files.length, 1);
    assert.match(files[0]!, /^cli-[0-9a-f]{16}-batch-v\d+\.\d+\.\d+-\w+\.bin$/);

    const second = radar(state, args);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(second.cache, "used");
    const result = (out: string): unknown =>
      (JSON.parse(out) as { results: { observation: unknown }[] }).results[0]!.observation;
    assert.deepEqual(result(second.stdout), result(first.stdout), "the same answer with the cache");

    // A cache V8 does not accept (here: garbage) is rejected, the command runs, and a good one replaces it.
    const cacheFile = join(state, "code-cache", files[0]!);
    writeFileSync(cacheFile, Buffer.alloc(4096, 7));
    const third = radar(state, args);
    assert.equal(third.code, 0, third.stderr);
    assert.equal(third.cache, "rejected");
    assert.notDeepEqual(readFileSync(cacheFile), Buffer.alloc(4096, 7));
    assert.equal(radar(state, args).cache, "used");

    // Another command has a cache of its own.
    assert.equal(radar(state, ["map", "--lake", lake, "--json"]).cache, "absent");
    assert.equal(readdirSync(join(state, "code-cache")).length, 2);
  });

  test("RADAR_CODE_CACHE=0 reads and writes none; an unwritable cache folder only costs the cache", () => {
    const state = mkdtempSync(join(tmpdir(), "radar-code-cache-"));
    const one = batchFile(state);
    const off = radar(state, ["batch", one, "--lake", lake], { RADAR_CODE_CACHE: "0" });
    assert.equal(off.code, 0, off.stderr);
    assert.equal(off.cache, "absent");
    assert.equal(existsSync(join(state, "code-cache")), false);

    // `code-cache` is a file here, so no cache can be written beneath it.
    writeFileSync(join(state, "code-cache"), "not a folder");
    for (let run = 0; run < 2; run++) {
      const r = radar(state, ["batch", one, "--lake", lake, "--json"]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.cache, "absent");
    }
  });
});
