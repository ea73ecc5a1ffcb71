import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scanThenQuery } from "../../cases/caseCalls.ts";
import { edition, stores } from "../../cases/missesLakes.ts";

/** The two editions matched item by item in a FULL JOIN (on the lower-cased label, not the trimmed one). */
const editionsJoined = scanThenQuery(
  { ed2023: "ed2023.csv", ed2025: "ed2025.csv" },
  "SELECT coalesce(a.Item, b.Item) AS item, a.Area - b.Area AS diff FROM ed2023 a FULL JOIN ed2025 b ON lower(a.Item) = lower(b.Item)",
);

/**
 * Two BJS releases of prisoners by state (held-out KJ-02): labels carry footnote marks that differ
 * between releases ('Utah/d,i' in 2018, 'Utah/e' in 2019). The key cuts a mark of letters alone.
 */
const BJS_RELEASES = {
  "p18.csv": 'state,total\nAlabama,26841\nAlaska/c,4394\n"Utah/d,i",6648\nVermont/c,1665\nWyoming,2527\n',
  "p19.csv": "state,total\nAlabama,28304\nAlaska/c,4475\nUtah/e,6651\nVermont/c,1608\nWyoming,2473\n",
};
const byState = (mark: string): string =>
  `SELECT coalesce(a.st, b.st) AS state, a.total AS t18, b.total AS t19 FROM (SELECT regexp_replace(state, '${mark}', '') AS st, total FROM p18) a FULL JOIN (SELECT regexp_replace(state, '${mark}', '') AS st, total FROM p19) b ON a.st = b.st`;

/**
 * SF health inspections (held-out GJ-03): businesses of one ZIP code, two never inspected, and the
 * inspections of the others (two on one date).
 */
const ZIP_BUSINESSES = "business_id,postal_code\n101,94158\n102,94158\n103,94158\n104,94158\n105,94158\n";
const ZIP_INSPECTIONS =
  "business_id,date,score\n101,20160105,92\n101,20160711,88\n102,20160302,95\n103,20160302,90\n103,20170302,94\n";

/**
 * Two releases of the World Heritage list (held-out JJ-02): the 2019 export wrote `?` for letters it
 * could not encode; `lossy` false: both releases keep their letters.
 */
function heritage(lossy: boolean): Record<string, string> {
  const names = [
    "Białowieża Forest",
    "Medieval Town of Toruń",
    "Historic Centre of Kraków",
    "Auschwitz Birkenau",
    "Wieliczka Salt Mine",
  ];
  const y19 = names.map((n) => (lossy ? n.replace(/[^ -~]/g, "?") : n));
  return {
    "whc-2019.csv": [
      "name_en,date_inscribed",
      ...y19.map((n, i) => `"${n}",${1978 + i}`),
      '"Liverpool Maritime Mercantile City",2004',
    ].join("\n"),
    "whc-2021.csv": [
      "name_en,date_inscribed",
      ...names.map((n, i) => `"${n}",${1978 + i}`),
      '"Roman Baths of Bath",2021',
    ].join("\n"),
  };
}

const removedSites = scanThenQuery(
  { s19: "whc-2019.csv", s21: "whc-2021.csv" },
  "SELECT s19.name_en FROM s19 ANTI JOIN s21 ON s19.name_en = s21.name_en",
);

/** Issue 25's misses met by fresh analysts of `join-key-mismatch` (their lakes, shared with other codes' cases, are in src/core/validation/cases/missesLakes.ts). */
export const joinKeyMismatchMissesCases = silentCasesOf("join-key-mismatch", ({ flagged, clean }) => [
  flagged(
    "sites removed between two releases by an anti join: the older release writes '?' for letters it could not encode",
    heritage(true),
    removedSites,
  ),
  clean(
    "the same anti join where both releases keep their letters: only Liverpool was removed",
    heritage(false),
    removedSites,
  ),
  flagged(
    "a LEFT JOIN of sales to a store list spelling two stores with a hyphen",
    stores(true),
    scanThenQuery(
      { sales: "sales.csv", stores: "stores.csv" },
      "SELECT s.store, s.sales, m.manager FROM sales s LEFT JOIN stores m ON s.store = m.store",
    ),
  ),
  flagged(
    "issue 25 (EI-agri-08): a FULL JOIN of two editions whose labels end in a space in one",
    { "ed2023.csv": edition(true), "ed2025.csv": edition(false) },
    editionsJoined,
  ),
  clean(
    "issue 25: a FULL JOIN of two editions spelled alike",
    { "ed2023.csv": edition(false), "ed2025.csv": edition(false) },
    editionsJoined,
  ),
  flagged(
    "stop 36 held-out (GJ-03): a DISTINCT count of (id, date) rows after a LEFT JOIN counts the uninspected businesses' empty row",
    { "biz.csv": ZIP_BUSINESSES, "ins.csv": ZIP_INSPECTIONS },
    scanThenQuery(
      { biz: "biz.csv", ins: "ins.csv" },
      "SELECT count(*) AS rows_joined, count(DISTINCT (i.business_id, i.date)) AS visits FROM biz b LEFT JOIN ins i ON b.business_id = i.business_id",
    ),
  ),
  clean(
    "stop 36 twin: the visits counted by a column, which the empty rows do not hold",
    { "biz.csv": ZIP_BUSINESSES, "ins.csv": ZIP_INSPECTIONS },
    scanThenQuery(
      { biz: "biz.csv", ins: "ins.csv" },
      "SELECT count(DISTINCT b.business_id) AS businesses, count(i.date) AS visits FROM biz b LEFT JOIN ins i ON b.business_id = i.business_id",
    ),
  ),
  flagged(
    "held-out KJ-02: two releases joined on the state with its footnote mark cut, but '/[a-z]+$' leaves 'Utah/d,i' whole",
    BJS_RELEASES,
    scanThenQuery({ p18: "p18.csv", p19: "p19.csv" }, byState("/[a-z]+$")),
  ),
  clean(
    "its twin: the key cuts marks of several letters too ('/[a-z](,[a-z])*$')",
    BJS_RELEASES,
    scanThenQuery({ p18: "p18.csv", p19: "p19.csv" }, byState("/[a-z](,[a-z])*$")),
  ),
]);
