// Incident records, one file per year (`fires/fires_2015.csv` … `fires/fires_2024.csv`), in a folder
// shared with other files: the cause-code table the records need, a notes file, and `fires_top100.csv`
// — the 100 largest fires of all years, same columns, that a `fires_*.csv` glob also catches.
import { dayNumber, isoDate } from "./calendar.ts";
import type { LakeWriter } from "./lakeWriter.ts";
import type { SeededRandom } from "./seededRandom.ts";
import { FIRE_STATES, REGION_MONTHS } from "./wildfireStates.ts";
import { byText } from "./answerMath.ts";

export const INCIDENT_FIRST_YEAR = 2015;
export const INCIDENT_LAST_YEAR = 2024;
export const CAUSE_CODES_PATH = "fires/cause_codes.csv";
export const TOP100_PATH = "fires/fires_top100.csv";
export const INCIDENT_HEADER = [
  "Fire ID",
  "Fire Name",
  "State",
  "Agency",
  "Discovery Date",
  "Containment Date",
  "Cause Code",
  "Acres",
];

// prettier-ignore
export const CAUSES: readonly [number, string, string, number][] = [
  [1, "Lightning", "Natural", 0], [2, "Equipment Use", "Human", 12], [3, "Smoking", "Human", 3],
  [4, "Campfire", "Human", 6], [5, "Debris Burning", "Human", 30], [6, "Railroad", "Human", 2],
  [7, "Arson", "Human", 18], [8, "Children", "Human", 3], [9, "Miscellaneous", "Human", 14],
  [10, "Fireworks", "Human", 2], [11, "Powerline", "Human", 3], [12, "Structure", "Human", 1],
  [13, "Missing/Undefined", "Unknown", 6],
];
// prettier-ignore
const NAME_WORDS = [
  "Bear", "Cedar", "Creek", "Ridge", "Canyon", "Mesa", "Pine", "Horse", "Eagle", "Coyote", "Dry", "Rock",
  "Willow", "Elk", "Juniper", "Sage", "Badger", "Hollow", "Lookout", "Fork", "Buck", "Spring", "Granite",
  "Dixie", "Camp", "Mill", "Black", "Red", "Lone", "Devil", "Oak", "Mule", "Copper", "Owl", "Butte",
];
// prettier-ignore
const NAME_ENDINGS = ["Creek", "Ridge", "Canyon", "Fork", "Hollow", "Butte", "Mesa", "Spring", "Flat", "Peak", "Complex", "Road"];
const AGENCY_BY_REGION = ["USFS", "BLM", "ST/OT", "ST/OT", "NPS", "BIA", "FWS"];

export function incidentPath(year: number): string {
  return `fires/fires_${year}.csv`;
}

export interface Incident {
  id: string;
  name: string;
  code: string;
  agency: string;
  discovered: number;
  contained: number;
  cause: number;
  /** Acres as written (one decimal). */
  acres: number;
}

function monthOf(rng: SeededRandom, weights: readonly number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let x = rng.next() * total;
  for (let m = 0; m < weights.length; m++) {
    x -= weights[m] ?? 0;
    if (x < 0) return m + 1;
  }
  return 7;
}

function humanCause(rng: SeededRandom): number {
  const total = CAUSES.reduce((a, c) => a + c[3], 0);
  let x = rng.next() * total;
  for (const [code, , , w] of CAUSES) {
    x -= w;
    if (x < 0) return code;
  }
  return 9;
}

export function writeIncidents(writer: LakeWriter, perYear: number, rng: SeededRandom): Incident[] {
  const weights = FIRE_STATES.map((s) => s.fires * Math.sqrt(s.acresPerFire));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const all: Incident[] = [];
  for (let year = INCIDENT_FIRST_YEAR; year <= INCIDENT_LAST_YEAR; year++) {
    const r = rng.fork(`incidents-${year}`);
    const count = Math.round(perYear * Math.exp(r.normal(0, 0.1)));
    const incidents: Incident[] = [];
    for (let i = 0; i < count; i++) {
      let x = r.next() * totalWeight;
      let s = FIRE_STATES[0];
      for (let k = 0; k < FIRE_STATES.length; k++) {
        x -= weights[k] ?? 0;
        if (x < 0) {
          s = FIRE_STATES[k];
          break;
        }
      }
      if (!s) continue;
      const month = monthOf(r, REGION_MONTHS[s.region] ?? []);
      const discovered = dayNumber(year, month, r.int(1, 28));
      const summer = month >= 6 && month <= 9;
      const lightning = r.chance(Math.min(0.9, (1 - s.humanShare) * (summer ? 1.6 : 0.3)));
      const cause = lightning ? 1 : humanCause(r);
      const acres = Math.max(
        0.1,
        Math.round(Math.exp(r.normal(Math.log(s.acresPerFire) - 0.3, 1.9)) * 10) / 10,
      );
      const days = Math.max(0, Math.round(Math.exp(r.normal(0.2 + 0.22 * Math.log(acres + 1), 0.7))) - 1);
      incidents.push({
        id: "",
        name: `${r.pick(NAME_WORDS)} ${r.pick(NAME_ENDINGS)}`,
        code: s.code,
        agency: r.pick(AGENCY_BY_REGION),
        discovered,
        contained: discovered + days,
        cause,
        acres,
      });
    }
    incidents.sort((a, b) => a.discovered - b.discovered || byText(a.code, b.code));
    incidents.forEach((inc, i) => (inc.id = `${year}-${inc.code}-${String(i + 1).padStart(6, "0")}`));
    writer.csv(incidentPath(year), "yearly incident family member", (file) => {
      file.raw(INCIDENT_HEADER.join(","));
      for (const inc of incidents) file.row(incidentCells(inc));
    });
    all.push(...incidents);
  }
  writer.csv(CAUSE_CODES_PATH, "cause code lookup", (file) => {
    file.raw("Cause Code,Cause,Category");
    for (const [code, cause, category] of CAUSES) file.row([code, cause, category]);
  });
  const top = topIncidents(all, 100);
  writer.csv(TOP100_PATH, "top-100 list with the family's columns", (file) => {
    file.raw(INCIDENT_HEADER.join(","));
    for (const inc of top) file.row(incidentCells(inc));
  });
  const notes = [
    "Fire occurrence records, one file per discovery year (fires_YYYY.csv).",
    "Cause Code: see cause_codes.csv. State: USPS code. Acres: final fire size.",
    "fires_top100.csv lists the 100 largest fires of 2015-2024 (a copy of their records), for the annual report.",
  ];
  writer.write("fires/README.txt", "notes (text)", `${notes.join("\n")}\n`, 0);
  return all;
}

/** The `n` largest fires, largest first (ties by id). */
export function topIncidents(all: readonly Incident[], n: number): Incident[] {
  return [...all].sort((a, b) => b.acres - a.acres || (a.id < b.id ? -1 : 1)).slice(0, n);
}

function incidentCells(inc: Incident): (string | number)[] {
  return [
    inc.id,
    inc.name,
    inc.code,
    inc.agency,
    isoDate(inc.discovered),
    isoDate(inc.contained),
    inc.cause,
    inc.acres.toFixed(1),
  ];
}
