// Runs the Node tests with Node's own test runner, TypeScript loaded through tsx. Node 20's `--test`
// takes no globs, so the files are listed here.
//
//   node scripts/runTests.mjs                 every tier below (test/unit, then test/integration)
//   node scripts/runTests.mjs unit            test/unit: pure — no DuckDB, no child processes (seconds)
//   node scripts/runTests.mjs integration     test/integration: DuckDB, the CLI, child processes
//   node scripts/runTests.mjs FILE...         just these files
//
// Integration tests start dist/cli.cjs, dist/mapWorker.cjs and dist/extension.cjs: when a source is
// newer than dist/ (or dist/ is missing) the bundle is built first, so they never run a stale build.
// Unit test files run under scripts/unitGuard.mjs: loading DuckDB or starting a process fails them.
// Skipped tests are listed at the end; under CI=true (or 1) a skip fails the run: a test that
// cannot run is a test that proves nothing.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { spawnSync } from "node:child_process";

function find(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...find(full));
    else if (name.endsWith(".test.ts")) out.push(full);
  }
  return out.sort();
}

/** The newest modification time under `dir` (files only). */
function newest(dir) {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    const st = statSync(full);
    latest = Math.max(latest, st.isDirectory() ? newest(full) : st.mtimeMs);
  }
  return latest;
}

/** Builds dist/ when a bundled source is newer than the bundles the tests start. */
function buildIfStale() {
  const bundles = ["dist/cli.cjs", "dist/mapWorker.cjs", "dist/extension.cjs"];
  const built = Math.min(...bundles.map((b) => (existsSync(b) ? statSync(b).mtimeMs : 0)));
  const sources = Math.max(
    ...["src", "webview", "bench"].map(newest),
    ...["scripts/build.mjs", "package.json"].map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)),
  );
  if (built >= sources) return;
  console.log(
    built === 0 ? "dist/ is not built: building it" : "dist/ is older than the sources: building it",
  );
  const r = spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const TIERS = { unit: "test/unit", integration: "test/integration" };
const args = process.argv.slice(2);
const tiers = args.length === 0 ? ["unit", "integration"] : args.filter((a) => a in TIERS);
const files = args.filter((a) => !(a in TIERS));
/** [label, files, guarded] runs, in order. */
const runs = tiers.map((t) => [t, find(TIERS[t]), t === "unit"]);
if (files.length > 0) {
  const unitDir = resolve(TIERS.unit);
  const isUnit = (f) => resolve(f).startsWith(unitDir);
  runs.push(["unit", files.filter(isUnit), true], ["tests", files.filter((f) => !isUnit(f)), false]);
}

const ci = process.env.CI === "true" || process.env.CI === "1";
const counts = { tests: 0, pass: 0, fail: 0, skipped: 0, todo: 0 };
const skipped = [];
let status = 0;
for (const [label, list, guarded] of runs) {
  if (list.length === 0) continue;
  if (!guarded) buildIfStale();
  const countDir = mkdtempSync(join(tmpdir(), "radar-test-counts-"));
  const countFile = join(countDir, "counts.json");
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      ...(guarded ? ["--import", "./scripts/unitGuard.mjs"] : []),
      "--test",
      "--test-concurrency=1",
      "--test-reporter=spec",
      "--test-reporter-destination=stdout",
      "--test-reporter=./scripts/countReporter.mjs",
      `--test-reporter-destination=${countFile}`,
      ...list,
    ],
    { stdio: "inherit" },
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) status = result.status ?? 1;
  if (existsSync(countFile)) {
    const c = JSON.parse(readFileSync(countFile, "utf8"));
    for (const k of Object.keys(counts)) counts[k] += c[k];
    skipped.push(...c.skippedTests);
    // The plain closing line CI reads ("word: N passed, N failed, N skipped"), then the rest.
    console.log(`${label}: ${c.pass} passed, ${c.fail} failed, ${c.skipped} skipped`);
    console.log(`(${c.tests} tests, ${c.todo} todo, ${list.length} files, ${seconds} s)`);
  } else {
    console.log(`${label}: the test runner wrote no counts (exit ${result.status}, ${seconds} s)`);
    status ||= 1;
  }
  rmSync(countDir, { recursive: true, force: true });
}

if (skipped.length > 0) {
  console.log(`\n${skipped.length} skipped:`);
  for (const s of skipped) console.log(`  - ${relative(".", s.file ?? "?")}: ${s.name} (${s.reason})`);
  if (ci) {
    console.log("CI=true: a skipped test fails the run (every test must run here).");
    status ||= 1;
  }
}
process.exit(status);
