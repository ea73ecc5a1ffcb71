import { legal, silentCasesOf } from "../../cases/caseBuilder.ts";
import { scan, query, scanThenQuery } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";
import {
  STATE_LOSSES,
  PAYMENT_METHOD,
  CONTACT_METHOD,
  METRO_HTML,
  METRO_HTML_MSA,
} from "../../cases/legalLake.ts";

/** Contract numbers: all-digit ones beside codes of letters and digits, as a city's register has them. */
const CONTRACTS = [
  "contract_number,vendor,amount",
  "154159,Acme Paving,120000",
  "98213,Bolt Electric,45000",
  "A04068,City Print,3000",
  "A14006,Delta Fuel,87000",
  "ZZ4120,Eagle Tech,15500",
  "131077,Fern Grounds,9900",
  "B20031,Gale Legal,40250",
  "77001,Harbor Waste,66000",
].join("\n");

/** Amounts as text, some with a flag after the number (`1,050e`: estimated), as statistical tables print them. */
const FLAGGED_AMOUNTS = [
  "county,amount",
  'Adams,"1,200"',
  "Baker,950",
  'Clark,"1,050e"',
  "Dale,870",
  'Evans,"1,310e"',
].join("\n");

/** The silent-error suite's cases of `numeric-as-text` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const numericAsTextSilentCases = silentCasesOf("numeric-as-text", ({ flagged, clean }) => [
  flagged(
    "top 5 states by total loss sorted on the '$1,678,703,608 ' text",
    legal,
    scanThenQuery(
      { losses: STATE_LOSSES },
      'SELECT State, "Total $ Loss" FROM losses ORDER BY "Total $ Loss" DESC LIMIT 5',
    ),
  ),
  flagged(
    "the highest total loss with max() over text",
    legal,
    scanThenQuery({ losses: STATE_LOSSES }, 'SELECT max("Total $ Loss") AS highest_loss FROM losses'),
  ),
  flagged(
    "TRY_CAST of '$502M' to DOUBLE gives NULL for every contact method",
    legal,
    scanThenQuery(
      { contact: CONTACT_METHOD },
      'SELECT sum(TRY_CAST("Total $ Lost" AS DOUBLE)) AS total_lost FROM contact WHERE "Contact Method" IS NOT NULL',
    ),
  ),
  flagged("fastest-growing MSAs sorted on the '% change' text (with Unicode minus signs)", legal, [
    scan(METRO_HTML, "pop", METRO_HTML_MSA),
    query('SELECT "Metropolitan statistical area", "% change" FROM pop ORDER BY "% change" DESC LIMIT 5', [
      "pop",
    ]),
  ]),
  flagged(
    "KramaBench legal-easy-5: TRY_CAST after stripping $ and M but not the comma ('$2,089M' → NULL)",
    legal,
    scanThenQuery(
      { payment: PAYMENT_METHOD },
      `SELECT sum(TRY_CAST(replace(replace(trim("Total $ Loss"), '$', ''), 'M', '') AS INTEGER)) AS total_loss_musd FROM payment`,
    ),
  ),
  flagged(
    "share above 40% compared as text",
    {
      "loss_share.csv": csv(
        "State,% Reporting $ Loss",
        "Alabama,39%",
        "Alaska,39%",
        "Arizona,41%",
        "Guam,100%",
        "Hawaii,8%",
      ),
    },
    scanThenQuery(
      { share: "loss_share.csv" },
      "SELECT State FROM share WHERE \"% Reporting $ Loss\" > '40%'",
    ),
  ),
  clean(
    "the loss cleaned and cast before sorting",
    legal,
    scanThenQuery(
      { losses: STATE_LOSSES },
      "SELECT State, CAST(replace(replace(trim(\"Total $ Loss\"), '$', ''), ',', '') AS BIGINT) AS total_loss FROM losses ORDER BY total_loss DESC LIMIT 5",
    ),
  ),
  clean(
    "the cleaned loss keeps the column's name and is sorted by it",
    legal,
    scanThenQuery(
      { losses: STATE_LOSSES },
      "SELECT State, CAST(replace(replace(trim(\"Total $ Loss\"), '$', ''), ',', '') AS BIGINT) AS \"Total $ Loss\" FROM losses ORDER BY \"Total $ Loss\" DESC LIMIT 5",
    ),
  ),
  clean(
    "KramaBench legal-easy-5 done right: '$2,089M' cleaned of $, M and commas, summary rows left out",
    legal,
    scanThenQuery(
      { payment: PAYMENT_METHOD },
      `SELECT sum(CAST(replace(replace(replace(trim("Total $ Loss"), '$', ''), 'M', ''), ',', '') AS INTEGER)) AS total_loss_musd FROM payment WHERE "Total $ Loss" LIKE '$%'`,
    ),
  ),
  clean(
    "a ZIP-code range compared as text (leading zeros kept on purpose)",
    {
      "complaints_by_zip.csv": csv(
        "zip,complaints",
        "02108,41",
        "02139,37",
        "03101,12",
        "05401,9",
        "06103,22",
        "10001,88",
      ),
    },
    scanThenQuery(
      { by_zip: "complaints_by_zip.csv" },
      "SELECT sum(complaints) AS new_england_complaints FROM by_zip WHERE zip >= '01000' AND zip < '07000'",
    ),
  ),
  clean(
    "sorting the numeric '# of Reports' column",
    legal,
    scanThenQuery(
      { losses: STATE_LOSSES },
      'SELECT State, "# of Reports" FROM losses ORDER BY "# of Reports" DESC LIMIT 5',
    ),
  ),
  // Held-out HF-07: ONS industry divisions, their codes text ('1'…'99'), ordered by a number.
  clean(
    "the division with the highest median gap: arg_max(Code, median) returns the text code, ordered by the number",
    {
      "divisions.csv": csv(
        "Code,Description,median",
        ...Array.from({ length: 24 }, (_, i) => `${i + 1},Division ${i + 1},${((i * 37) % 29) + 3.5}`),
      ),
    },
    scanThenQuery(
      { divs: "divisions.csv" },
      "SELECT arg_max(Code, median) AS top_code, max(median) AS top FROM divs",
    ),
  ),
  flagged(
    "the state with the highest total loss by arg_max over the '$1,678,703,608 ' text",
    legal,
    scanThenQuery({ losses: STATE_LOSSES }, 'SELECT arg_max(State, "Total $ Loss") AS top_state FROM losses'),
  ),
  clean(
    "the largest contract number with max() over text: a third of the numbers are codes (A04068), the column is an identifier",
    { "contracts.csv": CONTRACTS },
    scanThenQuery(
      { c: "contracts.csv" },
      "SELECT length(contract_number) AS len, min(contract_number) AS lo, max(contract_number) AS hi FROM c GROUP BY 1",
    ),
  ),
  flagged(
    "the largest amount with max() over text whose flagged values ('1,050e') follow their number: no identifier codes",
    { "amounts.csv": FLAGGED_AMOUNTS },
    scanThenQuery({ a: "amounts.csv" }, "SELECT max(amount) AS highest FROM a"),
  ),
  clean(
    "speaker counts written '125 k', '3 M' or '712', profiled by the shape of their digits with min() as each shape's example",
    {
      "speakers.csv": csv(
        "code,speakers",
        "ab,125 k",
        "ace,3 M",
        "af,13 M",
        "ak,19 M",
        "als,712",
        "am,25 M",
        "an,-",
        "ang,-",
        "ar,530 M",
        "arc,2 k",
      ),
    },
    scanThenQuery(
      { s: "speakers.csv" },
      "SELECT regexp_replace(speakers, '[0-9]', '9', 'g') AS pattern, count(*) AS n, min(speakers) AS example FROM s GROUP BY 1 ORDER BY n DESC",
    ),
  ),
]);
