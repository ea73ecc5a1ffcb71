import { findFileFamilies } from "../core/discover/fileFamilies.ts";
import type { FileFamily } from "../core/discover/fileFamilies.ts";
import type { SourceEntry, SourceMap } from "../core/sourceMap/sourceEntry.ts";

/**
 * MCP resources for the lake's file families (fileFamilies.ts): one resource per family, its
 * members given as a range, in place of one resource per member file — a lake of 1,400 dated files
 * in two families lists two entries, not 1,400. Each member stays readable by its own
 * `radar://sourcemap/<path>` URI.
 */
export const FAMILY_PREFIX = "radar://family/";

export interface FamilyResource {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
}

/** The families of a Source Map, found once per map. */
const familiesByMap = new WeakMap<SourceMap, FileFamily[]>();

export function familiesOf(map: SourceMap): FileFamily[] {
  let families = familiesByMap.get(map);
  if (!families) {
    families = findFileFamilies(map.files.filter((f) => !f.folder));
    familiesByMap.set(map, families);
  }
  return families;
}

function describe(family: FileFamily): string {
  const gaps = family.gaps.length
    ? `, missing ${family.gaps.slice(0, 5).join(", ")}${family.gaps.length > 5 ? " …" : ""}`
    : "";
  const differ = family.differing.length ? `, ${family.differing.length} members differ` : "";
  const columns = `${family.columns.slice(0, 6).join(", ")}${family.columns.length > 6 ? ", …" : ""}`;
  return `family of ${family.members.length} files ${family.template}, ${family.varying.join(", ")} ${family.first}…${family.last}${gaps}${differ}; columns: ${columns}; read all with UnionScan ${family.glob}`;
}

/** One resource per family, and the member paths they stand for (not listed on their own). */
export function familyResources(map: SourceMap): { resources: FamilyResource[]; members: Set<string> } {
  const members = new Set<string>();
  const resources = familiesOf(map).map((family) => {
    for (const m of family.members) members.add(m.path);
    return {
      uri: `${FAMILY_PREFIX}${encodeURIComponent(family.glob)}`,
      name: family.template,
      title: family.template,
      description: describe(family),
      mimeType: "application/json",
    };
  });
  return { resources, members };
}

/** A family resource's content: the family, its members in order with the days their names cover. */
export function readFamily(map: SourceMap, uri: string): string | undefined {
  if (!uri.startsWith(FAMILY_PREFIX)) return undefined;
  const glob = decodeURIComponent(uri.slice(FAMILY_PREFIX.length));
  const family = familiesOf(map).find((f) => f.glob === glob);
  if (!family) return undefined;
  const entries = new Map<string, SourceEntry>(map.files.map((f) => [f.path, f]));
  return JSON.stringify({
    ...family,
    members: family.members.map((m) => ({
      ...m,
      rows: entries.get(m.path)?.tables?.[0]?.rowCount,
    })),
  });
}
