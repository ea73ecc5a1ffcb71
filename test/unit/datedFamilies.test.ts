import assert from "node:assert/strict";
import { describe, test } from "node:test";
import picomatch from "picomatch";
import { calendarDays } from "../../src/core/discover/calendarSlots.ts";
import { DiscoverIndex } from "../../src/core/discover/discoverIndex.ts";
import type { DiscoverHit } from "../../src/core/discover/discoverIndex.ts";
import { findFileFamilies } from "../../src/core/discover/fileFamilies.ts";
import type { FileFamily } from "../../src/core/discover/fileFamilies.ts";
import { questionPeriods } from "../../src/core/discover/questionPeriods.ts";
import type { SourceEntry, TableProfile } from "../../src/core/sourceMap/sourceEntry.ts";

// Issue 27: families named by dates in each shape the issue lists are ordered by time, and the days
// and ranges of days a question names select the members they cover.

function table(columns: string[]): TableProfile {
  return {
    headerLine: 1,
    titleLines: [],
    rowCount: 24,
    columns: columns.map((name) => ({ name, type: "DOUBLE", nullFraction: 0, samples: [] })),
    read: { kind: "parquet" },
  };
}

function file(path: string, columns: string[]): SourceEntry {
  return { path, format: "csv", bytes: 1000, mtimeMs: 0, tables: [table(columns)] } as SourceEntry;
}

const DAY = 86_400_000;
const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

function onlyFamily(files: SourceEntry[]): FileFamily {
  const families = findFileFamilies(files);
  assert.equal(families.length, 1, JSON.stringify(families.map((f) => f.glob)));
  return families[0]!;
}

describe("day-of-year and month-day names", () => {
  test("`sst_2019_045.csv`: the number after the year is the day of the year", () => {
    // Written out of order: the family orders them by day.
    const files = [45, 3, 1, 60, 32].map((d) => file(`sst/sst_2019_${pad(d, 3)}.csv`, ["sst_c"]));
    const family = onlyFamily(files);
    assert.equal(family.calendar, "day-of-year");
    assert.deepEqual(family.varying, ["date"]);
    assert.deepEqual(
      family.members.map((m) => m.span?.from),
      ["2019-01-01", "2019-01-03", "2019-02-01", "2019-02-14", "2019-03-01"],
    );
    assert.equal(family.template, "sst/sst_2019_{date}.csv");
  });

  test("`A2020045.csv`: a year and its day in seven digits", () => {
    const files = [30, 60, 61].map((d) => file(`oc/A2020${pad(d, 3)}.chl.csv`, ["chl"]));
    const family = onlyFamily(files);
    assert.equal(family.calendar, "day-of-year");
    // 2020 is a leap year: its 60th day is February 29.
    assert.deepEqual(
      family.members.map((m) => m.span?.from),
      ["2020-01-30", "2020-02-29", "2020-03-01"],
    );
  });

  test("`buoys/2019/0309.csv`: month and day, the year in the folder", () => {
    const files: SourceEntry[] = [];
    for (const year of [2020, 2019])
      for (let d = 1; d <= 5; d++) files.push(file(`buoys/${year}/03${pad(d)}.csv`, ["wave_height_m"]));
    const family = onlyFamily(files);
    assert.equal(family.calendar, "month-day");
    assert.equal(family.members[0]?.path, "buoys/2019/0301.csv");
    assert.equal(family.members[5]?.path, "buoys/2020/0301.csv");
    assert.deepEqual(family.members[9]?.span, { from: "2020-03-05", to: "2020-03-05" });
    // Two runs a year apart are no holes in one series.
    assert.deepEqual(family.gaps, []);
  });

  test("missing days of a day-of-year series are said as days", () => {
    const files = [1, 2, 3, 5, 6, 7, 8].map((d) => file(`sst/sst_2019_${pad(d, 3)}.csv`, ["sst_c"]));
    assert.deepEqual(onlyFamily(files).gaps, ["2019-01-04"]);
  });

  test("numbers that are not days in every member stay a numbered series", () => {
    // 0132 is no month-day, 367 no day of 2019: these are run numbers, not days.
    const runs = ["0101", "0115", "0132"].map((n) => file(`runs/2019/${n}.csv`, ["v"]));
    const runFamily = onlyFamily(runs);
    assert.equal(runFamily.calendar, undefined);
    assert.ok(runFamily.varying.includes("number"));
    const doy = [1, 200, 367].map((n) => file(`sst/sst_2019_${pad(n, 3)}.csv`, ["v"]));
    assert.equal(onlyFamily(doy).calendar, undefined);
    // Without a year in the path a three-digit number is no day of any year.
    assert.equal(calendarDays(["001", "002"], [undefined, undefined]), undefined);
  });
});

describe("days and ranges of days in questions", () => {
  const said = (q: string): [string, string][] => questionPeriods(q).map((p) => [p.from, p.to]);
  test("a day written in full is not cut to its first digit (2018-10-10, not 2018-10-1)", () => {
    assert.deepEqual(said("between 2018-10-04 and 2018-10-10"), [["2018-10-04", "2018-10-10"]]);
    assert.deepEqual(said("from 2018-10-04 to 2018-10-10"), [["2018-10-04", "2018-10-10"]]);
    assert.deepEqual(said("on 2018-10-10"), [["2018-10-10", "2018-10-10"]]);
  });
  test("days of one month written once", () => {
    assert.deepEqual(said("between October 4 and 7, 2018"), [["2018-10-04", "2018-10-07"]]);
    assert.deepEqual(said("October 4-7, 2018"), [["2018-10-04", "2018-10-07"]]);
    assert.deepEqual(said("between 4 and 7 October 2018"), [["2018-10-04", "2018-10-07"]]);
    assert.deepEqual(said("from March 1 to April 2, 2019"), [["2019-03-01", "2019-04-02"]]);
    assert.deepEqual(said("between March 3 and March 9, 2019"), [["2019-03-03", "2019-03-09"]]);
    // Months with years are still months.
    assert.deepEqual(said("from March 2024 to June 2024"), [["2024-03-01", "2024-06-30"]]);
    // Not a day: February has no 30th.
    assert.deepEqual(said("between February 27 and 30, 2019"), [["2019-01-01", "2019-12-31"]]);
  });
});

describe("Discover selects the dated members a question's days cover, and says which and why", () => {
  const files: SourceEntry[] = [];
  for (let n = 1; n <= 20; n++) {
    const from = Date.UTC(2018, 8, 30) + n * 3 * DAY;
    const name = `swarma-wu${pad(n, 3)}-${iso(from).replaceAll("-", "")}_to_${iso(from + 3 * DAY).replaceAll("-", "")}`;
    files.push(file(`Sat_Density/${name}.csv`, ["Timestamp", "Orbit Mean Density (kg/m^3)"]));
  }
  for (let d = 1; d <= 20; d++)
    files.push(file(`buoys/2019/03${pad(d)}.csv`, ["wave_height_m", "wave_period_s"]));
  for (let d = 1; d <= 20; d++)
    files.push(file(`sst/sst_2019_${pad(d, 3)}.csv`, ["sea_surface_temperature"]));
  files.push(file("stations.csv", ["station", "latitude", "longitude"]));
  const index = new DiscoverIndex({ root: "/lake", builtAt: "", files });
  const all = files.map((f) => f.path);

  function selection(query: string, familyPath: string): { hit: DiscoverHit; files: string[] } {
    const hits = index.search(query);
    const hit = hits.find((h) => h.path.startsWith(familyPath));
    assert.ok(hit, hits.map((h) => h.path).join("\n"));
    const selected = hit.family?.selected;
    assert.ok(selected, hit.reasons.join(" | "));
    if (selected.glob) {
      const isMatch = picomatch(selected.glob, { nocase: true, dot: false });
      assert.deepEqual(all.filter((p) => isMatch(p)).sort(), [...selected.files].sort(), selected.glob);
    }
    return { hit, files: selected.files };
  }

  test("a date window in the names: the windows that overlap the question's days", () => {
    const { hit, files: chosen } = selection(
      "What was the orbit mean density between October 4 and 7, 2018?",
      "Sat_Density/",
    );
    // wu001 covers Oct 3–6, wu002 Oct 6–9 (its name's end day is the next window's first).
    assert.deepEqual(chosen, [
      "Sat_Density/swarma-wu001-20181003_to_20181006.csv",
      "Sat_Density/swarma-wu002-20181006_to_20181009.csv",
    ]);
    assert.ok(
      hit.reasons.some((r) => r.startsWith('selected: 2 of 20 in "between October 4 and 7, 2018"')),
      hit.reasons.join(" | "),
    );
  });

  test("month-day names in a year folder and day-of-year names", () => {
    assert.deepEqual(selection("mean wave height from March 5 to March 7, 2019", "buoys/").files, [
      "buoys/2019/0305.csv",
      "buoys/2019/0306.csv",
      "buoys/2019/0307.csv",
    ]);
    const sst = selection("sea surface temperature on 2019-01-10", "sst/");
    assert.deepEqual(sst.files, ["sst/sst_2019_010.csv"]);
    assert.ok(
      sst.hit.reasons.some((r) => r.includes("day of the year")),
      sst.hit.reasons.join(" | "),
    );
  });
});

describe("a folder whose files are all members of families is no group of its own", () => {
  test("`Sat_Density/*.csv` of the champ and swarma families is offered as the two families", () => {
    const files: SourceEntry[] = [];
    for (const [sat, first] of [
      ["champ", 1],
      ["swarma", 11],
    ] as const)
      for (let n = first; n < first + 10; n++) {
        const from = Date.UTC(2018, 8, 30) + n * 3 * DAY;
        const name = `${sat}-wu${pad(n, 3)}-${iso(from).replaceAll("-", "")}_to_${iso(from + 3 * DAY).replaceAll("-", "")}`;
        files.push(file(`Sat_Density/${name}.csv`, ["Timestamp", "Orbit Mean Density (kg/m^3)"]));
      }
    const index = new DiscoverIndex({ root: "/lake", builtAt: "", files });
    const hits = index.search("orbit mean density between October 4 and 7, 2018");
    assert.ok(!hits.some((h) => h.path === "Sat_Density/*.csv"), hits.map((h) => h.path).join("\n"));
    assert.deepEqual(
      hits.filter((h) => h.kind === "family").map((h) => h.family?.selected?.files.length),
      [2, 0],
    );
  });
});

describe("names dated by their release: the question's dates select no member", () => {
  const columns = ["County", "Data_Year", "Number of Vehicles"];
  const releases = ["2023", "2024", "2025"].map((y) =>
    file(`sales/New_ZEV_Sales_Last_updated_01-31-${y}_ada.xlsx`, columns),
  );
  const vintages = ["2023-06-30", "2024-06-30"].map((d) =>
    file(`prices/prices_as_of_${d}.csv`, ["item", "price"]),
  );
  const yearly = ["2022", "2023", "2024"].map((y) => file(`permits/permits_${y}.csv`, ["permit", "issued"]));
  const index = new DiscoverIndex({
    root: "/lake",
    builtAt: "",
    files: [...releases, ...vintages, ...yearly],
  });

  test("`…_Last_updated_01-31-2025`: the family is found, its members carry no span, and the hit says why", () => {
    const family = findFileFamilies(releases)[0]!;
    assert.equal(family.releaseWord, "updated");
    assert.ok(family.members.every((m) => m.span === undefined));
    // The family comes first: no member is named by the release year the question's date shares.
    const hit = index
      .search("New ZEV sales with data as of December 31, 2024: vehicles sold in 2022")
      .find((h) => h.path.startsWith("sales/"))!;
    assert.equal(hit.kind, "family", hit.path);
    assert.equal(hit.family?.selected, undefined);
    assert.ok(
      hit.reasons.some((r) =>
        r.startsWith(
          `not selected by the question's dates: the names' dates are releases ("updated" 2023…2025)`,
        ),
      ),
      hit.reasons.join(" | "),
    );
  });

  test("`as_of_` dates are releases too; a year that names the data's period still selects", () => {
    assert.equal(findFileFamilies(vintages)[0]?.releaseWord, "as of");
    const permits = index.search("permits issued in 2023").find((h) => h.path.startsWith("permits/"));
    assert.deepEqual(permits?.family?.selected?.files, ["permits/permits_2023.csv"]);
    assert.equal(findFileFamilies(yearly)[0]?.releaseWord, undefined);
  });
});
