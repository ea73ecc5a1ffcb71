import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { DiscoverIndex } from "../../src/core/discover/discoverIndex.ts";
import type { DiscoverHit } from "../../src/core/discover/discoverIndex.ts";
import { DuckEngine } from "../../src/core/engine/duckEngine.ts";
import { buildSourceMap } from "../../src/core/sourceMap/crawl/buildSourceMap.ts";
import type { SourceMap } from "../../src/core/sourceMap/sourceEntry.ts";
import { legalLakeDir } from "../helpers/tempLake.ts";

// Split from test/unit/discover.test.ts : the rest maps nothing and needs no DuckDB.

const paths = (hits: DiscoverHit[]): string[] => hits.map((h) => h.path);

// --- the real KramaBench "legal" lake, when it is there ----------------------------------------

describe("DiscoverIndex on the KramaBench legal lake", () => {
  test("finds the state rankings of identity theft reports, and the per-state MSA group", async () => {
    const lake = legalLakeDir();
    const cacheDir = mkdtempSync(join(tmpdir(), "radar-discover-"));
    try {
      const engine = await DuckEngine.open(lake, { extraReadDirs: [cacheDir] });
      let map: SourceMap;
      try {
        ({ map } = await buildSourceMap(engine, { cacheDir }));
      } finally {
        engine.close();
      }
      const index = new DiscoverIndex(map);
      const hits = index.search("State rankings identity theft reports");
      const target = "csn-data-book-2024-csv/CSVs/2024_CSN_State_Rankings_Identity_Theft_Reports.csv";
      assert.ok(paths(hits).slice(0, 3).includes(target), paths(hits).join("\n"));

      const groups = index.search("identity theft reports for metropolitan areas of all states");
      const group = groups
        .slice(0, 3)
        .find((h) => h.path === "csn-data-book-2024-csv/CSVs/State MSA Identity Theft data/*.csv");
      assert.ok(group, paths(groups).join("\n"));
      assert.equal(group.files, 52);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
