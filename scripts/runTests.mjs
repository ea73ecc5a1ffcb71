// Runs every test file under test/ (except the editor suites) with Node's own test runner,
// TypeScript loaded through tsx. Node 20's `--test` takes no globs, so the files are listed here.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";

function find(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== "fixtures" && name !== "vscode") out.push(...find(full));
    } else if (name.endsWith(".test.ts")) out.push(full);
  }
  return out;
}

const only = process.argv.slice(2);
const files = only.length > 0 ? only : find("test").sort();
const result = spawnSync(
  process.execPath,
  ["--import", "tsx", "--test", "--test-concurrency=1", "--test-reporter=spec", ...files],
  { stdio: "inherit" },
);
process.exit(result.status ?? 1);
