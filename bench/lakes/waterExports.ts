// Two exports of the state's 2019 water-quality database, pulled over overlapping date ranges
// (January–August and June–December): the rows of June–August are in both files, identical. One row
// per parameter of a sample; stations carry a town code (leading zeros) but no county.
import { dayNumber, isoDate } from "./calendar.ts";
import type { LakeWriter } from "./lakeWriter.ts";
import { csvLine } from "./lakeWriter.ts";
import type { SeededRandom } from "./seededRandom.ts";
import type { Beach } from "./waterBeaches.ts";
import { TOWNS, townNamed } from "./waterPlaces.ts";
import { byText } from "./answerMath.ts";

export const EXPORT_YEAR = 2019;
export const EXPORT_FIRST = {
  path: "exports/testing_2019-01_to_2019-08.csv",
  from: [1, 1],
  to: [8, 31],
} as const;
export const EXPORT_SECOND = {
  path: "exports/testing_2019-06_to_2019-12.csv",
  from: [6, 1],
  to: [12, 31],
} as const;
export const EXPORT_HEADER = [
  "Sample ID",
  "Station ID",
  "Water Body",
  "Water Body Type",
  "Town Code",
  "Sample Date",
  "Sample Time",
  "Parameter",
  "Result",
  "Units",
  "Qualifier",
];
export const ECOLI_LIMIT = 235;

/** Rivers and harbors with towns they flow through or border (names from TOWNS). */
// prettier-ignore
const RIVERS: readonly [string, string[]][] = [
  ["Charles River", ["Boston", "Natick", "Franklin"]], ["Mystic River", ["Boston"]],
  ["Neponset River", ["Boston", "Quincy", "Sharon"]], ["Taunton River", ["Fall River"]],
  ["Merrimack River", ["Newburyport", "Salisbury"]], ["Blackstone River", ["Auburn"]],
  ["Connecticut River", ["Agawam", "Greenfield"]], ["Sudbury River", ["Wayland", "Framingham"]],
  ["Assabet River", ["Concord"]], ["Concord River", ["Concord", "Billerica"]], ["Ipswich River", ["Ipswich"]],
  ["Housatonic River", ["Pittsfield", "Lenox"]], ["Westfield River", ["Agawam"]], ["Shawsheen River", ["Billerica"]],
  ["Parker River", ["Newburyport"]], ["North River", ["Marshfield", "Scituate"]],
  ["Quinebaug River", ["Sturbridge", "Brimfield"]], ["French River", ["Webster", "Leicester"]],
];
// prettier-ignore
const HARBORS: readonly [string, string[]][] = [
  ["Boston Harbor", ["Boston", "Winthrop", "Quincy"]], ["New Bedford Harbor", ["New Bedford", "Fairhaven"]],
  ["Gloucester Harbor", ["Gloucester"]], ["Plymouth Harbor", ["Plymouth"]], ["Salem Harbor", ["Salem"]],
  ["Hyannis Harbor", ["Barnstable"]], ["Wellfleet Harbor", ["Wellfleet"]], ["Nantucket Harbor", ["Nantucket"]],
  ["Vineyard Haven Harbor", ["Tisbury"]], ["Edgartown Harbor", ["Edgartown"]],
];
const SPOTS = ["Bridge", "Landing", "Boat Ramp", "Outfall", "Footbridge", "Dam", "Park"];

interface Station {
  id: string;
  waterBody: string;
  type: "River" | "Harbor" | "Marine Beach" | "Freshwater Beach";
  code: string;
  bacterium: "E. coli" | "Enterococci";
  mu: number;
  yearRound: boolean;
  weekday: number;
}

export interface ExportTally {
  /** Distinct samples (Sample IDs) in the two files together, and in each. */
  samples: number;
  samplesPerFile: [number, number];
  rowsPerFile: [number, number];
  /** E. coli results above 235 MPN/100 mL in the union, by county, and in all. */
  ecoliOverLimitByCounty: Map<string, number>;
  ecoliOverLimit: number;
  ecoliOverLimitPerFile: [number, number];
}

function makeStations(rng: SeededRandom, beaches: readonly Beach[], count: number): Station[] {
  const stations: Station[] = [];
  const used = new Set<string>();
  for (let i = 0; stations.length < count && i < count * 20; i++) {
    const kind = rng.next();
    let waterBody: string;
    let type: Station["type"];
    let code: string;
    if (kind < 0.45) {
      const beach = rng.pick(beaches);
      waterBody = `${beach.name}, ${beach.community}`;
      type = beach.type === "Marine" ? "Marine Beach" : "Freshwater Beach";
      code = beach.code;
    } else {
      const harbor = kind > 0.85;
      const [body, towns] = rng.pick(harbor ? HARBORS : RIVERS);
      const town = townNamed(rng.pick(towns));
      waterBody = `${body} @ ${rng.pick(SPOTS)}, ${town.name}`;
      type = harbor ? "Harbor" : "River";
      code = town.code;
    }
    if (used.has(waterBody)) continue;
    used.add(waterBody);
    const fresh = type === "River" || type === "Freshwater Beach";
    stations.push({
      id: `MA-${type === "River" ? "RIV" : type === "Harbor" ? "HBR" : "BCH"}-${String(stations.length + 1).padStart(4, "0")}`,
      waterBody,
      type,
      code,
      bacterium: fresh ? "E. coli" : "Enterococci",
      mu: Math.log(fresh ? 60 : 20) + rng.normal(0, 0.5),
      yearRound: type === "River" || type === "Harbor",
      weekday: rng.int(1, 5),
    });
  }
  return stations;
}

interface ExportRow {
  sampleId: string;
  day: number;
  line: string;
  ecoliOver: boolean;
  code: string;
}

function exportRows(stations: readonly Station[], everyDays: number, rng: SeededRandom): ExportRow[] {
  const visits: { station: Station; day: number; minutes: number }[] = [];
  const first = dayNumber(EXPORT_YEAR, 1, 1);
  const last = dayNumber(EXPORT_YEAR, 12, 31);
  const seasonFrom = dayNumber(EXPORT_YEAR, 5, 27);
  const seasonTo = dayNumber(EXPORT_YEAR, 9, 7);
  for (const station of stations) {
    // 2019-01-01 was a Tuesday: shift to the station's weekday.
    for (let day = first + ((station.weekday - 2 + 7) % 7); day <= last; day += everyDays) {
      if (!station.yearRound && (day < seasonFrom || day > seasonTo)) continue;
      visits.push({ station, day, minutes: 6 * 60 + 30 + rng.int(0, 300) });
    }
  }
  visits.sort((a, b) => a.day - b.day || a.minutes - b.minutes || byText(a.station.id, b.station.id));
  const rows: ExportRow[] = [];
  visits.forEach((visit, n) => {
    const s = visit.station;
    const sampleId = `WQ19-${String(n + 1).padStart(6, "0")}`;
    const time = `${String(Math.floor(visit.minutes / 60)).padStart(2, "0")}:${String(visit.minutes % 60).padStart(2, "0")}`;
    const month = Math.floor((visit.day - first) / 30.5);
    const temp = (s.yearRound ? 3 + 21 * Math.sin((Math.PI * month) / 11) : 19) + rng.normal(0, 1.5);
    const raw = Math.exp(rng.normal(s.mu, 1.2));
    const [result, qualifier] = raw < 10 ? [10, "<"] : raw > 2420 ? [2420, ">"] : [Math.round(raw), ""];
    const base = [sampleId, s.id, s.waterBody, s.type, s.code, isoDate(visit.day), time];
    const params: [string, string, string, string][] = [
      [s.bacterium, String(result), "MPN/100 mL", qualifier],
      ["Water Temperature", Math.max(0.5, temp).toFixed(1), "deg C", ""],
      ["pH", (7.2 + rng.normal(0, 0.35)).toFixed(2), "SU", ""],
      ["Turbidity", Math.max(0.2, Math.exp(rng.normal(1, 0.6))).toFixed(1), "NTU", ""],
      ["Dissolved Oxygen", Math.max(2, 11 - 0.2 * temp + rng.normal(0, 0.8)).toFixed(1), "mg/L", ""],
    ];
    for (const [parameter, value, units, q] of params) {
      const line = csvLine([...base, parameter, value, units, q]);
      rows.push({
        sampleId,
        day: visit.day,
        line,
        code: s.code,
        ecoliOver: parameter === "E. coli" && result > ECOLI_LIMIT,
      });
    }
  });
  return rows;
}

export function writeExports(
  writer: LakeWriter,
  beaches: readonly Beach[],
  stationCount: number,
  everyDays: number,
  rng: SeededRandom,
): ExportTally {
  const stations = makeStations(rng.fork("stations"), beaches, stationCount);
  const rows = exportRows(stations, everyDays, rng.fork("rows"));
  const countyOf = new Map(TOWNS.map((t) => [t.code, t.county]));
  const tally: ExportTally = {
    samples: new Set(rows.map((r) => r.sampleId)).size,
    samplesPerFile: [0, 0],
    rowsPerFile: [0, 0],
    ecoliOverLimitByCounty: new Map(),
    ecoliOverLimit: 0,
    ecoliOverLimitPerFile: [0, 0],
  };
  for (const r of rows) {
    if (!r.ecoliOver) continue;
    tally.ecoliOverLimit++;
    const county = countyOf.get(r.code) ?? "?";
    tally.ecoliOverLimitByCounty.set(county, (tally.ecoliOverLimitByCounty.get(county) ?? 0) + 1);
  }
  [EXPORT_FIRST, EXPORT_SECOND].forEach((spec, i) => {
    const from = dayNumber(EXPORT_YEAR, spec.from[0], spec.from[1]);
    const to = dayNumber(EXPORT_YEAR, spec.to[0], spec.to[1]);
    const inRange = rows.filter((r) => r.day >= from && r.day <= to);
    writer.csv(spec.path, "overlapping export", (file) => {
      file.raw(EXPORT_HEADER.join(","));
      for (const r of inRange) {
        file.raw(r.line);
        file.dataRows++;
      }
    });
    tally.rowsPerFile[i] = inRange.length;
    tally.samplesPerFile[i] = new Set(inRange.map((r) => r.sampleId)).size;
    tally.ecoliOverLimitPerFile[i] = inRange.filter((r) => r.ecoliOver).length;
  });
  return tally;
}
