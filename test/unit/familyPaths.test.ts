import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { globEscape, pathTokens } from "../../src/core/discover/familyPaths.ts";
import { membersGlob, selectMembers } from "../../src/core/discover/fileFamilies.ts";
import type { FamilyMember, FileFamily } from "../../src/core/discover/fileFamilies.ts";
import { questionPeriods } from "../../src/core/discover/questionPeriods.ts";

// The path arithmetic of file families without a lake: how a path splits into the parts that may
// vary, and the pattern that names exactly some members.

describe("pathTokens: the parts of a path that may vary", () => {
  test("a year-month, short words as slots, long words literal, the extension one literal", () => {
    assert.deepEqual(pathTokens("data/web-traffic-2024-01.csv"), [
      { kind: "word", text: "data", slot: false },
      { kind: "sep", text: "/" },
      { kind: "word", text: "web", slot: true },
      { kind: "sep", text: "-" },
      { kind: "word", text: "traffic", slot: false },
      { kind: "sep", text: "-" },
      { kind: "date", text: "2024-01", slot: true },
      { kind: "sep", text: ".csv" },
    ]);
  });

  test("dated folders are one date; a year folder with a month-day name is not", () => {
    assert.deepEqual(
      pathTokens("observations/2019/03/04.csv").map((t) => [t.kind, t.text]),
      [
        ["word", "observations"],
        ["sep", "/"],
        ["date", "2019/03/04"],
        ["sep", ".csv"],
      ],
    );
    assert.deepEqual(
      pathTokens("buoys/2019/0309.csv").map((t) => t.kind),
      ["word", "sep", "num", "sep", "num", "sep"],
    );
    assert.deepEqual(
      pathTokens("runs/2019/13/04.csv").map((t) => t.kind),
      ["word", "sep", "num", "sep", "num", "sep", "num", "sep"],
    );
  });

  test("month names, compact dates, a code beside a number", () => {
    assert.deepEqual(
      pathTokens("obs/March/20190305.txt").map((t) => [t.kind, t.text]),
      [
        ["word", "obs"],
        ["sep", "/"],
        ["month", "March"],
        ["sep", "/"],
        ["date", "20190305"],
        ["sep", ".txt"],
      ],
    );
    assert.deepEqual(
      pathTokens("inventory_q1_2024.csv").map((t) => [t.kind, t.text, t.slot]),
      [
        ["word", "inventory", false],
        ["sep", "_", undefined],
        ["word", "q", true],
        ["num", "1", true],
        ["sep", "_", undefined],
        ["num", "2024", true],
        ["sep", ".csv", undefined],
      ],
    );
  });

  test("a word that starts like a month is a word; a date is not read out of a longer number", () => {
    assert.deepEqual(
      pathTokens("Mayor_Sept.csv").map((t) => t.kind),
      ["word", "sep", "month", "sep"],
    );
    assert.deepEqual(
      pathTokens("x12019-03").map((t) => [t.kind, t.text]),
      [
        ["word", "x"],
        ["num", "12019"],
        ["sep", "-"],
        ["num", "03"],
      ],
    );
  });

  test("a dot file has no extension; only the last suffix is the extension", () => {
    assert.deepEqual(
      pathTokens(".hidden").map((t) => [t.kind, t.text]),
      [
        ["sep", "."],
        ["word", "hidden"],
      ],
    );
    assert.deepEqual(
      pathTokens("dir.v2/archive.tar.gz").map((t) => t.text),
      ["dir", ".", "v", "2", "/", "archive", ".", "tar", ".gz"],
    );
  });
});

describe("globEscape", () => {
  test("every glob character is escaped, the rest left as it is", () => {
    assert.equal(
      globEscape("a*b?[c]{d}(e)!f+g@h\\i,j"),
      "a\\*b\\?\\[c\\]\\{d\\}\\(e\\)\\!f\\+g\\@h\\\\i\\,j",
    );
    assert.equal(globEscape("plain/name-2019.csv"), "plain/name-2019.csv");
  });
});

function member(path: string, key: string, year?: number): FamilyMember {
  return year === undefined
    ? { path, key }
    : { path, key, span: { from: `${year}-01-01`, to: `${year}-12-31` } };
}

function family(members: FamilyMember[], glob: string): FileFamily {
  return {
    glob,
    template: "",
    varying: ["year"],
    members,
    first: members[0]?.key ?? "",
    last: members.at(-1)?.key ?? "",
    gaps: [],
    columns: [],
    differing: [],
  };
}

describe("selectMembers: the members a question's periods cover", () => {
  const years = [2018, 2019, 2020, 2021, 2022].map((y) => member(`sales-${y}.csv`, String(y), y));
  const sales = family(years, "sales-[0-9][0-9][0-9][0-9].csv");

  test("members whose years overlap a period, open ends included", () => {
    const keys = (q: string): string[] | undefined =>
      selectMembers(sales, questionPeriods(q))?.map((m) => m.key);
    assert.deepEqual(keys("between 2019 and 2020"), ["2019", "2020"]);
    assert.deepEqual(keys("since March 2021"), ["2021", "2022"]);
    assert.deepEqual(keys("2018 and 2022"), ["2018", "2022"]);
    assert.deepEqual(keys("in 1999"), []);
  });

  test("no period, or members without dates in their names: no selection", () => {
    assert.equal(selectMembers(sales, []), undefined);
    const codes = family([member("pop_CA.csv", "CA"), member("pop_NY.csv", "NY")], "pop_*.csv");
    assert.equal(selectMembers(codes, questionPeriods("in 2020")), undefined);
  });
});

describe("membersGlob: a pattern for exactly some members", () => {
  const years = [2019, 2020, 2021].map((y) => member(`data (old)/sales-${y}.csv`, String(y), y));
  const sales = family(years, "data \\(old\\)/sales-[0-9][0-9][0-9][0-9].csv");
  const lake = [...years.map((m) => m.path), "data (old)/readme.txt"];

  test("all members: the family's glob; one: its path, escaped; some: their keys in braces", () => {
    assert.equal(membersGlob(sales, years, lake), sales.glob);
    assert.equal(membersGlob(sales, [years[1]!], lake), "data \\(old\\)/sales-2020.csv");
    assert.equal(membersGlob(sales, [years[0]!, years[2]!], lake), "data \\(old\\)/sales-{2019,2021}.csv");
  });

  test("no pattern when it would match another file (any letter case) or paths differ outside the key", () => {
    const cased = [...lake, "DATA (OLD)/SALES-2019.csv"];
    assert.equal(membersGlob(sales, [years[0]!, years[2]!], cased), undefined);
    const apart = [
      member("a/sales-2019.csv", "2019"),
      member("b/sales-2020.csv", "2020"),
      member("a/sales-2021.csv", "2021"),
    ];
    const spread = family(apart, "*/sales-*.csv");
    assert.equal(
      membersGlob(
        spread,
        [apart[0]!, apart[1]!],
        apart.map((m) => m.path),
      ),
      undefined,
    );
    assert.equal(membersGlob(sales, [], lake), undefined);
  });
});
