import { sqlString } from "../engine/duckEngine.ts";

/**
 * Names of regions and groups of countries as the publishers of country panels write them (World
 * Bank regions and income groups, UN M49 regions, WHO regions, continents, economic blocs). Open
 * data by country (World Bank, UN, WHO, FAO, OWID, IMF) lists such groups as rows beside the
 * countries they aggregate, with nothing else to tell them apart: a sum over all rows counts each
 * country again in its region, its income group and the World. Written normalised (see
 * `normalisedLabelSql`): lower case, `&` as "and", punctuation as spaces, a trailing
 * parenthesis dropped ("Africa (WHO)", "Europe & Central Asia (excluding high income)"). Names that
 * are also a country's (Micronesia, Georgia) or that stand for no group of the others ("Rest of
 * world", "Other") are not here.
 */
const GROUP_NAMES = [
  "world",
  // Continents and UN M49 regions.
  "africa",
  "asia",
  "europe",
  "oceania",
  "americas",
  "the americas",
  "north america",
  "northern america",
  "south america",
  "central america",
  "latin america",
  "latin america and the caribbean",
  "latin america and caribbean",
  "caribbean",
  "middle east",
  "middle east and north africa",
  "middle east north africa afghanistan and pakistan",
  "near east",
  "north africa",
  "northern africa",
  "sub saharan africa",
  "subsaharan africa",
  "western africa",
  "west africa",
  "eastern africa",
  "east africa",
  "middle africa",
  "central africa",
  "southern africa",
  "central asia",
  "eastern asia",
  "east asia",
  "southern asia",
  "south asia",
  "south eastern asia",
  "south east asia",
  "southeast asia",
  "western asia",
  "west asia",
  "eastern europe",
  "northern europe",
  "southern europe",
  "western europe",
  "central europe",
  "central and eastern europe",
  "australia and new zealand",
  "melanesia",
  "polynesia",
  "asia pacific",
  "asia and pacific",
  "asia and the pacific",
  "east asia and pacific",
  "east asia and the pacific",
  "europe and central asia",
  "central europe and the baltics",
  "arab world",
  "arab states",
  // WHO regions.
  "african region",
  "region of the americas",
  "south east asia region",
  "european region",
  "eastern mediterranean region",
  "eastern mediterranean",
  "western pacific region",
  "western pacific",
  // Blocs.
  "european union",
  "euro area",
  "eurozone",
  "oecd",
  "oecd members",
  "oecd countries",
  "non oecd",
  "opec",
  "non opec",
  "asean",
  "brics",
  "nafta",
  "usmca",
  "mercosur",
  "apec",
  "cafta dr",
  // The US Census Bureau's foreign-trade areas, listed among the countries of its country tables.
  "south and central america",
  "australia and oceania",
  "pacific rim",
  "pacific rim countries",
  "world seasonally adjusted",
  "world not seasonally adjusted",
  "g7",
  "g20",
  // Income and lending groups (World Bank, OWID).
  "high income",
  "low income",
  "middle income",
  "lower middle income",
  "upper middle income",
  "low and middle income",
  "high income countries",
  "low income countries",
  "middle income countries",
  "lower middle income countries",
  "upper middle income countries",
  "low and middle income countries",
  "high income oecd",
  "high income non oecd",
  "high income nonoecd",
  "high income oecd members",
  "heavily indebted poor countries",
  "heavily indebted poor countries hipc",
  "least developed countries",
  "least developed countries un classification",
  "fragile and conflict affected situations",
  "small states",
  "other small states",
  "caribbean small states",
  "pacific island small states",
  "ida total",
  "ida only",
  "ida blend",
  "ibrd only",
  "ida and ibrd total",
  "early demographic dividend",
  "late demographic dividend",
  "pre demographic dividend",
  "post demographic dividend",
  // UN development groups.
  "developed countries",
  "developing countries",
  "more developed regions",
  "less developed regions",
  "least developed regions",
  "landlocked developing countries",
  "small island developing states",
  "advanced economies",
  "emerging and developing economies",
  "emerging market and developing economies",
  "developed economies",
  "developing economies",
  "transition economies",
];

/**
 * Codes the publishers' code lists give their aggregates, where a panel is keyed by code rather
 * than name: OECD's (`OAVG` the OECD average, `OECD` its total, `OECDE` OECD Europe), Eurostat's
 * (`EU27_2020`, `EA20`) and the World Bank's `WLD`. Compared as written, upper case: a code list
 * is. Only codes no other list uses: most three-letter aggregate codes of the World Bank (`LAC`,
 * `TEA`, `MIC`) are also airport or product codes, and a World Bank panel names its rows anyway.
 */
const GROUP_CODES = [
  ..."OAVG OECD OECDE G20 G7 WLD".split(" "),
  ..."EU27_2020 EU27_2007 EU28 EU27 EU25 EU15 EA17 EA18 EA19 EA20".split(" "),
];

/**
 * A group named by a letter and a number, `G7`, `G8`, `G20`: the same few characters name other
 * things — a car line (Infiniti's `G20`, held-out GH-05), an airline (`G7`, FG-06) — so such a label
 * alone does not make a column a list of countries (groupRows.ts asks for more). `EU-13`, `EA19`,
 * `OECD` name nothing else.
 */
export function groupCode(value: string): boolean {
  return /^g ?(7|8|20)$/i.test(value.trim());
}

/**
 * The US Census Bureau's divisions as US statistical tables write them beside the states (CDC's
 * NNDSS and MMWR tables: `NEW ENGLAND`, `MID. ATLANTIC`, `E.N. CENTRAL`, `S. ATLANTIC`, `PACIFIC`;
 * held-out GZ-02), normalised as GROUP_NAMES, and the national row above them. Words such as
 * `Pacific` or `Mountain` name other things too (a time zone, an ocean), so they count as groups
 * only where a column holds two divisions or more (groupRows.ts).
 */
export const US_DIVISIONS = [
  "new england",
  "mid atlantic",
  "middle atlantic",
  "e n central",
  "east north central",
  "w n central",
  "west north central",
  "s atlantic",
  "south atlantic",
  "e s central",
  "east south central",
  "w s central",
  "west south central",
  "mountain",
  "pacific",
];
/** The national row of such a table. */
export const US_NATION = [
  "united states",
  "u s",
  "us",
  "us total",
  "united states total",
  "total united states",
];

/** A label as groupLabelSql reads it (before any `:`, then normalisedLabelSql), in JS. */
function normalisedLabel(value: string): string {
  return value
    .split(":", 1)[0]!
    .trim()
    .toLowerCase()
    .replace(/\s*\([^)]*\)\s*$/, "")
    .replaceAll("&", " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** Which US area a label names: a census division, the nation, or neither. */
export function usArea(value: string): "division" | "nation" | undefined {
  const label = normalisedLabel(value);
  return US_DIVISIONS.includes(label) ? "division" : US_NATION.includes(label) ? "nation" : undefined;
}

/** Numbered member-state groups: "EU-27", "EU28", "EU 15", "EU-13". */
const NUMBERED_GROUP = String.raw`eu ?[0-9]{1,2}`;

/** A label as GROUP_NAMES holds it, in SQL. */
export function normalisedLabelSql(expression: string): string {
  return (
    `trim(regexp_replace(replace(regexp_replace(lower(trim(${expression})), '\\s*\\([^)]*\\)\\s*$', ''), '&', ' and '), ` +
    `'[^a-z0-9]+', ' ', 'g'))`
  );
}

/**
 * Whether a text expression names a region or a group of countries, in SQL; with `usAreas`, a US
 * census division or the nation too (groupRows.ts keeps those only beside two divisions or more).
 */
export function groupLabelSql(expression: string, options: { usAreas?: boolean } = {}): string {
  const label = normalisedLabelSql(`split_part(${expression}, ':', 1)`);
  const codes = [...new Set(GROUP_CODES)].map(sqlString).join(", ");
  const names = [...GROUP_NAMES, ...(options.usAreas ? [...US_DIVISIONS, ...US_NATION] : [])];
  return `(${label} IN (${names.map(sqlString).join(", ")}) OR regexp_full_match(${label}, ${sqlString(NUMBERED_GROUP)}) OR trim(${expression}) IN (${codes}))`;
}
