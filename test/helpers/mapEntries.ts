import assert from "node:assert/strict";
import type { SourceEntry, SourceMap, TableProfile } from "../../src/core/sourceMap/sourceEntry.ts";

/** The Source Map's entry for a lake path; fails the test when the map has none. */
export function mapEntry(map: SourceMap, path: string): SourceEntry {
  const e = map.files.find((f) => f.path === path);
  assert.ok(e, `${path} should be in the map`);
  return e;
}

/** The one table of a file mapped without error; fails the test otherwise. */
export function onlyTable(map: SourceMap, path: string): TableProfile {
  const e = mapEntry(map, path);
  assert.equal(e.error, undefined, `${path}: ${e.error}`);
  assert.equal(e.tables?.length, 1, `${path}: one table`);
  return e.tables![0]!;
}
