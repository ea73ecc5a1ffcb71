// The wildfire lake's questions, every gold answer computed from what the generator wrote; see
// wildfireAnswersDuckDb.ts for the independent computation over the files.
import { argmaxAll, median, round, roundRatio, sameAnswer, sum } from "./answerMath.ts";
import type { GoldAnswer, LakeQuestion } from "./lakeTypes.ts";
import type { Incident } from "./wildfireIncidents.ts";
import {
  CAUSE_CODES_PATH,
  INCIDENT_FIRST_YEAR,
  INCIDENT_LAST_YEAR,
  TOP100_PATH,
  incidentPath,
  topIncidents,
} from "./wildfireIncidents.ts";
import { stateByCode } from "./wildfireStates.ts";
import type { WildfireTables } from "./wildfireTables.ts";
import {
  AGENCY_PATH,
  CAUSES_PATH,
  COSTS_PATH,
  DATABOOK_PATH,
  OCCURRENCE_PATH,
  STATE_FIRST_YEAR,
  STATE_LAST_YEAR,
  STATE_STATS_PATH,
} from "./wildfireTables.ts";

type Draft = Omit<LakeQuestion, "naive_answer" | "naive_how"> & { naive?: GoldAnswer; naiveHow?: string };

function finish(d: Draft): LakeQuestion {
  const { naive, naiveHow, ...q } = d;
  if (naive === undefined || sameAnswer(naive, q.answer)) return q;
  return { ...q, naive_answer: naive, ...(naiveHow ? { naive_how: naiveHow } : {}) };
}

function one<T extends string | number>(
  values: T[],
): { answer: GoldAnswer; type: "string_exact" | "numeric_exact" | "list_exact" } {
  if (values.length !== 1) return { answer: values, type: "list_exact" };
  const v = values[0] as T;
  return { answer: v, type: typeof v === "number" ? "numeric_exact" : "string_exact" };
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);
const yearOf = (day: number): number => new Date(day * 86_400_000).getUTCFullYear();

function stateQuestions(t: WildfireTables): Draft[] {
  const sy = t.stateYears;
  const most2020 = one(
    argmaxAll(sy.filter((r) => r.year === 2020).map((r): [string, number] => [r.state, r.acres])),
  );
  const perAcre = one(
    argmaxAll(
      sy
        .filter((r) => r.year === 2021)
        .map((r): [string, number] => [r.state, (t.costs.get(`${r.code}|2021`) ?? 0) / r.acres]),
    ),
  );
  const national = range(STATE_FIRST_YEAR, STATE_LAST_YEAR).map((year) => {
    const rows = sy.filter((r) => r.year === year);
    return {
      year,
      acres: sum(rows.map((r) => r.acres)),
      lightningAcres: sum(rows.map((r) => r.lightningAcres)),
    };
  });
  const since2015 = national.filter((n) => n.year >= 2015);
  return [
    {
      id: "wildfire-01",
      query: "Which state had the most acres burned by wildfires in 2020?",
      answer: most2020.answer,
      answer_type: most2020.type,
      data_sources: [STATE_STATS_PATH],
      traps: [],
    },
    {
      id: "wildfire-02",
      query: "How many acres burned in California from 2019 to 2023 inclusive?",
      answer: sum(sy.filter((r) => r.code === "CA" && r.year >= 2019 && r.year <= 2023).map((r) => r.acres)),
      answer_type: "numeric_exact",
      data_sources: [STATE_STATS_PATH],
      traps: [],
    },
    {
      id: "wildfire-03",
      query: "What was the total wildfire suppression cost in California in 2020, in US dollars?",
      answer: t.costs.get("CA|2020") ?? 0,
      answer_type: "numeric_exact",
      data_sources: [COSTS_PATH],
      traps: ["state-names-vs-codes"],
      naive: 0,
      naiveHow: "The cost table writes states as USPS codes: state = 'California' matches nothing.",
    },
    {
      id: "wildfire-04",
      query: "Which state had the highest wildfire suppression cost per acre burned in 2021?",
      answer: perAcre.answer,
      answer_type: perAcre.type,
      data_sources: [STATE_STATS_PATH, COSTS_PATH],
      traps: ["state-names-vs-codes"],
    },
    {
      id: "wildfire-05",
      query:
        "Since 2015 (through 2024), what percentage of the acres burned nationwide were burned by lightning-caused fires? Round to 2 decimal places.",
      answer: roundRatio(
        100 * sum(since2015.map((n) => n.lightningAcres)),
        sum(since2015.map((n) => n.acres)),
        2,
      ),
      answer_type: "numeric_exact",
      data_sources: [CAUSES_PATH],
      traps: [],
    },
    {
      id: "wildfire-06",
      query:
        "Between 2000 and 2024, which years had more acres burned by lightning-caused fires than by human-caused fires?",
      answer: national.filter((n) => n.lightningAcres > n.acres - n.lightningAcres).map((n) => n.year),
      answer_type: "list_exact",
      data_sources: [CAUSES_PATH],
      traps: [],
    },
  ];
}

function tableQuestions(t: WildfireTables): Draft[] {
  const totalFires = sum(t.agencies.map((a) => a.fires));
  const topAgency = one(argmaxAll(t.agencies.map((a): [string, number] => [a.agency, a.acres])));
  // Region × month contingency table (all causes); the grid is every region × every month that occurs.
  const regions = [...new Set(t.occurrence.map((c) => c.region))];
  const months = [...new Set(t.occurrence.map((c) => c.month))];
  const observed = new Map<string, number>();
  for (const c of t.occurrence)
    observed.set(`${c.region}|${c.month}`, (observed.get(`${c.region}|${c.month}`) ?? 0) + c.fires);
  const n = sum([...observed.values()]);
  const rowTotal = new Map(regions.map((r) => [r, sum(months.map((m) => observed.get(`${r}|${m}`) ?? 0))]));
  const colTotal = new Map(months.map((m) => [m, sum(regions.map((r) => observed.get(`${r}|${m}`) ?? 0))]));
  let chi = 0;
  let chiPresent = 0;
  for (const r of regions)
    for (const m of months) {
      const e = ((rowTotal.get(r) ?? 0) * (colTotal.get(m) ?? 0)) / n;
      const o = observed.get(`${r}|${m}`);
      const term = ((o ?? 0) - e) ** 2 / e;
      chi += term;
      if (o !== undefined) chiPresent += term;
    }
  const swLightning = sum(
    t.occurrence
      .filter((c) => c.region === "Southwest" && c.cause === "Lightning" && c.month >= 5 && c.month <= 8)
      .map((c) => c.fires),
  );
  const db = t.databook;
  const dbMost = one(argmaxAll(db.map((r): [number, number] => [r.year, r.fires])));
  return [
    {
      id: "wildfire-07",
      query:
        "How many wildfires were reported across all agencies in 2024, according to the fires-by-agency table?",
      answer: totalFires,
      answer_type: "numeric_exact",
      data_sources: [AGENCY_PATH],
      traps: ["total-row"],
      naive: 2 * totalFires,
      naiveHow: "sum(Fires) over the table includes its Total row.",
    },
    {
      id: "wildfire-08",
      query: "Which agency reported the most acres burned in 2024?",
      answer: topAgency.answer,
      answer_type: topAgency.type,
      data_sources: [AGENCY_PATH],
      traps: ["total-row"],
      naive: "Total",
      naiveHow: "ORDER BY Acres DESC LIMIT 1 returns the Total row.",
    },
    {
      id: "wildfire-09",
      query:
        "Using the 2023 fire occurrence table, compute the chi-square statistic of independence between region and month (fires of all causes together; a region-month with no fires counts as 0). Round to 2 decimal places.",
      answer: round(chi, 2),
      answer_type: "numeric_exact",
      data_sources: [OCCURRENCE_PATH],
      traps: ["missing-zero-cells"],
      naive: round(chiPresent, 2),
      naiveHow:
        "The table leaves out region-months with no fires; summing only the rows present drops their expected counts.",
    },
    {
      id: "wildfire-10",
      query:
        "In the 2023 fire occurrence table, how many lightning-caused fires were there in the Southwest region from May to August inclusive?",
      answer: swLightning,
      answer_type: "numeric_exact",
      data_sources: [OCCURRENCE_PATH],
      traps: [],
    },
    {
      id: "wildfire-11",
      query:
        "According to the Forest Service data book table, how many acres burned on National Forest System lands from 2019 to 2023 inclusive?",
      answer: sum(db.filter((r) => r.year >= 2019 && r.year <= 2023).map((r) => r.acres)),
      answer_type: "numeric_exact",
      data_sources: [DATABOOK_PATH],
      traps: ["title-rows", "thousands-separators", "footnotes"],
    },
    {
      id: "wildfire-12",
      query:
        "Between 2004 and 2023, which year had the most wildfires on National Forest System lands, according to the Forest Service data book table?",
      answer: dbMost.answer,
      answer_type: dbMost.type,
      data_sources: [DATABOOK_PATH],
      traps: ["title-rows", "thousands-separators"],
    },
  ];
}

function incidentQuestions(incidents: readonly Incident[]): Draft[] {
  const inYears = (from: number, to: number): Incident[] =>
    incidents.filter((i) => yearOf(i.discovered) >= from && yearOf(i.discovered) <= to);
  const lightningByState = new Map<string, number>();
  for (const i of inYears(2018, 2024))
    if (i.cause === 1) lightningByState.set(i.code, (lightningByState.get(i.code) ?? 0) + 1);
  const topLightning = one(
    argmaxAll([...lightningByState].map(([code, n]): [string, number] => [stateByCode(code).name, n])),
  );
  const y2022 = inYears(2022, 2022).map((i) => i.contained - i.discovered);
  const family = range(INCIDENT_FIRST_YEAR, INCIDENT_LAST_YEAR).map(incidentPath);
  const top100 = topIncidents(incidents, 100);
  return [
    {
      id: "wildfire-13",
      query:
        "According to the yearly fire records, how many fires of at least 1,000 acres were discovered from 2020 to 2024 inclusive?",
      answer: inYears(2020, 2024).filter((i) => i.acres >= 1000).length,
      answer_type: "numeric_exact",
      data_sources: range(2020, 2024).map(incidentPath),
      traps: ["yearly-family", "glob-catches-extra-file"],
      naive:
        inYears(2020, 2024).filter((i) => i.acres >= 1000).length +
        top100.filter((i) => i.acres >= 1000 && yearOf(i.discovered) >= 2020).length,
      naiveHow: `The glob fires/fires_*.csv also reads ${TOP100_PATH}, whose records are copies of large fires.`,
    },
    {
      id: "wildfire-14",
      query:
        "Since 2018 (through 2024), which state had the most lightning-caused fires in the yearly fire records? Give the state's name.",
      answer: topLightning.answer,
      answer_type: topLightning.type,
      data_sources: [...range(2018, 2024).map(incidentPath), CAUSE_CODES_PATH],
      traps: ["yearly-family", "coded-values"],
    },
    {
      id: "wildfire-15",
      query: "How many fires in Oregon are in the yearly fire records of 2015–2024?",
      answer: incidents.filter((i) => i.code === "OR").length,
      answer_type: "numeric_exact",
      data_sources: family,
      traps: ["state-names-vs-codes", "yearly-family"],
      naive: 0,
      naiveHow: "The records write states as USPS codes: State = 'Oregon' matches nothing.",
    },
    {
      id: "wildfire-16",
      query: "How many fire records are there in the yearly fire files from 2015 to 2024?",
      answer: incidents.length,
      answer_type: "numeric_exact",
      data_sources: family,
      traps: ["glob-catches-extra-file", "yearly-family"],
      naive: incidents.length + 100,
      naiveHow: `The glob fires/fires_*.csv also reads ${TOP100_PATH}, 100 records copied from the yearly files.`,
    },
    {
      id: "wildfire-17",
      query:
        "What was the median time to containment, in days, of the fires discovered in 2022 (containment date minus discovery date)?",
      answer: median(y2022),
      answer_type: "numeric_exact",
      data_sources: [incidentPath(2022)],
      traps: [],
    },
  ];
}

export function wildfireQuestions(tables: WildfireTables, incidents: readonly Incident[]): LakeQuestion[] {
  return [...stateQuestions(tables), ...tableQuestions(tables), ...incidentQuestions(incidents)].map(finish);
}
