// Calendar days as integers (days since 1970-01-01, UTC) and the ways the lakes write them.

const DAY_MS = 86_400_000;
const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
export const MONTH_ABBREVIATIONS = MONTH_NAMES.map((m) => m.slice(0, 3));

export function dayNumber(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

export function fromDayNumber(n: number): CalendarDate {
  const d = new Date(n * DAY_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
  };
}

const pad2 = (n: number): string => String(n).padStart(2, "0");

/** 2013-07-02 */
export function isoDate(n: number): string {
  const d = fromDayNumber(n);
  return `${d.year}-${pad2(d.month)}-${pad2(d.day)}`;
}

/** 07/02/2013 */
export function usDate(n: number): string {
  const d = fromDayNumber(n);
  return `${pad2(d.month)}/${pad2(d.day)}/${d.year}`;
}

/** September 1, 2024 */
export function longDate(n: number): string {
  const d = fromDayNumber(n);
  return `${MONTH_NAMES[d.month - 1]} ${d.day}, ${d.year}`;
}

/** The first day numbered `weekday` (0 = Sunday) on or after day `n`. */
export function onOrAfterWeekday(n: number, weekday: number): number {
  const w = fromDayNumber(n).weekday;
  return n + ((weekday - w + 7) % 7);
}
