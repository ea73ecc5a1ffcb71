import { closeSync, openSync, readSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * Whether this Linux's C library is musl, as the ELF interpreter named in the running node binary
 * says (`/lib/ld-musl-x86_64.so.1` or `/lib64/ld-linux-x86-64.so.2`); undefined when it does not
 * say. The same test detect-libc makes first.
 */
function muslFromInterpreter(): boolean | undefined {
  try {
    const fd = openSync("/proc/self/exe", "r");
    try {
      const head = Buffer.alloc(2048);
      const text = head.subarray(0, readSync(fd, head, 0, head.length, 0)).toString("latin1");
      if (text.includes("/ld-musl-")) return true;
      if (text.includes("/ld-linux-")) return false;
    } finally {
      closeSync(fd);
    }
  } catch {
    // no /proc: the package's own loader decides
  }
  return undefined;
}

/**
 * DuckDB's native binding for the CLI bundle (scripts/build.mjs resolves `@duckdb/node-bindings`
 * here). The package's loader asks detect-libc whether libc is musl, which loads child_process and
 * more at every start; the platform package is required directly instead, and the package's own
 * loader is the fallback whenever the answer is unclear or the platform package is elsewhere.
 */
export function loadDuckdbBinding(): unknown {
  const requireHere = createRequire(__filename);
  const musl = process.platform === "linux" ? muslFromInterpreter() : false;
  if (musl !== undefined) {
    try {
      return requireHere(
        `@duckdb/node-bindings-${process.platform}-${process.arch}${musl ? "-musl" : ""}/duckdb.node`,
      );
    } catch {
      // not installed beside this bundle
    }
  }
  return requireHere("@duckdb/node-bindings");
}
