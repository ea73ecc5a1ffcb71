/**
 * Numbers in file names that are days: a day of the year (`sst_2019_045.csv`, `2019/045.csv`,
 * `A2019045.csv`) or a month and day with the year elsewhere in the path (`buoys/2019/0309.csv`).
 * A varying number of a family is read so only when every member's value is a valid day of its year
 * (so `0132` or `367` keep the whole family a numbered series), and the reading is named in the
 * family (`calendar`) so that a selection by date says how the names were read.
 */

export type CalendarReading = "day-of-year" | "month-day";

export interface CalendarDays {
  reading: CalendarReading;
  /** Each member's day, `YYYY-MM-DD`, in the order of the values given. */
  days: string[];
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function validYear(year: number | undefined): year is number {
  return year !== undefined && year >= 1800 && year <= 2100;
}

function isoOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function dayOfYear(year: number, doy: number): string | undefined {
  if (doy < 1 || doy > (isLeap(year) ? 366 : 365)) return undefined;
  return isoOf(Date.UTC(year, 0, doy));
}

function monthDay(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1) return undefined;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return undefined;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * The days a family's varying number stands for, or undefined when it is no calendar day in every
 * member. `values` are the number as written (zero-padded: `045`, `0309`, `2019045`); `years` the
 * year each member's path names before it (undefined when none does).
 */
export function calendarDays(
  values: readonly string[],
  years: readonly (number | undefined)[],
): CalendarDays | undefined {
  if (values.length === 0) return undefined;
  const all = (read: (value: string, i: number) => string | undefined): string[] | undefined => {
    const out: string[] = [];
    for (const [i, value] of values.entries()) {
      const day = read(value, i);
      if (day === undefined) return undefined;
      out.push(day);
    }
    return out;
  };
  let days: string[] | undefined;
  if (values.every((v) => /^\d{7}$/.test(v))) {
    days = all((v) => {
      const year = Number(v.slice(0, 4));
      return validYear(year) ? dayOfYear(year, Number(v.slice(4))) : undefined;
    });
    return days ? { reading: "day-of-year", days } : undefined;
  }
  if (!years.every(validYear)) return undefined;
  if (values.every((v) => /^\d{3}$/.test(v))) {
    days = all((v, i) => dayOfYear(years[i] ?? 0, Number(v)));
    return days ? { reading: "day-of-year", days } : undefined;
  }
  if (values.every((v) => /^\d{4}$/.test(v))) {
    days = all((v, i) => monthDay(years[i] ?? 0, Number(v.slice(0, 2)), Number(v.slice(2))));
    return days ? { reading: "month-day", days } : undefined;
  }
  return undefined;
}
