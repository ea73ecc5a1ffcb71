/**
 * The period of a series of dates (or years) and the gaps inside it, from the steps between its
 * consecutive distinct values — inferred from the values, never from column names. Pure: the
 * steps come from DuckDB (seriesGaps.ts).
 */

export type Period = "day" | "week" | "month" | "quarter" | "half-year" | "year";

/** One step from a value to the next in order. */
export interface SeriesStep {
  /** The value before and the value after, as text. */
  from: string;
  to: string;
  days: number;
  months: number;
  /** Both values fall on the same day of their month, or both on the last day of it. */
  aligned: boolean;
}

export interface SeriesGap {
  from: string;
  to: string;
  /** Periods missing between them. */
  missing: number;
}

export interface SeriesShape {
  period: Period;
  steps: number;
  gaps: SeriesGap[];
}

/** At least this many steps before a series is judged regular. */
export const MIN_STEPS = 6;
/** At most this share of the steps may be gaps: the series is regular except for them. */
export const MAX_GAP_SHARE = 0.1;
/** Daily series: this share of steps must be one day (a weekday series has a 3-day step each week). */
const DAILY_SHARE = 0.9;

const BY_MONTHS: Record<number, Period> = { 1: "month", 3: "quarter", 6: "half-year", 12: "year" };
const BY_DAYS: Record<number, Period> = { 1: "day", 7: "week" };

function mode(values: number[]): number {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
}

/**
 * The series' period and its gaps, or undefined when the steps are not those of a regular
 * series (too few, a step that is not a whole number of periods, or gaps that are not rare).
 */
export function seriesShape(steps: SeriesStep[]): SeriesShape | undefined {
  if (steps.length < MIN_STEPS) return undefined;
  const monthly = steps.every((s) => s.aligned && s.months >= 1);
  const sizes = steps.map((s) => (monthly ? s.months : s.days));
  const period = mode(sizes);
  const name = (monthly ? BY_MONTHS : BY_DAYS)[period];
  if (!name || sizes.some((n) => n <= 0 || n % period !== 0)) return undefined;
  const exact = sizes.filter((n) => n === period).length;
  if (name === "day" && exact < DAILY_SHARE * sizes.length) return undefined;
  const gaps = steps
    .map((s, i) => ({ from: s.from, to: s.to, missing: sizes[i]! / period - 1 }))
    .filter((g) => g.missing > 0);
  if (gaps.length > Math.max(1, MAX_GAP_SHARE * steps.length)) return undefined;
  return { period: name, steps: steps.length, gaps };
}
