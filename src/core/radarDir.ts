import { accessSync, constants, mkdirSync } from "node:fs";
import { createHash } from "node:crypto";
import { homedir } from "node:os";
import { join } from "node:path";

/**
 * Where RADAR keeps its cache and traces for a lake: `<lake>/.radar`, or — when the lake is
 * read-only or RADAR_STATE_DIR is set — a per-lake folder outside it.
 */
export function radarDir(lakeRoot: string): string {
  const override = process.env.RADAR_STATE_DIR;
  if (override) return ensure(join(override, lakeKey(lakeRoot)));
  const inLake = join(lakeRoot, ".radar");
  try {
    mkdirSync(inLake, { recursive: true });
    accessSync(inLake, constants.W_OK);
    return inLake;
  } catch {
    return ensure(join(homedir(), ".cache", "radar", lakeKey(lakeRoot)));
  }
}

function lakeKey(lakeRoot: string): string {
  return createHash("sha256").update(lakeRoot).digest("hex").slice(0, 16);
}

function ensure(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return dir;
}
