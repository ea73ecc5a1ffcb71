import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { repoRoot, tempLake } from "../helpers/tempLake.ts";

// Issue 27: the plain `radar map` of a 1,525-file lake was 3,052 lines, the same 57-column schema
// printed for each of 715 family members. A family now prints once: members as a range with
// their count and the days their names cover, the gaps of its series, its layout once, and the
// members that differ from it by name.

const DAY = 86_400_000;
const ymd = (ms: number): string => new Date(ms).toISOString().slice(0, 10).replaceAll("-", "");
const COLUMNS = Array.from({ length: 57 }, (_, i) => `c${i}`);

const files: Record<string, string> = { "README.txt": "space weather\n" };
for (let n = 1; n <= 40; n++) {
  if (n === 17) continue; // a gap in the numbered series
  const from = Date.UTC(2018, 9, 4) + n * 3 * DAY;
  const columns = n === 30 ? COLUMNS.slice(0, 50) : COLUMNS; // one member lacks 7 columns
  const rows = [0, 1, 2].map((r) => columns.map((_, c) => String(r * 100 + c)).join(","));
  files[`Sat_Density/swarma-wu${String(n).padStart(3, "0")}-${ymd(from)}_to_${ymd(from + 3 * DAY)}.csv`] =
    `${columns.join(",")}\n${rows.join("\n")}\n`;
}
const { lake, stateDir } = tempLake(files);
const cli = join(repoRoot, "dist/cli.cjs");

describe(
  "radar map prints a family once",
  { skip: existsSync(cli) ? false : "dist/cli.cjs is not built" },
  () => {
    const r = spawnSync(process.execPath, [cli, "map", "--lake", lake, "--state-dir", stateDir], {
      encoding: "utf8",
    });

    test("one block for 39 members: range, count, days covered, gap, the member that differs", () => {
      assert.equal(r.status, 0, r.stderr);
      const out = r.stdout;
      assert.match(
        out,
        /^Sat_Density\/swarma-wu\{number\}-\{number\}_to_\{number\}\.csv {2}\[family of 39 csv files/m,
      );
      assert.match(
        out,
        /members swarma-wu001-20181007_to_20181010\.csv … swarma-wu040-20190201_to_20190204\.csv/,
      );
      assert.match(out, /names cover 2018-10-07 to 2019-02-04/);
      assert.match(out, /missing from the series: 017\n/);
      assert.match(out, /38 of them share this layout/);
      assert.match(out, /swarma-wu030-[0-9_to]+\.csv: lacks c50, c51, c52, c53, c54, c55, c56/);
      // The 57-column schema once, not 39 times; no member listed on a line of its own.
      assert.equal(out.split("c56 BIGINT").length - 1, 1);
      assert.equal((out.match(/^Sat_Density\/swarma-wu0\d\d/gm) ?? []).length, 0);
      assert.match(out, /^README\.txt {2}\[text/m);
    });

    test("--json still lists every member", () => {
      const j = spawnSync(process.execPath, [cli, "map", "--json", "--lake", lake, "--state-dir", stateDir], {
        encoding: "utf8",
      });
      assert.equal((JSON.parse(j.stdout) as { files: unknown[] }).files.length, 40);
    });
  },
);
