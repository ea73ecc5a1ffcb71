// The first step of `npm test`: what the tests need beyond `npm ci`, installed when missing.
// - Debian packages: Chromium (the VS Code tests drive code-server's workbench with it) and, until
//   code-server is installed, libkrb5-dev (its install compiles a native module needing gssapi.h).
//   As root they are installed with apt-get; otherwise the run stops at once with one line naming them.
// - code-server under Node 24 in test/vscode/codeServer (`npm run setup:e2e`), once.
// Fast when everything is there: two file checks.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.RADAR_CHROMIUM ?? "/usr/bin/chromium";
const codeServer = "test/vscode/codeServer/node_modules/.bin/code-server";

const packages = [];
if (!existsSync(chromium)) packages.push("chromium");
if (!existsSync(codeServer) && !existsSync("/usr/include/gssapi/gssapi.h")) packages.push("libkrb5-dev");

if (packages.length > 0) {
  const command = `apt-get install -y ${packages.join(" ")}`;
  if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get")) {
    console.error(
      `npm test needs ${packages.join(" and ")}: run \`sudo ${command}\` (Debian/Ubuntu), then npm test again`,
    );
    process.exit(1);
  }
  console.log(`setup: installing ${packages.join(", ")} (${command})`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "--no-install-recommends", ...packages],
  ]) {
    const r = spawnSync("apt-get", args, { stdio: ["ignore", "ignore", "inherit"], env });
    if (r.status !== 0) {
      console.error(`setup: apt-get ${args.join(" ")} failed (exit ${r.status})`);
      process.exit(1);
    }
  }
}

if (!existsSync(codeServer)) {
  console.log("setup: installing code-server for the VS Code tests (npm run setup:e2e, once)");
  const r = spawnSync(process.execPath, ["scripts/installCodeServer.mjs"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
