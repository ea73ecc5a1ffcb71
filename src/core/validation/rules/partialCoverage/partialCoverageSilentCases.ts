import { legal, silentCasesOf } from "../../cases/caseBuilder.ts";
import { scan, bash, scanThenQuery } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";
import { MSA_IDT, NEW_ENGLAND, METRO_HTML, METRO_HTML_MSA } from "../../cases/legalLake.ts";

/** A recall feed written as a pretty-printed JSON array (held-out HM-08): 300 records of 8 lines each. */
const RECALL_FEED = {
  "feed.json": JSON.stringify(
    Array.from({ length: 300 }, (_, i) => ({
      uid: `u${i}`,
      agency: i % 3 ? "FDA" : "USDA",
      reason: "Listeria monocytogenes",
      url: `https://example.org/recall/${i}`,
      date: `2025-01-${String((i % 28) + 1).padStart(2, "0")}`,
      title: `Recall of product ${i}`,
    })),
    null,
    2,
  ),
};

/**
 * Small-launcher launches (held-out KN-09): the list in A:D, and past spacer columns a pivot table
 * of it (`Row Labels`, `Count of Vehicle`, a `Grand Total`) — or, `pivot` false, a table of
 * operators of its own.
 */
const LAUNCHES_AND_PIVOTS = (pivot: boolean): Record<string, string> => {
  const vehicles = ["Electron", "Pegasus", "Minotaur", "Vega", "Kuaizhou", "Epsilon"];
  const side = pivot
    ? [
        ["Row Labels", "Count of Vehicle"],
        ...vehicles.map((v, i) => [v, String(10 - i)]),
        ["Grand Total", "45"],
      ]
    : [["Operator", "Sites"], ...vehicles.map((v, i) => [`${v} Corp`, String(i + 1)])];
  return {
    "launches.csv": csv(
      ...Array.from({ length: 45 }, (_, r) => {
        const row =
          r === 0
            ? ["Date", "Vehicle", "SinceFirst", "Success"]
            : [
                `2020-01-${String((r % 28) + 1).padStart(2, "0")}`,
                vehicles[r % 6]!,
                String(r),
                String(r % 5 ? 1 : 0),
              ];
        const cells = side[r];
        return [...row, "", "", ...(cells ?? ["", ""])].join(",");
      }),
    ),
  };
};

/** World copper production by year, 1900–2021 (USGS, held-out FL-08): a series of 122 rows. */
const COPPER_SERIES = {
  "copper.csv": csv(
    "Year,World production",
    ...Array.from({ length: 122 }, (_, i) => `${1900 + i},${(500000 + i * 130000).toString()}`),
  ),
};

/**
 * Municipal waste collected by country and year (UNdata, held-out GS-02/10): 60 data rows, then a
 * blank line and the footnote table the rows' footnote numbers refer to.
 */
const UN_WASTE = {
  "waste.csv": csv(
    '"Country or Area","Year","Unit","Value","Value Footnotes"',
    ...Array.from(
      { length: 60 },
      (_, i) =>
        `"Country ${i % 20}",${2010 + Math.floor(i / 20)},"1000 tonnes",${100 + i},${i % 7 === 0 ? 3 : ""}`,
    ),
    "",
    '"fnSeqID","Footnote"',
    '"1","Data refer to urban areas only."',
    '"2","Estimate."',
    '"3","Thousand cubic metres."',
  ),
};

/** The silent-error suite's cases of `partial-coverage` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const partialCoverageSilentCases = silentCasesOf("partial-coverage", ({ flagged, clean }) => [
  flagged("sums Florida's MSAs from the first 10 lines of a 29-line file", legal, [
    bash(`head -n 10 "${MSA_IDT}/Florida.csv"`),
  ]),
  flagged(
    "scans the metropolitan statistics page without choosing its table (gets the navigation box)",
    legal,
    [scan(METRO_HTML, "metro_pop")],
  ),
  flagged(
    "counts refunds in the first 100 lines of a longer log",
    {
      "transactions.csv": csv(
        "id,kind,amount",
        ...Array.from(
          { length: 300 },
          (_, i) => `${i + 1},${i % 7 === 0 ? "Refund" : "Sale"},${(i % 13) * 10 + 5}`,
        ),
      ),
    },
    [bash("head -n 100 transactions.csv | grep -c Refund")],
  ),
  flagged(
    "an HTML report with one table per year, scanned without naming the year",
    {
      "report.html":
        "<html><body><h2>Reports 2023</h2><table><tr><th>State</th><th>Reports</th></tr><tr><td>Florida</td><td>458012</td></tr><tr><td>Georgia</td><td>219870</td></tr></table>" +
        "<h2>Reports 2024</h2><table><tr><th>State</th><th>Reports</th></tr><tr><td>Florida</td><td>474314</td></tr><tr><td>Georgia</td><td>228132</td></tr></table></body></html>\n",
    },
    [scan("report.html", "reports")],
  ),
  clean("looks at the head, then scans the whole file", legal, [
    bash(`head -n 10 "${MSA_IDT}/Florida.csv"`),
    ...scanThenQuery({ fl: `${MSA_IDT}/Florida.csv` }, 'SELECT sum("# of Reports") AS reports FROM fl'),
  ]),
  clean(
    "stop 33 held-out: the tail of a yearly series, then grep finds the year asked for in every line",
    COPPER_SERIES,
    [bash("tail -15 copper.csv"), bash("grep -n '^2010' copper.csv")],
  ),
  flagged("stop 33 twin: the same tail, then a grep over only the lines the head printed", COPPER_SERIES, [
    bash("tail -15 copper.csv"),
    bash("head -30 copper.csv | grep -n '^19'"),
  ]),
  clean(
    "held-out JO-06: a search through the whole file, its first 60 matches printed (not its first 60 lines)",
    COPPER_SERIES,
    [bash("grep -n '^19' copper.csv | head -60")],
  ),
  clean(
    "held-out GS-02: the table scanned unchosen, and a tail that printed the footnote block whole",
    UN_WASTE,
    [scan("waste.csv", "w"), bash("tail -8 waste.csv")],
  ),
  flagged("its twin: the table scanned unchosen, the footnote block never printed", UN_WASTE, [
    scan("waste.csv", "w"),
    bash("head -3 waste.csv"),
  ]),
  clean(
    "held-out KN-09: a launch list scanned unchosen beside pivot tables of it (Row Labels / Count of Vehicle)",
    LAUNCHES_AND_PIVOTS(true),
    [scan("launches.csv", "l")],
  ),
  flagged(
    "its twin: the table beside the list is a table of its own (operators and their sites), never read",
    LAUNCHES_AND_PIVOTS(false),
    [scan("launches.csv", "l")],
  ),
  clean("names the MSA table of the page", legal, [scan(METRO_HTML, "metro_pop", METRO_HTML_MSA)]),
  clean("head of a file shorter than the lines shown", legal, [bash(`head -n 20 ${NEW_ENGLAND}`)]),
  clean(
    "the first 1,500 bytes of a pretty-printed JSON feed: a record and a half, a glance (held-out HM-08)",
    RECALL_FEED,
    [bash("head -c 1500 feed.json")],
  ),
  flagged("its twin: the first 2,000 lines of the feed, most of its records and not all", RECALL_FEED, [
    bash("head -n 2000 feed.json"),
  ]),
]);
