import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scanThenQuery } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";

const HEADER = "Date / Time,City,State,Shape,Duration,Summary,Posted";

/** Sighting reports scraped page by page: each page of 30 starts again with the header line. */
function scrapedPages(repeated: boolean): string {
  const lines: string[] = [];
  for (let page = 0; page < 4; page++) {
    if (repeated && page > 0) lines.push(HEADER);
    for (let i = 0; i < 30; i++)
      lines.push(
        `${1 + (i % 9)}/${1 + page}/21 2${i % 4}:00,Town ${page}${i},${["WA", "TX", "OR"][i % 3]},${["Light", "Circle", "Other"][(i + page) % 3]},${i + 1} minutes,Lights moving over the ridge ${i},${1 + page}/9/21`,
      );
  }
  return csv(HEADER, ...lines);
}

/** The silent-error suite's cases of `repeated-header` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const repeatedHeaderSilentCases = silentCasesOf("repeated-header", ({ flagged, clean }) => [
  flagged(
    "reports counted over a scrape whose page headers stayed in as rows",
    { "reports.csv": scrapedPages(true) },
    scanThenQuery({ r: "reports.csv" }, "SELECT count(*) AS reports FROM r"),
  ),
  flagged(
    "the same scrape grouped by shape: the header rows make a 'Shape' group",
    { "reports.csv": scrapedPages(true) },
    scanThenQuery({ r: "reports.csv" }, "SELECT Shape, count(*) AS n FROM r GROUP BY Shape"),
  ),
  clean(
    "the scrape saved with its header once",
    { "reports.csv": scrapedPages(false) },
    scanThenQuery({ r: "reports.csv" }, "SELECT count(*) AS reports FROM r"),
  ),
]);
