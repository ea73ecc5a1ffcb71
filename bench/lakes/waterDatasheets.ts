// Beach datasheets as volunteers keep them: a title row, a row naming the sampling points over pairs
// of columns (`,,,,North,,Middle,,South,`), then `Date,1-Day Rain,3-Day Rain,Tide,Tag,Enterococcus,…`.
// Dates are written `September 1, 2024`; `Tag` holds the detection-limit markers `<` and `>`. The two
// Joseph Sylvia State Beach sites (` - ` and ` @ `, different towns) are sampled on the same days.
import { dayNumber, longDate } from "./calendar.ts";
import type { LakeWriter } from "./lakeWriter.ts";
import { csvLine } from "./lakeWriter.ts";
import type { SeededRandom } from "./seededRandom.ts";
import { JSS_EDGARTOWN, JSS_OAK_BLUFFS } from "./waterBeaches.ts";

export const DATASHEET_YEAR = 2024;
export const LOWER_LIMIT = 10;
export const UPPER_LIMIT = 2420;

interface SiteSpec {
  file: string;
  name: string;
  town: string;
  points: string[];
  /** Sampling weekdays (0 = Sunday). */
  weekdays: [number, number];
  effect: number;
}

const NMS = ["North", "Middle", "South"];
// prettier-ignore
const SITES: readonly SiteSpec[] = [
  { file: "craigville-beach", name: "Craigville Beach", town: "Barnstable", points: NMS, weekdays: [1, 4], effect: 0.2 },
  { file: "joseph-sylvia-big-bridge-oak-bluffs", name: JSS_OAK_BLUFFS, town: "Oak Bluffs", points: NMS, weekdays: [1, 4], effect: 0.1 },
  { file: "joseph-sylvia-big-bridge-edgartown", name: JSS_EDGARTOWN, town: "Edgartown", points: NMS, weekdays: [1, 4], effect: 0.3 },
  { file: "old-silver-beach", name: "Old Silver Beach", town: "Falmouth", points: NMS, weekdays: [2, 5], effect: -0.1 },
  { file: "nantasket-beach", name: "Nantasket Beach", town: "Hull", points: ["Bathhouse", "Lifeguard Stand", "Jetty", "Boat Ramp"], weekdays: [2, 4], effect: 0.4 },
  { file: "wollaston-beach", name: "Wollaston Beach", town: "Quincy", points: NMS, weekdays: [1, 3], effect: 0.7 },
  { file: "horseneck-beach", name: "Horseneck Beach", town: "Westport", points: ["East", "West"], weekdays: [3, 5], effect: -0.3 },
  { file: "singing-beach", name: "Singing Beach", town: "Manchester-by-the-Sea", points: NMS, weekdays: [2, 5], effect: 0 },
];

export interface PointResult {
  tag: "" | "<" | ">";
  /** null: not sampled that day (both cells empty). */
  value: number | null;
}

export interface DatasheetRow {
  day: number;
  rain1: number;
  rain3: number;
  tide: string;
  points: PointResult[];
}

export interface Datasheet {
  path: string;
  name: string;
  town: string;
  points: string[];
  rows: DatasheetRow[];
}

export function datasheetPath(file: string): string {
  return `beach-datasheets/${file}-${DATASHEET_YEAR}.csv`;
}

/** Daily rain (hundredths of an inch) over the season, shared by all sites. */
function dailyRain(rng: SeededRandom, first: number, last: number): Map<number, number> {
  const rain = new Map<number, number>();
  for (let d = first - 3; d <= last; d++)
    rain.set(d, rng.chance(0.28) ? Math.round(Math.exp(rng.normal(-1.4, 1)) * 100) : 0);
  // Every season has its storm: a two-day nor'easter on the first weekend of August.
  rain.set(dayNumber(DATASHEET_YEAR, 8, 4), 145);
  rain.set(dayNumber(DATASHEET_YEAR, 8, 5), 120);
  return rain;
}

export function writeDatasheets(writer: LakeWriter, rng: SeededRandom): Datasheet[] {
  const first = dayNumber(DATASHEET_YEAR, 6, 3);
  const last = dayNumber(DATASHEET_YEAR, 9, 6);
  const rain = dailyRain(rng.fork("rain"), first, last);
  const sheets: Datasheet[] = [];
  for (const site of SITES) {
    const r = rng.fork(`datasheet-${site.file}`);
    const rows: DatasheetRow[] = [];
    for (let day = first; day <= last; day++) {
      const weekday = (((day + 4) % 7) + 7) % 7;
      if (!site.weekdays.includes(weekday)) continue;
      const rain1 = rain.get(day) ?? 0;
      const rain3 = rain1 + (rain.get(day - 1) ?? 0) + (rain.get(day - 2) ?? 0);
      const points = site.points.map((): PointResult => {
        if (r.chance(0.03)) return { tag: "", value: null };
        // Over two inches in three days, combined sewers overflow: counts jump.
        const overflow = rain3 >= 200 ? 3 : 0;
        const raw = Math.exp(r.normal(Math.log(18) + site.effect + 1.6 * (rain3 / 100) + overflow, 1.2));
        if (raw < LOWER_LIMIT) return { tag: "<", value: LOWER_LIMIT };
        if (raw > UPPER_LIMIT) return { tag: ">", value: UPPER_LIMIT };
        return { tag: "", value: Math.round(raw) };
      });
      rows.push({ day, rain1, rain3, tide: r.pick(["High", "Low", "Ebb", "Flood"]), points });
    }
    const path = datasheetPath(site.file);
    const width = 4 + 2 * site.points.length;
    const pad = (cells: string[]): string[] => [...cells, ...Array<string>(width - cells.length).fill("")];
    writer.csv(path, "datasheet with title and sampling-point rows", (file) => {
      file.raw(
        csvLine(
          pad([`${site.name}, ${site.town} — Enterococcus (MPN/100 mL), ${DATASHEET_YEAR} bathing season`]),
        ),
      );
      file.raw(pad(["", "", "", "", ...site.points.flatMap((p) => [p, ""])]).join(","));
      file.raw(
        [
          "Date",
          "1-Day Rain",
          "3-Day Rain",
          "Tide",
          ...site.points.flatMap(() => ["Tag", "Enterococcus"]),
        ].join(","),
      );
      for (const row of rows)
        file.row([
          longDate(row.day),
          (row.rain1 / 100).toFixed(2),
          (row.rain3 / 100).toFixed(2),
          row.tide,
          ...row.points.flatMap((p) => [p.tag, p.value === null ? "" : String(p.value)]),
        ]);
    });
    sheets.push({ path, name: site.name, town: site.town, points: site.points, rows });
  }
  return sheets;
}
