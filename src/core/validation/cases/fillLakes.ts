import { csv } from "./csvText.ts";
import type { LakeFiles } from "./silentCase.ts";

/**
 * Issue 25's silent misses of fills, gaps and carried fan-out, each with its quiet twin: a fill
 * value aggregated as data (fill-value) beside a true maximum that repeats; lag() across a missing
 * month (series-gap) beside a complete series; a station listed twice by one Query and averaged in
 * the next (join-fanout) beside distinct keys.
 */

export const hours = Array.from({ length: 36 }, (_, h) => h);
export const density = (fill: string | undefined) =>
  csv(
    "hour,density,cover",
    ...hours.map(
      (h) =>
        `${h},${fill !== undefined && h % 12 === 5 ? fill : `${(2 + ((h * 37) % 17) / 10).toFixed(2)}e-12`},${h % 6 === 0 ? 100 : (h * 13) % 90}`,
    ),
  );
export const monthly = (skip: string | undefined) => {
  const rows: string[] = [];
  for (let y = 2023; y <= 2025; y++)
    for (let m = 1; m <= 12; m++) {
      const mo = `${y}-${String(m).padStart(2, "0")}`;
      if (mo !== skip) rows.push(`${mo}-01,${(300 + (y - 2023) * 5 + m * 0.4).toFixed(2)}`);
    }
  return csv("Date,CPI", ...rows);
};
export const stations = (networks: string[]): LakeFiles => ({
  "stations.csv": csv("station,name,elev", "A,Alpha,100", "B,Bravo,200", "C,Charlie,300", "D,Delta,400"),
  "networks.csv": csv("station,network", ...networks),
});

/** Daily temperatures of two stations, one of them writing -9999 on the days it did not report. */
export const temps = (fill: boolean) =>
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
export const regional = (skip: string | undefined) => {
  const rows: string[] = [];
  for (const region of ["north", "south"])
    for (let m = 1; m <= 12; m++) {
      const mo = `2024-${String(m).padStart(2, "0")}-01`;
      if (!(region === "north" && mo === skip))
        rows.push(`${region},${mo},${1000 + m * 15 + (region === "north" ? 7 : 0)}`);
    }
  return csv("region,month,sales", ...rows);
};
