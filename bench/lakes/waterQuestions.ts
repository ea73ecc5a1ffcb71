// The water lake's questions. Every gold answer is computed here from what the generator wrote (its
// tallies); bench/lakes/waterAnswersDuckDb.ts computes the same answers from the files with DuckDB, and
// the unit test compares the two. A naive answer is kept only where it differs from the gold one.
import { argmaxAll, median, roundRatio, sameAnswer, sum } from "./answerMath.ts";
import type { GoldAnswer, LakeQuestion } from "./lakeTypes.ts";
import type { Closure } from "./waterClosures.ts";
import { ALGAL_BLOOM, CLOSURES_PATH, TRUNCATED_ROWS } from "./waterClosures.ts";
import type { Datasheet } from "./waterDatasheets.ts";
import type { ExportTally } from "./waterExports.ts";
import { EXPORT_FIRST, EXPORT_SECOND } from "./waterExports.ts";
import type { StationPrecip } from "./waterPrecipitation.ts";
import { PRECIP_FIRST_YEAR, PRECIP_LAST_YEAR } from "./waterPrecipitation.ts";
import { WORKBOOK_PATH, exceedanceRate } from "./waterWorkbook.ts";
import type { YearTally } from "./waterYearly.ts";
import { yearStyle, yearlyPath } from "./waterYearly.ts";

export const LOOKUP_PATH = "lookups/town_codes.json";
export const ARCHIVE_COPY_PATH = "archive/water-body-testing-2016.csv";
export const ARCHIVED_YEAR = 2016;

export interface WaterFacts {
  tallies: YearTally[];
  precipitation: StationPrecip[];
  datasheets: Datasheet[];
  exports: ExportTally;
  closures: Closure[];
}

type Draft = Omit<LakeQuestion, "naive_answer" | "naive_how"> & { naive?: GoldAnswer; naiveHow?: string };

function finish(d: Draft): LakeQuestion {
  const { naive, naiveHow, ...q } = d;
  if (naive === undefined || sameAnswer(naive, q.answer)) return q;
  return { ...q, naive_answer: naive, ...(naiveHow ? { naive_how: naiveHow } : {}) };
}

function years(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** Violations as a filter on the literal 'yes' counts them: only in years spelled that way. */
function literalYes(year: number, violations: number): number {
  return yearStyle(year).yes === "yes" ? violations : 0;
}

function yearly(facts: WaterFacts, from: number, to: number): YearTally[] {
  return facts.tallies.filter((t) => t.year >= from && t.year <= to);
}

function station(facts: WaterFacts, file: string): StationPrecip {
  const s = facts.precipitation.find((p) => p.file === file);
  if (!s) throw new Error(`no precipitation station ${file}`);
  return s;
}

/** A month's values of a station in hundredths of an inch (exact integers), missing months left out. */
function monthValues(
  s: StationPrecip,
  month: number,
  from = PRECIP_FIRST_YEAR,
  to = PRECIP_LAST_YEAR,
): number[] {
  return s.hundredths
    .map((row, i) => ({ year: PRECIP_FIRST_YEAR + i, v: row[month - 1] }))
    .filter(
      (x): x is { year: number; v: number } => x.year >= from && x.year <= to && typeof x.v === "number",
    )
    .map((x) => x.v);
}

/** The Mean, Max and Min rows of a month, as a reader that keeps them sees them. */
function labelRows(s: StationPrecip, month: number): number[] {
  const values = monthValues(s, month);
  return [Math.round(sum(values) / values.length), Math.max(...values), Math.min(...values)];
}

function sheet(facts: WaterFacts, name: string): Datasheet {
  const d = facts.datasheets.find((s) => s.name === name);
  if (!d) throw new Error(`no datasheet ${name}`);
  return d;
}

const exceeds = (p: { value: number | null; tag: string }): boolean => p.value !== null && p.value > 104;

function yearlyQuestions(facts: WaterFacts): Draft[] {
  const t = (year: number): YearTally => {
    const found = facts.tallies.find((x) => x.year === year);
    if (!found) throw new Error(`no tally for ${year}`);
    return found;
  };
  const all = yearly(facts, 2002, 2023);
  const out: Draft[] = [];

  const t13 = t(2013);
  out.push({
    id: "water-01",
    query:
      "What percentage of the water samples collected at Massachusetts beaches in 2013 were violations (exceeded the bacterial standard)? Round to 3 decimal places.",
    answer: roundRatio(100 * t13.violations, t13.samples, 3),
    answer_type: "numeric_exact",
    data_sources: [yearlyPath(2013)],
    traps: ["case-drift"],
    naive: roundRatio(100 * literalYes(2013, t13.violations), t13.samples, 3),
    naiveHow: "Violation = 'yes' matches nothing in 2013, where the flag is spelled YES.",
  });

  const freshRate = (list: YearTally[], count: (x: YearTally) => number): number[] => {
    const pooled = sum(list.map(count)) / sum(list.map((x) => x.byType.Fresh.samples));
    return list.filter((x) => count(x) / x.byType.Fresh.samples > pooled).map((x) => x.year);
  };
  out.push({
    id: "water-02",
    query:
      "Between 2002 and 2023 (inclusive), which years had a bacterial exceedance rate at freshwater beaches higher than the average freshwater exceedance rate over all those years (all freshwater samples pooled)?",
    answer: freshRate(all, (x) => x.byType.Fresh.violations),
    answer_type: "list_exact",
    data_sources: years(2002, 2023).map(yearlyPath),
    traps: ["case-drift", "yearly-family"],
    naive: freshRate(all, (x) => literalYes(x.year, x.byType.Fresh.violations)),
    naiveHow: "Counting Violation = 'yes' leaves out every year spelled Yes or YES.",
  });

  out.push({
    id: "water-03",
    query: "How many samples from marine beaches exceeded the bacterial standard in 2019–2023?",
    answer: sum(yearly(facts, 2019, 2023).map((x) => x.byType.Marine.violations)),
    answer_type: "numeric_exact",
    data_sources: years(2019, 2023).map(yearlyPath),
    traps: ["case-drift", "yearly-family"],
    naive: sum(yearly(facts, 2019, 2023).map((x) => literalYes(x.year, x.byType.Marine.violations))),
    naiveHow: "2019–2023 spell the flag Yes or YES; a filter on 'yes' finds none.",
  });

  const t23 = t(2023);
  out.push({
    id: "water-04",
    query:
      "How many distinct beaches were sampled in 2023? A beach is a community's named beach: the same name in two communities is two beaches.",
    answer: t23.beaches.size,
    answer_type: "numeric_exact",
    data_sources: [yearlyPath(2023)],
    traps: ["same-name-different-town"],
    naive: new Set([...t23.beaches.values()].map((b) => b.name)).size,
    naiveHow: 'count(DISTINCT "Beach Name") merges Town Beach and Long Pond of different towns.',
  });

  const dukes = [...t(2021).beaches.values()].filter((b) => b.county === "Dukes");
  out.push({
    id: "water-05",
    query: "How many distinct beach sites in Dukes County were sampled in 2021?",
    answer: dukes.length,
    answer_type: "numeric_exact",
    data_sources: [yearlyPath(2021)],
    traps: ["dash-at-sites"],
    naive: new Set(dukes.map((b) => b.name.replace(" @ ", " - "))).size,
    naiveHow:
      "Merging 'Joseph Sylvia State Beach - Big Bridge' (Oak Bluffs) with '… @ Big Bridge' (Edgartown) as spelling variants counts two sites as one.",
  });

  const t12 = t(2012);
  const higher = (count13: (v: number) => number): number =>
    [...t13.beaches.entries()].filter(([key, b13]) => {
      const b12 = t12.beaches.get(key);
      if (!b12 || b12.samples === 0) return false;
      return count13(b13.violations) / b13.samples > b12.violations / b12.samples;
    }).length;
  out.push({
    id: "water-06",
    query:
      "How many beaches had a higher bacterial exceedance rate in 2013 than in 2012, leaving out beaches with no samples in 2012? (A beach is a community's named beach.)",
    answer: higher((v) => v),
    answer_type: "numeric_exact",
    data_sources: [yearlyPath(2012), yearlyPath(2013)],
    traps: ["case-drift"],
    naive: higher((v) => literalYes(2013, v)),
    naiveHow: "2012 spells the flag yes, 2013 YES: a filter on 'yes' gives every beach a 2013 rate of 0.",
  });

  const since = yearly(facts, 2015, 2023);
  const everyYear = (count: (year: number, v: number) => number): number => {
    const first = since[0];
    if (!first) return 0;
    return [...first.beaches.keys()].filter((key) =>
      since.every((x) => count(x.year, x.beaches.get(key)?.violations ?? 0) > 0),
    ).length;
  };
  out.push({
    id: "water-07",
    query:
      "Since 2015 (through 2023), how many beaches had at least one bacterial exceedance in every single year? (A beach is a community's named beach.)",
    answer: everyYear((_, v) => v),
    answer_type: "numeric_exact",
    data_sources: years(2015, 2023).map(yearlyPath),
    traps: ["case-drift", "yearly-family"],
    naive: everyYear(literalYes),
    naiveHow: "Several of these years spell the flag YES or Yes.",
  });

  const ent = yearly(facts, 2010, 2012);
  out.push({
    id: "water-08",
    query:
      "What was the average Indicator Level of the Enterococci samples from 2010 to 2012 inclusive? Round to 2 decimal places.",
    answer: roundRatio(
      sum(ent.map((x) => x.enterococciTenths)),
      10 * sum(ent.map((x) => x.enterococciCount)),
      2,
    ),
    answer_type: "numeric_exact",
    data_sources: years(2010, 2012).map(yearlyPath),
    traps: ["numeric-type-drift"],
  });

  const total = sum(all.map((x) => x.samples));
  out.push({
    id: "water-09",
    query: "How many water samples were tested in total from 2002 to 2023?",
    answer: total,
    answer_type: "numeric_exact",
    data_sources: years(2002, 2023).map(yearlyPath),
    traps: ["duplicate-file", "yearly-family"],
    naive: total + t(ARCHIVED_YEAR).samples,
    naiveHow: `A glob over every folder also reads ${ARCHIVE_COPY_PATH}, a byte-identical copy.`,
  });

  const t22 = t(2022);
  const marineByCounty = new Map<string, { n: number; v: number }>();
  for (const b of t22.beaches.values()) {
    if (b.type !== "Marine") continue;
    const c = marineByCounty.get(b.county) ?? { n: 0, v: 0 };
    c.n += b.samples;
    c.v += b.violations;
    marineByCounty.set(b.county, c);
  }
  const worst = argmaxAll([...marineByCounty.entries()].map(([k, c]): [string, number] => [k, c.v / c.n]));
  out.push({
    id: "water-10",
    query: "Which county had the highest bacterial exceedance rate at marine beaches in 2022?",
    answer: worst.length === 1 ? (worst[0] as string) : worst,
    answer_type: worst.length === 1 ? "string_exact" : "list_exact",
    data_sources: [yearlyPath(2022)],
    traps: ["case-drift"],
  });
  return out;
}

function precipitationQuestions(facts: WaterFacts): Draft[] {
  const out: Draft[] = [];
  const nantucket = station(facts, "nantucket");
  const annual = years(2020, 2024).map((year): [number, number] => {
    const row = nantucket.hundredths[year - PRECIP_FIRST_YEAR] ?? [];
    return [year, sum(row.map((v) => v ?? 0))];
  });
  const wettest = argmaxAll(annual);
  out.push({
    id: "water-11",
    query:
      "From 2020 to 2024 inclusive, in which year was the total annual precipitation at Nantucket highest?",
    answer: wettest.length === 1 ? (wettest[0] as number) : wettest,
    answer_type: wettest.length === 1 ? "numeric_exact" : "list_exact",
    data_sources: [nantucket.path],
    traps: [],
  });

  const boston = station(facts, "boston-logan");
  const aug = monthValues(boston, 8);
  out.push({
    id: "water-12",
    query:
      "What is the median August precipitation at Boston Logan over all years on record, in inches? Round to 3 decimal places.",
    answer: Math.round(median(aug) * 10) / 1000,
    answer_type: "numeric_exact",
    data_sources: [boston.path],
    traps: ["labelled-summary-rows"],
    naive: Math.round(median([...aug, ...labelRows(boston, 8)]) * 10) / 1000,
    naiveHow: "The file ends with Mean, Max and Min rows; a median over the whole column includes them.",
  });

  const worcester = station(facts, "worcester");
  out.push({
    id: "water-13",
    query: "What is the most recent year in the Worcester precipitation record?",
    answer: PRECIP_FIRST_YEAR + worcester.hundredths.length - 1,
    answer_type: "numeric_exact",
    data_sources: [worcester.path],
    traps: ["text-ordering", "labelled-summary-rows"],
    naive: "Min",
    naiveHow: "Year is text (it holds Mean, Max, Min): max(Year) is 'Min'.",
  });

  const hyannis = station(facts, "hyannis");
  out.push({
    id: "water-14",
    query:
      "What was the total July precipitation at Hyannis from 2015 to 2024 inclusive, in inches? Round to 2 decimal places.",
    answer: sum(monthValues(hyannis, 7, 2015, 2024)) / 100,
    answer_type: "numeric_exact",
    data_sources: [hyannis.path],
    traps: [],
  });
  const jul = monthValues(hyannis, 7);
  out.push({
    id: "water-15",
    query:
      "Over all years on record, what is the average July precipitation at Hyannis, in inches? Round to 2 decimal places.",
    answer: roundRatio(sum(jul), jul.length * 100, 2),
    answer_type: "numeric_exact",
    data_sources: [hyannis.path],
    traps: ["labelled-summary-rows"],
    naive: roundRatio(sum([...jul, ...labelRows(hyannis, 7)]), (jul.length + 3) * 100, 2),
    naiveHow: "avg(Jul) over the whole file includes the Mean, Max and Min rows.",
  });
  return out;
}

function exportQuestions(facts: WaterFacts): Draft[] {
  const e = facts.exports;
  const sources = [EXPORT_FIRST.path, EXPORT_SECOND.path];
  const counties = argmaxAll(e.ecoliOverLimitByCounty.entries());
  return [
    {
      id: "water-16",
      query:
        "According to the state's 2019 water-quality database exports, how many distinct water samples were collected in 2019?",
      answer: e.samples,
      answer_type: "numeric_exact",
      data_sources: sources,
      traps: ["overlapping-exports"],
      naive: e.samplesPerFile[0] + e.samplesPerFile[1],
      naiveHow:
        "The two exports overlap (June–August are in both); adding their counts counts those samples twice.",
    },
    {
      id: "water-17",
      query: "How many E. coli results in the 2019 database exports were above 235 MPN/100 mL?",
      answer: e.ecoliOverLimit,
      answer_type: "numeric_exact",
      data_sources: sources,
      traps: ["overlapping-exports"],
      naive: e.ecoliOverLimitPerFile[0] + e.ecoliOverLimitPerFile[1],
      naiveHow: "A UNION ALL of the two exports counts the June–August rows twice.",
    },
    {
      id: "water-18",
      query:
        "Which county had the most E. coli results above 235 MPN/100 mL in the 2019 database exports? Use the town-code lookup for each station's county; list every county if tied.",
      answer: counties,
      answer_type: "list_exact",
      data_sources: [...sources, LOOKUP_PATH],
      traps: ["overlapping-exports", "leading-zeros"],
    },
  ];
}

function closureQuestions(facts: WaterFacts): Draft[] {
  const c = facts.closures;
  const early = c.slice(0, TRUNCATED_ROWS);
  return [
    {
      id: "water-19",
      query:
        "How many days in total were Massachusetts beaches closed in 2023, according to the 2023 beach closures records?",
      answer: sum(c.map((x) => x.days)),
      answer_type: "numeric_exact",
      data_sources: [CLOSURES_PATH],
      traps: ["truncated-copy"],
      naive: sum(early.map((x) => x.days)),
      naiveHow: "beach_closures_2023_latest.csv ranks first but holds only the first 37 of the 50 closures.",
    },
    {
      id: "water-20",
      query: "How many beach closures in 2023 were due to a harmful algal bloom?",
      answer: c.filter((x) => x.reason === ALGAL_BLOOM).length,
      answer_type: "numeric_exact",
      data_sources: [CLOSURES_PATH],
      traps: ["truncated-copy"],
      naive: early.filter((x) => x.reason === ALGAL_BLOOM).length,
      naiveHow: "The truncated 'latest' copy lacks the last 13 closures.",
    },
  ];
}

function datasheetQuestions(facts: WaterFacts): Draft[] {
  const craig = sheet(facts, "Craigville Beach");
  const middle = craig.points.indexOf("Middle");
  const tags = facts.datasheets.flatMap((d) => d.rows.flatMap((r) => r.points.map((p) => p.tag)));
  const siteDays = facts.datasheets.flatMap((d) =>
    d.rows.filter((r) => r.points.some(exceeds)).map((r) => ({ site: d.name, day: r.day })),
  );
  const wollaston = sheet(facts, "Wollaston Beach");
  const south = wollaston.points.indexOf("South");
  const wet = wollaston.rows
    .filter((r) => r.rain3 > 50)
    .map((r) => r.points[south]?.value)
    .filter((v): v is number => typeof v === "number");
  const all = facts.datasheets.map((d) => d.path);
  return [
    {
      id: "water-21",
      query:
        "At Craigville Beach in the 2024 season, on how many sampling dates did the Middle sampling point exceed 104 Enterococcus (MPN/100 mL)? Count values above the upper detection limit (tagged >) as exceedances.",
      answer: craig.rows.filter((r) => {
        const p = r.points[middle];
        return p !== undefined && exceeds(p);
      }).length,
      answer_type: "numeric_exact",
      data_sources: [craig.path],
      traps: ["multi-row-header"],
    },
    {
      id: "water-22",
      query:
        "How many Enterococcus results across all the beach datasheets were reported below the detection limit (tagged <)?",
      answer: tags.filter((t) => t === "<").length,
      answer_type: "numeric_exact",
      data_sources: all,
      traps: ["detection-limit-markers"],
      naive: tags.filter((t) => t === "<" || t === ">").length,
      naiveHow: "Treating < and > as spellings of one marker (both are empty once punctuation is stripped).",
    },
    {
      id: "water-23",
      query:
        "Across all the beach datasheets (one site per datasheet), on how many site-days in the 2024 season did at least one sampling point exceed 104 Enterococcus (MPN/100 mL)?",
      answer: siteDays.length,
      answer_type: "numeric_exact",
      data_sources: all,
      traps: ["dash-at-sites", "multi-row-header"],
      naive: new Set(siteDays.map((s) => `${s.site.replace(" @ ", " - ")}|${s.day}`)).size,
      naiveHow:
        "Merging the two Joseph Sylvia State Beach sites (' - ' and ' @ ', sampled on the same days) as one.",
    },
    {
      id: "water-24",
      query:
        "At Wollaston Beach in 2024, what was the mean Enterococcus level at the South sampling point on days when the 3-day rain exceeded 0.5 inches? Round to 1 decimal place.",
      answer: wet.length === 0 ? 0 : roundRatio(sum(wet), wet.length, 1),
      answer_type: "numeric_exact",
      data_sources: [wollaston.path],
      traps: ["multi-row-header"],
    },
  ];
}

function workbookQuestions(facts: WaterFacts): Draft[] {
  const rates = facts.tallies.map((t): [number, number] => [t.year, exceedanceRate(t.violations, t.samples)]);
  const best = argmaxAll(rates);
  return [
    {
      id: "water-25",
      query:
        "According to the beach program's summary workbook, which year from 2002 to 2023 had the highest exceedance rate?",
      answer: best.length === 1 ? (best[0] as number) : best,
      answer_type: best.length === 1 ? "numeric_exact" : "list_exact",
      data_sources: [WORKBOOK_PATH],
      traps: ["title-row"],
    },
  ];
}

export function waterQuestions(facts: WaterFacts): LakeQuestion[] {
  return [
    ...yearlyQuestions(facts),
    ...precipitationQuestions(facts),
    ...exportQuestions(facts),
    ...closureQuestions(facts),
    ...datasheetQuestions(facts),
    ...workbookQuestions(facts),
  ].map(finish);
}
