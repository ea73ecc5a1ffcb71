import { legal, silentCasesOf } from "../../cases/caseBuilder.ts";
import { scan, query, scanThenQuery } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";
import {
  FRAUD_RANKINGS,
  IDT_RANKINGS,
  METRO_IDT,
  METRO_FRAUD,
  MSA_IDT,
  MSA_FRAUD,
  NEW_ENGLAND,
  METRO_HTML,
  METRO_HTML_MSA,
} from "../../cases/legalLake.ts";
import {
  FRAUD_TOP,
  WEATHER,
  YIELDS,
  WEATHER_AND_YIELDS,
  STATE_YEAR_REPORTS,
  STATE_YEAR_POPULATION,
  fraudTopPopulation,
  ROSTER_SNAPSHOTS,
} from "../../cases/sharedLakes.ts";

/** A counter's monthly counts, 2014–2017, and a vendor export of the same counter from 2016 (held-out FR-03). */
const CITY_MONTHS = csv(
  "day,bikes",
  ...[2014, 2015, 2016, 2017].flatMap((y) =>
    Array.from({ length: 12 }, (_, m) => `${y}-${String(m + 1).padStart(2, "0")}-15,${1000 + 10 * m + y}`),
  ),
);
const VENDOR_MONTHS = csv(
  "day,bikes",
  ...[2016, 2017].flatMap((y) =>
    Array.from({ length: 12 }, (_, m) => `${y}-${String(m + 1).padStart(2, "0")}-15,${1000 + 10 * m + y}`),
  ),
);

/**
 * Two releases of one candidate summary (held-out GR-10, FEC): the mid-cycle release holds 20
 * candidates, the final one 19 of them (one withdrew) and 25 who filed later.
 */
const CANDIDATES = Array.from({ length: 20 }, (_, i) => `H6CA${String(i + 10).padStart(2, "0")}`);
const MID_RELEASE = csv(
  "cand_id,cand_name,receipts,disbursements",
  ...CANDIDATES.map((id, i) => `${id},Candidate ${i},${1000 * (i + 1)},${900 * (i + 1)}`),
);
const FINAL_RELEASE = csv(
  "cand_id,cand_name,receipts,disbursements",
  ...CANDIDATES.slice(0, 19).map((id, i) => `${id},Candidate ${i},${1500 * (i + 1)},${1400 * (i + 1)}`),
  ...Array.from(
    { length: 25 },
    (_, i) => `H6TX${String(i + 10).padStart(2, "0")},Newcomer ${i},${200 + i},${150 + i}`,
  ),
);
/** A list of incumbents, another layout: the final release's candidates it lacks are lost to a join meant to enrich them. */
const INCUMBENTS = csv(
  "cand_id,first_elected",
  "H6CA10,1973",
  "H6CA11,1987",
  "H6CA12,2015",
  "H6CA13,2017",
  "H6CA14,1993",
  "H2OH09,1983",
);

/**
 * Employers' SIC codes, one row per code (held-out HF-04), and the SIC list with sections: section A
 * (agriculture) has 12 codes, 5 of them listed by employers.
 */
const SIC_LIST = csv(
  "sic_code,section",
  ...Array.from({ length: 12 }, (_, i) => `${String(1110 + 10 * i).padStart(5, "0")},A`),
  ...Array.from({ length: 8 }, (_, i) => `${String(10110 + 10 * i).padStart(5, "0")},C`),
);
const EMPLOYER_CODES = csv(
  "EmployerId,code",
  ...Array.from({ length: 30 }, (_, i) => {
    const code = i % 2 ? 1110 + 10 * (i % 5) : 10110 + 10 * (i % 8);
    return `${100 + i},${String(code).padStart(5, "0")}`;
  }),
);

/**
 * Dams by their NID id (held-out HI-02, HI-09): a national release of 240 dams in eight states and
 * a state's newer list of 60, 20 of them in the national release. `dash`: the state writes ids
 * `WA-00105`, another form of the same ids.
 */
const NATIONAL_DAMS = csv(
  "NIDID,STATE,NID_HEIGHT",
  ...Array.from({ length: 240 }, (_, i) => {
    const st = ["WA", "OR", "CA", "TX", "GA", "NY", "PR", "MT"][i % 8]!;
    return `${st}${String(100 + i).padStart(5, "0")},${st},${20 + ((i * 13) % 90)}`;
  }),
);
const STATE_DAMS = (dash: boolean): string =>
  csv(
    "NID ID,Dam Name,NID Height (Ft)",
    ...Array.from({ length: 60 }, (_, i) => {
      const n = i < 20 ? 100 + 8 * i : 1000 + i;
      return `WA${dash ? "-" : ""}${String(n).padStart(5, "0")},Dam ${i},${22 + ((i * 7) % 85)}`;
    }),
  );

/**
 * A season's results naming clubs as the league table does (full names, short names, one as
 * `united`), and a club list with full and short names (held-out HO-09/10).
 */
function leagueAndClubs(united: string): Record<string, string> {
  const playing = ["Arsenal", "Spurs", "Wolves", "Leeds United", "Villa", united, "Everton", "Fulham"];
  const clubs = [
    ["Arsenal", "Arsenal", 1886],
    ["Tottenham Hotspur", "Spurs", 1882],
    ["Wolverhampton Wanderers", "Wolves", 1877],
    ["Leeds United", "Leeds", 1919],
    ["Aston Villa", "Villa", 1874],
    ["Manchester United", "Man United", 1878],
    ["Everton", "Everton", 1878],
    ["Fulham", "Fulham", 1879],
    ...Array.from({ length: 30 }, (_, i) => [`Town ${i} FC`, `Town ${i}`, 1880 + i]),
  ];
  return {
    "results.csv": csv(
      "home,away,home_goals,away_goals",
      ...playing.flatMap((h, i) =>
        playing.filter((a) => a !== h).map((a, j) => `${h},${a},${(i + j) % 4},${(i * j) % 3}`),
      ),
    ),
    "clubs.csv": csv("team,short_name,founded", ...clubs.map((c) => c.join(","))),
  };
}

/** Each playing club's full name, found by full name or by short name. */
const CLUB_LOOKUPS = `WITH t AS (SELECT DISTINCT home AS s FROM results),
  cand AS (SELECT t.s, c.team FROM t JOIN clubs c ON c.team = t.s
           UNION SELECT t.s, c.team FROM t JOIN clubs c ON c.short_name = t.s)
  SELECT t.s, max(cand.team) AS club FROM t LEFT JOIN cand ON cand.s = t.s GROUP BY t.s ORDER BY t.s`;

/**
 * Two darts rankings' top eight (held-out KI-04: the 2014 and 2024 Orders of Merit), three players
 * in both; `slipped` writes one player of both lists with two letters swapped in one of them.
 */
const topEights = (slipped: boolean): Record<string, string> => ({
  "merit_2014.csv": csv(
    "Name,Position",
    ...["Phil Taylor", "Adrian Lewis", "Gary Anderson", "Michael van Gerwen", "Simon Whitlock"]
      .concat(["Peter Wright", "Michael Smith", "Dave Chisnall"])
      .map((n, i) => `${n},${i + 1}`),
  ),
  "merit_2024.csv": csv(
    "Name,Position",
    ...["Luke Humphries", "Michael van Gerwen", "Luke Littler", "Rob Cross", "Gary Anderson"]
      .concat(["Peter Wright", "Jonny Clayton", slipped ? "Micheal Smith" : "Damon Heta"])
      .map((n, i) => `${n},${i + 1}`),
  ),
});
/**
 * Heroes and their powers, one row per hero and power (held-out KL-04): DC's heroes with
 * Telepathy. 'Black Adam' (DC, no Telepathy) and 'Blackwing' (Marvel, Telepathy) each fall to the
 * other side's filter, not to a spelling: both files hold both. `slipped` writes one DC hero
 * 'Zatana' in the hero list and 'Zatanna' among the powers.
 */
const heroesAndPowers = (slipped: boolean): Record<string, string> => {
  const telepaths = ["Martian Manhunter", "Professor Zoom", "Raven Roth", "Zatanna"];
  const telepathsToo = ["Blackwing", "Jean Grey", "Charles Xavier", "Emma Frost", "Psylocke"];
  const dc = ["Superman", "Batman", "Black Adam", "Black Canary", "Green Lantern", "Wonder Woman"];
  const marvel = ["Iron Man", "Thor Odinson", "Black Panther"];
  const inPowers = [...telepaths, ...telepathsToo, ...dc, ...marvel];
  return {
    "heroes.csv": csv(
      "name,Publisher",
      ...[...telepaths, ...dc, "Alfred Pennyworth"].map(
        (n) => `${slipped && n === "Zatanna" ? "Zatana" : n},DC Comics`,
      ),
      ...[...telepathsToo, ...marvel].map((n) => `${n},Marvel Comics`),
    ),
    "powers.csv": csv(
      "hero,power,has",
      ...inPowers.flatMap((n) => [
        `${n},Flight,${n.length % 2 === 0}`,
        `${n},Telepathy,${telepaths.includes(n) || telepathsToo.includes(n)}`,
      ]),
    ),
  };
};
const DC_TELEPATHS =
  "SELECT count(DISTINCT h.name) AS n FROM heroes h JOIN powers p ON p.hero = h.name WHERE h.Publisher = 'DC Comics' AND p.power = 'Telepathy' AND p.has";

const IN_BOTH_TOP_EIGHTS =
  "SELECT a.Name, a.Position AS p14, b.Position AS p24 FROM a JOIN b ON lower(a.Name) = lower(b.Name) ORDER BY p14";

/**
 * Species of a zoo programme and of a European list (held-out KE-10), three in both; the others
 * include tautonyms ('Anser anser', 'Cygnus cygnus') beside other species of their genus.
 * `slipped` spells one species of both lists two ways ('Lynx pardinus' / 'Lynx pardina').
 */
const speciesLists = (slipped: boolean): Record<string, string> => ({
  "ssp.csv": csv(
    "scientific_name",
    "Anser anser",
    "Cygnus buccinator",
    "Pan troglodytes",
    "Panthera leo",
    "Ursus arctos",
    "Canis lupus",
    slipped ? "Lynx pardinus" : "Addax nasomaculatus",
    "Orycteropus afer",
  ),
  "eu.csv": csv(
    "species",
    "Anser cygnoid",
    "Cygnus cygnus",
    "Troglodytes troglodytes",
    "Panthera leo",
    "Ursus arctos",
    "Canis lupus",
    slipped ? "Lynx pardina" : "Lacerta viridis",
    "Ablepharus budaki",
  ),
});
const IN_BOTH_SPECIES_LISTS =
  "SELECT s.scientific_name, e.species FROM s JOIN e ON lower(trim(s.scientific_name)) = lower(trim(e.species)) ORDER BY 1";

/** The silent-error suite's cases of `join-row-loss` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
/**
 * Two Olympic weightlifting results (held-out JN-03/04, IWF files of Tokyo 2020 and Paris 2024):
 * lifters written `SURNAME Given`, 16 at both Games among 40 and 30; two brothers share a surname
 * and two women a given name, each a different lifter. `initialled` writes one lifter at both
 * Games with his first given name as an initial in Tokyo.
 */
const SURNAMES =
  "ADAMS BAKER CHEN DIAZ EVANS FOSTER GARCIA HUGHES IVANOV JONES KOVAC LOPEZ MORENO NOVAK OKAFOR PETROV QUINN ROSSI SATO TANAKA URIBE VARGA WALSH XU YAMADA ZHANG ABE BRUNO CRUZ DUBOIS ELLIS FARAH GRECO HOLM INOUE JANSEN KAPOOR LINDQVIST MARTIN NAGY OLSEN PEREZ REYES SILVA TORRES".split(
    " ",
  );
const GIVEN =
  "Anna Boris Carla Dmitri Elena Felix Gloria Hugo Irene Jonas Karin Leon Marta Nikolai Olga Pavel Rosa Sergei Tamara Viktor".split(
    " ",
  );
const lifters = (from: number, count: number): string[] =>
  Array.from({ length: count }, (_, i) => `${SURNAMES[from + i]!} ${GIVEN[(from + i) % GIVEN.length]!}`);
const games = (initialled: boolean): Record<string, string> => {
  const both = lifters(0, 16);
  const tokyo = [...both, ...lifters(16, 22), "CHKHEIDZE Goga", "ALEMANNO Maria Grazia"];
  const paris = [
    ...both,
    ...lifters(38, 10),
    "CHKHEIDZE Irakli",
    "VENEGAS VALERA Anyelin Maria",
    "OZBEK Muhammed Furkan",
  ];
  return {
    "tokyo.csv": csv(
      "lifter_name,total",
      ...tokyo.map((n, i) => `${n},${200 + i}`),
      `${initialled ? "OZBEK M. Furkan" : "OZBEK Muhammed Furkan"},350`,
    ),
    "paris.csv": csv("lifter_name,total", ...paris.map((n, i) => `${n},${210 + i}`)),
  };
};
const AT_BOTH_GAMES =
  "SELECT t.lifter_name, t.total AS tokyo, p.total AS paris FROM tokyo t JOIN paris p ON lower(trim(t.lifter_name)) = lower(trim(p.lifter_name)) ORDER BY 1";

export const joinRowLossSilentCases = silentCasesOf("join-row-loss", ({ flagged, clean }) => [
  flagged(
    "Figure 1C: the inner join of weather and yields loses 2020",
    WEATHER_AND_YIELDS,
    scanThenQuery(
      { weather: "weather.csv", yields: "yields.csv" },
      "SELECT corr(w.rainfall_mm, y.yield_t_ha) AS r, count(*) AS years FROM weather w JOIN yields y ON y.year = w.year",
    ),
  ),
  flagged(
    "Figure 1C written with CTEs: the cleaned weather and yields, joined, lose 2020",
    WEATHER_AND_YIELDS,
    scanThenQuery(
      { weather: "weather.csv", yields: "yields.csv" },
      `WITH w AS (SELECT year, rainfall_mm FROM weather WHERE rainfall_mm IS NOT NULL),
              y AS (SELECT year, yield_t_ha FROM yields WHERE yield_t_ha > 0)
         SELECT corr(w.rainfall_mm, y.yield_t_ha) AS r, count(*) AS years FROM w JOIN y ON w.year = y.year`,
    ),
  ),
  flagged(
    "year-over-year change of yields through a self-join: 2021 has no 2020 to compare with",
    { "yields.csv": YIELDS },
    scanThenQuery(
      { yields: "yields.csv" },
      "SELECT avg(cur.yield_t_ha - prev.yield_t_ha) AS mean_change FROM yields cur JOIN yields prev ON prev.year = cur.year - 1",
    ),
  ),
  clean(
    "held-out JN-03: lifters at both Games, an inner join of two entry lists on names written alike; namesakes are different lifters",
    games(false),
    scanThenQuery({ tokyo: "tokyo.csv", paris: "paris.csv" }, AT_BOTH_GAMES),
  ),
  flagged(
    "its twin: one lifter at both Games written with an initial in one list (OZBEK M. Furkan / OZBEK Muhammed Furkan)",
    games(true),
    scanThenQuery({ tokyo: "tokyo.csv", paris: "paris.csv" }, AT_BOTH_GAMES),
  ),
  clean(
    "year-over-year change of rainfall through a self-join over an unbroken series",
    { "weather.csv": WEATHER },
    scanThenQuery(
      { weather: "weather.csv" },
      "SELECT cur.year, cur.rainfall_mm - prev.rainfall_mm AS change FROM weather cur JOIN weather prev ON prev.year = cur.year - 1 ORDER BY cur.year",
    ),
  ),
  clean(
    "the years without a yield excluded explicitly with IN (SELECT year FROM yields)",
    WEATHER_AND_YIELDS,
    scanThenQuery(
      { weather: "weather.csv", yields: "yields.csv" },
      "SELECT corr(w.rainfall_mm, y.yield_t_ha) AS r, count(*) AS years FROM weather w JOIN yields y ON y.year = w.year WHERE w.year IN (SELECT year FROM yields)",
    ),
  ),
  clean(
    "CTEs join the weather and yields, 2020 excluded on purpose inside the CTE",
    WEATHER_AND_YIELDS,
    scanThenQuery(
      { weather: "weather.csv", yields: "yields.csv" },
      `WITH w AS (SELECT year, rainfall_mm FROM weather WHERE year IN (SELECT year FROM yields)),
              y AS (SELECT year, yield_t_ha FROM yields)
         SELECT corr(w.rainfall_mm, y.yield_t_ha) AS r, count(*) AS years FROM w JOIN y ON w.year = y.year`,
    ),
  ),
  flagged("metro names normalised in two steps, but the population page writes en dashes", legal, [
    scan(METRO_IDT, "metro"),
    scan(METRO_HTML, "pop", METRO_HTML_MSA),
    query(
      `SELECT replace("Metropolitan Area", ' Metropolitan Statistical Area', '') AS msa, "# of Reports" AS reports FROM metro`,
      ["metro"],
      "metro_k",
    ),
    query(
      `SELECT replace("Metropolitan statistical area", ' MSA', '') AS msa, "2020 census" AS census_2020 FROM pop`,
      ["pop"],
      "pop_k",
    ),
    query(
      "SELECT avg(m.reports) AS avg_reports, count(*) AS areas FROM metro_k m JOIN pop_k p ON p.msa = m.msa WHERE p.census_2020 > 1000000",
      ["metro_k", "pop_k"],
    ),
  ]),
  flagged("the same normalisation written in the join condition (17 of 55 large MSAs match)", legal, [
    scan(METRO_IDT, "metro"),
    scan(METRO_HTML, "pop", METRO_HTML_MSA),
    query(
      `SELECT avg(m."# of Reports") AS avg_reports, count(*) AS areas FROM metro m JOIN pop p ON replace(p."Metropolitan statistical area", ' MSA', '') = replace(m."Metropolitan Area", ' Metropolitan Statistical Area', '') WHERE p."2020 census" > 1000000`,
      ["metro", "pop"],
    ),
  ]),
  clean(
    "Georgia's MSAs enriched with their national rate (the other states' areas are not wanted)",
    legal,
    scanThenQuery(
      { ga: `${MSA_IDT}/Georgia.csv`, metro: METRO_IDT },
      'SELECT g."Metropolitan Area", g."# of Reports", m."Reports per 100K Population" FROM ga g JOIN metro m ON m."Metropolitan Area" = g."Metropolitan Area" ORDER BY 3 DESC',
    ),
  ),
  flagged(
    "a (state, year) join where one state lacks 2024",
    {
      "reports.csv": csv(
        "state,year,reports",
        ...STATE_YEAR_REPORTS,
        "Nevada,2023,55870",
        "Nevada,2024,58640",
      ),
      "population.csv": csv("state,year,population", ...STATE_YEAR_POPULATION, "Nevada,2023,3194176"),
    },
    scanThenQuery(
      { reports: "reports.csv", population: "population.csv" },
      "SELECT r.year, sum(r.reports) * 100000.0 / sum(p.population) AS per_100k FROM reports r JOIN population p ON p.state = r.state AND p.year = r.year GROUP BY r.year ORDER BY r.year",
    ),
  ),
  flagged(
    "a trailing space in one file's state name drops it from the join",
    {
      "fraud_top.csv": FRAUD_TOP,
      "population.csv": fraudTopPopulation('"Maryland "'),
    },
    scanThenQuery(
      { fraud: "fraud_top.csv", pop: "population.csv" },
      'SELECT f.State, f."# of Reports", p.Population FROM fraud f JOIN pop p ON p.State = f.State',
    ),
  ),
  clean(
    "the LEFT JOIN twin keeps 2020 with a NULL yield",
    WEATHER_AND_YIELDS,
    scanThenQuery(
      { weather: "weather.csv", yields: "yields.csv" },
      "SELECT w.year, w.rainfall_mm, y.yield_t_ha FROM weather w LEFT JOIN yields y ON y.year = w.year ORDER BY w.year",
    ),
  ),
  clean(
    "the New England list used as a filter on the ranking",
    legal,
    scanThenQuery(
      { idt: IDT_RANKINGS, ne: NEW_ENGLAND },
      'SELECT r.State, r."Reports per 100K Population" FROM idt r JOIN ne n ON r.State = n.Name ORDER BY 2 DESC',
    ),
  ),
  clean(
    "both rankings hold the same 52 states and territories",
    legal,
    scanThenQuery(
      { fraud: FRAUD_RANKINGS, idt: IDT_RANKINGS },
      'SELECT f.State, f."Reports per 100K Population" AS fraud_rate, i."Reports per 100K Population" AS idt_rate FROM fraud f JOIN idt i ON i.State = f.State ORDER BY fraud_rate DESC',
    ),
  ),
  clean(
    "KramaBench legal-hard-8: Miami's count in the Florida file checked against the national table",
    legal,
    scanThenQuery(
      { fl: `${MSA_FRAUD}/Florida.csv`, metro: METRO_FRAUD },
      `SELECT f."Metropolitan Area", f."# of Reports" = m."# of Reports" AS consistent FROM fl f JOIN metro m ON m."Metropolitan Area" = f."Metropolitan Area" WHERE f."Metropolitan Area" LIKE 'Miami%'`,
    ),
  ),
  clean(
    "the year without a yield excluded explicitly in WHERE",
    WEATHER_AND_YIELDS,
    scanThenQuery(
      { weather: "weather.csv", yields: "yields.csv" },
      "SELECT w.year, w.rainfall_mm, y.yield_t_ha FROM weather w JOIN yields y ON y.year = w.year WHERE w.year <> 2020 ORDER BY w.year",
    ),
  ),
  clean(
    "two releases of one table compared on the candidates both hold: the final release's newcomers are no loss (held-out GR-10)",
    { "mid/summary.csv": MID_RELEASE, "final/summary.csv": FINAL_RELEASE },
    scanThenQuery(
      { mid: "mid/summary.csv", fin: "final/summary.csv" },
      "SELECT count(*) AS n, sum(f.receipts - m.receipts) AS increase FROM mid m JOIN fin f ON f.cand_id = m.cand_id",
    ),
  ),
  flagged(
    "the final release enriched from a list of another layout: most of its candidates are dropped",
    { "final/summary.csv": FINAL_RELEASE, "incumbents.csv": INCUMBENTS },
    scanThenQuery(
      { fin: "final/summary.csv", inc: "incumbents.csv" },
      "SELECT sum(f.receipts) AS receipts, min(i.first_elected) AS earliest FROM fin f JOIN inc i ON i.cand_id = f.cand_id",
    ),
  ),
  clean(
    "monthly totals of two counters joined USING (month), the outer query keeping 2017, which both cover",
    { "city.csv": CITY_MONTHS, "vendor.csv": VENDOR_MONTHS },
    scanThenQuery(
      { c: "city.csv", v: "vendor.csv" },
      "WITH a AS (SELECT strftime(day, '%Y-%m') AS month, sum(bikes) AS city FROM c GROUP BY 1), b AS (SELECT strftime(day, '%Y-%m') AS month, sum(bikes) AS vendor FROM v GROUP BY 1) SELECT month, city, vendor FROM a JOIN b USING (month) WHERE month LIKE '2017%' ORDER BY month",
    ),
  ),
  clean(
    "employers whose codes are in section A: the section's codes no employer lists are no loss (held-out HF-04)",
    { "codes.csv": EMPLOYER_CODES, "sic.csv": SIC_LIST },
    scanThenQuery(
      { codes: "codes.csv", sic: "sic.csv" },
      "SELECT DISTINCT codes.EmployerId FROM codes JOIN sic ON codes.code = sic.sic_code WHERE sic.section = 'A'",
    ),
  ),
  clean(
    "three members of the 2023 snapshot looked up in the current roster: its other 30 members are not looked up (held-out HL-08)",
    ROSTER_SNAPSHOTS,
    [
      scan("snapshots/roster_2023.csv", "s23"),
      scan("roster.csv", "cur"),
      query(
        "SELECT bioguide_id FROM s23 WHERE bioguide_id IN ('C000100', 'C000101', 'B001323')",
        ["s23"],
        "picked",
      ),
      query(
        "SELECT p.bioguide_id, c.last_name, c.party FROM picked p JOIN cur c ON c.bioguide_id = p.bioguide_id",
        ["picked", "cur"],
      ),
    ],
  ),
  clean(
    "a search for one member under two ids: pairs of the snapshots with the same name and different ids (held-out HL-10)",
    ROSTER_SNAPSHOTS,
    scanThenQuery(
      { s23: "snapshots/roster_2023.csv", cur: "roster.csv" },
      "SELECT a.bioguide_id, b.bioguide_id AS new_id FROM s23 a JOIN cur b ON a.bioguide_id <> b.bioguide_id AND a.last_name = b.last_name",
    ),
  ),
  clean(
    "the party changes of the members two roster snapshots both hold: ids one digit apart are different members (held-out HL-10)",
    ROSTER_SNAPSHOTS,
    scanThenQuery(
      { s23: "snapshots/roster_2023.csv", cur: "roster.csv" },
      "SELECT a.bioguide_id, a.party AS old_party, b.party AS new_party FROM s23 a JOIN cur b USING (bioguide_id) WHERE a.party IS DISTINCT FROM b.party",
    ),
  ),
  clean(
    "the height change of the dams two releases of the register both hold: the others are not in both (held-out HI-09)",
    { "national/Dams.csv": NATIONAL_DAMS, "nid_2021/dams.csv": STATE_DAMS(false) },
    scanThenQuery(
      { atlas: "national/Dams.csv", dams: "nid_2021/dams.csv" },
      'SELECT count(*) AS n, sum(d."NID Height (Ft)") - sum(a.NID_HEIGHT) AS change FROM atlas a JOIN dams d ON a.NIDID = d."NID ID"',
    ),
  ),
  flagged(
    "the same where the state writes its ids with a dash (WA-00100): no dam is found in both",
    { "national/Dams.csv": NATIONAL_DAMS, "nid_2021/dams.csv": STATE_DAMS(true) },
    scanThenQuery(
      { atlas: "national/Dams.csv", dams: "nid_2021/dams.csv" },
      'SELECT count(*) AS n, sum(d."NID Height (Ft)") - sum(a.NID_HEIGHT) AS change FROM atlas a JOIN dams d ON a.NIDID = d."NID ID"',
    ),
  ),
  flagged(
    "a UNION of club lookups by full name and by short name, where 'Man Utd' is found by neither",
    leagueAndClubs("Man Utd"),
    scanThenQuery({ results: "results.csv", clubs: "clubs.csv" }, CLUB_LOOKUPS),
  ),
  clean(
    "the same UNION of lookups, every club found by one branch or the other",
    leagueAndClubs("Man United"),
    scanThenQuery({ results: "results.csv", clubs: "clubs.csv" }, CLUB_LOOKUPS),
  ),
  clean(
    "held-out KI-04: players in both top eights of two rankings, three names of several words matched exactly",
    topEights(false),
    scanThenQuery({ a: "merit_2014.csv", b: "merit_2024.csv" }, IN_BOTH_TOP_EIGHTS),
  ),
  flagged(
    "its twin: one player of both rankings spelt two ways (Michael Smith / Micheal Smith)",
    topEights(true),
    scanThenQuery({ a: "merit_2014.csv", b: "merit_2024.csv" }, IN_BOTH_TOP_EIGHTS),
  ),
  clean(
    "held-out KE-10: species in both lists; a tautonym ('Anser anser') is no spelling of another species of its genus ('Anser cygnoid')",
    speciesLists(false),
    scanThenQuery({ s: "ssp.csv", e: "eu.csv" }, IN_BOTH_SPECIES_LISTS),
  ),
  flagged(
    "its twin: one species of both lists spelt two ways (Lynx pardinus / Lynx pardina)",
    speciesLists(true),
    scanThenQuery({ s: "ssp.csv", e: "eu.csv" }, IN_BOTH_SPECIES_LISTS),
  ),
  clean(
    "held-out KL-04: DC heroes with Telepathy; keys one side's filter leaves out ('Black Adam', 'Blackwing') are in both files, no spelling pair",
    heroesAndPowers(false),
    scanThenQuery({ heroes: "heroes.csv", powers: "powers.csv" }, DC_TELEPATHS),
  ),
  flagged(
    "its twin: one DC hero spelt 'Zatana' in the hero list and 'Zatanna' among the powers",
    heroesAndPowers(true),
    scanThenQuery({ heroes: "heroes.csv", powers: "powers.csv" }, DC_TELEPATHS),
  ),
]);
