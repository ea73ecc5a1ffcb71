import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../helpers/tempLake.ts";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : full.endsWith(".ts") ? [full] : [];
  });
}

test("no file under src/core imports vscode", () => {
  const all = files(join(repoRoot, "src/core"));
  assert.ok(all.length > 10, "src/core should hold the runtime");
  const offenders = all.filter((f) =>
    /(from\s+["']vscode["'])|(require\(\s*["']vscode["']\s*\))|(import\(\s*["']vscode["']\s*\))/.test(
      readFileSync(f, "utf8"),
    ),
  );
  assert.deepEqual(offenders, []);
});
