// Bundles the CLI, the extension, the webview and the benchmark/eval entry points with esbuild.
// Type-checking is separate (`tsc --noEmit`), as esbuild only strips types.
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { asciiBundle } from "./asciiBundle.mjs";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve as resolvePath } from "node:path";

const nodeEntries = {
  evalDiscover: "bench/evalDiscover.ts",
  benchSourceMap: "bench/benchSourceMap.ts",
  benchValidate: "bench/benchValidate.ts",
  benchSessions: "bench/benchSessions.ts",
  evalSilent: "bench/evalSilent.ts",
  evalHoldout: "bench/evalHoldout.ts",
  evalCorpus: "bench/evalCorpus.ts",
  benchSqlSize: "bench/benchSqlSize.ts",
  evalSessions: "bench/evalSessions.ts",
  evalPollock: "bench/evalPollock.ts",
  benchAudit: "bench/benchAudit.ts",
};
const present = Object.fromEntries(Object.entries(nodeEntries).filter(([, file]) => existsSync(file)));
/** What every Node bundle shares: one CommonJS file per entry, for the Node the package supports. */
const nodeCjs = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  outExtension: { ".js": ".cjs" },
  logLevel: "warning",
};

await build({
  entryPoints: present,
  outdir: "dist",
  ...nodeCjs,
  sourcemap: true,
  // DuckDB ships a native N-API binary; it must be resolved from node_modules at run time.
  external: ["@duckdb/node-api", "@duckdb/node-bindings", "vscode"],
  banner: { js: "#!/usr/bin/env node" },
});

// The CLI: one CommonJS bundle, dist/cli/main.cjs, written as a single function expression, which
// the launcher dist/cli.cjs (package.json's bin, and what the editor starts for MCP) compiles
// through a V8 code cache (src/cli/launcher.ts). A cached start deserialises only what the command
// ran before; the model client (ask), the MCP SDK (mcp) and the Excel reader sit in the bundle as
// modules initialised on first use, so other commands never run them. DuckDB's JS API is bundled
// too (one file instead of ~100 small modules); its native binding is required at run time.
rmSync("dist/cli", { recursive: true, force: true });
/**
 * zod's classic API re-exports every locale's messages (~350 kB, a fifth of what `radar batch`
 * parses at start); RADAR uses English only, so the locale index resolves to English alone.
 */
const englishZod = {
  name: "zod-english-only",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
        ? { path: join(dirname(args.importer), "..", "locales", "en.js"), namespace: "zod-english" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "zod-english" }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: dirname(args.path),
    }));
  },
};
/** `@duckdb/node-bindings` as src/cli/duckdbBinding.ts loads it (without detect-libc). */
const duckdbBinding = {
  name: "duckdb-binding",
  setup(b) {
    const loader = resolvePath("src/cli/duckdbBinding.ts");
    b.onResolve({ filter: /^@duckdb\/node-bindings$/ }, () => ({
      path: loader,
      namespace: "duckdb-binding",
    }));
    b.onLoad({ filter: /.*/, namespace: "duckdb-binding" }, () => ({
      // CommonJS, as the package is: DuckDB's JS API reads both `default` and named members.
      contents: `module.exports = require(${JSON.stringify(loader)}).loadDuckdbBinding();`,
      resolveDir: dirname(loader),
      loader: "js",
    }));
  },
};
const CLI_WRAPPER = "(function (exports, require, module, __filename, __dirname) {";
await build({
  entryPoints: { main: "src/cli/main.ts" },
  outdir: "dist/cli",
  ...nodeCjs,
  sourcemap: true,
  // Less text to read and decode at every start; names stay, so stack traces stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  charset: "ascii",
  plugins: [englishZod, duckdbBinding],
  external: ["vscode"],
  banner: { js: CLI_WRAPPER },
  footer: { js: "})" },
});
// An ASCII bundle is read as latin1: a one-byte string, no UTF-8 decoding at every start.
const cli = asciiBundle(readFileSync("dist/cli/main.cjs", "utf8"));
if (cli.ascii) writeFileSync("dist/cli/main.cjs", cli.text);
else console.warn(`dist/cli/main.cjs stays UTF-8 (the launcher decodes it at every start): ${cli.left}`);
const cliBundle = readFileSync("dist/cli/main.cjs");
await build({
  entryPoints: { cli: "src/cli/launcher.ts" },
  outdir: "dist",
  ...nodeCjs,
  define: {
    RADAR_CLI_BUILD: JSON.stringify(createHash("sha256").update(cliBundle).digest("hex").slice(0, 16)),
    RADAR_CLI_ENCODING: JSON.stringify(cli.ascii ? "latin1" : "utf8"),
  },
  banner: { js: "#!/usr/bin/env node" },
});
chmodSync("dist/cli.cjs", 0o755);

/** Maps the shell's lazy `import("./runtimeBundle.ts")` to the separately built file. */
const runtimeBundleExternal = {
  name: "runtime-bundle-external",
  setup(b) {
    b.onResolve({ filter: /\/runtimeBundle\.ts$/ }, (args) =>
      args.kind === "dynamic-import" ? { path: "./runtimeBundle.cjs", external: true } : undefined,
    );
  },
};

if (existsSync("src/extension/extension.ts")) {
  const extensionOptions = {
    ...nodeCjs,
    outdir: "dist",
    sourcemap: true,
    external: ["vscode", "@duckdb/node-api", "@duckdb/node-bindings"],
  };
  // The shell: commands, views, webview host. Its banner and footer stamp the start and end of its
  // evaluation for the reported activation time (activationClock.ts); the runtime bundle is left out (see runtimeLoader.ts).
  await build({
    ...extensionOptions,
    entryPoints: { extension: "src/extension/extension.ts" },
    banner: {
      js: "globalThis.__radarLoadStart = performance.now(); globalThis.__radarLoadCpu = process.cpuUsage();",
    },
    footer: {
      js: "globalThis.__radarLoadEnd = performance.now(); globalThis.__radarLoadCpu = process.cpuUsage(globalThis.__radarLoadCpu);",
    },
    plugins: [runtimeBundleExternal],
    // `require`, not `import()`: the extension host's CommonJS loader resolves it like the rest.
    supported: { "dynamic-import": false },
  });
  shareVscodeModule("dist/extension.cjs");
  // Everything that needs DuckDB or the model client, loaded on first use.
  await build({ ...extensionOptions, entryPoints: { runtimeBundle: "src/extension/run/runtimeBundle.ts" } });
  // The child process that builds the Source Map out of the extension host (sourceMapper.ts).
  await build({ ...extensionOptions, entryPoints: { mapWorker: "src/extension/sources/mapWorker.ts" } });
  await buildWebview();
}

/**
 * esbuild turns each module's `import * as vscode from "vscode"` into
 * `__toESM(require("vscode"), 1)`, which copies every one of the API's ~300 members into a fresh
 * object — fifteen times over in the shell, a measurable part of activation. The shell only reads
 * named members, which the API object itself has: every module gets that object instead.
 */
function shareVscodeModule(file) {
  const text = readFileSync(file, "utf8");
  const wrapped = /__toESM\(require\("vscode"\), 1\)/g;
  const count = (text.match(wrapped) ?? []).length;
  if (count === 0)
    throw new Error(`${file}: esbuild no longer wraps require("vscode"); review shareVscodeModule`);
  writeFileSync(file, text.replace(wrapped, 'require("vscode")'));
}

/** The report webview: a browser bundle with its components, and the codicon font it uses. */
async function buildWebview() {
  mkdirSync("dist/webview", { recursive: true });
  await build({
    entryPoints: { report: "webview/main.ts" },
    outdir: "dist/webview",
    bundle: true,
    platform: "browser",
    target: "es2022",
    format: "iife",
    minify: true,
    sourcemap: false,
    logLevel: "warning",
  });
  for (const file of ["codicon.css", "codicon.ttf"])
    copyFileSync(`node_modules/@vscode/codicons/dist/${file}`, `dist/webview/${file}`);
}
