import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { findFileFamilies } from "../../src/core/discover/fileFamilies.ts";
import type { SourceEntry, TableProfile } from "../../src/core/sourceMap/sourceEntry.ts";

// Issue 27: families of a space-weather lake whose names carry a number and a date window
// (`swarma-wu571-20181004_to_20181007.csv`) or a day (`2019-03-01.csv`); the gaps of their series
// were said only when a single part of the name varied.

function table(columns: string[]): TableProfile {
  return {
    headerLine: 1,
    titleLines: [],
    rowCount: 432,
    columns: columns.map((name) => ({ name, type: "DOUBLE", nullFraction: 0, samples: [] })),
    read: { kind: "parquet" },
  };
}

function file(path: string, columns: string[]): SourceEntry {
  return { path, format: "csv", bytes: 1000, mtimeMs: 0, tables: [table(columns)] } as SourceEntry;
}

const DAY = 86_400_000;
const ymd = (ms: number, sep = ""): string => new Date(ms).toISOString().slice(0, 10).replaceAll("-", sep);

describe("gaps of dated and numbered series", () => {
  test("a number beside a date window: the missing numbers, not the dates", () => {
    const files: SourceEntry[] = [];
    for (let n = 1; n <= 12; n++) {
      if (n === 5 || n === 6) continue;
      const from = Date.UTC(2018, 9, 1) + n * 3 * DAY;
      files.push(
        file(
          `Sat_Density/swarma-wu${String(n).padStart(3, "0")}-${ymd(from)}_to_${ymd(from + 3 * DAY)}.csv`,
          ["Timestamp", "Orbit Mean Density (kg/m^3)"],
        ),
      );
    }
    const [family] = findFileFamilies(files);
    assert.ok(family);
    assert.equal(family.members.length, 10);
    assert.deepEqual(family.gaps, ["005", "006"]);
  });

  test("daily files: the missing days", () => {
    const files = [0, 1, 2, 4, 5, 8].map((d) =>
      file(`daily/${ymd(Date.UTC(2019, 1, 27) + d * DAY, "-")}.csv`, ["t", "v"]),
    );
    const [family] = findFileFamilies(files);
    assert.ok(family);
    assert.deepEqual(family.gaps, ["2019-03-02", "2019-03-05", "2019-03-06"]);
  });

  test("weekly files are not days with gaps", () => {
    const files = [0, 7, 14, 21].map((d) =>
      file(`weekly/${ymd(Date.UTC(2019, 0, 1) + d * DAY, "-")}.csv`, ["t", "v"]),
    );
    const [family] = findFileFamilies(files);
    assert.ok(family);
    assert.deepEqual(family.gaps, []);
  });
});
