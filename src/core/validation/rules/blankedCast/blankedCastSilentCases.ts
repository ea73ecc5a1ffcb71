import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scanThenQuery } from "../../cases/caseCalls.ts";
import { WILDFIRES, RAINFALL } from "../../cases/sharedLakes.ts";

/** A ranking whose places past 5 are published as bands, as university rankings are. */
const RANKING = [
  "world_rank,university,score",
  "1,Alpha,100",
  "2,Beta,91.5",
  "3,Gamma,88.0",
  "4,Delta,80.2",
  "5,Epsilon,77.7",
  "6-10,Zeta,70.1",
  "6-10,Eta,69.9",
  "11-20,Theta,60.0",
  "11-20,Iota,58.3",
  "11-20,Kappa,55.0",
].join("\n");

/** UCS's satellite list (held-out KN-04): masses with thousands separators, five written '5,000+'. */
const SATELLITE_MASSES = [
  "Name of Satellite,Launch Mass (kg.)",
  ...Array.from({ length: 24 }, (_, i) => `Sat-${i + 1},"${(i * 700 + 150).toLocaleString("en-US")}"`),
  ...Array.from({ length: 5 }, (_, i) => `SB-WASS 3-${i + 1},"5,000+"`),
].join("\n");
const HEAVY_SATELLITES = `SELECT "Name of Satellite", "Launch Mass (kg.)" FROM u WHERE TRY_CAST(replace("Launch Mass (kg.)", ',', '') AS DOUBLE) >= 9000`;

/** The same ranking with its last places published as an open band (`21+`), as QS and THE do (held-out KF-06). */
const OPEN_RANKING = `${RANKING}\n21+,Lambda,40.0\n21+,Mu,38.5`;

/**
 * Service requests whose created and closed times share one field (`created;closed`), the closed
 * part empty while a request is open (held-out IS-10, where a file's lines were split in SQL).
 */
const requests = (closed: string): string =>
  [
    "id,times",
    "1,1/1/20 9:12;1/7/20 12:29",
    "2,1/1/20 11:39;",
    "3,1/2/20 8:00;1/3/20 10:15",
    "4,1/2/20 9:30;",
    `5,1/3/20 7:45;${closed}`,
    "6,1/3/20 13:05;1/4/20 9:00",
  ].join("\n");

/**
 * Failed banks as BankFind lists them (held-out JA-08): name, city and state in one field, the
 * state a two-letter code on every row but one, where it is spelled out.
 */
const BANKS = [
  "Bank Name City State,Closing Date",
  ...[
    "IL",
    "GA",
    "FL",
    "IL",
    "GA",
    "CA",
    "IL",
    "FL",
    "GA",
    "MN",
    "IL",
    "WA",
    "GA",
    "FL",
    "IL",
    "CA",
    "GA",
    "MO",
    "IL",
    "FL",
    "GA",
    "AZ",
    "IL",
  ].map((st, i) => `"Bank ${i + 1}, Town ${i + 1}, ${st}",${1 + (i % 28)}-Jul-09`),
  '"Mutual Bank, Harvey, Illinois",31-Jul-09',
].join("\n");

/** Film titles, some with the year in brackets: an extraction that picks out the ones that have one. */
const TITLES = [
  "title,studio",
  ...Array.from({ length: 12 }, (_, i) => `"Film ${i + 1} (${2000 + i})",S${i % 3}`),
  ...Array.from({ length: 6 }, (_, i) => `"Undated film ${i + 1}",S${i % 3}`),
].join("\n");

/** The silent-error suite's cases of `blanked-cast` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const blankedCastSilentCases = silentCasesOf("blanked-cast", ({ flagged, clean }) => [
  flagged(
    "failed banks counted per state taken from the name field: the state spelled out matches no pattern and forms a blank group",
    { "banks.csv": BANKS },
    scanThenQuery(
      { bf: "banks.csv" },
      String.raw`SELECT regexp_extract(trim("Bank Name City State"), ',\s*([A-Za-z]{2})\s*$', 1) AS st, count(*) AS n FROM bf GROUP BY 1 ORDER BY n DESC`,
    ),
  ),
  flagged(
    "Illinois banks counted by the extracted code: the bank whose state is spelled out is dropped",
    { "banks.csv": BANKS },
    scanThenQuery(
      { bf: "banks.csv" },
      String.raw`SELECT count(*) AS n FROM bf WHERE regexp_extract("Bank Name City State", ',\s*([A-Z]{2})$', 1) = 'IL'`,
    ),
  ),
  clean(
    "the banks whose state the pattern misses, listed: the query looks for them",
    { "banks.csv": BANKS },
    scanThenQuery(
      { bf: "banks.csv" },
      String.raw`SELECT "Bank Name City State" FROM bf WHERE regexp_extract("Bank Name City State", ',\s*([A-Z]{2})$', 1) = ''`,
    ),
  ),
  clean(
    "films counted per year in their title: a third have no year, an extraction that picks out those that do",
    { "films.csv": TITLES },
    scanThenQuery(
      { f: "films.csv" },
      String.raw`SELECT regexp_extract(title, '\((\d{4})\)', 1) AS yr, count(*) AS n FROM f GROUP BY 1 ORDER BY 1`,
    ),
  ),
  flagged(
    "satellites of 9,000 kg or more by launch mass: TRY_CAST blanks the five '5,000+' masses and the WHERE drops them",
    { "satellites.csv": SATELLITE_MASSES },
    scanThenQuery({ u: "satellites.csv" }, HEAVY_SATELLITES),
  ),
  clean(
    "its twin: the same WHERE keeps the '5,000+' rows through a branch of their own (held-out KN-04)",
    { "satellites.csv": SATELLITE_MASSES },
    scanThenQuery({ u: "satellites.csv" }, `${HEAVY_SATELLITES} OR "Launch Mass (kg.)" = '5,000+'`),
  ),
  flagged(
    "corr of fires and acres: TRY_CAST turns the footnoted '*8,097,880' into NULL",
    { "wildfires.csv": WILDFIRES },
    scanThenQuery(
      { fires: "wildfires.csv" },
      `SELECT corr(Fires, TRY_CAST(replace(Acres, ',', '') AS DOUBLE)) AS r FROM fires`,
    ),
  ),
  clean(
    "the footnote mark stripped before the cast: every acreage is read",
    { "wildfires.csv": WILDFIRES },
    scanThenQuery(
      { fires: "wildfires.csv" },
      `SELECT corr(Fires, TRY_CAST(regexp_replace(Acres, '[^0-9.]', '', 'g') AS DOUBLE)) AS r FROM fires`,
    ),
  ),
  flagged(
    "June rainfall averaged with TRY_CAST: '9.44 2013' (a value with its year) becomes NULL",
    { "rainfall.csv": RAINFALL },
    scanThenQuery({ rain: "rainfall.csv" }, `SELECT avg(TRY_CAST(Jun AS DOUBLE)) AS mean_jun FROM rain`),
  ),
  clean(
    "July rainfall averaged with TRY_CAST: only the missing marker 'M' becomes NULL",
    { "rainfall.csv": RAINFALL },
    scanThenQuery(
      { rain: "rainfall.csv" },
      // The map reads 'M' as NULL (a missing-value marker), so the average skips a NULL like any
      // empty cell and null-in-aggregate asks what it means: the correct query says so.
      `SELECT avg(TRY_CAST(Jul AS DOUBLE)) AS mean_jul FROM rain WHERE Jul IS NOT NULL`,
    ),
  ),
  clean(
    "the top 5 counted with TRY_CAST: the bands '6-10' and '11-20' blank, but no reading between their bounds is a place <= 5",
    { "ranking.csv": RANKING },
    scanThenQuery(
      { r: "ranking.csv" },
      `SELECT count(*) FILTER (WHERE TRY_CAST(world_rank AS INT) <= 5) AS top5, count(*) AS n FROM r`,
    ),
  ),
  clean(
    "the top 5 counted over a ranking ending in an open band '21+': no place it reaches is <= 5",
    { "ranking.csv": OPEN_RANKING },
    scanThenQuery(
      { r: "ranking.csv" },
      `SELECT count(*) FILTER (WHERE TRY_CAST(world_rank AS INT) <= 5) AS top5, count(*) AS n FROM r`,
    ),
  ),
  flagged(
    "places past 25 counted over a ranking ending in an open band '21+': the band reaches past 25",
    { "ranking.csv": OPEN_RANKING },
    scanThenQuery(
      { r: "ranking.csv" },
      `SELECT count(*) FILTER (WHERE TRY_CAST(world_rank AS INT) > 25) AS below25, count(*) AS n FROM r`,
    ),
  ),
  flagged(
    "the top 8 counted with TRY_CAST: the band '6-10' blanks, and places 6 to 8 lie inside it",
    { "ranking.csv": RANKING },
    scanThenQuery(
      { r: "ranking.csv" },
      `SELECT count(*) FILTER (WHERE TRY_CAST(world_rank AS INT) <= 8) AS top8, count(*) AS n FROM r`,
    ),
  ),
  clean(
    "created and closed times read with try_strptime, the empty closing part of open requests made NULL first: no time to blank",
    { "requests.csv": requests("1/15/20 16:00") },
    scanThenQuery(
      { r: "requests.csv" },
      `SELECT id, strptime(split_part(times, ';', 1), '%m/%d/%y %H:%M') AS created, try_strptime(nullif(split_part(times, ';', 2), ''), '%m/%d/%y %H:%M') AS closed FROM r`,
    ),
  ),
  flagged(
    "the same, one closing time written '2020-01-15 16:00': try_strptime blanks it",
    { "requests.csv": requests("2020-01-15 16:00") },
    scanThenQuery(
      { r: "requests.csv" },
      `SELECT id, strptime(split_part(times, ';', 1), '%m/%d/%y %H:%M') AS created, try_strptime(nullif(split_part(times, ';', 2), ''), '%m/%d/%y %H:%M') AS closed FROM r`,
    ),
  ),
]);
