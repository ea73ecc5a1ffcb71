// How big each part of the water lake is at each scale.
import type { LakeScale } from "./lakeTypes.ts";

export interface WaterScale {
  /** Beaches beyond the fixed ones the questions name. */
  randomBeaches: number;
  /** Sample every `weekStep` weeks, on `perWeek` days of such a week (1 or 2). */
  weekStep: number;
  perWeek: 1 | 2;
  /** Monitoring stations in the 2019 exports. */
  exportStations: number;
  /** Days between two visits of an export station. */
  exportEveryDays: number;
}

export const WATER_SCALES: Record<LakeScale, WaterScale> = {
  tiny: { randomBeaches: 4, weekStep: 2, perWeek: 1, exportStations: 5, exportEveryDays: 14 },
  bench: { randomBeaches: 880, weekStep: 1, perWeek: 1, exportStations: 400, exportEveryDays: 7 },
  workspace: { randomBeaches: 1450, weekStep: 1, perWeek: 2, exportStations: 1000, exportEveryDays: 7 },
};
