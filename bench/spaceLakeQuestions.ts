// Questions about days and ranges of days on the generated space-weather lake
// (generateSpaceLake.ts, ~1,475 files), for `npm run eval:discover`. A question's gold files are the
// members whose rows hold one of its days, from what the generator writes: a Sat_Density file holds
// the 3 days from the first date of its name, an OMNI2 file 4 days (96 hourly rows) of its 60-day
// window, a daily forecast its day, a GOES file its month. The long OMNI2 CSV, whose rows start in
// 1963, holds none of the days asked.
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";

export interface SpaceTask {
  id: string;
  query: string;
  data_sources: string[];
}

const DAY = 86_400_000;

function listFiles(dir: string, root = dir): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(path, root));
    else out.push(relative(root, path).split("\\").join("/"));
  }
  return out;
}

function isoOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The first and last day a file's rows hold, by what the generator writes; undefined for other files. */
function rowDays(path: string): { family: string; from: string; to: string } | undefined {
  let m = /Sat_Density\/(champ|swarma)-wu\d+-(\d{4})(\d{2})(\d{2})_to_/.exec(path);
  if (m) {
    const from = Date.UTC(Number(m[2]), Number(m[3]) - 1, Number(m[4]));
    return { family: m[1] ?? "", from: isoOf(from), to: isoOf(from + 2 * DAY) };
  }
  m = /OMNI2\/omni2-wu\d+-(\d{4})(\d{2})(\d{2})_to_/.exec(path);
  if (m) {
    const from = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    return { family: "omni2", from: isoOf(from), to: isoOf(from + 3 * DAY) };
  }
  m = /forecasts\/daily\/(\d{4}-\d{2}-\d{2})\.csv$/.exec(path);
  if (m) return { family: "forecast", from: m[1] ?? "", to: m[1] ?? "" };
  m = /GOES\/goes_(\d{4})_(\d{2})\.csv$/.exec(path);
  if (m) {
    const [y, mo] = [Number(m[1]), Number(m[2])];
    return { family: "goes", from: isoOf(Date.UTC(y, mo - 1, 1)), to: isoOf(Date.UTC(y, mo, 0)) };
  }
  return undefined;
}

/** The questions, with gold files read from the lake folder as written. */
export function spaceLakeTasks(lakeDir: string): SpaceTask[] {
  const dated = listFiles(lakeDir).flatMap((path) => {
    const days = rowDays(path);
    return days ? [{ path, ...days }] : [];
  });
  const between = (family: string, from: string, to: string): string[] =>
    dated.filter((f) => f.family === family && f.from <= to && from <= f.to).map((f) => f.path);
  const task = (id: string, query: string, ...gold: string[][]): SpaceTask => ({
    id,
    query,
    data_sources: gold.flat(),
  });
  return [
    task(
      "swarma-oct-4-7",
      "What was the mean orbit mean density of Swarm A between October 4 and 7, 2018?",
      between("swarma", "2018-10-04", "2018-10-07"),
    ),
    task(
      "swarma-oct-10",
      "What was the orbit mean density of swarma on 2018-10-10?",
      between("swarma", "2018-10-10", "2018-10-10"),
    ),
    task(
      "swarma-range-iso",
      "Plot the Swarm A orbit mean density from 2018-11-01 to 2018-11-20.",
      between("swarma", "2018-11-01", "2018-11-20"),
    ),
    task(
      "champ-month",
      "How did CHAMP orbit mean density change during December 2014?",
      between("champ", "2014-12-01", "2014-12-31"),
    ),
    task(
      "omni-kp-range",
      "What was the maximum Kp index in the OMNI2 data between March 1 and March 10, 2015?",
      between("omni2", "2015-03-01", "2015-03-10"),
    ),
    task(
      "omni-speed-day",
      "What was the average solar wind plasma speed in OMNI2 on 2016-07-14?",
      between("omni2", "2016-07-14", "2016-07-14"),
    ),
    task(
      "omni-dst-iso-range",
      "List the OMNI2 Dst index values between 2014-01-01 and 2014-01-05.",
      between("omni2", "2014-01-01", "2014-01-05"),
    ),
    task(
      "forecast-day",
      "Which hour had the highest forecast density on 2019-03-10?",
      between("forecast", "2019-03-10", "2019-03-10"),
    ),
    task(
      "forecast-range",
      "Compare the density forecasts from 2019-03-05 through 2019-03-09.",
      between("forecast", "2019-03-05", "2019-03-09"),
    ),
    task(
      "goes-months",
      "What was the peak GOES X-ray flux between March and June 2018?",
      between("goes", "2018-03-01", "2018-06-30"),
    ),
    task(
      "goes-quarter",
      "What was the mean xrsb flux of GOES in Q3 2017?",
      between("goes", "2017-07-01", "2017-09-30"),
    ),
  ];
}
