/**
 * Pollock's cell normalisation (`pollock/data_types.py`, `normalize_cell`), ported: two cells that
 * hold the same value written differently (`02` and `2`, `1.50` and `1.5`, `28/01/2018` and
 * `2018-01-28`) normalise to the same string, so a loader that types its columns is not penalised
 * for re-printing a value.
 *
 * Faithful to the original, quirks included: `01` or `+1` reads as the boolean `True` (Python's
 * `int()` gives 0 or 1); a decimal comma is NOT converted (the original's `val.replace(',', '.')`
 * discards its result); a cell of spaces is not empty and is only lower-cased. Dates: the original
 * uses dateutil's parser, which accepts far more than any port could; this port covers the forms
 * a typed loader re-prints (numeric day/month/year in any of dateutil's orders, ISO dates and
 * date-times, month names) and resolves an ambiguous day/month month-first, as dateutil does. A
 * form it does not cover stays text on both sides, so only re-printed dates outside it could differ.
 */

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** Python's `int()` on a string: whitespace around, a sign, digits with single underscores between. */
function pythonInt(val: string): bigint | undefined {
  const m = /^\s*([+-]?)(\d+(?:_\d+)*)\s*$/.exec(val);
  if (!m) return undefined;
  const n = BigInt(m[2]!.replaceAll("_", ""));
  return m[1] === "-" ? -n : n;
}

/** Python's `float()` on a string, or undefined where Python raises ValueError. */
function pythonFloat(val: string): number | undefined {
  const s = val.trim();
  if (/^[+-]?(inf|infinity)$/i.test(s)) return s.startsWith("-") ? -Infinity : Infinity;
  if (/^[+-]?nan$/i.test(s)) return NaN;
  const digits = String.raw`\d+(?:_\d+)*`;
  const re = new RegExp(`^[+-]?(?:${digits}(?:\\.(?:${digits})?)?|\\.${digits})(?:[eE][+-]?${digits})?$`);
  if (!re.test(s)) return undefined;
  return Number(s.replaceAll("_", ""));
}

/** Python's `str(float)`: the shortest round-trip digits, scientific below 1e-4 and from 1e16. */
export function pythonFloatStr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mantissa, exp] = x.toExponential().split("e") as [string, string];
  const sign = mantissa.startsWith("-") ? "-" : "";
  const digits = mantissa.replace("-", "").replace(".", "");
  const e = Number(exp);
  if (e < -4 || e >= 16) {
    const body = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${body}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
  }
  if (e < 0) return `${sign}0.${"0".repeat(-e - 1)}${digits}`;
  const intPart = digits.slice(0, e + 1).padEnd(e + 1, "0");
  const frac = digits.slice(e + 1);
  return `${sign}${intPart}.${frac || "0"}`;
}

const pad = (n: number, w = 2): string => String(n).padStart(w, "0");

/** timeparser.parsetime's forms: H:M, H:M:S, H:M:S.f (also space-separated), `Hh`. */
function parseTime(val: string): string | undefined {
  const m =
    /^(\d{1,2})([: ])(\d{1,2})(?:\2(\d{1,2})(?:\.(\d{1,6}))?)?(?: ?h)?$/.exec(val) ??
    /^(\d{1,2})()()()()(?: ?h)$/.exec(val);
  if (!m) return undefined;
  const h = Number(m[1]);
  const min = m[3] ? Number(m[3]) : 0;
  const sec = m[4] ? Number(m[4]) : 0;
  if (h > 23 || min > 59 || sec > 59) return undefined;
  const micro = m[5] ? `.${m[5].padEnd(6, "0")}` : "";
  return `${pad(h)}:${pad(min)}:${pad(sec)}${micro}`;
}

function validDay(y: number, mo: number, d: number): boolean {
  if (mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

function twoDigitYear(y: string): number {
  const n = Number(y);
  if (y.length > 2) return n;
  // dateutil: within 50 years of the current year.
  const now = new Date().getUTCFullYear();
  let full = n + Math.floor(now / 100) * 100;
  if (full >= now + 50) full -= 100;
  else if (full < now - 50) full += 100;
  return full;
}

/** The time part after a date (`T` or space), as dateutil reads it; "" when there is none. */
function timeSuffix(rest: string): string | undefined {
  if (rest === "") return "00:00:00";
  const m = /^[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?$/.exec(rest);
  if (!m) return undefined;
  const h = Number(m[1]);
  const min = Number(m[2]);
  const sec = m[3] ? Number(m[3]) : 0;
  if (h > 23 || min > 59 || sec > 59) return undefined;
  return `${pad(h)}:${pad(min)}:${pad(sec)}${m[4] ? `.${m[4].padEnd(6, "0")}` : ""}`;
}

/** dateutil's reading of the common date forms, as `str(datetime)`; undefined otherwise. */
function parseDate(val: string): string | undefined {
  const s = val.trim();
  let y: number;
  let mo: number;
  let d: number;
  let rest: string;
  let m = /^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(.*)$/.exec(s);
  if (m) {
    y = Number(m[1]);
    mo = Number(m[3]);
    d = Number(m[4]);
    rest = m[5]!;
  } else if ((m = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})(?!\d)(.*)$/.exec(s))) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    y = twoDigitYear(m[4]!);
    rest = m[5]!;
    // dateutil (dayfirst=False): month first unless the first number cannot be a month.
    if (a > 12) [d, mo] = [a, b];
    else [mo, d] = [a, b];
  } else if ((m = /^(\d{1,2})[ -]([a-z]{3,9})\.?[ -,]*(\d{4})(.*)$/i.exec(s))) {
    const month = MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase());
    if (month < 0) return undefined;
    [d, mo, y, rest] = [Number(m[1]), month + 1, Number(m[3]), m[4]!];
  } else if ((m = /^([a-z]{3,9})\.?[ -](\d{1,2}),?[ -](\d{4})(.*)$/i.exec(s))) {
    const month = MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase());
    if (month < 0) return undefined;
    [mo, d, y, rest] = [month + 1, Number(m[2]), Number(m[3]), m[4]!];
  } else return undefined;
  if (!validDay(y, mo, d)) return undefined;
  const time = timeSuffix(rest);
  if (time === undefined) return undefined;
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)} ${time}`;
}

/** price_parser's reading of an amount with a currency symbol before or after it, as symbol + float. */
function parsePrice(val: string): string | undefined {
  const s = val.trim();
  const before = /^([$€£¥₹])\s?(-?\d+(?:[.,]\d+)?)$/.exec(s);
  if (before) return `${before[1]}${pythonFloatStr(Number(before[2]!.replace(",", ".")))}`;
  const after = /^(-?\d+(?:[.,]\d+)?)\s?([$€£¥₹])$/.exec(s);
  if (after) return `${after[2]}${pythonFloatStr(Number(after[1]!.replace(",", ".")))}`;
  return undefined;
}

export function normalizeCell(cell: string | null | undefined): string {
  if (cell === null || cell === undefined || cell === "") return "";
  const val = cell;
  if (val.trim() === "") return val.toLowerCase();
  const asInt = pythonInt(val);
  if (["True", "true", "False", "false"].includes(val) || asInt === 0n || asInt === 1n) {
    if (["False", "false", "0"].includes(val)) return "0";
    if (["True", "true", "1"].includes(val)) return "1";
    return asInt === 0n ? "False" : "True";
  }
  if (asInt !== undefined) return asInt.toString();
  const asFloat = pythonFloat(val);
  if (asFloat !== undefined) return pythonFloatStr(asFloat);
  return parseTime(val) ?? parseDate(val) ?? parsePrice(val) ?? val.toLowerCase();
}
