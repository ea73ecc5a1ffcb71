import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scanThenQuery } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";

/**
 * Players with birthdays as a rating list writes them (held-out HQ-06: `dd.mm.yy`, and where none
 * is known `  .  .` — a blank date mask the map reads as NULL, typing the column as dates — or, here,
 * `n.k.`, a word the map does not read, which keeps the column text), and a world number one's days
 * at the top as a ranking file writes them (HQ-09: `Month d, yyyy`, one row `shared` for a tie).
 */
const birthdays = (unknown: string): string =>
  csv(
    "id,name,bday",
    ...[
      "17.01.72",
      "26.06.85",
      "31.12.89",
      "05.03.95",
      "14.11.98",
      "01.01.24",
      "08.12.54",
      "22.07.91",
      unknown,
    ].map((d, i) => `${100 + i},Player ${i},"${d}"`),
  );
const BIRTHDAYS = birthdays("n.k.");
const NUMBER_ONE = csv(
  "player,dateranking",
  ...[
    "January 31, 1982",
    "June 30, 1985",
    "September 30, 1998",
    "December 25, 2000",
    "March 31, 1990",
    "shared",
  ].map((d) => `Kasparov,"${d}"`),
);
const ISO = csv(
  "player,dateranking",
  ...["1982-01-31", "1985-06-30", "1998-09-30", "2000-12-25", "1990-03-31", "not ranked"].map(
    (d) => `Kasparov,${d}`,
  ),
);

/** The silent-error cases of `date-as-text`. */
/**
 * Hong Kong race results (held-out JW-09): finish times written m.ss.hh ('1.10.83'), which read as
 * mm.dd.yy until the seconds pass 31. Race A's six times all read as dates; the column does not.
 */
const RACE_TIMES = csv(
  "race_id,horse,finish_time",
  "A,BAMBOO DANCE,1.10.83",
  "A,HELLO KIMBERLEY,1.09.95",
  "A,OLD BAILEY,1.11.02",
  "A,SUN JEWELLERY,1.10.97",
  "A,EMPEROR VICTORY,1.08.99",
  "A,BRILLIANT SHINE,1.12.50",
  ...Array.from(
    { length: 40 },
    (_, i) =>
      `R${i % 8},HORSE ${i},${1 + (i % 2)}.${String(32 + (i % 27)).padStart(2, "0")}.${String((i * 37) % 100).padStart(2, "0")}`,
  ),
);

export const dateAsTextSilentCases = silentCasesOf("date-as-text", ({ flagged, clean }) => [
  clean(
    "held-out JW-09: one race's runners ordered by finish time (m.ss.hh), times that read as dates only in that race",
    { "results.csv": RACE_TIMES },
    scanThenQuery(
      { r: "results.csv" },
      "SELECT horse, finish_time FROM r WHERE race_id = 'A' ORDER BY finish_time LIMIT 3",
    ),
  ),
  flagged(
    "held-out HQ-06: the youngest player's birthday as max() of dd.mm.yy text",
    { "players.csv": BIRTHDAYS },
    scanThenQuery({ p: "players.csv" }, "SELECT min(bday) AS oldest, max(bday) AS youngest FROM p"),
  ),
  flagged(
    "held-out HQ-09: first and last day at number one as min()/max() of 'Month d, yyyy' text",
    { "ranking.csv": NUMBER_ONE },
    scanThenQuery(
      { r: "ranking.csv" },
      "SELECT min(dateranking) AS first_d, max(dateranking) AS last_d FROM r",
    ),
  ),
  clean(
    "the same days read as dates first",
    { "ranking.csv": NUMBER_ONE },
    scanThenQuery(
      { r: "ranking.csv" },
      "SELECT min(try_strptime(dateranking, '%B %d, %Y')) AS first_d, max(try_strptime(dateranking, '%B %d, %Y')) AS last_d FROM r",
    ),
  ),
  clean(
    "birthdays listed in text order, every row returned (no LIMIT)",
    { "players.csv": BIRTHDAYS },
    scanThenQuery({ p: "players.csv" }, "SELECT id, name, bday FROM p ORDER BY bday"),
  ),
  clean(
    "the birthdays of the 1980s only, where text and date agree on the latest",
    { "players.csv": BIRTHDAYS },
    scanThenQuery({ p: "players.csv" }, "SELECT max(bday) AS youngest FROM p WHERE bday LIKE '%.8_'"),
  ),
  clean(
    "the same birthdays with `  .  .` for the unknown ones, as FIDE writes them: the map reads them as dates",
    { "players.csv": birthdays("  .  .") },
    scanThenQuery({ p: "players.csv" }, "SELECT min(bday) AS oldest, max(bday) AS youngest FROM p"),
  ),
  clean(
    "year-first text dates, which sort as dates do",
    { "ranking.csv": ISO },
    scanThenQuery({ r: "ranking.csv" }, "SELECT max(dateranking) AS last_d FROM r"),
  ),
  clean(
    "birthdays grouped by their written form with GROUP BY ALL: min() and max() show an example of each form",
    { "players.csv": BIRTHDAYS },
    scanThenQuery(
      { p: "players.csv" },
      "SELECT regexp_replace(bday, '[0-9]', '9', 'g') AS form, count(*) AS n, min(bday) AS first_seen, max(bday) AS last_seen FROM p GROUP BY ALL",
    ),
  ),
]);
