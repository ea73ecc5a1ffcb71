import { legal, silentCasesOf } from "../../cases/caseBuilder.ts";
import { scanThenQuery } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";
import { IDT_RANKINGS, PAYMENT_METHOD } from "../../cases/legalLake.ts";
import { LOSSES_WITH_TOTAL } from "../../cases/sharedLakes.ts";

/**
 * Cricketers with their national side (held-out IH): 'East Africa', a side of its own at the 1975
 * World Cup, stands beside eleven countries, one row per player like the rest.
 */
const PLAYERS = csv(
  "Cricketer,Nationality,Runs",
  ...[
    "India",
    "Pakistan",
    "England",
    "Australia",
    "New Zealand",
    "Sri Lanka",
    "West Indies",
    "South Africa",
    "Zimbabwe",
    "Kenya",
    "Canada",
  ].flatMap((country, i) => [
    `Player ${i}A,${country},${100 + i * 7}`,
    `Player ${i}B,${country},${40 + i * 3}`,
  ]),
  "Frasat Ali,East Africa,57",
  "Harilal Shah,East Africa,6",
  "Jawahir Shah,East Africa,0",
);

/**
 * A language catalogue keyed by ISO 639-3 codes (held-out IK-10, WALS 2020.4): 240 lower-case
 * codes, among them `all` (Allar) and `sum` (Sumo), each one language like the rest.
 */
const LANGUAGE_CODES = csv(
  "ID,Name,Macroarea,Genus",
  ...Array.from({ length: 238 }, (_, i) => {
    const code = String.fromCharCode(97 + (Math.floor(i / 26) % 26), 97 + (i % 26), 97 + ((i * 7) % 26));
    return `${code},Language ${i},${["Africa", "Eurasia", "Papunesia", "North America"][i % 4]},genus ${i % 30}`;
  }),
  "all,Allar,Eurasia,Dravidian",
  "sum,Sumo,North America,Misumalpan",
);

/**
 * A births register's list of girls' names (held-out FE-05/06): 1,200 names, most of them given
 * once, among them 'MIN', 'SUM' and 'OCEANIA', each one baby — names, not statistics or regions.
 */
const NAMES_REGISTER = csv(
  "Given Name,Number,Position",
  "CHARLOTTE,140,1",
  "OLIVIA,131,2",
  "AMELIA,120,3",
  "INDIA,12,40",
  "GEORGIA,30,20",
  "MIN,1,839",
  "OCEANIA,1,839",
  "SUM,1,839",
  ...Array.from(
    { length: 1200 },
    (_, i) =>
      `N${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + (Math.floor(i / 26) % 26))}${i},${i < 300 ? 2 + (i % 7) : 1},${i < 300 ? 100 + i : 839}`,
  ),
);

/**
 * An outline of regions over their states (ERS milk production, held-out FN-02): each region's row
 * holds its states' sum, blank lines between the blocks, the national total last.
 */
const MILK_OUTLINE = csv(
  "Region,State,Production 2016,Production 2017",
  "  Northeast,,28912,29060",
  ",Maine,594,630",
  ",Vermont,2727,2728",
  ",New York,14831,14914",
  ",Pennsylvania,10760,10788",
  ",,,",
  "  Lake States,,50214,51415",
  ",Michigan,10897,11247",
  ",Wisconsin,30124,30320",
  ",Minnesota,9193,9848",
  ",,,",
  "  Pacific,,46710,46452",
  ",Washington,6573,6637",
  ",Oregon,2633,2625",
  ",California,37504,37190",
  ",,,",
  "  United States,,125836,126927",
);

/**
 * State R&D spending with the national total among the states, a level column telling them apart
 * (held-out FS-01) and Puerto Rico, outside the total, at the national level.
 */
const STATE_LEVELS = csv(
  "area,level,year,spend",
  "Total,1,2019,1000",
  "Alabama,2,2019,100",
  "Alaska,2,2019,200",
  "Arizona,2,2019,300",
  "Arkansas,2,2019,400",
  "Puerto Rico,1,2019,12",
  "Total,1,2020,1200",
  "Alabama,2,2020,150",
  "Alaska,2,2020,250",
  "Arizona,2,2020,350",
  "Arkansas,2,2020,450",
  "Puerto Rico,1,2020,14",
);

/** TTB beer production by state and type, the national total among the states as state `total` (held-out FZ). */
const BEER_STATES = csv(
  "state,year,type,barrels",
  "AK,2019,Bottles and Cans,60000",
  "AL,2019,Bottles and Cans,40000",
  "CO,2019,Bottles and Cans,900000",
  "total,2019,Bottles and Cans,1000000",
  "AK,2019,Kegs and Barrels,20000",
  "AL,2019,Kegs and Barrels,10000",
  "CO,2019,Kegs and Barrels,370000",
  "total,2019,Kegs and Barrels,400000",
);

/** An NNDSS weekly table (held-out GZ): the nation and the census divisions listed among the states. */
const NNDSS_WEEK = csv(
  "location,cases",
  "UNITED STATES,1100",
  "NEW ENGLAND,90",
  "Maine,10",
  "N.H.,12",
  "Vt.,8",
  "Mass.,40",
  "R.I.,9",
  "Conn.,11",
  "S. ATLANTIC,310",
  "Del.,14",
  "Md.,40",
  "D.C.,6",
  "Va.,50",
  "Fla.,200",
  "PACIFIC,700",
  "Wash.,60",
  "Oreg.,40",
  "Calif.,600",
);

/** Storm counts by basin: 'Pacific' here is an ocean among others, not a census division. */
const BASINS = csv(
  "basin,storms",
  ...[
    "Pacific",
    "Atlantic",
    "Indian",
    "Arctic",
    "Southern",
    "Caribbean Sea",
    "Gulf of Mexico",
    "Coral Sea",
    "Tasman Sea",
    "Bering Sea",
    "Arabian Sea",
    "Bay of Bengal",
  ].map((b, i) => `${b},${40 - 3 * i}`),
);

/** The silent-error suite's cases of `summary-row` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
/**
 * EPA fuel-economy records (held-out GH-05): car lines, among them Infiniti's `G20` — the letters of
 * the Group of Twenty, a car here. A column of car lines lists no countries.
 */
const CAR_LINES = csv(
  "maker,carline,city_mpg,hwy_mpg",
  ...Array.from(
    { length: 30 },
    (_, i) => `MAKER${i % 6},LINE ${String.fromCharCode(65 + i)}${i},${15 + (i % 12)},${22 + (i % 14)}`,
  ),
  "INFINITI,G20,24,32",
  "INFINITI,G20,22,29",
  "INFINITI,Q45,17,23",
);

/** Its twin: a panel keyed by ISO country code with the G20's row among the countries it groups. */
const CODE_PANEL = csv(
  "code,gdp",
  "USA,25400",
  "CHN,17900",
  "JPN,4200",
  "DEU,4100",
  "IND,3400",
  "GBR,3100",
  "FRA,2800",
  "ITA,2000",
  "CAN,2100",
  "BRA,1900",
  "KOR,1700",
  "AUS,1700",
  "G20,86000",
);

/**
 * A NASS honey table as published (held-out JO-01): every row carries its table number and its
 * kind — h header, u units, d data — and the national total is a data row with no state. Its
 * production cells are text ("1,463"), so a query casts them, keeping only the data rows.
 */
const HONEY_ROWS = csv(
  "table,kind,state,colonies,production",
  "20,h,State,Honey producing colonies,Production",
  "20,u,,1000 colonies,1000 pounds",
  ...["Alabama", "Arizona", "Arkansas", "California", "Colorado", "Florida", "Georgia", "Idaho"].map(
    (state, i) => `20,d,${state},${20 + i * 9},"${(1 + i).toString()},${(100 + i * 37).toString()}"`,
  ),
  '20,d,,412,"37,836"',
);

/**
 * A designated-generator report (held-out KB-03, Australia's NGER 2017-18): each reporting
 * entity's facilities (type F), then its corporate total (type C) holding their sum.
 */
const GENERATORS = csv(
  "Reporting Entity,Facility Name,Type,State,MWh",
  ...["ACCIONA", "AGL", "ALINTA", "ARROW", "BASSLINK", "CS ENERGY"].flatMap((entity, e) => {
    const plants = Array.from({ length: 3 }, (_, k) => 1000 * (e + 1) + 137 * k);
    return [
      ...plants.map((mwh, k) => `${entity},${entity} Plant ${k + 1},F,${["NSW", "VIC", "QLD"][k]},${mwh}`),
      `${entity},Corporate Total,C,-,${plants.reduce((a, b) => a + b, 0)}`,
    ];
  }),
);

export const summaryRowSilentCases = silentCasesOf("summary-row", ({ flagged, clean }) => [
  flagged(
    "held-out JO-01: a sum of cast production cells over the data rows, the national total row among them",
    { "honey.csv": HONEY_ROWS },
    scanThenQuery(
      { h: "honey.csv" },
      "SELECT sum(replace(production, ',', '')::BIGINT) AS total FROM h WHERE kind = 'd'",
    ),
  ),
  clean(
    "its twin: the same sum over the rows that name a state",
    { "honey.csv": HONEY_ROWS },
    scanThenQuery(
      { h: "honey.csv" },
      "SELECT sum(replace(production, ',', '')::BIGINT) AS total FROM h WHERE kind = 'd' AND state IS NOT NULL",
    ),
  ),
  // The Source Map now ends the table at the trailer block: no footer rows reach the CTE.
  clean(
    "payment-method shares through a CTE: the data book's trailer rows are not in the table",
    legal,
    scanThenQuery(
      { payment: PAYMENT_METHOD },
      `WITH m AS (SELECT "Payment Method" AS method, "# of Reports" AS reports FROM payment WHERE "# of Reports" > 0)
         SELECT method, round(100.0 * reports / sum(reports) OVER (), 1) AS pct FROM m ORDER BY pct DESC`,
    ),
  ),
  clean(
    "the same shares with the footer rows left out inside the CTE",
    legal,
    scanThenQuery(
      { payment: PAYMENT_METHOD },
      `WITH m AS (SELECT "Payment Method" AS method, "# of Reports" AS reports FROM payment
                    WHERE "# of Reports" > 0 AND "Payment Method" NOT IN ('Number of Fraud Reports', '# of Reports with Payment Method'))
         SELECT method, round(100.0 * reports / sum(reports) OVER (), 1) AS pct FROM m ORDER BY pct DESC`,
    ),
  ),
  flagged(
    "stop 33 held-out: sums a year over an outline whose region rows hold their states' sums",
    { "milk.csv": MILK_OUTLINE },
    scanThenQuery({ milk: "milk.csv" }, 'SELECT sum("Production 2017") AS total FROM milk'),
  ),
  flagged(
    "stop 33 held-out: averages the outline's rows, regions and the national total among the states",
    { "milk.csv": MILK_OUTLINE },
    scanThenQuery({ milk: "milk.csv" }, 'SELECT avg("Production 2016") AS mean_state FROM milk'),
  ),
  clean(
    "stop 33 twin: the outline's states only (their State is filled)",
    { "milk.csv": MILK_OUTLINE },
    scanThenQuery(
      { milk: "milk.csv" },
      'SELECT sum("Production 2017") AS total FROM milk WHERE State IS NOT NULL',
    ),
  ),
  clean(
    "stop 33 twin: region rows that hold no sum of the rows under them (a count of farms beside the states' output)",
    {
      "farms.csv": csv(
        "Region,State,Output",
        "  Northeast,,4",
        ",Maine,630",
        ",Vermont,2728",
        ",New York,14914",
        ",Pennsylvania,10788",
        "  Lake States,,3",
        ",Michigan,11247",
        ",Wisconsin,30320",
        ",Minnesota,9848",
      ),
    },
    scanThenQuery({ farms: "farms.csv" }, "SELECT sum(Output) AS total FROM farms"),
  ),
  flagged(
    "sums a state table whose last row is Total",
    { "losses.csv": LOSSES_WITH_TOTAL },
    scanThenQuery(
      { losses: "losses.csv" },
      'SELECT sum(Reports) AS reports, sum("Reports with Loss") AS with_loss FROM losses',
    ),
  ),
  flagged(
    "averages age groups including the 'All ages' row",
    {
      "losses_by_age.csv": csv(
        "Age Range,# of Reports,Median Loss",
        "19 and Under,30330,189",
        "20 - 29,155346,417",
        "30 - 39,203764,450",
        "40 - 49,191508,500",
        "All ages,581948,450",
      ),
    },
    scanThenQuery(
      { by_age: "losses_by_age.csv" },
      'SELECT avg("# of Reports") AS reports_per_group FROM by_age',
    ),
  ),
  flagged(
    "regions plus an unlabelled national row equal to their sum",
    {
      "census_regions.csv": csv(
        "Region,Fraud Reports",
        "Northeast,402118",
        "Midwest,389420",
        "South,1187405",
        "West,621735",
        "United States,2600678",
      ),
    },
    scanThenQuery(
      { regions: "census_regions.csv" },
      'SELECT sum("Fraud Reports") AS fraud_reports FROM regions',
    ),
  ),
  // The Source Map now leaves the two trailer rows out of the table (sum = 475,905).
  clean(
    "payment methods summed: the data book's two trailer rows are left out of the table",
    legal,
    scanThenQuery(
      { payment: PAYMENT_METHOD },
      'SELECT sum("# of Reports") AS reports_with_payment_method FROM payment WHERE "Payment Method" IS NOT NULL',
    ),
  ),
  clean(
    "the Total row excluded in WHERE",
    { "losses.csv": LOSSES_WITH_TOTAL },
    scanThenQuery(
      { losses: "losses.csv" },
      "SELECT sum(Reports) AS reports FROM losses WHERE State <> 'Total'",
    ),
  ),
  clean(
    "the identity-theft ranking has no total row",
    legal,
    scanThenQuery(
      { idt: IDT_RANKINGS },
      'SELECT sum("# of Reports") AS reports FROM idt WHERE Rank IS NOT NULL',
    ),
  ),
  clean(
    "payment methods summed with the summary rows excluded",
    legal,
    scanThenQuery(
      { payment: PAYMENT_METHOD },
      "SELECT sum(\"# of Reports\") AS reports_with_payment_method FROM payment WHERE \"Payment Method\" NOT IN ('Number of Fraud Reports', '# of Reports with Payment Method')",
    ),
  ),
  clean(
    "small channel counts where one happens to equal the other two",
    {
      "channels.csv": csv("Channel,Complaints", "Phone,12", "Web form,7", "Mail,5"),
    },
    scanThenQuery({ channels: "channels.csv" }, "SELECT sum(Complaints) AS complaints FROM channels"),
  ),
  clean(
    "sums a register of names where MIN, SUM and OCEANIA are names given once",
    { "girls.csv": NAMES_REGISTER },
    scanThenQuery({ girls: "girls.csv" }, "SELECT count(*) AS names, sum(Number) AS babies FROM girls"),
  ),
  clean(
    "grouped by the hierarchy level: the national row's group holds none of its states (held-out FS-01)",
    { "state_rd.csv": STATE_LEVELS },
    scanThenQuery(
      { rd: "state_rd.csv" },
      "SELECT level, year, sum(spend) AS spend FROM rd GROUP BY level, year",
    ),
  ),
  flagged(
    "grouped by year only: each year's group adds the national row to its states",
    { "state_rd.csv": STATE_LEVELS },
    scanThenQuery({ rd: "state_rd.csv" }, "SELECT year, sum(spend) AS spend FROM rd GROUP BY year"),
  ),
  clean(
    "stop 35 held-out (FZ-01): grouped by whether the row is the total (state = 'total'), beside the type",
    { "beer.csv": BEER_STATES },
    scanThenQuery(
      { beer: "beer.csv" },
      "SELECT state = 'total' AS is_total, type, sum(barrels) AS s FROM beer GROUP BY ALL ORDER BY 1, 2",
    ),
  ),
  clean(
    "stop 36 held-out (GH-05): averages over car lines, Infiniti's G20 among them",
    { "cars.csv": CAR_LINES },
    scanThenQuery({ cars: "cars.csv" }, "SELECT avg(city_mpg) AS city, avg(hwy_mpg) AS hwy FROM cars"),
  ),
  flagged(
    "stop 36 twin: sums a panel of ISO country codes with the G20's row among them",
    { "gdp.csv": CODE_PANEL },
    scanThenQuery({ gdp: "gdp.csv" }, "SELECT sum(gdp) AS world FROM gdp"),
  ),
  flagged(
    "stop 35 twin: grouped by an expression that puts the total with its states (the first letter of the type)",
    { "beer.csv": BEER_STATES },
    scanThenQuery(
      { beer: "beer.csv" },
      "SELECT left(type, 1) AS t, sum(barrels) AS s FROM beer GROUP BY left(type, 1)",
    ),
  ),
  flagged(
    "ranks the weekly salmonellosis counts of an NNDSS table whose divisions and nation sit among the states (held-out GZ-02)",
    { "weekly.csv": NNDSS_WEEK },
    scanThenQuery({ w: "weekly.csv" }, "SELECT location, cases FROM w ORDER BY cases DESC LIMIT 3"),
  ),
  clean(
    "ranks ocean basins where one is named Pacific: one word of a division is no division list",
    { "basins.csv": BASINS },
    scanThenQuery({ b: "basins.csv" }, "SELECT basin, storms FROM b ORDER BY storms DESC LIMIT 3"),
  ),
  clean(
    "players counted where one national side is named 'East Africa': each of its rows is a player, named like the rest",
    { "players.csv": PLAYERS },
    scanThenQuery({ p: "players.csv" }, "SELECT count(*) AS players, sum(Runs) AS runs FROM p"),
  ),
  clean(
    "languages with a code counted where two codes are `all` and `sum`: ISO 639-3 codes among 240",
    { "languages.csv": LANGUAGE_CODES },
    scanThenQuery({ l: "languages.csv" }, "SELECT count(ID) AS coded, count(*) AS languages FROM l"),
  ),
  flagged(
    "sums a generator report's production over its facilities and its corporate totals",
    { "nger.csv": GENERATORS },
    scanThenQuery({ n: "nger.csv" }, "SELECT sum(MWh) AS mwh FROM n"),
  ),
  clean(
    "the same sum grouped by the row type, the corporate totals a group of their own (held-out KB-03)",
    { "nger.csv": GENERATORS },
    scanThenQuery({ n: "nger.csv" }, 'SELECT "Type", count(*) AS n, sum(MWh) AS mwh FROM n GROUP BY 1'),
  ),
]);
