// A small generated lake for `npm run eval:discover` whose families are named by dates, in each of
// the shapes issue 27 lists: `YYYYMMDD`, `YYYY-MM-DD`, `YYYYMMDD_to_YYYYMMDD` windows, `YYYY_MM`
// months, day-of-year (`sst_2019_045.csv`, `A2019045.csv`) and month-day with the year in the folder
// (`buoys/2019/0309.csv`), beside undated files. The questions ask about days and ranges of days; a
// question's gold files are the members whose rows hold one of its days (computed here from what
// was written, not from the names). Deterministic: the same bytes on every run.

export interface DatedTask {
  id: string;
  query: string;
  data_sources: string[];
}

export interface DatedLakeSpec {
  name: string;
  files: Map<string, string>;
  tasks: DatedTask[];
}

const DAY = 86_400_000;

function iso(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

/** A member and the days its rows hold (first and last, inclusive). */
interface Member {
  path: string;
  from: string;
  to: string;
}

/** Hourly rows from `fromMs` for `days` days: the time and the columns' values. */
function hourly(fromMs: number, days: number, columns: string[], seed: number): string {
  let x = seed;
  const next = (): number => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
  const lines = [["time", ...columns].join(",")];
  for (let t = fromMs; t < fromMs + days * DAY; t += 6 * 3_600_000)
    lines.push(
      [
        new Date(t).toISOString().slice(0, 16).replace("T", " "),
        ...columns.map(() => (next() * 100).toFixed(2)),
      ].join(","),
    );
  return `${lines.join("\n")}\n`;
}

export function datedLake(): DatedLakeSpec {
  const files = new Map<string, string>();
  const families: Record<string, Member[]> = {};
  const add = (family: string, path: string, fromMs: number, days: number, columns: string[]): void => {
    files.set(path, hourly(fromMs, days, columns, files.size + 1));
    (families[family] ??= []).push({ path, from: iso(fromMs), to: iso(fromMs + (days - 1) * DAY) });
  };
  // YYYYMMDD: daily tide gauge files.
  for (let d = 0; d < 40; d++) {
    const t = Date.UTC(2019, 1, 20) + d * DAY;
    add("tide", `tide/tide_gauge_${iso(t).replaceAll("-", "")}.csv`, t, 1, ["water_level_m", "surge_m"]);
  }
  // YYYY-MM-DD: daily weather station files.
  for (let d = 0; d < 40; d++) {
    const t = Date.UTC(2019, 1, 20) + d * DAY;
    add("weather", `weather/${iso(t)}.csv`, t, 1, ["air_temperature_c", "wind_speed_ms", "pressure_hpa"]);
  }
  // YYYYMMDD_to_YYYYMMDD: weekly campaign windows, the end day written as the next window's first.
  for (let w = 0; w < 12; w++) {
    const t = Date.UTC(2019, 0, 7) + w * 7 * DAY;
    const name = `${iso(t).replaceAll("-", "")}_to_${iso(t + 7 * DAY).replaceAll("-", "")}`;
    add("campaign", `campaign/aerosol_campaign_${name}.csv`, t, 7, ["aerosol_optical_depth", "pm25_ugm3"]);
  }
  // YYYY_MM: monthly electricity use.
  for (let m = 0; m < 18; m++) {
    const t = Date.UTC(2018, m, 1);
    const days = (Date.UTC(2018, m + 1, 1) - t) / DAY;
    const d = new Date(t);
    add("energy", `energy/grid_load_${d.getUTCFullYear()}_${pad(d.getUTCMonth() + 1)}.csv`, t, days, [
      "grid_load_mw",
      "peak_demand_mw",
    ]);
  }
  // Day of year, two ways: `sst_2019_045.csv` (every other day) and `A2019045.chlorophyll.csv`.
  for (let k = 0; k < 30; k++) {
    const doy = 1 + 2 * k;
    const t = Date.UTC(2019, 0, doy);
    add("sst", `sst/sst_2019_${pad(doy, 3)}.csv`, t, 1, ["sea_surface_temperature_c"]);
  }
  for (let k = 0; k < 25; k++) {
    const doy = 30 + 3 * k;
    const t = Date.UTC(2020, 0, doy);
    add("chlorophyll", `ocean_color/A2020${pad(doy, 3)}.chlorophyll.csv`, t, 1, ["chlorophyll_a_mgm3"]);
  }
  // Month and day, the year in the folder: `buoys/2019/0309.csv`, `buoys/2020/0301.csv`.
  for (const year of [2019, 2020])
    for (let d = 0; d < 20; d++) {
      const t = Date.UTC(year, 2, 1) + d * DAY;
      const date = new Date(t);
      add("buoys", `buoys/${year}/${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}.csv`, t, 1, [
        "wave_height_m",
        "wave_period_s",
      ]);
    }
  // Undated files beside them.
  files.set(
    "stations.csv",
    "station_id,name,latitude,longitude\nTG01,Harbour Gauge,52.1,4.2\nWS02,Airport,52.3,4.8\n",
  );
  files.set(
    "README.md",
    "# Coastal observations\n\nTide, weather, buoys, sea surface temperature and grid load.\n",
  );

  const between = (family: string, from: string, to: string): string[] =>
    (families[family] ?? []).filter((m) => m.from <= to && from <= m.to).map((m) => m.path);
  const task = (id: string, query: string, ...gold: string[][]): DatedTask => ({
    id,
    query,
    data_sources: gold.flat(),
  });
  const tasks: DatedTask[] = [
    task(
      "tide-range",
      "What was the highest tide gauge water level between March 3 and March 9, 2019?",
      between("tide", "2019-03-03", "2019-03-09"),
    ),
    task(
      "tide-day",
      "What was the mean storm surge on 2019-03-10?",
      between("tide", "2019-03-10", "2019-03-10"),
    ),
    task(
      "weather-range",
      "What was the average air temperature from 2019-02-25 to 2019-03-02?",
      between("weather", "2019-02-25", "2019-03-02"),
    ),
    task(
      "weather-days",
      "Compare the wind speed on 1 March 2019 and on 15 March 2019.",
      between("weather", "2019-03-01", "2019-03-01"),
      between("weather", "2019-03-15", "2019-03-15"),
    ),
    task(
      "campaign-range",
      "What was the mean aerosol optical depth between 2019-02-01 and 2019-02-10?",
      between("campaign", "2019-02-01", "2019-02-10"),
    ),
    task(
      "campaign-month",
      "How did PM2.5 change during March 2019 in the aerosol campaign?",
      between("campaign", "2019-03-01", "2019-03-31"),
    ),
    task(
      "energy-range",
      "What was the peak grid demand between March and June 2018?",
      between("energy", "2018-03-01", "2018-06-30"),
    ),
    task(
      "energy-quarter",
      "What was the total grid load in Q1 2019?",
      between("energy", "2019-01-01", "2019-03-31"),
    ),
    task(
      "sst-range",
      "What was the mean sea surface temperature between January 10 and January 20, 2019?",
      between("sst", "2019-01-10", "2019-01-20"),
    ),
    task(
      "sst-day",
      "What was the sea surface temperature on 2019-02-14?",
      between("sst", "2019-02-14", "2019-02-14"),
    ),
    task(
      "chlorophyll-range",
      "How did chlorophyll-a concentration change from 2020-02-01 to 2020-02-20?",
      between("chlorophyll", "2020-02-01", "2020-02-20"),
    ),
    task(
      "buoys-range",
      "What was the largest wave height from March 5 to March 9, 2020?",
      between("buoys", "2020-03-05", "2020-03-09"),
    ),
    task(
      "buoys-day",
      "What was the mean wave period on 2019-03-12?",
      between("buoys", "2019-03-12", "2019-03-12"),
    ),
  ];
  return { name: "discover-dated", files, tasks };
}
