import type { SilentCase } from "../../cases/silentCase.ts";
import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scan, query } from "../../cases/caseCalls.ts";
import { density, temps } from "../../cases/fillLakes.ts";

const { flagged, clean } = silentCasesOf("fill-value");

/** The fill-value cases of `fill-value` (their lakes, shared with other codes' cases, are in src/core/validation/cases/fillLakes.ts). */
export const fillValueFillCases: SilentCase[] = [
  flagged(
    "daily temperatures: avg per station over -9999 written for days not reported",
    { "weather/daily.csv": temps(true) },
    [
      scan("weather/daily.csv", "daily"),
      query("SELECT station, avg(temp_c) AS mean_temp FROM daily GROUP BY station", ["daily"]),
    ],
  ),
  flagged(
    "issue 25: max(density) over 9.99e+32 'no data' fills",
    { "swarm/density.csv": density("9.99e+32") },
    [scan("swarm/density.csv", "density"), query("SELECT max(density) AS peak FROM density", ["density"])],
  ),
  clean(
    "issue 25: a percentage whose true maximum 100 repeats is data",
    { "swarm/density.csv": density(undefined) },
    [
      scan("swarm/density.csv", "density"),
      query("SELECT max(cover) AS top, avg(cover) AS mean, max(density) AS peak FROM density", ["density"]),
    ],
  ),
];
