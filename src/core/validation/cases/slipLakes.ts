import { csv } from "./csvText.ts";

/**
 * Long-format series tables (an entity column, a year or date column, one measure), the layout of
 * open-data exports, for scale-slip: a value written with its decimal point slipped (issue 25,
 * EO-food-07: a region's 2016 value 61 between 6.2 and 6.1), and the real jumps beside it that are
 * no slip — a level change that stays, growth through intermediate values, a spiky series, a
 * signed quantity, small counts, a value at a series' end.
 */

const YEARS = [2000, 2005, 2010, 2012, 2014, 2015, 2016, 2017];

/** Hospital admissions per 1,000 residents by district; `slip` writes one value with its decimal point moved. */
export const admissions = (slip: "none" | "inside" | "end") => {
  const districts: [string, number[]][] = [
    ["Harbour District", [24.1, 22.8, 21.5, 20.9, 20.2, 20.6, 21.4, 21.9]],
    ["Hill Country", [11.9, 9.3, 7.1, 6.6, 6.2, 6.0, 6.3, 6.1]],
    ["Lake Shore", [15.2, 12.6, 10.8, 10.5, 10.7, 11.6, 12.9, 14.8]],
    ["River Valley", [8.4, 8.1, 7.4, 7.2, 6.9, 6.7, 6.4, 6.3]],
    ["Coastal Plain", [31.0, 29.4, 27.7, 26.1, 24.4, 24.9, 25.8, 26.2]],
    ["Northern Forest", [5.3, 5.5, 5.2, 5.4, 5.9, 6.2, 6.6, 7.0]],
  ];
  const rows = districts.flatMap(([name, values]) =>
    values.map((v, i) => {
      const year = YEARS[i]!;
      const slipped =
        name === "Hill Country" &&
        ((slip === "inside" && year === 2016) || (slip === "end" && year === 2017));
      return `${name},${year},${slipped ? String(Math.round(v * 10)) : String(v)}`;
    }),
  );
  return csv("District,Year,Admissions per 1000", ...rows);
};

/** Monthly PM2.5 (µg/m³) of three stations; `slip` writes one month's value ten times too small. */
export const pm25 = (slip: boolean) => {
  const rows: string[] = [];
  const stations: [string, number][] = [
    ["Central", 14.2],
    ["Airport", 9.6],
    ["Harbour", 11.8],
  ];
  for (const [station, base] of stations)
    for (let m = 1; m <= 12; m++) {
      const value = base + ((m * 7) % 5) * 0.3;
      const shown = slip && station === "Airport" && m === 7 ? value / 10 : value;
      rows.push(`2023-${String(m).padStart(2, "0")}-01,${station},${shown.toFixed(2)}`);
    }
  return csv("month,station,pm25", ...rows);
};

/** Series whose jumps are real: a level that changes and stays, outbreak years, small counts. */
export const realJumps = (kind: "level" | "outbreaks" | "counts") =>
  csv(
    "Series,Year,Value",
    ...(kind === "level"
      ? // A reclassification: the level changes tenfold and stays there.
        [5.1, 5.0, 5.2, 51, 52, 50.5].map((v, i) => `Reclassified,${2010 + i},${v}`)
      : kind === "outbreaks"
        ? // Outbreak counts: one year about tenfold, beside other jumps of other sizes.
          [120, 118, 1190, 121, 125, 610, 119, 117, 355, 122].map((v, i) => `Outbreaks,${2010 + i},${v}`)
        : // Small counts: 2 → 20 → 2 happens.
          [2, 2, 20, 2, 3, 3, 30, 3].map((v, i) => `Rare events,${2010 + i},${v}`)),
    ...[40.2, 41.5, 40.9, 42.3, 41.8, 43.0].map((v, i) => `Steady,${2010 + i},${v}`),
  );

/**
 * A central bank's daily rate of one currency quoted per 1 unit and per 10 in turn (BNB's Turkish
 * lira, 2008–10, held-out HR): runs at each level, and a one-day switch among them that looks like
 * a slip by its neighbours alone. `slip`: the same series quoted per 1 throughout, one value
 * written tenfold.
 */
export const quoteUnits = (slip: boolean) => {
  const per10 = (i: number): boolean => !slip && ((i >= 12 && i < 20) || i === 27 || (i >= 33 && i < 40));
  const rows = Array.from({ length: 45 }, (_, i) => {
    const rate = 1 + ((i * 7) % 5) * 0.004;
    const shown = per10(i) || (slip && i === 27) ? rate * 10 : rate;
    const day = new Date(Date.UTC(2008, 2, 3 + i)).toISOString().slice(0, 10);
    return `${day},TRY,${shown.toFixed(5)}`;
  });
  return csv("date,isoCode,rate", ...rows);
};

/** Temperature anomalies (°C): a signed quantity, where 0.31 → 3.1 is a real change, not a slip. */
export const anomalies = () =>
  csv(
    "Region,Year,Anomaly",
    ...[-0.12, 0.05, 0.31, 3.1, 0.3, 0.28, 0.44].map((v, i) => `Arctic belt,${2015 + i},${v}`),
    ...[-0.4, -0.2, 0.1, 0.12, 0.15, 0.2, 0.22].map((v, i) => `Tropics,${2015 + i},${v}`),
  );

/** Enterococcus counts (MPN/100 mL) at one beach: a 254 between 27 and 32 is an exceedance, and a whole number read back would be 25.4. */
export const bacteria = () =>
  csv(
    "Date,Tide,Enterococcus",
    ...[31, 28, 35, 27, 254, 32, 30, 29, 33].map(
      (v, i) => `2024-06-${String(3 + i * 3).padStart(2, "0")},High,${v}`,
    ),
  );
