import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scanThenQuery } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";

/** A ship register (held-out FJ-06): 12 ships by IMO number, the last `copies` of them listed twice. */
function register(copies: number): string {
  const ships = Array.from(
    { length: 12 },
    (_, i) => `${9300000 + 17 * i},SHIP ${String.fromCharCode(65 + i)},${20000 + 1500 * i},Panama (PAN)`,
  );
  return csv("imo,vessel_name,gross_tonnage,flag", ...ships, ...ships.slice(12 - copies));
}

/**
 * UCS's satellite list (held-out KN-01): 400 satellites by NORAD number, two of them given one
 * number by mistake, the last seven listed twice.
 */
const SATELLITES = (() => {
  const rows = Array.from(
    { length: 400 },
    (_, i) =>
      `Starlink ${4000 + i},${i === 17 ? 50000 + 16 : 50000 + i},${i % 5 ? "LEO" : "GEO"},${260 + (i % 40)}`,
  );
  return csv("name,norad,orbit,mass_kg", ...rows, ...rows.slice(-7));
})();

/** Answers of a survey: no column tells one respondent from another, so equal rows are equal answers. */
const ANSWERS = csv(
  "state,lost_money,amount",
  ...Array.from(
    { length: 30 },
    (_, i) => `${["TX", "CA", "NY"][i % 3]},${i % 2 ? "yes" : "no"},${(i % 4) * 50}`,
  ),
);

/**
 * Winning tickets of one draw (held-out HH-05), one row per ticket: the shop's name and address, how
 * the numbers were picked. One shop sold two tickets picked by hand: two equal rows, two tickets.
 */
const TICKETS = csv(
  "shop,address,pick,lat",
  ...Array.from(
    { length: 14 },
    (_, i) => `Shop ${i},${10 + i} Main Street Busan,${["auto", "manual"][i % 2]},${35 + i / 100}`,
  ),
  "Shop 3,13 Main Street Busan,manual,35.03",
);

/** Daily bike-share rides (held-out FR-05): the export lists its first ten days again at the end. */
const DAILY_RIDES = csv(
  "date,rides",
  ...Array.from({ length: 20 }, (_, i) => `2020-01-${String(i + 1).padStart(2, "0")},${4000 + 37 * i}`),
  ...Array.from({ length: 10 }, (_, i) => `2020-01-${String(i + 1).padStart(2, "0")},${4000 + 37 * i}`),
);

/**
 * A census table of many columns (held-out GX: 253 per county) whose identifier comes last, after
 * columns that repeat their values: 14 counties, the last three listed twice.
 */
const WIDE_COUNTIES = (() => {
  const measures = Array.from({ length: 24 }, (_, j) => `item${j + 1}`);
  const rows = Array.from(
    { length: 14 },
    (_, i) => `${measures.map((_, j) => ((i + j) % 4) * 10).join(",")},${1900 + 10 * i}`,
  );
  return csv(`${measures.join(",")},county`, ...rows, ...rows.slice(11));
})();

/** The silent-error suite's cases of `duplicate-rows` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const duplicateRowsSilentCases = silentCasesOf("duplicate-rows", ({ flagged, clean }) => [
  flagged(
    "sums the tonnage of a register that lists three ships twice",
    { "vessels.csv": register(3) },
    scanThenQuery(
      { vessels: "vessels.csv" },
      "SELECT sum(gross_tonnage) AS gt, count(*) AS ships FROM vessels",
    ),
  ),
  flagged(
    "counts the larger ships of a register that lists three ships twice",
    { "vessels.csv": register(3) },
    scanThenQuery(
      { vessels: "vessels.csv" },
      "SELECT count(*) AS ships FROM vessels WHERE gross_tonnage > 30000",
    ),
  ),
  flagged(
    "sums a column of a 25-column census table that lists three counties twice, its identifier last",
    { "counties.csv": WIDE_COUNTIES },
    scanThenQuery({ c: "counties.csv" }, "SELECT sum(item3) AS total FROM c"),
  ),
  clean(
    "lists the register's repeated IMO numbers, grouped by position (GROUP BY 1 HAVING count(*) > 1): the copies are its answer (held-out KN-01)",
    { "vessels.csv": register(3) },
    scanThenQuery(
      { vessels: "vessels.csv" },
      "SELECT imo, count(*) AS n FROM vessels GROUP BY 1 HAVING count(*) > 1",
    ),
  ),
  flagged(
    "counts the satellites of a list whose catalogue number two records share by mistake, seven rows listed twice (held-out KN-01)",
    { "satellites.csv": SATELLITES },
    scanThenQuery({ s: "satellites.csv" }, "SELECT count(*) AS leo FROM s WHERE orbit = 'LEO'"),
  ),
  clean(
    "sums the tonnage of the register's distinct rows",
    { "vessels.csv": register(3) },
    scanThenQuery(
      { vessels: "vessels.csv" },
      "SELECT sum(gross_tonnage) AS gt, count(*) AS ships FROM (SELECT DISTINCT * FROM vessels) v",
    ),
  ),
  clean(
    "sums the tonnage of a register without copies",
    { "vessels.csv": register(0) },
    scanThenQuery({ vessels: "vessels.csv" }, "SELECT sum(gross_tonnage) AS gt FROM vessels"),
  ),
  clean(
    "sums survey answers, many of them equal",
    { "answers.csv": ANSWERS },
    scanThenQuery(
      { answers: "answers.csv" },
      "SELECT state, sum(amount) AS lost, count(*) AS n FROM answers GROUP BY state",
    ),
  ),
  flagged(
    "a sum beside a count of distinct days over a file that lists ten days twice (held-out FR-05)",
    { "daily.csv": DAILY_RIDES },
    scanThenQuery(
      { w: "daily.csv" },
      "SELECT count(*) AS n, count(DISTINCT date) AS days, sum(rides) AS rides FROM w",
    ),
  ),
  clean(
    "counts the tickets of a draw, one shop having sold two equal ones (held-out HH-05)",
    { "tickets.csv": TICKETS },
    scanThenQuery(
      { t: "tickets.csv" },
      "SELECT count(*) AS tickets, count(*) FILTER (WHERE pick = 'manual') AS manual FROM t",
    ),
  ),
  flagged(
    "counts a register whose ids are codes, three ships listed twice, beside names with spaces",
    { "vessels.csv": register(3).replace(/SHIP /g, "MV SEA ") },
    scanThenQuery({ vessels: "vessels.csv" }, "SELECT count(*) AS ships FROM vessels"),
  ),
  clean(
    "only the counts of a copy check, rows beside distinct days",
    { "daily.csv": DAILY_RIDES },
    scanThenQuery({ w: "daily.csv" }, "SELECT count(*) AS n, count(DISTINCT date) AS days FROM w"),
  ),
]);
