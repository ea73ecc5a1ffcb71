// The yearly family `water-body-testing-YYYY.csv` (2002–2023) at the lake root, written like the
// state's real exports: the `Violation` flag's letter case changes by year, `Indicator Level` is a
// whole number in some years and a decimal in others, `Town Code` keeps its leading zeros, and a few
// years write dates as MM/DD/YYYY. What was written is tallied per year and per beach for the answers.
import { dayNumber, isoDate, onOrAfterWeekday, usDate } from "./calendar.ts";
import type { LakeWriter } from "./lakeWriter.ts";
import type { SeededRandom } from "./seededRandom.ts";
import type { Beach, BeachType } from "./waterBeaches.ts";
import { FIRST_YEAR, LAST_YEAR, beachKey } from "./waterBeaches.ts";
import type { WaterScale } from "./waterScale.ts";
import { byText } from "./answerMath.ts";

export const YEARLY_HEADER = [
  "Community",
  "Beach Name",
  "Beach Type",
  "County",
  "Sample Date",
  "Organism",
  "Indicator Level",
  "Violation",
  "Town Code",
];

export const THRESHOLD: Record<BeachType, number> = { Marine: 104, Fresh: 235 };
export const ORGANISM: Record<BeachType, string> = { Marine: "Enterococci", Fresh: "E. Coli" };

export interface YearStyle {
  yes: string;
  no: string;
  decimals: boolean;
  usDates: boolean;
}

/** Fixed (not seeded), so that the questions about case drift always meet it. */
export function yearStyle(year: number): YearStyle {
  const spelling: [string, string] =
    year <= 2005 || (year >= 2010 && year <= 2012) || (year >= 2016 && year <= 2018)
      ? ["yes", "no"]
      : (year >= 2006 && year <= 2009) || year === 2019 || year === 2020
        ? ["Yes", "No"]
        : ["YES", "NO"];
  return {
    yes: spelling[0],
    no: spelling[1],
    decimals: [2008, 2011, 2017, 2018, 2021].includes(year),
    usDates: [2004, 2005, 2014].includes(year),
  };
}

export function yearlyPath(year: number): string {
  return `water-body-testing-${year}.csv`;
}

export interface BeachTally {
  community: string;
  name: string;
  county: string;
  type: BeachType;
  samples: number;
  violations: number;
}

export interface YearTally {
  year: number;
  samples: number;
  violations: number;
  byType: Record<BeachType, { samples: number; violations: number }>;
  /** Sum (in tenths, an exact integer) and count of the Enterococci levels as written. */
  enterococciTenths: number;
  enterococciCount: number;
  beaches: Map<string, BeachTally>;
}

interface Sample {
  beach: Beach;
  day: number;
  level: number;
  text: string;
  violation: boolean;
}

function sampleDays(beach: Beach, year: number, scale: WaterScale): number[] {
  const seasonStart = onOrAfterWeekday(dayNumber(year, 5, 27), 1);
  const seasonEnd = dayNumber(year, 9, 7);
  const days: number[] = [];
  for (let week = seasonStart; week <= seasonEnd; week += 7 * scale.weekStep) {
    const first = week + beach.weekday - 1;
    days.push(first);
    if (scale.perWeek === 2) days.push(first + (beach.weekday <= 2 ? 3 : -2));
  }
  return days.filter((d) => d <= seasonEnd).sort((a, b) => a - b);
}

function drawLevel(rng: SeededRandom, mu: number, decimals: boolean): { level: number; text: string } {
  const raw = Math.min(24196, Math.max(10, Math.exp(rng.normal(mu, 1.1))));
  if (decimals) {
    const level = Math.round(raw * 10) / 10;
    return { level, text: level.toFixed(1) };
  }
  const level = Math.round(raw);
  return { level, text: String(level) };
}

function yearSamples(
  beaches: readonly Beach[],
  year: number,
  scale: WaterScale,
  rng: SeededRandom,
): Sample[] {
  const style = yearStyle(year);
  const yearEffect: Record<BeachType, number> = { Marine: rng.normal(0, 0.18), Fresh: rng.normal(0, 0.18) };
  const samples: Sample[] = [];
  for (const beach of beaches) {
    if (year < beach.start || year > beach.end) continue;
    const r = rng.fork(beachKey(beach.community, beach.name));
    const mu = beach.mu + yearEffect[beach.type];
    for (const day of sampleDays(beach, year, scale)) {
      const { level, text } = drawLevel(r, mu, style.decimals);
      const violation = level > THRESHOLD[beach.type];
      samples.push({ beach, day, level, text, violation });
      // An exceedance is re-sampled the next day.
      if (violation) {
        const again = drawLevel(r, mu - 0.8, style.decimals);
        samples.push({ beach, day: day + 1, ...again, violation: again.level > THRESHOLD[beach.type] });
      }
    }
  }
  samples.sort(
    (a, b) =>
      a.day - b.day || byText(a.beach.community, b.beach.community) || byText(a.beach.name, b.beach.name),
  );
  return samples;
}

function emptyTally(year: number): YearTally {
  return {
    year,
    samples: 0,
    violations: 0,
    byType: { Marine: { samples: 0, violations: 0 }, Fresh: { samples: 0, violations: 0 } },
    enterococciTenths: 0,
    enterococciCount: 0,
    beaches: new Map(),
  };
}

function tally(t: YearTally, s: Sample): void {
  t.samples++;
  t.byType[s.beach.type].samples++;
  if (s.violation) {
    t.violations++;
    t.byType[s.beach.type].violations++;
  }
  if (s.beach.type === "Marine") {
    t.enterococciTenths += Math.round(s.level * 10);
    t.enterococciCount++;
  }
  const key = beachKey(s.beach.community, s.beach.name);
  let b = t.beaches.get(key);
  if (!b) {
    b = {
      community: s.beach.community,
      name: s.beach.name,
      county: s.beach.county,
      type: s.beach.type,
      samples: 0,
      violations: 0,
    };
    t.beaches.set(key, b);
  }
  b.samples++;
  if (s.violation) b.violations++;
}

export function writeYearlyFiles(
  writer: LakeWriter,
  beaches: readonly Beach[],
  scale: WaterScale,
  rng: SeededRandom,
): YearTally[] {
  const tallies: YearTally[] = [];
  for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) {
    const style = yearStyle(year);
    const samples = yearSamples(beaches, year, scale, rng.fork(`year-${year}`));
    const t = emptyTally(year);
    writer.csv(yearlyPath(year), "yearly family member", (file) => {
      file.raw(YEARLY_HEADER.join(","));
      for (const s of samples) {
        const b = s.beach;
        const date = style.usDates ? usDate(s.day) : isoDate(s.day);
        file.row([
          b.community,
          b.name,
          b.type,
          b.county,
          date,
          ORGANISM[b.type],
          s.text,
          s.violation ? style.yes : style.no,
          b.code,
        ]);
        tally(t, s);
      }
    });
    tallies.push(t);
  }
  return tallies;
}
