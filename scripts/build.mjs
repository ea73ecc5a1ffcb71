// Bundles the CLI, the extension, the webview and the benchmark/eval entry points with esbuild.
// Type-checking is separate (`tsc --noEmit`), as esbuild only strips types.
import { build } from "esbuild";
import { existsSync } from "node:fs";

const nodeEntries = {
  cli: "src/cli/main.ts",
  evalDiscover: "bench/evalDiscover.ts",
  benchSourceMap: "bench/benchSourceMap.ts",
  benchValidate: "bench/benchValidate.ts",
  evalSilent: "bench/evalSilent.ts",
};
const present = Object.fromEntries(Object.entries(nodeEntries).filter(([, file]) => existsSync(file)));

await build({
  entryPoints: present,
  outdir: "dist",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  outExtension: { ".js": ".cjs" },
  sourcemap: true,
  // DuckDB ships a native N-API binary; it must be resolved from node_modules at run time.
  external: ["@duckdb/node-api", "@duckdb/node-bindings", "vscode"],
  banner: { js: "#!/usr/bin/env node" },
  logLevel: "warning",
});

if (existsSync("src/extension/extension.ts")) {
  await build({
    entryPoints: { extension: "src/extension/extension.ts" },
    outdir: "dist",
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    outExtension: { ".js": ".cjs" },
    sourcemap: true,
    external: ["vscode", "@duckdb/node-api", "@duckdb/node-bindings"],
    logLevel: "warning",
  });
}
