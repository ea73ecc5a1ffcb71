// The `radar` command (dist/cli.cjs): loads the CLI bundle (dist/cli/main.cjs) through a V8 code
// cache. Node 20 has no module.enableCompileCache, and on a slow machine parsing the ~2 MB bundle
// costs as much as opening DuckDB; with the cache V8 deserialises the functions the command ran
// last time instead. The cache sits in RADAR's state root (`code-cache/`, beside the per-lake
// folders), one file per build, Node version and command; V8 rejects a cache that does not fit
// (another V8, other flags), and the launcher then compiles from source and writes a fresh one.
// RADAR_CODE_CACHE=0 turns it off (no read, no write).
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Script, constants } from "node:vm";
import { keepFreedPages } from "../core/engine/allocatorSettings.ts";
import { stateRoot } from "../core/radarDir.ts";
import { startupMark } from "../core/startupProfile.ts";

// Before the bundle loads DuckDB (see allocatorSettings.ts).
keepFreedPages();

/** Set by scripts/build.mjs: a hash of the bundle, and how to read it (`latin1` when it is ASCII). */
declare const RADAR_CLI_BUILD: string;
declare const RADAR_CLI_ENCODING: BufferEncoding;

const bundle = join(__dirname, "cli", "main.cjs");
const enabled = process.env.RADAR_CODE_CACHE !== "0";
// One cache per command: each keeps the functions its own command compiles.
const first = process.argv[2];
const command = first && /^[a-z]+$/.test(first) ? first : "other";
const dir = join(stateRoot(), "code-cache");
const prefix = `cli-${RADAR_CLI_BUILD}-`;
const cacheFile = join(dir, `${prefix}${command}-${process.version}-${process.arch}.bin`);

let cached: Buffer | undefined;
if (enabled) {
  try {
    cached = readFileSync(cacheFile);
  } catch {
    // no cache yet (first run of this build and command), or an unreadable state root
  }
}
// The bundle is one function expression `(function (exports, require, module, __filename, __dirname) {…})`.
const source = readFileSync(bundle, RADAR_CLI_ENCODING);
const script = new Script(source, {
  filename: bundle,
  ...(cached ? { cachedData: cached } : {}),
  importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
});
startupMark(
  `bundle compiled (code cache ${cached ? (script.cachedDataRejected ? "rejected" : "used") : "absent"})`,
);

if (enabled && (!cached || script.cachedDataRejected)) {
  // At exit the cache holds every function the command compiled, not only the top level.
  process.once("exit", () => {
    try {
      const data = script.createCachedData();
      mkdirSync(dir, { recursive: true });
      const temporary = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(temporary, data);
      renameSync(temporary, cacheFile);
      // Caches of other builds are dead weight: this build replaced them.
      for (const name of readdirSync(dir))
        if (name.startsWith("cli-") && !name.startsWith(prefix)) rmSync(join(dir, name), { force: true });
    } catch {
      // a read-only or full state root: the command ran; the next start compiles again
    }
  });
}

const module = { exports: {} };
const main = script.runInThisContext() as (
  exports: unknown,
  require: NodeJS.Require,
  module: unknown,
  filename: string,
  dirname: string,
) => void;
main.call(module.exports, module.exports, createRequire(bundle), module, bundle, join(__dirname, "cli"));
