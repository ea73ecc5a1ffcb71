import { csv, crlf } from "./csvText.ts";

// Small lakes in the shape of the data book that several rules' silent-suite cases share.

/** Top of the fraud ranking, as exported: title row, blank row, header, unranked DC, footnotes. */
export const FRAUD_TOP = crlf(
  "State Rankings: Fraud and Other Reports,,,",
  ",,,",
  "Rank,State,Reports per 100K Population,# of Reports",
  '1,Florida,"2,163","474,314"',
  '2,Georgia,"2,108","228,132"',
  '3,Delaware,"1,876","18,870"',
  '4,Nevada,"1,867","58,640"',
  '5,Maryland,"1,799","111,041"',
  '6,Texas,"1,561","462,667"',
  '7,South Carolina,"1,536","80,070"',
  ',District of Columbia,"2,509","16,860"',
  ",,,",
  '"Source: Consumer Sentinel Network Data Book 2024, Federal Trade Commission",,,',
);

export const IDT_TOP = crlf(
  "State Rankings: Identity Theft Reports,,,",
  ",,,",
  "Rank,State,Reports per 100K Population,# of Reports",
  '1,Florida,528,"115,840"',
  '2,Georgia,517,"55,955"',
  '3,Nevada,466,"14,631"',
  '4,Texas,393,"116,484"',
  '5,Delaware,392,"3,942"',
  '6,Massachusetts,388,"27,141"',
  '7,California,356,"139,665"',
  ',District of Columbia,480,"3,225"',
  ",,,",
  '"Source: Consumer Sentinel Network Data Book 2024, Federal Trade Commission",,,',
);

/** Monthly sales per region, three months. */
export const SALES = csv(
  "month,region,amount",
  "2024-01,North,1200",
  "2024-01,South,950",
  "2024-02,North,1310",
  "2024-02,South,1105",
  "2024-03,North,1280",
  "2024-03,South,1010",
);

export const REGIONS = csv("region,population", "North,52000", "South,48000");

/** Figure 1C: weather for five years, crop yields for four (2020 is missing). */
export const WEATHER = csv(
  "year,rainfall_mm,mean_temp_c",
  "2017,812,11.2",
  "2018,774,11.9",
  "2019,901,10.8",
  "2020,655,12.4",
  "2021,842,11.5",
);
export const YIELDS = csv("year,yield_t_ha", "2017,7.9", "2018,7.4", "2019,8.6", "2021,8.1");
/** Figure 1C's lake: the weather and the yields side by side. */
export const WEATHER_AND_YIELDS = { "weather.csv": WEATHER, "yields.csv": YIELDS };

/** A consumer survey whose free-entry answers were never normalised. */
export const SURVEY = csv(
  "respondent,state,contacted_by,lost_money,amount_lost",
  "1,Florida,Phone call,YES,250",
  "2,Georgia,Email,NO,",
  "3,Florida,Text,YES,1200",
  "4,Texas,Phone call,no,",
  "5,Texas,Email,No,",
  "6,Georgia,Phone call,YES,80",
  "7,Florida,Social Media,NO,",
  "8,Texas,Text,YES,430",
  "9,Georgia,Email,yes,60",
  "10,Florida,Phone call,NO,",
);

/** The same survey after cleaning: one spelling per answer, 0 where nothing was lost. */
export const SURVEY_CLEAN = csv(
  "respondent,state,contacted_by,lost_money,amount_lost",
  "1,Florida,Phone call,YES,250",
  "2,Georgia,Email,NO,0",
  "3,Florida,Text,YES,1200",
  "4,Texas,Phone call,NO,0",
  "5,Texas,Email,NO,0",
  "6,Georgia,Phone call,YES,80",
  "7,Florida,Social Media,NO,0",
  "8,Texas,Text,YES,430",
  "9,Georgia,Email,YES,60",
  "10,Florida,Phone call,NO,0",
);

/** Losses by state with a total row at the bottom, as report tables have. */
export const LOSSES_WITH_TOTAL = csv(
  "State,Reports,Reports with Loss",
  "Florida,474314,190250",
  "Georgia,228132,85420",
  "Texas,462667,176010",
  "Nevada,58640,22115",
  "Total,1223753,473795",
);

/** Orders and their shipments: large orders ship in several parcels. */
export const ORDERS = csv(
  "order_id,customer,order_total",
  "A-1001,Acme,1200.00",
  "A-1002,Birch,300.00",
  "A-1003,Cobalt,75.50",
  "A-1004,Acme,980.00",
);
export const SHIPMENTS = csv(
  "shipment_id,order_id,carrier,shipped_on",
  "S-1,A-1001,UPS,2024-03-02",
  "S-2,A-1001,UPS,2024-03-04",
  "S-3,A-1002,FedEx,2024-03-03",
  "S-4,A-1003,USPS,2024-03-05",
  "S-5,A-1004,UPS,2024-03-06",
  "S-6,A-1004,FedEx,2024-03-07",
  "S-7,A-1004,FedEx,2024-03-08",
);

/** A beach-sample export of `rows` rows; its first rows are the same in every length (duplicate-file). */
export const beachSamples = (rows: number): string =>
  csv(
    "Sample ID,Beach Name,Sample Date,Enterococcus",
    ...Array.from(
      { length: rows },
      (_, i) =>
        `S-${1000 + i},${["Kings Beach", "Revere Beach", "Carson Beach"][i % 3]},2024-06-${String(1 + (i % 28)).padStart(2, "0")},${(i * 37) % 400}`,
    ),
  );

/** Wildfires per year with acres as text; one acreage carries a footnote mark (`*`), one is missing. */
export const WILDFIRES = csv(
  "Year,Fires,Acres",
  '2016,67743,"5,509,995"',
  '2017,71499,"10,026,086"',
  '2018,58083,"*8,767,492"',
  '2019,50477,"4,664,364"',
  '2020,58950,"10,122,336"',
  '2021,58985,"7,125,643"',
  "2022,68988,NA",
);
/** Monthly rainfall with 'M' for missing months and one June cell holding a value and its year. */
export const RAINFALL = csv(
  "Station,Jun,Jul",
  "Albany,3.1,2.9",
  "Boston,9.44 2013,M",
  "Chatham,2.7,3.3",
  "Dover,M,1.8",
  "Essex,3.4,2.2",
);

/** Two sheets of a proteomics study; PLK1 is measured in one of them. */
export const STUDY_SHEETS = {
  "study/proteins.csv": csv("gene,abundance", "PLK1,2.5", "TP53,1.1", "MYC,0.7"),
  "study/phospho.csv": csv("gene,site,ratio", "TP53,S15,1.9", "MYC,T58,0.4"),
};

/** Fraud reports per (state, year), two states over two years, for two-key joins. */
export const STATE_YEAR_REPORTS = [
  "Florida,2023,458012",
  "Florida,2024,474314",
  "Georgia,2023,219870",
  "Georgia,2024,228132",
];
/** The same states' population per year. */
export const STATE_YEAR_POPULATION = [
  "Florida,2023,22610726",
  "Florida,2024,23372215",
  "Georgia,2023,11029227",
  "Georgia,2024,11180878",
];

/** The population of FRAUD_TOP's states, Maryland's name cell as given (a join key's variants). */
export const fraudTopPopulation = (maryland: string): string =>
  csv(
    "State,Population",
    "Florida,22610726",
    "Georgia,11029227",
    "Delaware,1031890",
    "Nevada,3194176",
    `${maryland},6180253`,
    "Texas,30503301",
    "South Carolina,5373555",
    "District of Columbia,678972",
  );

/**
 * A roster of members by id (held-out HL-10): 30 serving in both snapshots, three who left before
 * the second and three who came after — ids one digit apart from the leavers' (B001223 / B001323),
 * different people.
 */
const roster = (extra: string[]): string =>
  csv(
    "bioguide_id,last_name,party",
    ...Array.from({ length: 30 }, (_, i) => `C000${100 + i},Member${i},${i % 2 ? "Democrat" : "Republican"}`),
    ...extra,
  );

/** Two snapshots of the roster (held-out HL-10): the March 2023 one and the current one. */
export const ROSTER_SNAPSHOTS = {
  "snapshots/roster_2023.csv": roster([
    "B001323,Begich,Republican",
    "B001324,Bell,Republican",
    "B001311,Barrett,Republican",
  ]),
  "roster.csv": roster(["B001223,Bowman,Democrat", "B001224,Bush,Democrat", "B001321,Bishop,Republican"]),
};
