import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scanThenQuery } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";

/**
 * Retail prices of roasted coffee by country (ICO, held-out GQ-05): Malta's and the United
 * Kingdom's are of soluble coffee, marked `1` after the name and explained by the note under the table.
 */
const RETAIL = csv(
  "Country,2018,2019",
  "Austria,5.10,5.30",
  "Belgium,6.20,6.40",
  "Finland,4.10,4.30",
  "France,5.90,6.00",
  "Germany,5.40,5.60",
  "Italy,7.10,7.31",
  "Malta 1,13.90,14.27",
  "Norway,6.80,6.90",
  "Spain,4.20,4.40",
  "Sweden,4.90,5.00",
  "United Kingdom 1,16.80,17.55",
  "Japan,6.00,6.10",
  "United States,5.20,5.40",
  "",
  "1 Soluble coffee",
  "(c) International Coffee Organization",
);

/** Sales by region, the regions numbered; the note under the table explains a `1` that is no mark on them. */
const REGIONS = csv(
  "Region,2018,2019",
  "Region 1,510,530",
  "Region 2,620,640",
  "Region 3,410,430",
  "Region 4,590,600",
  "Region 5,540,560",
  "",
  "1 Figures are provisional",
);

/** The silent-error suite's cases of `footnoted-rows` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const footnotedRowsSilentCases = silentCasesOf("footnoted-rows", ({ flagged, clean }) => [
  flagged(
    "the highest 2019 retail price of roasted coffee: the first is the UK's, of soluble coffee (held-out GQ-05)",
    { "retail.csv": RETAIL },
    scanThenQuery({ r: "retail.csv" }, 'SELECT Country, "2019" FROM r ORDER BY "2019" DESC LIMIT 3'),
  ),
  flagged(
    "the mean 2019 price over every country, soluble coffee among the roasted",
    { "retail.csv": RETAIL },
    scanThenQuery({ r: "retail.csv" }, 'SELECT round(avg("2019"), 2) AS mean_price FROM r'),
  ),
  clean(
    "the same ranking with the soluble-coffee rows left out by their mark",
    { "retail.csv": RETAIL },
    scanThenQuery(
      { r: "retail.csv" },
      `SELECT Country, "2019" FROM r WHERE Country NOT LIKE '% 1' ORDER BY "2019" DESC LIMIT 3`,
    ),
  ),
  clean(
    "a mean over countries none of which is marked",
    { "retail.csv": RETAIL },
    scanThenQuery(
      { r: "retail.csv" },
      `SELECT round(avg("2019"), 2) AS mean_price FROM r WHERE Country IN ('Italy', 'Spain', 'France')`,
    ),
  ),
  clean(
    "numbered regions under a note that begins with 1: Region 1 is a name, not a mark",
    { "regions.csv": REGIONS },
    scanThenQuery({ s: "regions.csv" }, 'SELECT Region, "2019" FROM s ORDER BY "2019" DESC LIMIT 1'),
  ),
]);
