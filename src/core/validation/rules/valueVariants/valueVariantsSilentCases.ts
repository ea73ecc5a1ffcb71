import { legal, silentCasesOf } from "../../cases/caseBuilder.ts";
import { query, scanThenQuery, unionScan } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";
import { IDT_BY_TYPE } from "../../cases/legalLake.ts";
import { SURVEY, SURVEY_CLEAN } from "../../cases/sharedLakes.ts";

/** Monthly bestseller lists by country: Ireland's for nine months, Iceland's for one. */
function bestsellers(misspelt: boolean): string {
  const rows = ["date,country,rank,title"];
  for (let m = 1; m <= 9; m++)
    for (let r = 1; r <= 3; r++) rows.push(`2022-0${m}-01,Ireland,${r},Book ${m}${r}`);
  for (let r = 1; r <= 3; r++) rows.push(`2022-12-01,${misspelt ? "Irland" : "Iceland"},${r},Bok ${r}`);
  return rows.join("\n") + "\n";
}

/**
 * A street-tree inventory that records species as codes (held-out IV-01: Halifax): two Norway
 * maple cultivars one letter apart (ACPLCR Crimson King, ACPLCO Columnar) are two codes.
 */
const TREE_CODES = csv(
  "Botanical Name,DBH",
  ...[
    "ACPL",
    "ACPL",
    "ACPL",
    "ACPLCR",
    "ACPLCR",
    "ACPLCO",
    "QURU",
    "QURU",
    "FASY",
    "FASYPP",
    "FASYPE",
    "TICO",
    "UNO",
  ].map((code, i) => `${code},${10 + i}`),
);

/**
 * Hotel reviews by city (held-out JD-10): 'Reading' (PA) and 'Redding' (CA) are two cities, each
 * written again in its hotel's name; 'Pittsburg' is Pittsburgh misspelt, its hotel's name says so.
 */
const HOTEL_CITIES = csv(
  "city,name,rating",
  ...Array.from({ length: 9 }, (_, i) => `Redding,Oxford Suites Redding,${(i % 5) + 1}`),
  "Reading,Doubletree by Hilton Hotel Reading,4",
  "Reading,Doubletree by Hilton Hotel Reading,5",
  ...Array.from({ length: 6 }, (_, i) => `Pittsburgh,Hilton Pittsburgh Downtown,${(i % 5) + 1}`),
  "Pittsburg,Hilton Pittsburgh Downtown,3",
  ...Array.from({ length: 4 }, (_, i) => `Boston,Hotel Commonwealth,${(i % 5) + 1}`),
);

/**
 * Table-tennis results, one row per player and event (held-out KG-08): 'Andy Li' (one row)
 * and 'Anny Li' are two players, told apart by their Player_ID; 'Jonh Smith' holds Jon Smith's
 * own ID, a slip of the keyboard.
 */
function matchResults(slipSharesId: boolean): string {
  const players: [number, string, number][] = [
    [7274, "Anny Li", 14],
    [100, "Jon Smith", 9],
    [101, "Maria Lopez", 6],
    [102, "Kenji Sato", 5],
    [103, "Priya Nair", 7],
  ];
  const rows: string[] = [];
  let match = 1;
  for (const [id, name, n] of players)
    for (let i = 0; i < n; i++) rows.push(`M${match++},${id},${name},${(i * 7) % 21}`);
  rows.push(`M${match},${slipSharesId ? "100,Jonh Smith" : "26256,Andy Li"},15`);
  return csv("Match,Player_ID,Player_Name,Points", ...rows);
}

/**
 * An app store's listings, one row per app id (corpus JI-apps): 'Kick the Buddy' and 'kick the
 * buddy' are two apps, each with its id; `keyed` false: the same names in a table of reviews with
 * no key, where they are one app written two ways.
 */
function appListings(keyed: boolean): string {
  const names = [
    "Kick the Buddy",
    "kick the buddy",
    ...Array.from({ length: 22 }, (_, i) => `Puzzle Quest ${String.fromCharCode(65 + i)}`),
  ];
  return keyed
    ? csv("id,track_name,rating", ...names.map((n, i) => `${1000 + i},${n},${(i % 5) + 1}`))
    : csv(
        "track_name,rating",
        ...names.flatMap((n, i) => [`${n},${(i % 5) + 1}`, `${n},${((i + 2) % 5) + 1}`]),
      );
}

/**
 * Bird counts by county and year (corpus FQ-birds-08): 'Warren' names counties of three states,
 * 'Barren' one, each county with its GEOID on every year's row; `slip` writes one year of Barren
 * County as 'Warren' under Barren's own GEOID.
 */
function countyCounts(slip: boolean): string {
  const counties: [string, string][] = [
    ["Warren", "21227"],
    ["Warren", "39165"],
    ["Warren", "42123"],
    ["Barren", "21009"],
    ["Fayette", "21067"],
    ["Payette", "16075"],
    ["Adair", "21001"],
  ];
  const rows = counties.flatMap(([name, geoid], i) =>
    [2019, 2020, 2021].map(
      (y) => `${geoid},${slip && geoid === "21009" && y === 2021 ? "Warren" : name},${y},${10 + i}`,
    ),
  );
  return csv("GEOID,county,year,birds", ...rows);
}

/**
 * South African used-car listings (held-out JB-04): Mercedes model lines one letter or one short
 * word apart are different cars; the body type 'CONVERTABLE' is a misspelling of 'CONVERTIBLE'.
 */
const MODEL_LINES = csv(
  "Model,Body,Price",
  ...[
    ["C-CLASS", "SEDAN"],
    ["C-CLASS", "SEDAN"],
    ["C-CLASS", "CONVERTIBLE"],
    ["C-CLASS", "SEDAN"],
    ["C-CLASS", "CONVERTIBLE"],
    ["C-CLASS", "SEDAN"],
    ["E-CLASS", "SEDAN"],
    ["E-CLASS", "CONVERTIBLE"],
    ["E-CLASS", "SEDAN"],
    ["A-CLASS", "HATCHBACK"],
    ["S-CLASS", "SEDAN"],
    ["CL-CLASS", "COUPE"],
    ["CLK-CLASS", "CONVERTIBLE"],
    ["CLK-CLASS", "CONVERTIBLE"],
    ["CLA-CLASS", "CONVERTABLE"],
    ["C-CLASS", "CONVERTIBLE"],
  ].map(([model, body], i) => `${model},${body},${200000 + i * 1000}`),
);

/** Buildings by neighborhood (held-out IU-03): one year's list writes some names in title case. */
/** Bodies and their orbit class, each class on several rows but the second, on one. */
function orbitClasses(classes: string[]): string {
  return csv(
    "name,class",
    ...Array.from({ length: 40 }, (_, i) => {
      const k = i === 7 ? 1 : i % classes.length === 1 ? 0 : i % classes.length;
      return `Body ${i + 1},${classes[k]}`;
    }),
  );
}

/** Meteorite landings (held-out KP-01, NASA's open data): some class values end in a space ('L6 '). */
const METEORITE_CLASSES = csv(
  "name,id,recclass,mass (g)",
  ...Array.from({ length: 30 }, (_, i) => {
    const cls = ["L6", "H5", "LL6", "H4", "L6"][i % 5]!;
    return `Meteorite ${i + 1},${1000 + i},${i % 7 === 3 ? `"${cls} "` : cls},${(i + 1) * 37}`;
  }),
);
const NEIGHBORHOODS = csv(
  "OSEBuildingID,Neighborhood",
  ...Array.from({ length: 12 }, (_, i) => `${100 + i},DELRIDGE`),
  "200,Delridge",
  "201,Delridge",
  ...Array.from({ length: 8 }, (_, i) => `${300 + i},BALLARD`),
);

/** RIAA certified albums (held-out GE): greatest-hits volumes of one artist are separate albums. */
const ALBUMS = csv(
  "Title,Artist,Units",
  "GREATEST HITS VOLUME I,BARRY MANILOW,3",
  "GREATEST HITS VOLUME II,BARRY MANILOW,2",
  "GREATEST HITS VOLUME II,ALABAMA,5",
  "GREATEST HITS VOLUME III,ALABAMA,2",
  "GREATEST HITS VOLUME II,KENNY ROGERS,4",
  "THRILLER,MICHAEL JACKSON,34",
  "BACK IN BLACK,AC/DC,25",
  "THE WALL,PINK FLOYD,23",
  "GREATEST HITS VOLUME III,BILLY JOEL,2",
);

/**
 * Labour votes by seat (held-out FT-04): the region is 'Yorkshire & The Humber' in 1987–1992 and
 * 'Yorkshire and the Humber' from 1997, the same seats under both.
 */
const REGION_VOTES = csv(
  "constituency,region,election,lab_votes",
  ...[1987, 1992, 1997, 2001].flatMap((year) => [
    ...["Leeds Central", "Leeds East", "Sheffield Central", "Hull North"].map(
      (seat, i) =>
        `${seat},${year < 1997 ? "Yorkshire & The Humber" : "Yorkshire and the Humber"},${year},${15000 + 1000 * i + (year - 1987) * 97}`,
    ),
    ...["Bristol West", "Bath", "Exeter"].map(
      (seat, i) => `${seat},South West,${year},${9000 + 800 * i + (year - 1987) * 31}`,
    ),
  ]),
);

/** Baltimore's payroll by agency (held-out GU-05): the youth summer agency written with one and two trailing spaces. */
const PAYROLL = csv(
  "name,agency,salary",
  ...Array.from({ length: 6 }, (_, i) => `A${i},"Youth Summer ",${11000 + i}`),
  ...Array.from({ length: 2 }, (_, i) => `B${i},"Youth Summer  ",${12500 + 7 * i}`),
  ...Array.from({ length: 5 }, (_, i) => `C${i},Police Department,${60000 + i}`),
);

/**
 * Head Start enrollment by program type (held-out GT-05): Migrant HS (Head Start) and Migrant EHS
 * (Early Head Start) are two programs, one acronym apart.
 */
const PROGRAMS = csv(
  "grant,program_type,enrolled",
  ...Array.from({ length: 6 }, (_, i) => `G${i},Migrant HS,${100 + i}`),
  ...Array.from({ length: 2 }, (_, i) => `E${i},Migrant EHS,${40 + i}`),
  ...Array.from({ length: 5 }, (_, i) => `H${i},Head Start,${300 + i}`),
);

/** Traffic count points by direction (held-out HA-04): one row writes its direction in lower case. */
const DIRECTIONS = csv(
  "cp,year,dir,flow",
  ...Array.from({ length: 12 }, (_, i) => `${6000 + i},2016,${i % 2 ? "E" : "W"},${900 + 37 * i}`),
  "6012,2016,e,1210",
);

/** Post offices and the year each closed (held-out HB): `?` marks a year the register is unsure of. */
const OFFICES = csv(
  "office,closed",
  ...["Ash", "Elm", "Oak", "Pine", "Birch", "Cedar", "Maple", "Alder", "Beech", "Fir"].map(
    (o, i) => `${o},${1880 + (i % 5)}`,
  ),
  "Zion,1884?",
  "Eden,1882?",
);

/**
 * Adult smoking by education stratum (held-out HE-04, CDC BRFSS): `< 12th Grade`, `12th Grade`
 * and `> 12th Grade` are three strata, their rates apart.
 */
const STRATA = csv(
  "state,education,smoking",
  ...["AL", "AK", "AZ", "AR", "CA"].flatMap((st, i) => [
    `${st},< 12th Grade,${33 - i}.0`,
    `${st},12th Grade,${25 - i}.3`,
    `${st},> 12th Grade,${15 - i}.7`,
    `${st},All Grades,${20 - i}.1`,
  ]),
);

/**
 * Road deaths per state and year, 2010–2022, by full state name; the Capital Territory's row of
 * `capitalTypo` is written 'Capitl Territory' and the Northern Territory's of `northTypo`
 * 'Northrn Territory' (a summary typed by hand).
 */
function territoryDeaths(capitalTypo: number, northTypo: number): string {
  const states = ["New South Wales", "Victoria", "Queensland", "Capital Territory", "Northern Territory"];
  const rows = states.flatMap((state, i) =>
    Array.from({ length: 13 }, (_, k) => {
      const year = 2010 + k;
      const name =
        state === "Capital Territory" && year === capitalTypo
          ? "Capitl Territory"
          : state === "Northern Territory" && year === northTypo
            ? "Northrn Territory"
            : state;
      return `${name},${year},${(i + 1) * 11 + ((k * 7) % 13)}`;
    }),
  );
  return csv("state,year,deaths", ...rows);
}

/** Shark incidents by area (held-out IM-07): Western Australia once misspelt 'Westerm'. */
const AREAS = csv(
  "Year,Area,Type",
  ...Array.from(
    { length: 24 },
    (_, i) =>
      `${2000 + (i % 20)},${["Western Australia", "New South Wales", "Queensland"][i % 3]},Unprovoked`,
  ),
  "2011,Westerm Australia,Unprovoked",
);

/** The silent-error suite's cases of `value-variants` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
/**
 * Esports games by genre (Esports Earnings, held-out JT-03): one game listed twice, once as
 * 'Vail VR' with no earnings and once as 'VAIL VR'; `twin` lists it once.
 */
function games(twin: boolean): string {
  const names = [
    "Apex Legends",
    "Arctic Combat",
    "Battlefield 4",
    "Call of Duty: Warzone",
    "Counter-Strike",
    "Crossfire",
    "Destiny 2",
    "Halo 5",
    "Overwatch",
    "Paladins",
    "Quake Champions",
    "Rainbow Six Siege",
    "Splitgate",
    "Team Fortress 2",
    "Valorant",
  ];
  const rows = names.map((g, i) => `${g},${2007 + i},First-Person Shooter,${(i + 1) * 125000}`);
  rows.push(
    "Rocket League,2015,Sports,21000000",
    "FIFA 23,2022,Sports,5200000",
    "Dota 2,2013,Multiplayer Online Battle Arena,319000000",
  );
  // Both rows of the one game say 2022: a year both spellings have a row in.
  if (!twin) rows.push("Vail VR,2022,First-Person Shooter,0");
  rows.push("VAIL VR,2022,First-Person Shooter,87000");
  return csv("Game,ReleaseDate,Genre,TotalEarnings", ...rows);
}
const FPS_COUNT =
  "SELECT count(DISTINCT Game) AS games, count(*) AS rows FROM g WHERE Genre = 'First-Person Shooter'";

/**
 * IIHS small-overlap tests by vehicle family (held-out JX-06): 'Mistubishi Outlander', two letters
 * swapped, beside three rows of 'Mitsubishi Outlander'; `twin` spells it right.
 */
function families(twin: boolean): string {
  const names = [
    "Toyota Camry",
    "Honda Accord",
    "Ford Fusion",
    "Nissan Altima",
    "Subaru Outback",
    "Mazda CX-5",
    "Hyundai Sonata",
    "Kia Optima",
  ];
  const rows = names.flatMap((f, i) =>
    ["driver", "passenger"].map((side) => `${f},${side},${((i * 7) % 10) / 10}`),
  );
  rows.push(
    "Mitsubishi Outlander,driver,0.4",
    "Mitsubishi Outlander,driver,0.5",
    "Mitsubishi Outlander,driver,0.3",
  );
  rows.push(`${twin ? "Mitsubishi" : "Mistubishi"} Outlander,driver,0.2`);
  return csv("family,side,score", ...rows);
}
const BY_FAMILY = "SELECT family, count(*) AS tests, avg(score) AS score FROM t GROUP BY 1 ORDER BY 1";

/**
 * A Pokédex table (held-out KA-03): species by number, 'Nidoran♀' (#29) and 'Nidoran♂' (#32) two
 * species told apart by their symbol; `spaced` writes the second as 'Nidoran ♀', a spacing variant
 * of the first.
 */
function pokedex(spaced: boolean): string {
  const names = [
    "Bulbasaur",
    "Ivysaur",
    "Venusaur",
    "Charmander",
    "Charmeleon",
    "Charizard",
    "Squirtle",
    "Wartortle",
  ];
  const rows = names.map((n, i) => `${i + 1},${n},${300 + 17 * i}`);
  rows.push("29,Nidoran♀,275", "30,Nidorina,365", "31,Nidoqueen,495");
  rows.push(`32,${spaced ? "Nidoran ♀" : "Nidoran♂"},273`, "33,Nidorino,365", "34,Nidoking,505");
  return csv("number,Name,Total", ...rows);
}
const BY_NAME =
  "SELECT Name, count(*) AS forms, max(Total) AS total FROM p GROUP BY Name ORDER BY total DESC";

/**
 * Licensed shops of a county (held-out KC-10): one row spells its city 'Euegene', and the address
 * column, built from street, city and zip, repeats the slip.
 */
const SHOPS = csv(
  "id,name,street,city,zip,address",
  ...Array.from({ length: 12 }, (_, i) => {
    const city = i === 3 ? "Euegene" : i % 4 === 1 ? "Springfield" : "Eugene";
    const street = `${100 + 7 * i} Main St`;
    const zip = i % 4 === 1 ? "97477" : "97401";
    return `${String(i).padStart(3, "0")},Shop ${i},${street},${city},${zip},"${street} ${city}, OR ${zip}"`;
  }),
);

export const valueVariantsSilentCases = silentCasesOf("value-variants", ({ flagged, clean }) => [
  flagged(
    "held-out KC-10: shops counted per city, one spelt 'Euegene' in its city and in the address built from it",
    { "shops.csv": SHOPS },
    scanThenQuery({ s: "shops.csv" }, "SELECT city, count(*) AS shops FROM s GROUP BY 1 ORDER BY 1"),
  ),
  clean(
    "held-out KA-03: species grouped by name, 'Nidoran♀' and 'Nidoran♂' told apart by their symbols",
    { "pokedex.csv": pokedex(false) },
    scanThenQuery({ p: "pokedex.csv" }, BY_NAME),
  ),
  flagged(
    "its twin: 'Nidoran♀' and 'Nidoran ♀', one name spaced two ways",
    { "pokedex.csv": pokedex(true) },
    scanThenQuery({ p: "pokedex.csv" }, BY_NAME),
  ),
  flagged(
    "held-out JX-06: tests grouped by vehicle family, one written with two letters swapped (Mistubishi)",
    { "tests.csv": families(false) },
    scanThenQuery({ t: "tests.csv" }, BY_FAMILY),
  ),
  clean(
    "its twin: every family spelled alike",
    { "tests.csv": families(true) },
    scanThenQuery({ t: "tests.csv" }, BY_FAMILY),
  ),
  flagged(
    "held-out JT-03: first-person shooters counted with count(DISTINCT Game), one game written 'Vail VR' and 'VAIL VR'",
    { "games.csv": games(false) },
    scanThenQuery({ g: "games.csv" }, FPS_COUNT),
  ),
  clean(
    "its twin: the game written once",
    { "games.csv": games(true) },
    scanThenQuery({ g: "games.csv" }, FPS_COUNT),
  ),
  clean(
    "picks both spellings of a state through lower() and groups by the area as written, to show the split",
    { "areas.csv": AREAS },
    scanThenQuery(
      { a: "areas.csv" },
      "SELECT Area, count(*) AS n FROM a WHERE lower(Area) IN ('western australia', 'westerm australia') GROUP BY Area",
    ),
  ),
  flagged(
    "counts incidents by area: the misspelt state is a group of its own",
    { "areas.csv": AREAS },
    scanThenQuery({ a: "areas.csv" }, "SELECT Area, count(*) AS n FROM a GROUP BY Area ORDER BY n DESC"),
  ),
  flagged(
    "groups theft subtypes where Credit Card's have a trailing space ('New Accounts ')",
    legal,
    scanThenQuery(
      { by_type: IDT_BY_TYPE },
      'SELECT "Theft Subtype", sum("# of Reports") AS reports FROM by_type GROUP BY "Theft Subtype" ORDER BY reports DESC',
    ),
  ),
  flagged(
    "filters 'New Accounts' and misses the 406,110 credit-card 'New Accounts '",
    legal,
    scanThenQuery(
      { by_type: IDT_BY_TYPE },
      'SELECT sum("# of Reports") AS new_account_reports FROM by_type WHERE "Theft Subtype" = \'New Accounts\'',
    ),
  ),
  flagged(
    "counts survey answers split over YES/yes/NO/No/no",
    { "survey.csv": SURVEY },
    scanThenQuery(
      { survey: "survey.csv" },
      "SELECT lost_money, count(*) AS respondents FROM survey GROUP BY lost_money",
    ),
  ),
  flagged(
    "'St. Louis' and 'St Louis' grouped apart",
    {
      "complaints.csv": csv(
        "complaint_id,city,category",
        "1,St. Louis,Imposter Scams",
        "2,Kansas City,Online Shopping",
        "3,St Louis,Imposter Scams",
        "4,St. Louis,Debt Collection",
        "5,Springfield,Imposter Scams",
        "6,St Louis,Online Shopping",
      ),
    },
    scanThenQuery(
      { complaints: "complaints.csv" },
      "SELECT city, count(*) AS complaints FROM complaints GROUP BY city ORDER BY complaints DESC",
    ),
  ),
  flagged(
    "a misspelt city ('Pittsburg') grouped apart from 'Pittsburgh'",
    {
      "complaints.csv": csv(
        "complaint_id,city,category",
        "1,Pittsburgh,Imposter Scams",
        "2,Philadelphia,Online Shopping",
        "3,Pittsburg,Imposter Scams",
        "4,Pittsburgh,Debt Collection",
        "5,Philadelphia,Imposter Scams",
        "6,Pittsburgh,Online Shopping",
      ),
    },
    scanThenQuery(
      { complaints: "complaints.csv" },
      "SELECT city, count(*) AS complaints FROM complaints GROUP BY city ORDER BY complaints DESC",
    ),
  ),
  // Within its theft type: the types overlap (the file's footnote), so a subtype is not summed
  // across them.
  clean(
    "subtypes normalised with lower(trim()) before grouping",
    legal,
    scanThenQuery(
      { by_type: IDT_BY_TYPE },
      'SELECT "Theft Type", lower(trim("Theft Subtype")) AS subtype, sum("# of Reports") AS reports FROM by_type GROUP BY "Theft Type", lower(trim("Theft Subtype")) ORDER BY reports DESC',
    ),
  ),
  clean(
    "KramaBench legal-hard-22: 'New Accounts' of Bank Account (spelled one way within that type)",
    legal,
    scanThenQuery(
      { by_type: IDT_BY_TYPE },
      `SELECT round(sum("# of Reports") / 1135291.0, 4) AS share FROM by_type WHERE "Theft Type" = 'Bank Account' AND "Theft Subtype" = 'New Accounts'`,
    ),
  ),
  clean(
    "looks for expeditions listed twice in a union of per-peak reports, by file: peak_kang and peak_kans are two peaks (held-out HT-01)",
    {
      "reports/peak_kang.csv": csv(
        "expid,year,leader",
        "KANG89101,1989,Myslovsky",
        "KANG84101,1984,Kano",
        "KANG90101,1990,Hinkes",
        "KANG92101,1992,Moro",
        "KANG92102,1992,Moro",
      ),
      "reports/peak_kans.csv": csv("expid,year,leader", "KANS89101,1989,Myslovsky", "KANS84101,1984,Kano"),
      "reports/peak_ever.csv": csv("expid,year,leader", "EVER53101,1953,Hunt", "EVER75101,1975,Bonington"),
    },
    [
      unionScan(["reports/peak_*.csv"], "rep", "src"),
      query(
        "SELECT r.* FROM rep r JOIN (SELECT src, year, leader FROM rep GROUP BY ALL HAVING count(*) > 1) d USING (src, year, leader) ORDER BY expid",
        ["rep"],
      ),
    ],
  ),
  clean(
    "groups the consistent Theft Type column",
    legal,
    scanThenQuery(
      { by_type: IDT_BY_TYPE },
      // Counted, not summed: a theft type's subtypes overlap (its sum would exceed the type's reports).
      'SELECT "Theft Type", count(*) AS subtypes, max("# of Reports") AS largest FROM by_type GROUP BY "Theft Type" ORDER BY largest DESC',
    ),
  ),
  clean(
    "the cleaned survey grouped by answer and state",
    { "survey.csv": SURVEY_CLEAN },
    scanThenQuery(
      { survey: "survey.csv" },
      "SELECT state, lost_money, count(*) AS respondents FROM survey WHERE lost_money = 'YES' GROUP BY state, lost_money",
    ),
  ),
  // Held-out FE-01/09: two names a letter apart, each listed once per sex and year beside the other.
  clean(
    "groups a list of names by sex and year: ASHLEY and ASHLEE are two names",
    {
      "names.csv": csv(
        "Name,Sex,Year,Count",
        "ASHLEY,Female,1990,148",
        "ASHLEE,Female,1990,40",
        "JESSICA,Female,1990,290",
        "SARAH,Female,1990,279",
        "EMILY,Female,1990,201",
        "MICHAEL,Male,1990,308",
        "ASHLEY,Male,1990,21",
        "ASHLEY,Female,1991,147",
        "ASHLEE,Female,1991,41",
        "JESSICA,Female,1991,300",
        "SARAH,Female,1991,278",
        "EMILY,Female,1991,202",
        "MICHAEL,Male,1991,307",
        "ASHLEY,Male,1991,22",
        "ASHLEY,Female,1992,146",
        "ASHLEE,Female,1992,42",
        "JESSICA,Female,1992,299",
        "SARAH,Female,1992,280",
        "EMILY,Female,1992,203",
        "MICHAEL,Male,1992,310",
        "ASHLEY,Male,1992,20",
        "ASHLEY,Female,1993,145",
        "ASHLEE,Female,1993,43",
        "JESSICA,Female,1993,298",
        "SARAH,Female,1993,279",
        "EMILY,Female,1993,204",
        "MICHAEL,Male,1993,309",
        "ASHLEY,Male,1993,21",
        "ASHLEY,Female,1994,144",
        "ASHLEE,Female,1994,44",
        "JESSICA,Female,1994,297",
        "SARAH,Female,1994,278",
        "EMILY,Female,1994,205",
        "MICHAEL,Male,1994,308",
        "ASHLEY,Male,1994,22",
        "ASHLEY,Female,1995,150",
        "ASHLEE,Female,1995,40",
        "JESSICA,Female,1995,296",
        "SARAH,Female,1995,280",
        "EMILY,Female,1995,206",
        "MICHAEL,Male,1995,307",
        "ASHLEY,Male,1995,20",
        "ASHLEY,Female,1996,149",
        "ASHLEE,Female,1996,41",
        "JESSICA,Female,1996,295",
        "SARAH,Female,1996,279",
        "EMILY,Female,1996,207",
        "MICHAEL,Male,1996,310",
        "ASHLEY,Male,1996,21",
        "ASHLEY,Female,1997,148",
        "ASHLEE,Female,1997,42",
        "JESSICA,Female,1997,294",
        "SARAH,Female,1997,278",
        "EMILY,Female,1997,208",
        "MICHAEL,Male,1997,309",
        "ASHLEY,Male,1997,22",
        "ASHLEY,Female,1998,147",
        "ASHLEE,Female,1998,43",
        "JESSICA,Female,1998,293",
        "SARAH,Female,1998,280",
        "EMILY,Female,1998,200",
        "MICHAEL,Male,1998,308",
        "ASHLEY,Male,1998,20",
        "ASHLEY,Female,1999,146",
        "ASHLEE,Female,1999,44",
        "JESSICA,Female,1999,292",
        "SARAH,Female,1999,279",
        "EMILY,Female,1999,201",
        "MICHAEL,Male,1999,307",
        "ASHLEY,Male,1999,21",
      ),
    },
    scanThenQuery(
      { names: "names.csv" },
      "SELECT Name, Sex, Year, count(*) AS c FROM names GROUP BY ALL HAVING c > 1",
    ),
  ),
  flagged(
    "filters 'Yorkshire and the Humber' where the 1980s rows say 'Yorkshire & The Humber'",
    { "results.csv": REGION_VOTES },
    scanThenQuery(
      { ge: "results.csv" },
      "SELECT sum(lab_votes) AS labour FROM ge WHERE region = 'Yorkshire and the Humber'",
    ),
  ),
  flagged(
    "groups a region spelled with '&' and with 'and' as two",
    { "results.csv": REGION_VOTES },
    scanThenQuery({ ge: "results.csv" }, "SELECT region, sum(lab_votes) AS labour FROM ge GROUP BY region"),
  ),
  clean(
    "'&' in a name no row spells with 'and' (Trinidad & Tobago)",
    { "results.csv": REGION_VOTES.replaceAll("Yorkshire and the Humber", "Yorkshire & The Humber") },
    scanThenQuery({ ge: "results.csv" }, "SELECT region, sum(lab_votes) AS labour FROM ge GROUP BY region"),
  ),
  // Held-out GE-10 (stop 35): volumes of a series are albums of their own.
  clean(
    "counts certified albums per title, where volumes I, II and III of one series are three albums",
    { "albums.csv": ALBUMS },
    scanThenQuery(
      { al: "albums.csv" },
      "SELECT Title, count(*) AS n, sum(Units) AS units FROM al GROUP BY Title",
    ),
  ),
  // Held-out GI-06: two outcome codes compared by name, side by side, their years and subtypes listed.
  clean(
    "groups by the answer where the query names both spellings it compares (IN ('YES', 'yes'))",
    { "survey.csv": SURVEY },
    scanThenQuery(
      { survey: "survey.csv" },
      "SELECT lost_money, count(*) AS n, list(DISTINCT state) AS states FROM survey WHERE lost_money IN ('YES', 'yes') GROUP BY lost_money",
    ),
  ),
  flagged(
    "stop 36 twin: the query names one spelling of each answer and groups the others apart",
    { "survey.csv": SURVEY },
    scanThenQuery(
      { survey: "survey.csv" },
      "SELECT lost_money, count(*) AS n FROM survey WHERE lost_money IN ('YES', 'NO', 'yes', 'no') GROUP BY lost_money",
    ),
  ),
  clean(
    "a search for agency names, counted: the spellings it finds are listed side by side (held-out GU-05, info)",
    { "payroll.csv": PAYROLL },
    scanThenQuery(
      { p: "payroll.csv" },
      "SELECT agency, count(*) AS n FROM p WHERE agency ILIKE '%youth%' GROUP BY agency",
    ),
  ),
  flagged(
    "its twin: the payroll summed by agency, the spellings split the youth agency's total",
    { "payroll.csv": PAYROLL },
    scanThenQuery(
      { p: "payroll.csv" },
      "SELECT agency, sum(salary) AS total FROM p WHERE agency ILIKE '%youth%' GROUP BY agency",
    ),
  ),
  clean(
    "two program types one acronym apart, Migrant HS and Migrant EHS: two programs (held-out GT-05)",
    { "programs.csv": PROGRAMS },
    scanThenQuery(
      { p: "programs.csv" },
      "SELECT program_type, sum(enrolled) AS n FROM p GROUP BY program_type",
    ),
  ),
  flagged(
    "the same list where a type is misspelt in its word, not its acronym",
    {
      "programs.csv": PROGRAMS.replace("E0,Migrant EHS", "E0,Migrnt HS").replace(
        "E1,Migrant EHS",
        "E1,Migrnt HS",
      ),
    },
    scanThenQuery(
      { p: "programs.csv" },
      "SELECT program_type, sum(enrolled) AS n FROM p GROUP BY program_type",
    ),
  ),
  flagged(
    "stop 35 twin: a title misspelt by one letter in the same list",
    { "albums.csv": ALBUMS.replace("GREATEST HITS VOLUME II,ALABAMA", "GREATEST HITZ VOLUME II,ALABAMA") },
    scanThenQuery(
      { al: "albums.csv" },
      "SELECT Title, count(*) AS n, sum(Units) AS units FROM al GROUP BY Title",
    ),
  ),
  clean(
    "lists the one row whose direction is written in lower case (held-out HA-04)",
    { "counts.csv": DIRECTIONS },
    scanThenQuery({ cnt: "counts.csv" }, "SELECT * FROM cnt WHERE dir = 'e'"),
  ),
  flagged(
    "the same filter on the usual spelling, which leaves the lower-case row out of a count",
    { "counts.csv": DIRECTIONS },
    scanThenQuery({ cnt: "counts.csv" }, "SELECT count(*) AS n FROM cnt WHERE dir = 'E'"),
  ),
  clean(
    "counts post offices by the year they closed, '1884?' a year the register doubts (held-out HB-07)",
    { "offices.csv": OFFICES },
    scanThenQuery({ o: "offices.csv" }, "SELECT closed, count(*) AS n FROM o GROUP BY closed"),
  ),
  flagged(
    "the same count where one office's year is written with a trailing space",
    { "offices.csv": OFFICES.replace("Zion,1884?", "Zion,1884 ") },
    scanThenQuery({ o: "offices.csv" }, "SELECT closed, count(*) AS n FROM o GROUP BY closed"),
  ),
  clean(
    "counts states by education stratum: '< 12th Grade', '12th Grade', '> 12th Grade' are three (held-out HE-04)",
    { "smoking.csv": STRATA },
    scanThenQuery(
      { s: "smoking.csv" },
      "SELECT education, count(*) AS states, avg(smoking) AS rate FROM s GROUP BY education",
    ),
  ),
  flagged(
    "the same strata where two states write the band without its space ('<12th Grade')",
    { "smoking.csv": STRATA.replace("AL,< 12th", "AL,<12th").replace("AK,< 12th", "AK,<12th") },
    scanThenQuery(
      { s: "smoking.csv" },
      "SELECT education, count(*) AS states, avg(smoking) AS rate FROM s GROUP BY education",
    ),
  ),
  flagged(
    "sums two territories' deaths over 2018–2022 by name, one year of each spelt a letter off (held-out HN-07)",
    { "deaths.csv": territoryDeaths(2020, 2021) },
    scanThenQuery(
      { d: "deaths.csv" },
      "SELECT sum(deaths) AS deaths FROM d WHERE state IN ('Capital Territory', 'Northern Territory') AND year BETWEEN 2018 AND 2022",
    ),
  ),
  clean(
    "the same sum where the misspelt rows are years the filter leaves out",
    { "deaths.csv": territoryDeaths(2012, 2013) },
    scanThenQuery(
      { d: "deaths.csv" },
      "SELECT sum(deaths) AS deaths FROM d WHERE state IN ('Capital Territory', 'Northern Territory') AND year BETWEEN 2018 AND 2022",
    ),
  ),
  clean(
    "two countries one letter apart, Iceland and Ireland, each with its own lists",
    { "bestsellers.csv": bestsellers(false) },
    scanThenQuery({ b: "bestsellers.csv" }, "SELECT country, count(*) AS n FROM b GROUP BY 1 ORDER BY 1"),
  ),
  flagged(
    "Ireland misspelt 'Irland' on one month's list, a name no country has",
    { "bestsellers.csv": bestsellers(true) },
    scanThenQuery({ b: "bestsellers.csv" }, "SELECT country, count(*) AS n FROM b GROUP BY 1 ORDER BY 1"),
  ),
  clean(
    "species codes counted by code: ACPLCR and ACPLCO, FASYPP and FASYPE are cultivars, not misspellings",
    { "trees.csv": TREE_CODES },
    scanThenQuery(
      { t: "trees.csv" },
      'SELECT "Botanical Name" AS code, count(*) AS n FROM t GROUP BY 1 ORDER BY 2 DESC',
    ),
  ),
  clean(
    "a search for a neighborhood's other spellings: a case-blind LIKE beside <> the usual one lists them",
    { "buildings.csv": NEIGHBORHOODS },
    scanThenQuery(
      { b: "buildings.csv" },
      "SELECT OSEBuildingID, Neighborhood FROM b WHERE upper(Neighborhood) LIKE '%DELRIDGE%' AND Neighborhood <> 'DELRIDGE'",
    ),
  ),
  clean(
    "reviews counted per city: Reading and Redding are two cities, each named again in its hotel's name",
    { "reviews.csv": HOTEL_CITIES },
    scanThenQuery(
      { r: "reviews.csv" },
      "SELECT city, count(*) AS n FROM r WHERE name NOT LIKE '%Pittsburgh%' GROUP BY city ORDER BY n DESC",
    ),
  ),
  flagged(
    "reviews counted per city: Pittsburg is Pittsburgh misspelt, its hotel's name spells it right",
    { "reviews.csv": HOTEL_CITIES },
    scanThenQuery({ r: "reviews.csv" }, "SELECT city, count(*) AS n FROM r GROUP BY city ORDER BY n DESC"),
  ),
  clean(
    "car listings counted per model line: C-CLASS, E-CLASS and CL-CLASS are one letter or short word apart, and different cars",
    { "mercedes.csv": MODEL_LINES },
    scanThenQuery({ m: "mercedes.csv" }, "SELECT Model, count(*) AS n FROM m GROUP BY Model ORDER BY n DESC"),
  ),
  flagged(
    "car listings counted per body type: CONVERTABLE is CONVERTIBLE misspelt, a group of its own",
    { "mercedes.csv": MODEL_LINES },
    scanThenQuery({ m: "mercedes.csv" }, "SELECT Body, count(*) AS n FROM m GROUP BY Body ORDER BY n DESC"),
  ),
  flagged(
    "buildings counted in DELRIDGE by its upper-case spelling: the title-case rows are left out",
    { "buildings.csv": NEIGHBORHOODS },
    scanThenQuery({ b: "buildings.csv" }, "SELECT count(*) AS n FROM b WHERE Neighborhood = 'DELRIDGE'"),
  ),
  clean(
    "matches counted per player name: Andy Li and Anny Li are two players, each with a Player_ID of their own",
    { "results.csv": matchResults(false) },
    scanThenQuery(
      { r: "results.csv" },
      "SELECT Player_Name, count(*) AS n FROM r GROUP BY Player_Name ORDER BY n DESC",
    ),
  ),
  flagged(
    "matches counted per player name: Jonh Smith holds Jon Smith's Player_ID, one player spelt two ways",
    { "results.csv": matchResults(true) },
    scanThenQuery(
      { r: "results.csv" },
      "SELECT Player_Name, count(*) AS n FROM r GROUP BY Player_Name ORDER BY n DESC",
    ),
  ),
  clean(
    "buildings counted per neighborhood with each name's length and brackets: the query looks at the spellings themselves (held-out KJ-09)",
    { "buildings.csv": NEIGHBORHOODS },
    scanThenQuery(
      { b: "buildings.csv" },
      "SELECT '[' || Neighborhood || ']' AS shown, length(Neighborhood) AS len, count(*) AS n FROM b GROUP BY Neighborhood ORDER BY n DESC",
    ),
  ),
  flagged(
    "buildings counted per neighborhood, names shown as they are: DELRIDGE and Delridge are two groups",
    { "buildings.csv": NEIGHBORHOODS },
    scanThenQuery(
      { b: "buildings.csv" },
      "SELECT Neighborhood AS shown, count(*) AS n FROM b GROUP BY Neighborhood ORDER BY n DESC",
    ),
  ),
  clean(
    "comets counted per orbit class, where case is part of the code: 'JFc' and 'JFC' are two JPL classes (held-out KR-08)",
    { "comets.csv": orbitClasses(["JFc", "JFC", "ETc", "CTc", "HTC", "PAR", "HYP"]) },
    scanThenQuery({ c: "comets.csv" }, "SELECT class, count(*) AS n FROM c GROUP BY class ORDER BY n DESC"),
  ),
  flagged(
    "its twin: satellites counted per orbit class, one 'LEO' written 'LEo' (held-out KN-01)",
    { "comets.csv": orbitClasses(["LEO", "LEo", "GEO", "MEO", "Elliptical"]) },
    scanThenQuery({ c: "comets.csv" }, "SELECT class, count(*) AS n FROM c GROUP BY class ORDER BY n DESC"),
  ),
  clean(
    "meteorites of class L6 counted as written and trimmed, side by side: the query measures the spellings (held-out KP-01)",
    { "meteorites.csv": METEORITE_CLASSES },
    scanThenQuery(
      { m: "meteorites.csv" },
      "SELECT count(*) FILTER (WHERE recclass = 'L6') AS exact, count(*) FILTER (WHERE trim(recclass) = 'L6') AS trimmed FROM m",
    ),
  ),
  flagged(
    "its twin: meteorites of class L6 counted as written only, 'L6 ' left out",
    { "meteorites.csv": METEORITE_CLASSES },
    scanThenQuery({ m: "meteorites.csv" }, "SELECT count(*) FILTER (WHERE recclass = 'L6') AS exact FROM m"),
  ),
  clean(
    "player IDs holding more than one name, the names listed: the query looks for the spellings (held-out KG-08)",
    { "results.csv": matchResults(true) },
    scanThenQuery(
      { r: "results.csv" },
      "SELECT Player_ID, count(DISTINCT Player_Name) AS n, list(DISTINCT Player_Name) AS names FROM r GROUP BY Player_ID HAVING n > 1",
    ),
  ),
  flagged(
    "players counted by distinct name: Jon Smith and Jonh Smith count twice",
    { "results.csv": matchResults(true) },
    scanThenQuery({ r: "results.csv" }, "SELECT count(DISTINCT Player_Name) AS players FROM r"),
  ),
  clean(
    "apps counted by distinct name in a list keyed by app id: Kick the Buddy and kick the buddy are two apps (corpus JI-apps)",
    { "apps.csv": appListings(true) },
    scanThenQuery({ a: "apps.csv" }, "SELECT count(DISTINCT track_name) AS apps FROM a"),
  ),
  flagged(
    "its twin: reviews with no key, where Kick the Buddy and kick the buddy are one app written two ways",
    { "reviews.csv": appListings(false) },
    scanThenQuery({ r: "reviews.csv" }, "SELECT count(DISTINCT track_name) AS apps FROM r"),
  ),
  clean(
    "birds summed per county name: Warren and Barren never share a GEOID, which names one county on every year's row (corpus FQ-birds-08)",
    { "counties.csv": countyCounts(false) },
    scanThenQuery(
      { c: "counties.csv" },
      "SELECT county, sum(birds) AS birds FROM c GROUP BY county ORDER BY birds DESC",
    ),
  ),
  flagged(
    "its twin: one year of Barren County written 'Warren' under Barren's own GEOID",
    { "counties.csv": countyCounts(true) },
    scanThenQuery(
      { c: "counties.csv" },
      "SELECT county, sum(birds) AS birds FROM c GROUP BY county ORDER BY birds DESC",
    ),
  ),
]);
