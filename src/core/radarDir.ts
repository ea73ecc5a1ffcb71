import { accessSync, constants, mkdirSync } from "node:fs";
import { createHash } from "node:crypto";
import { homedir } from "node:os";
import { basename, isAbsolute, join, relative, resolve, sep } from "node:path";

/**
 * Where RADAR keeps what it learns about a lake — the Source Map cache, UTF-8 copies of legacy
 * encoded files, sessions (their DuckDB database files) and run traces — its *state directory*.
 * Never the lake itself unless asked: a lake may be read-only, shared or under version control.
 *
 * Default: one folder per lake under `$RADAR_STATE_DIR`, else `$XDG_CACHE_HOME/radar`, else
 * `~/.cache/radar`; the folder is named after the lake with a hash of its real path
 * (`lake-3f9a1c0e2b7d4a51`). A host (the editor) or `--state-dir` may choose the folder itself.
 */
export function stateRoot(env: NodeJS.ProcessEnv = process.env): string {
  if (env.RADAR_STATE_DIR) return resolve(env.RADAR_STATE_DIR);
  if (env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME)) return join(env.XDG_CACHE_HOME, "radar");
  return join(homedir(), ".cache", "radar");
}

/** The state directory of a lake (created): `<stateRoot>/<name>-<hash>`, or `explicit` as given. */
export function stateDirFor(
  lakeRoot: string,
  explicit?: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const dir = explicit ? resolve(explicit) : join(stateRoot(env), lakeKey(lakeRoot));
  checkInsideLake(lakeRoot, dir);
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (error) {
    throw new StateDirError(
      `RADAR cannot write its state folder ${dir} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Point RADAR_STATE_DIR or --state-dir at a folder you can write; the lake itself is only read.`,
    );
  }
  return dir;
}

/**
 * The state directory of a lake (the default location). Kept under its old name for hosts that
 * imported it: the editor's Source Map view.
 */
export function radarDir(lakeRoot: string): string {
  return stateDirFor(lakeRoot);
}

/** `name-<16 hex>`: readable in a listing, unique per lake path. */
export function lakeKey(lakeRoot: string): string {
  const name =
    basename(lakeRoot)
      .replace(/[^A-Za-z0-9._-]+/g, "_")
      .slice(0, 40) || "lake";
  return `${name}-${createHash("sha256").update(lakeRoot).digest("hex").slice(0, 16)}`;
}

/**
 * A state directory inside the lake must sit in a folder named `.radar` (the crawler skips those),
 * or RADAR would map its own session databases and traces as data.
 */
function checkInsideLake(lakeRoot: string, dir: string): void {
  const rel = relative(lakeRoot, dir);
  if (rel === "" || (!rel.startsWith("..") && !isAbsolute(rel))) {
    if (rel === "" || !rel.split(sep).includes(".radar"))
      throw new StateDirError(
        `the state directory ${dir} is inside the lake but not in a folder named .radar; RADAR would map its own files as data. Use ${join(lakeRoot, ".radar")} (or a folder outside the lake).`,
      );
  }
}

/** A state directory that cannot be used, said in words. */
export class StateDirError extends Error {}
