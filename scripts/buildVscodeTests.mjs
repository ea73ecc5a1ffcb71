// Bundles the extension-host mocha suite (test/vscode/suite) to out/vscodeSuite/*.cjs. `vscode`
// comes from the extension host and mocha from node_modules at run time.
import { build } from "esbuild";
import { readdirSync, rmSync } from "node:fs";

const dir = "test/vscode/suite";
const entries = Object.fromEntries(
  readdirSync(dir)
    .filter((f) => f === "index.ts" || f.endsWith(".test.ts"))
    .map((f) => [f.replace(/\.ts$/, ""), `${dir}/${f}`]),
);
rmSync("out/vscodeSuite", { recursive: true, force: true });
await build({
  entryPoints: entries,
  outdir: "out/vscodeSuite",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  outExtension: { ".js": ".cjs" },
  sourcemap: "inline",
  external: ["vscode", "mocha", "@duckdb/node-api", "@duckdb/node-bindings"],
  logLevel: "warning",
});
