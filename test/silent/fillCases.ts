import type { OperatorCall } from "../../src/core/runtime.ts";
import type { SilentCase } from "./silentCase.ts";

/**
 * Issue 25's silent misses of fills, gaps and carried fan-out, each with its quiet twin: a fill
 * value aggregated as data (fill-value) beside a true maximum that repeats; lag() across a missing
 * month (series-gap) beside a complete series; a station listed twice by one Query and averaged in
 * the next (join-fanout) beside distinct keys.
 */

const scan = (file: string, output: string): OperatorCall => ({ op: "Scan", file, output });
const query = (sql: string, inputs: string[], output = "answer"): OperatorCall => ({
  op: "Query",
  sql,
  inputs,
  output,
});
const csv = (...lines: string[]): string => `${lines.join("\n")}\n`;

const hours = Array.from({ length: 36 }, (_, h) => h);
const density = (fill: string | undefined) =>
  csv(
    "hour,density,cover",
    ...hours.map(
      (h) =>
        `${h},${fill !== undefined && h % 12 === 5 ? fill : `${(2 + ((h * 37) % 17) / 10).toFixed(2)}e-12`},${h % 6 === 0 ? 100 : (h * 13) % 90}`,
    ),
  );
const monthly = (skip: string | undefined) => {
  const rows: string[] = [];
  for (let y = 2023; y <= 2025; y++)
    for (let m = 1; m <= 12; m++) {
      const mo = `${y}-${String(m).padStart(2, "0")}`;
      if (mo !== skip) rows.push(`${mo}-01,${(300 + (y - 2023) * 5 + m * 0.4).toFixed(2)}`);
    }
  return csv("Date,CPI", ...rows);
};
const stations = (networks: string[]) => ({
  files: {
    "stations.csv": csv("station,name,elev", "A,Alpha,100", "B,Bravo,200", "C,Charlie,300", "D,Delta,400"),
    "networks.csv": csv("station,network", ...networks),
  },
});

/** Daily temperatures of two stations, one of them writing -9999 on the days it did not report. */
const temps = (fill: boolean) =>
  csv(
    "date,station,temp_c",
    ...Array.from({ length: 40 }, (_, d) => {
      const day = `2024-03-${String((d % 20) + 1).padStart(2, "0")}`;
      const station = d < 20 ? "KSEA" : "KPDX";
      const missing = fill && station === "KPDX" && d % 7 === 3;
      return `${day},${station},${missing ? "-9999" : (8 + ((d * 7) % 11) / 2).toFixed(1)}`;
    }),
  );
/** Monthly sales of two regions; `skip` leaves one month of the north out. */
const regional = (skip: string | undefined) => {
  const rows: string[] = [];
  for (const region of ["north", "south"])
    for (let m = 1; m <= 12; m++) {
      const mo = `2024-${String(m).padStart(2, "0")}-01`;
      if (!(region === "north" && mo === skip))
        rows.push(`${region},${mo},${1000 + m * 15 + (region === "north" ? 7 : 0)}`);
    }
  return csv("region,month,sales", ...rows);
};

export const fillCases: SilentCase[] = [
  {
    code: "fill-value",
    name: "daily temperatures: avg per station over -9999 written for days not reported",
    expect: "flagged",
    lake: { files: { "weather/daily.csv": temps(true) } },
    calls: [
      scan("weather/daily.csv", "daily"),
      query("SELECT station, avg(temp_c) AS mean_temp FROM daily GROUP BY station", ["daily"]),
    ],
  },
  {
    code: "series-gap",
    name: "month-on-month change per region by lag(), one region missing a month",
    expect: "flagged",
    lake: { files: { "sales.csv": regional("2024-06-01") } },
    calls: [
      scan("sales.csv", "sales"),
      query(
        "SELECT region, month, sales - lag(sales) OVER (PARTITION BY region ORDER BY month) AS change FROM sales",
        ["sales"],
      ),
    ],
  },
  {
    code: "fill-value",
    name: "issue 25: max(density) over 9.99e+32 'no data' fills",
    expect: "flagged",
    lake: { files: { "swarm/density.csv": density("9.99e+32") } },
    calls: [
      scan("swarm/density.csv", "density"),
      query("SELECT max(density) AS peak FROM density", ["density"]),
    ],
  },
  {
    code: "fill-value",
    name: "issue 25: a percentage whose true maximum 100 repeats is data",
    expect: "clean",
    lake: { files: { "swarm/density.csv": density(undefined) } },
    calls: [
      scan("swarm/density.csv", "density"),
      query("SELECT max(cover) AS top, avg(cover) AS mean, max(density) AS peak FROM density", ["density"]),
    ],
  },
  {
    code: "series-gap",
    name: "issue 25 (EE-us-05): a monthly change by lag() across a missing month",
    expect: "flagged",
    lake: { files: { "cpi.csv": monthly("2025-10") } },
    calls: [
      scan("cpi.csv", "cpi"),
      query("SELECT Date, CPI - lag(CPI) OVER (ORDER BY Date) AS change FROM cpi", ["cpi"]),
    ],
  },
  {
    code: "series-gap",
    name: "issue 25: a monthly change by lag() over a complete series",
    expect: "clean",
    lake: { files: { "cpi.csv": monthly(undefined) } },
    calls: [
      scan("cpi.csv", "cpi"),
      query("SELECT Date, CPI - lag(CPI) OVER (ORDER BY Date) AS change FROM cpi", ["cpi"]),
    ],
  },
  {
    code: "join-fanout",
    name: "issue 25: a station listed twice by one Query, averaged in the next",
    expect: "flagged",
    lake: stations(["A,north", "B,north", "C,north", "C,coast", "D,south"]),
    calls: [
      scan("stations.csv", "stations"),
      scan("networks.csv", "networks"),
      query(
        "SELECT s.station, s.elev, n.network FROM stations s JOIN networks n ON s.station = n.station",
        ["stations", "networks"],
        "listed",
      ),
      query("SELECT avg(elev) AS mean_elev FROM listed", ["listed"]),
    ],
  },
  {
    code: "join-fanout",
    name: "issue 25: each station listed once by one Query, averaged in the next",
    expect: "clean",
    lake: stations(["A,north", "B,north", "C,coast", "D,south"]),
    calls: [
      scan("stations.csv", "stations"),
      scan("networks.csv", "networks"),
      query(
        "SELECT s.station, s.elev, n.network FROM stations s JOIN networks n ON s.station = n.station",
        ["stations", "networks"],
        "listed",
      ),
      query("SELECT avg(elev) AS mean_elev FROM listed", ["listed"]),
    ],
  },
];
