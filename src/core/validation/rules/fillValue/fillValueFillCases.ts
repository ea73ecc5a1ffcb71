import type { SilentCase } from "../../cases/silentCase.ts";
import { scan, query } from "../../cases/caseCalls.ts";
import { density, temps } from "../../cases/fillLakes.ts";

/** The fill-value cases of `fill-value` (their lakes, shared with other codes' cases, are in src/core/validation/cases/fillLakes.ts). */
export const fillValueFillCases: SilentCase[] = [
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
];
