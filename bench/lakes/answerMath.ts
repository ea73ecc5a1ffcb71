// Small helpers the question builders share.
import type { GoldAnswer } from "./lakeTypes.ts";

/** Code-point order: the same on every machine and locale (unlike localeCompare), and fast. */
export function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/**
 * num / den rounded to `digits` decimals, halves up, exactly for integer num and den: num × 10^digits
 * is an exact integer and one correctly rounded division cannot cross a rounding boundary, so the
 * generator and the DuckDB check agree even on ties (where a float mean or percentage would not).
 */
export function roundRatio(num: number, den: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round((num * f) / den) / f;
}

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

export function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** Every key with the largest value, sorted. */
export function argmaxAll<K extends string | number>(entries: Iterable<[K, number]>): K[] {
  let best = -Infinity;
  let keys: K[] = [];
  for (const [k, v] of entries) {
    if (v > best) {
      best = v;
      keys = [k];
    } else if (v === best) keys.push(k);
  }
  return keys.sort();
}

/** Whether two answers are the same (numbers within `tolerance`, lists as sets in any order). */
export function sameAnswer(a: GoldAnswer | undefined, b: GoldAnswer | undefined, tolerance = 1e-9): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    const la = (Array.isArray(a) ? a : [a]).map(String).sort();
    const lb = (Array.isArray(b) ? b : [b]).map(String).sort();
    return la.length === lb.length && la.every((x, i) => x === lb[i]);
  }
  if (typeof a === "number" && typeof b === "number")
    return Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(a));
  return String(a).trim().toLowerCase() === String(b).trim().toLowerCase();
}
