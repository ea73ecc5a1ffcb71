// Loaded (--import) into each test/unit file's process by scripts/runTests.mjs: a unit test is pure,
// so loading DuckDB or starting a child process throws, naming where the test belongs instead.
// The test runner's own parent process is left alone (it starts the file processes).
import childProcess from "node:child_process";
import { register, syncBuiltinESMExports } from "node:module";

if (process.env.NODE_TEST_CONTEXT) {
  const refuse = (name) => () => {
    throw new Error(`a unit test may not start a child process (${name}): move it to test/integration`);
  };
  for (const name of ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"])
    childProcess[name] = refuse(name);
  syncBuiltinESMExports();
  const hooks = `export async function resolve(specifier, context, next) {
    if (specifier.startsWith("@duckdb/"))
      throw new Error("a unit test may not load DuckDB (" + specifier + "): move it to test/integration");
    return next(specifier, context);
  }`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`);
}
