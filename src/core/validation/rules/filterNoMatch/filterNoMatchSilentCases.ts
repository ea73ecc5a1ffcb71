import { legal, silentCasesOf } from "../../cases/caseBuilder.ts";
import { scan, query, scanThenQuery } from "../../cases/caseCalls.ts";
import {
  FRAUD_RANKINGS,
  STATE_IDT_TYPES,
  STATE_TOP_TEN,
  REPORT_COUNT,
  METRO_IDT,
  METRO_FRAUD,
} from "../../cases/legalLake.ts";
import { SURVEY_CLEAN, STUDY_SHEETS } from "../../cases/sharedLakes.ts";
import { csv } from "../../cases/csvText.ts";

/** Walmart stores with their state (held-out KQ-06); `blanks` leaves three states blank. */
function storeStates(blanks: boolean): string {
  return csv(
    "store,city,st",
    ...Array.from(
      { length: 24 },
      (_, i) => `${1000 + i},City ${i},${blanks && i % 8 === 3 ? "" : ["TX", "FL", "CA"][i % 3]}`,
    ),
  );
}

/** North Dakota library ids of one survey year; ND0109 opened in Northwood in the later one. */
function LIBRARY_IDS(later: boolean): string {
  const ids = ["ND0101", "ND0102", "ND0103", "ND0104", "ND0105", "ND0107", "ND0108", "ND0110", "ND0111"];
  return csv(
    "FSCSKEY,CITY,VISITS",
    ...ids.map((id, i) => `${id},Town ${i},${(later ? 900 : 1000) + 37 * i}`),
    ...(later ? ["ND0109,NORTHWOOD,512"] : []),
  );
}

/** A player register: two rows named Larouche, one Yakushev, one Hefford (held-out IL-07). */
const PLAYERS = csv(
  "playerID,firstName,lastName",
  "larouga01,Guy,Larouche",
  "larouma01,Marc,Larouche",
  "yakusal01,Alexander,Yakushev",
  "heffoja01,Jayna,Hefford",
  "kucheni01,Nikita,Kucherov",
  "bouchbr01,Brian,Boucher",
  "richamo01,Maurice,Richard",
);

/** Athletics medals by IOC country code (held-out HS-05): Germany as GER, GDR, FRG and EUA; no Gibraltar. */
const MEDALS = csv(
  "Year,Event,Country,Medal",
  ...["GER", "GDR", "FRG", "EUA", "USA", "GBR", "BRA", "BRN", "URS", "FRA"].flatMap((code, i) =>
    ["Gold", "Silver", "Bronze"].map(
      (medal, k) => `${1960 + 4 * ((i + k) % 8)},Event ${i}${k},${code},${medal}`,
    ),
  ),
);

/**
 * ONS earnings by industry (held-out HF-08): section codes written with a trailing space ('K ') —
 * from section `from` on (the earlier ones written bare); from "A", every code is padded, which the
 * map reads trimmed (paddedText.ts).
 */
const sections = (from: string): string =>
  csv(
    "Description,Code,median",
    ...["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M"].map(
      (code, i) =>
        `Section ${code} industries,${code}${code >= from ? " " : ""},${(10 + ((i * 7) % 13)).toFixed(1)}`,
    ),
  );
const SECTIONS = sections("H");

/**
 * Employers' SIC codes as text, one row per code (held-out HF-06): `1` marks the public sector;
 * codes split from a list cell keep a letter suffix now and then (`7499A`).
 */
const SIC_CODES = [
  "EmployerId,code_txt",
  ...Array.from(
    { length: 24 },
    (_, i) => `${500 + i},${i % 3 === 0 ? "1" : i % 5 === 0 ? "7499A" : String(1110 + 10 * (i % 7))}`,
  ),
].join("\n");

/** The silent-error suite's cases of `filter-no-match` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
/**
 * Reactors of a PRIS-like export (held-out JG-01) whose types are padded unevenly — `PWR  `, `PHWR`,
 * `BWR ` — so the map cannot read the column as one padded field and keeps the blanks.
 */
const REACTORS = csv(
  "Unit,Type,Current Status",
  ...[
    ["ATUCHA-1", "PHWR"],
    ["BRUCE-1", "PHWR"],
    ["ALMARAZ-1", "PWR  "],
    ["ALMARAZ-2", "PWR  "],
    ["ASCO-1", "PWR  "],
    ["BEAVER VALLEY-1", "PWR  "],
    ["BROWNS FERRY-1", "BWR "],
    ["BROWNS FERRY-2", "BWR "],
    ["BELOYARSK-3", "FBR  "],
    ["KURSK-1", "LWGR "],
    ["HEYSHAM A-1", "GCR  "],
    ["CALVERT CLIFFS-1", "PWR  "],
  ].map(([unit, type], i) => `${unit},${type},${i % 5 === 4 ? "Permanent Shutdown" : "Operational"}`),
);

export const filterNoMatchSilentCases = silentCasesOf("filter-no-match", ({ flagged, clean }) => [
  clean(
    "stores whose extracted state is blank, a check that the pattern read every row: none is (held-out KQ-06)",
    { "stores.csv": storeStates(false) },
    scanThenQuery({ w: "stores.csv" }, "SELECT * FROM w WHERE st = ''"),
  ),
  flagged(
    "its twin: the file leaves some states blank, read as NULL, which = '' does not match",
    { "stores.csv": storeStates(true) },
    scanThenQuery({ w: "stores.csv" }, "SELECT * FROM w WHERE st = ''"),
  ),
  clean(
    "PWRs counted on the trimmed type, with the untrimmed match beside it: the raw comparison is measured on purpose",
    { "reactors.csv": REACTORS },
    scanThenQuery(
      { p: "reactors.csv" },
      "SELECT count(*) AS n, count(*) FILTER (WHERE Type = 'PWR') AS untrimmed FROM p WHERE trim(Type) = 'PWR' AND \"Current Status\" = 'Operational'",
    ),
  ),
  flagged(
    "PWRs counted on the type as written: 'PWR' is padded to 'PWR  ' in the file",
    { "reactors.csv": REACTORS },
    scanThenQuery(
      { p: "reactors.csv" },
      "SELECT count(*) AS n FROM p WHERE Type = 'PWR' AND \"Current Status\" = 'Operational'",
    ),
  ),
  flagged(
    "State = 'CA' on the fraud ranking (it says California)",
    legal,
    scanThenQuery({ fraud: FRAUD_RANKINGS }, "SELECT Rank, \"# of Reports\" FROM fraud WHERE State = 'CA'"),
  ),
  flagged(
    "one value of an IN list in the plural ('Bank Accounts')",
    legal,
    scanThenQuery(
      { state_idt: STATE_IDT_TYPES },
      'SELECT "Theft Type", sum("# of Reports") AS reports FROM state_idt WHERE "Theft Type" IN (\'Credit Card\', \'Bank Accounts\') GROUP BY "Theft Type"',
    ),
  ),
  flagged(
    "case-sensitive LIKE '%miami%'",
    legal,
    scanThenQuery(
      { metro: METRO_IDT, metro_fraud: METRO_FRAUD },
      'SELECT i."Metropolitan Area", i."# of Reports" AS idt, f."# of Reports" AS fraud FROM metro i JOIN metro_fraud f ON f."Metropolitan Area" = i."Metropolitan Area" WHERE i."Metropolitan Area" LIKE \'%miami%\'',
    ),
  ),
  flagged(
    "KramaBench legal-easy-27 with an Oxford comma ('Prizes, Sweepstakes, and Lotteries'): count 0",
    legal,
    scanThenQuery(
      { top10: STATE_TOP_TEN },
      "SELECT count(DISTINCT State) AS states FROM top10 WHERE Category = 'Prizes, Sweepstakes, and Lotteries'",
    ),
  ),
  flagged(
    "'Yes' where the survey says YES",
    { "survey.csv": SURVEY_CLEAN },
    scanThenQuery(
      { survey: "survey.csv" },
      "SELECT count(*) AS victims FROM survey WHERE lost_money = 'Yes'",
    ),
  ),
  clean(
    "the full state name on the ranking",
    legal,
    scanThenQuery(
      { fraud: FRAUD_RANKINGS },
      "SELECT Rank, \"# of Reports\" FROM fraud WHERE State = 'California'",
    ),
  ),
  clean("ILIKE for a case-insensitive name match, IN with observed values", legal, [
    scan(METRO_IDT, "metro"),
    scan(STATE_IDT_TYPES, "state_idt"),
    query(
      'SELECT "Metropolitan Area", "# of Reports" FROM metro WHERE "Metropolitan Area" ILIKE \'%miami%\'',
      ["metro"],
      "miami",
    ),
    query(
      "SELECT State, \"Theft Type\", \"# of Reports\" FROM state_idt WHERE State IN ('Florida', 'Georgia') AND \"Theft Type\" = 'Credit Card'",
      ["state_idt"],
    ),
  ]),
  clean(
    "KramaBench legal-easy-27: states with 'Prizes, Sweepstakes and Lotteries' in their top ten",
    legal,
    scanThenQuery(
      { top10: STATE_TOP_TEN },
      "SELECT count(DISTINCT State) AS states FROM top10 WHERE Category = 'Prizes, Sweepstakes and Lotteries'",
    ),
  ),
  clean(
    "a numeric year filter, with the year written as a string",
    legal,
    scanThenQuery({ counts: REPORT_COUNT }, "SELECT \"# of Reports\" FROM counts WHERE Year = '2024'"),
  ),
  clean(
    "a gene searched for in each sheet of a study, found in one: the empty sheets are the answer",
    STUDY_SHEETS,
    [
      scan("study/proteins.csv", "proteins"),
      scan("study/phospho.csv", "phospho"),
      query("SELECT * FROM proteins WHERE gene = 'PLK1'", ["proteins"], "plk1_proteins"),
      query("SELECT * FROM phospho WHERE gene = 'PLK1'", ["phospho"], "plk1_phospho"),
    ],
  ),
  flagged("a gene misspelled ('PLK-1') in the search over each sheet: found in none", STUDY_SHEETS, [
    scan("study/proteins.csv", "proteins"),
    scan("study/phospho.csv", "phospho"),
    query("SELECT * FROM proteins WHERE gene = 'PLK-1'", ["proteins"], "plk1_proteins"),
    query("SELECT * FROM phospho WHERE gene = 'PLK-1'", ["phospho"], "plk1_phospho"),
  ]),
  // Held-out IL-07 (stop 46): a Hall of Fame inductee looked up under two transliterations of his
  // name; the one the register uses is in the list, as near to the other as a name two rows hold.
  clean(
    "a surname looked up in two transliterations, the register's one among them",
    { "master.csv": PLAYERS },
    scanThenQuery(
      { m: "master.csv" },
      "SELECT playerID, firstName, lastName FROM m WHERE lastName IN ('Yakushev', 'Hefford', 'Iakouchev')",
    ),
  ),
  flagged(
    "the same lookup with the register's spelling left out: the transliteration finds nobody",
    { "master.csv": PLAYERS },
    scanThenQuery(
      { m: "master.csv" },
      "SELECT playerID, firstName, lastName FROM m WHERE lastName IN ('Hefford', 'Iakouchev')",
    ),
  ),
  // Held-out GB-03 (stop 35): a library closed and another opened in one town; the analyst looks
  // both ids up in each year's file.
  clean(
    "looks up two library ids in two years' files: one id is new, so the first year has no row for it",
    { "fy2016.csv": LIBRARY_IDS(false), "fy2018.csv": LIBRARY_IDS(true) },
    scanThenQuery(
      { f16: "fy2016.csv", f18: "fy2018.csv" },
      "SELECT 'f16' AS src, FSCSKEY, CITY FROM f16 WHERE FSCSKEY IN ('ND0105', 'ND0109') UNION ALL SELECT 'f18', FSCSKEY, CITY FROM f18 WHERE FSCSKEY IN ('ND0105', 'ND0109')",
    ),
  ),
  flagged(
    "stop 35 twin: the id written in lower case, which no row of either year holds",
    { "fy2016.csv": LIBRARY_IDS(false), "fy2018.csv": LIBRARY_IDS(true) },
    scanThenQuery({ f18: "fy2018.csv" }, "SELECT FSCSKEY, CITY FROM f18 WHERE FSCSKEY = 'nd0109'"),
  ),
  flagged(
    "a country's code the file does not hold (GIB among the IOC codes): its medals are missing from the result unseen",
    { "medals.csv": `${MEDALS}\n` },
    scanThenQuery(
      { m: "medals.csv" },
      "SELECT Country, count(*) AS medals FROM m WHERE Country IN ('USA', 'FRA', 'GIB') GROUP BY Country",
    ),
  ),
  flagged(
    "the same medals counted for 'Germany', a name where the file writes codes",
    { "medals.csv": `${MEDALS}\n` },
    scanThenQuery({ m: "medals.csv" }, "SELECT count(*) AS medals FROM m WHERE Country = 'Germany'"),
  ),
  flagged(
    "counts code '01' alone, where the file writes '1'",
    { "codes.csv": `${SIC_CODES}\n` },
    scanThenQuery(
      { codes: "codes.csv" },
      "SELECT count(*) AS public_sector FROM codes WHERE code_txt = '01'",
    ),
  ),
  flagged(
    "section K by its code or by name, where the codes from H on carry a trailing space ('K '): the code never matches (held-out HF-08)",
    { "sections.csv": SECTIONS },
    scanThenQuery(
      { ons: "sections.csv" },
      "SELECT Description, median FROM ons WHERE Code = 'K' OR Description ILIKE '%financ%'",
    ),
  ),
  clean(
    "the same search with the code trimmed",
    { "sections.csv": SECTIONS },
    scanThenQuery(
      { ons: "sections.csv" },
      "SELECT Description, median FROM ons WHERE trim(Code) = 'K' OR Description ILIKE '%financ%'",
    ),
  ),
  clean(
    "the same search where every code is padded: the map reads the column trimmed, and 'K' matches",
    { "sections.csv": sections("A") },
    scanThenQuery(
      { ons: "sections.csv" },
      "SELECT Description, median FROM ons WHERE Code = 'K' OR Description ILIKE '%financ%'",
    ),
  ),
]);
