// Monthly precipitation per weather station (`Year,Jan,…,Dec`, inches), 1995–2024, ending with rows
// labelled `Mean`, `Max` and `Min` in the `Year` column — as climate summaries are published. The
// `Year` column is therefore text. Worcester has months written `M` (missing), as NOAA writes them.
import { MONTH_ABBREVIATIONS } from "./calendar.ts";
import type { LakeWriter } from "./lakeWriter.ts";
import type { SeededRandom } from "./seededRandom.ts";
import { PRECIP_STATIONS } from "./waterPlaces.ts";

export const PRECIP_FIRST_YEAR = 1995;
export const PRECIP_LAST_YEAR = 2024;
const SEASONAL = [1.05, 0.95, 1.12, 1.02, 0.95, 0.98, 0.9, 0.94, 0.96, 1.05, 1.07, 1.06];
const MISSING: Record<string, [number, number][]> = {
  worcester: [
    [1996, 7],
    [1997, 3],
  ],
};

export interface StationPrecip {
  file: string;
  path: string;
  name: string;
  /** values[year - PRECIP_FIRST_YEAR][month - 1], in hundredths of an inch; null where missing. */
  hundredths: (number | null)[][];
}

export function precipPath(file: string): string {
  return `precipitation/${file}.csv`;
}

function summary(values: number[], kind: "Mean" | "Max" | "Min"): number {
  if (kind === "Max") return Math.max(...values);
  if (kind === "Min") return Math.min(...values);
  return Math.round(values.reduce((a, b) => a + b, 0) / values.length);
}

const inches = (hundredths: number): string => (hundredths / 100).toFixed(2);

export function writePrecipitation(writer: LakeWriter, rng: SeededRandom): StationPrecip[] {
  const out: StationPrecip[] = [];
  for (const station of PRECIP_STATIONS) {
    const r = rng.fork(`precip-${station.file}`);
    const hundredths: (number | null)[][] = [];
    for (let year = PRECIP_FIRST_YEAR; year <= PRECIP_LAST_YEAR; year++) {
      const row: (number | null)[] = [];
      for (let m = 1; m <= 12; m++) {
        const mean = (station.annualMean / 12) * (SEASONAL[m - 1] ?? 1);
        const value = Math.round(mean * Math.exp(r.normal(-0.1, 0.45)) * 100);
        const missing = (MISSING[station.file] ?? []).some(([y, mm]) => y === year && mm === m);
        row.push(missing ? null : value);
      }
      hundredths.push(row);
    }
    const path = precipPath(station.file);
    writer.csv(path, "precipitation with Mean/Max/Min rows", (file) => {
      file.raw(["Year", ...MONTH_ABBREVIATIONS].join(","));
      hundredths.forEach((row, i) =>
        file.row([String(PRECIP_FIRST_YEAR + i), ...row.map((v) => (v === null ? "M" : inches(v)))]),
      );
      for (const kind of ["Mean", "Max", "Min"] as const) {
        const cells = MONTH_ABBREVIATIONS.map((_, m) => {
          const values = hundredths.map((row) => row[m]).filter((v): v is number => v !== null);
          return inches(summary(values, kind));
        });
        file.raw([kind, ...cells].join(","));
      }
    });
    out.push({ file: station.file, path, name: station.name, hundredths });
  }
  return out;
}
