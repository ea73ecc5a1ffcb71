import { readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Mocha from "mocha";

/**
 * The extension-host suite's entry point (`extensionTestsPath`): VS Code calls `run()` inside the
 * real extension host, under code-server (npm test) or @vscode/test-electron (npm run
 * test:vscode). Results also go to RADAR_TEST_RESULTS as JSON for the harness to count.
 */
export function run(): Promise<void> {
  const out = process.env.RADAR_TEST_RESULTS ?? join(tmpdir(), "radar-ext-host-results.json");
  const mocha = new Mocha({ ui: "bdd", timeout: 60_000, color: false, reporter: "spec" });
  for (const file of readdirSync(__dirname)
    .filter((f) => f.endsWith(".test.cjs"))
    .sort())
    mocha.addFile(join(__dirname, file));
  return new Promise((resolve, reject) => {
    const passes: string[] = [];
    const failures: { title: string; error: string }[] = [];
    const runner = mocha.run((failed) => {
      writeFileSync(out, JSON.stringify({ passes, failures }, null, 2));
      if (failed) reject(new Error(`${failed} extension-host test(s) failed`));
      else resolve();
    });
    runner.on("pass", (t) => passes.push(t.fullTitle()));
    runner.on("fail", (t, e: unknown) =>
      failures.push({ title: t.fullTitle(), error: e instanceof Error ? e.message : String(e) }),
    );
  });
}
