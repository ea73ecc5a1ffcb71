import { createHash } from "node:crypto";
import { accessSync, constants, mkdirSync } from "node:fs";
import { basename, join } from "node:path";

/**
 * Where the editor keeps RADAR's state for a workspace folder — the Source Map cache, UTF-8 copies
 * of legacy-encoded files and the run traces. A workspace may be read-only, a git repository or
 * shared, so by default nothing goes into it: the state lives in the extension's storage for this
 * workspace (`ExtensionContext.storageUri`), or its global storage when the window has no
 * workspace. `radar.stateLocation: "workspace"` puts it in `<folder>/.radar` instead, beside the
 * data, for those who want the traces there.
 */
export type StateLocation = "storage" | "workspace";

export interface StorageRoots {
  /** `ExtensionContext.storageUri.fsPath`: per workspace; absent in an empty window. */
  workspaceStorage?: string;
  /** `ExtensionContext.globalStorageUri.fsPath`. */
  globalStorage: string;
}

export function stateLocationOf(setting: unknown): StateLocation {
  return setting === "workspace" ? "workspace" : "storage";
}

/**
 * The state folder of one workspace folder (the lake). In storage, each folder of a multi-root
 * workspace gets its own sub-folder, named for people and keyed by the folder's path.
 */
export function stateDirFor(lakeRoot: string, location: StateLocation, roots: StorageRoots): string {
  if (location === "workspace") return join(lakeRoot, ".radar");
  return join(roots.workspaceStorage ?? roots.globalStorage, "lakes", lakeKey(lakeRoot));
}

export function lakeKey(lakeRoot: string): string {
  const name =
    basename(lakeRoot)
      .replace(/[^\w.-]+/g, "_")
      .slice(0, 40) || "lake";
  return `${name}-${createHash("sha256").update(lakeRoot).digest("hex").slice(0, 12)}`;
}

export interface ResolvedStateDir {
  dir: string;
  /** Why the state is not where the setting asked (a read-only folder). */
  note?: string;
}

/** The state folder, created; a folder that cannot be written falls back to the storage. */
export function ensureStateDir(
  lakeRoot: string,
  location: StateLocation,
  roots: StorageRoots,
): ResolvedStateDir {
  const dir = stateDirFor(lakeRoot, location, roots);
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return { dir };
  } catch (error) {
    if (location !== "workspace") throw error;
    const fallback = stateDirFor(lakeRoot, "storage", roots);
    mkdirSync(fallback, { recursive: true });
    return {
      dir: fallback,
      note: `radar.stateLocation is "workspace", but ${dir} cannot be written (${error instanceof Error ? error.message : String(error)}): RADAR's state goes to ${fallback}`,
    };
  }
}
