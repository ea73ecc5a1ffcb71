import type { KeyOf } from "../../sqlFacts.ts";
import type { Loss } from "./sideLoss.ts";
import { PERIOD_TEXT } from "./twoLists.ts";

/**
 * Text that names a period (twoLists' pattern: '2024-07', '2023-Q1', '2019/20', '2006M06') — with a
 * separator or a letter: digits alone ('40004', '202407') are as likely an id (the profile holds
 * every key as text).
 */
const PERIOD = new RegExp(PERIOD_TEXT);
/** A key column named for a time axis (`year`, `fiscal_yr`, `period`, `month`, `date`, `week`). */
const TIME_NAME = /(^|_|\b)(year|yr|period|month|date|week|quarter|day)s?($|_|\b)/i;

/**
 * Whether the lost keys lie on a time axis — a date, a period written as text, or (in a key of
 * several columns) a whole number in a column named for one — so that a key the other side lacks
 * may be a gap in its series (the year the yields file misses) rather than an entity it never
 * held. spansOf measures single keys of dates and years exactly; this covers what it does not.
 */
export function onTimeAxis(loss: Loss): boolean {
  const columns: (KeyOf | undefined)[] = loss.from;
  return loss.facts.lost.some((example) =>
    example.key.some((value, i) => {
      if (value instanceof Date) return true;
      if (typeof value === "string") return PERIOD.test(value) && /\D/.test(value.trim());
      const column = columns[i]?.column;
      return columns.length > 1 && column !== undefined && TIME_NAME.test(column);
    }),
  );
}
