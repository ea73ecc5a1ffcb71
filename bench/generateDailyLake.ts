// Generates the editor's large lake (issue 27): 1,500 files, of which 1,400 daily CSVs of one layout
// in dated folders (`observations/2019/03/04.csv`: hourly weather of a station network, one file a
// day from 2019-01-01 but one, the row count varying with the stations that reported), beside a few dozen
// other files — monthly summaries (a family of its own), station sheets (JSON), notes and a station
// list. Used by the large-lake e2e scenario (test/e2e/largeLakeScenario.ts), its bench
// (`npm run bench:sources`) and the integration tests of UnionScan and family printing at scale.
// Deterministic: a fixed seed, so two runs write the same bytes.
//
// A finished lake carries `.generated.json` (what was written, with the rows of each family); a
// later call with the same options reuses it. A `.gitignore` in the lake hides the marker (and
// itself) from the crawler.
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { SeededRandom } from "./lakes/seededRandom.ts";

/** Bumped whenever what is generated changes, so older lakes are regenerated. */
const GENERATOR_VERSION = 3;
export const DAILY_MARKER = ".generated.json";
/** The daily family's folder; members are `observations/YYYY/MM/DD.csv`. */
export const DAILY_FOLDER = "observations";

export interface DailyLakeOptions {
  /** Daily members (default 1,400). */
  days?: number;
  /** Other files beside them (default 100: 1,500 files in all). */
  others?: number;
}

export interface DailyLakeMarker {
  version: number;
  options: Required<DailyLakeOptions>;
  files: number;
  bytes: number;
  /** The daily members, in date order. */
  dailyMembers: string[];
  /** Data rows written across the daily members (what a union of them must count). */
  dailyRows: number;
  firstDay: string;
  lastDay: string;
  /** Days inside the range without a file (the network was down): the family's gaps. */
  missingDays: string[];
  generateMs: number;
}

const DAY_MS = 86_400_000;
/** One day of the series has no file (its index from the first day). */
const MISSING_DAY = 500;
const STATIONS = ["ST01", "ST02", "ST03", "ST04", "ST05"];
export const DAILY_COLUMNS = [
  "time",
  "station",
  "air_temperature_c",
  "relative_humidity_pct",
  "wind_speed_ms",
];

export async function generateDailyLake(
  dir: string,
  options: DailyLakeOptions = {},
): Promise<DailyLakeMarker> {
  const opts: Required<DailyLakeOptions> = { days: options.days ?? 1400, others: options.others ?? 100 };
  const markerPath = join(dir, DAILY_MARKER);
  if (existsSync(markerPath)) {
    const marker = JSON.parse(await readFile(markerPath, "utf8")) as DailyLakeMarker;
    if (marker.version === GENERATOR_VERSION && JSON.stringify(marker.options) === JSON.stringify(opts))
      return marker;
  }
  const started = performance.now();
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const rng = new SeededRandom(1400);
  const rand = (): number => rng.next();
  let files = 0;
  let bytes = 0;
  const put = async (rel: string, text: string): Promise<void> => {
    await mkdir(dirname(join(dir, rel)), { recursive: true });
    await writeFile(join(dir, rel), text);
    files++;
    bytes += Buffer.byteLength(text);
  };

  // The daily family: every 3 hours, each station that reported (most do; some are down a while).
  const dailyMembers: string[] = [];
  const missingDays: string[] = [];
  let dailyRows = 0;
  const first = Date.UTC(2019, 0, 1);
  let last = first;
  for (let d = 0; dailyMembers.length < opts.days; d++) {
    const day = first + d * DAY_MS;
    const iso = new Date(day).toISOString().slice(0, 10);
    if (d === MISSING_DAY) {
      missingDays.push(iso);
      continue;
    }
    last = day;
    const lines = [DAILY_COLUMNS.join(",")];
    for (let h = 0; h < 24; h += 3)
      for (const station of STATIONS) {
        if (rand() < 0.08) continue;
        const temp = 10 + 12 * Math.sin((2 * Math.PI * d) / 365.25) + rand() * 6 - 3;
        lines.push(
          `${iso} ${String(h).padStart(2, "0")}:00,${station},${temp.toFixed(1)},${(40 + rand() * 55).toFixed(0)},${(rand() * 14).toFixed(1)}`,
        );
      }
    dailyRows += lines.length - 1;
    const path = `${DAILY_FOLDER}/${iso.slice(0, 4)}/${iso.slice(5, 7)}/${iso.slice(8, 10)}.csv`;
    dailyMembers.push(path);
    await put(path, `${lines.join("\n")}\n`);
  }

  // The others: monthly summaries (a family), station sheets, notes, a station list, a readme.
  let others = 0;
  const room = (): boolean => others < opts.others;
  for (let m = 0; m < 48 && room(); m++, others++) {
    const month = new Date(Date.UTC(2019, m, 1)).toISOString().slice(0, 7);
    const lines = ["station,mean_air_temperature_c,max_wind_speed_ms,days_reported"];
    for (const station of STATIONS)
      lines.push(
        `${station},${(8 + rand() * 10).toFixed(2)},${(10 + rand() * 8).toFixed(1)},${25 + Math.floor(rand() * 6)}`,
      );
    await put(`summaries/monthly_${month.replace("-", "_")}.csv`, `${lines.join("\n")}\n`);
  }
  for (let s = 0; s < 30 && room(); s++, others++) {
    const id = `station_${String(s + 1).padStart(2, "0")}`;
    await put(
      `stations/${id}.json`,
      `${JSON.stringify({ id, latitude: +(50 + rand() * 3).toFixed(4), longitude: +(3 + rand() * 4).toFixed(4), elevation_m: Math.round(rand() * 300), sensors: ["temperature", "humidity", "wind"] }, null, 1)}\n`,
    );
  }
  for (let n = 0; room() && others < opts.others - 2; n++, others++)
    await put(
      `notes/maintenance_${String(n + 1).padStart(2, "0")}.txt`,
      `Visit ${n + 1}: sensors cleaned.\n`,
    );
  if (room()) {
    await put(
      "stations.csv",
      `station,name,opened\n${STATIONS.map((s, i) => `${s},Site ${i + 1},${2010 + i}-04-01`).join("\n")}\n`,
    );
    others++;
  }
  if (room()) {
    await put(
      "README.md",
      "# Station network\n\nDaily observations every three hours in `observations/YYYY/MM/DD.csv`; monthly summaries; station sheets.\n",
    );
    others++;
  }

  const marker: DailyLakeMarker = {
    version: GENERATOR_VERSION,
    options: opts,
    files,
    bytes,
    dailyMembers,
    dailyRows,
    firstDay: new Date(first).toISOString().slice(0, 10),
    lastDay: new Date(last).toISOString().slice(0, 10),
    missingDays,
    generateMs: Math.round(performance.now() - started),
  };
  await writeFile(join(dir, ".gitignore"), `${DAILY_MARKER}\n.gitignore\n`);
  await writeFile(markerPath, `${JSON.stringify(marker)}\n`);
  return marker;
}
