// The extension-host suite in desktop VS Code through @vscode/test-electron, for machines that can
// download VS Code (the offline path, code-server, runs in `npm test`). Run via `npm run test:vscode`.
import { mkdtempSync, cpSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { runTests } from "@vscode/test-electron";

const root = resolve(".");
const workspace = mkdtempSync(join(tmpdir(), "radar-lake-"));
cpSync("examples/lake", workspace, { recursive: true, filter: (src) => !src.split("/").includes(".radar") });
try {
  await runTests({
    version: process.env.VSCODE_VERSION ?? "1.139.1",
    extensionDevelopmentPath: root,
    extensionTestsPath: join(root, "out/vscodeSuite/index.cjs"),
    launchArgs: [workspace, "--disable-extensions", "--disable-workspace-trust"],
    extensionTestsEnv: { RADAR_TEST_RESULTS: join(workspace, "ext-host-results.json") },
  });
} catch (error) {
  console.error(`test:vscode failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
