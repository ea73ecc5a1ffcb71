/**
 * The periods a question names — years, months, days, ranges and lists of them — as intervals of
 * days, so that Discover can pick the members of a file family the question is about:
 * "between 2002 and 2023", "2019–2023", "from 2020 to 2024 inclusive", "since 2000", "before 2010",
 * "the 2010s", "2019, 2021 and 2023", "between March 2024 and June 2024", "2024-03-01",
 * "between October 4 and 7, 2018", "4–7 October 2018".
 */

export interface QuestionPeriod {
  /** First day, `YYYY-MM-DD` (`0000-01-01` when the period is open at the start). */
  from: string;
  /** Last day, `YYYY-MM-DD` (`9999-12-31` when the period is open at the end). */
  to: string;
  /** The words of the question that name it. */
  said: string;
}

export const OPEN_START = "0000-01-01";
export const OPEN_END = "9999-12-31";

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/** A month's English name in lower case from its number (1–12). */
export function monthName(month: number): string | undefined {
  return MONTHS[month - 1];
}

/** A month's number (1–12) from its English name or abbreviation ("Sep", "Sept"), else 0. */
export function monthNumber(word: string): number {
  const w = word.toLowerCase().replace(/\.$/, "");
  if (w.length < 3) return 0;
  if (w === "sept") return 9;
  const i = MONTHS.findIndex((m) => m === w || (w.length === 3 && m.startsWith(w)));
  return i + 1;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

export function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The interval of one year, month of a year, or day. */
export function yearSpan(year: number): { from: string; to: string } {
  return { from: `${pad(year, 4)}-01-01`, to: `${pad(year, 4)}-12-31` };
}

export function monthSpan(year: number, month: number): { from: string; to: string } {
  const y = pad(year, 4);
  return { from: `${y}-${pad(month)}-01`, to: `${y}-${pad(month)}-${pad(lastDayOfMonth(year, month))}` };
}

function validDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= lastDayOfMonth(year, month);
}

function dayBefore(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

function dayAfter(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

// One point in time as a question writes it: a day, a month, a quarter or a year (pointSpan reads it).
const YEAR = "(?:1[89]\\d\\d|20\\d\\d)";
const MONTH_NAME =
  "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";
const POINT =
  `(?:(${YEAR}[-/](?:0?[1-9]|1[0-2])[-/](?:0?[1-9]|[12]\\d|3[01])(?!\\d))` +
  `|(${YEAR}-(?:0[1-9]|1[0-2]))(?![-/]?\\d)` +
  `|(${MONTH_NAME}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+${YEAR})` +
  `|(\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_NAME},?\\s+${YEAR})` +
  `|(${MONTH_NAME},?\\s+(?:of\\s+)?${YEAR})` +
  `|((?:q[1-4]|(?:first|second|third|fourth)\\s+quarter(?:\\s+of)?)\\s+${YEAR})` +
  `|(${YEAR}\\s?-?q[1-4])(?![\\da-z])` +
  `|(${YEAR})(?!s\\b))`;

/** Parses one point (the text of a POINT match) to its interval of days, or undefined. */
export function pointSpan(text: string): { from: string; to: string } | undefined {
  const t = text.trim().toLowerCase();
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(t);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (!validDay(y, mo, d)) return undefined;
    const iso = `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
    return { from: iso, to: iso };
  }
  m = /^(\d{4})-(\d{2})$/.exec(t);
  if (m) return monthSpan(Number(m[1]), Number(m[2]));
  m = /^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/.exec(t);
  if (m) {
    const [mo, d, y] = [monthNumber(m[1] ?? ""), Number(m[2]), Number(m[3])];
    if (!validDay(y, mo, d)) return undefined;
    const iso = `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
    return { from: iso, to: iso };
  }
  m = /^(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([a-z]+)\.?,?\s+(\d{4})$/.exec(t);
  if (m) {
    const [d, mo, y] = [Number(m[1]), monthNumber(m[2] ?? ""), Number(m[3])];
    if (!validDay(y, mo, d)) return undefined;
    const iso = `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
    return { from: iso, to: iso };
  }
  m = /^([a-z]+)\.?,?\s+(?:of\s+)?(\d{4})$/.exec(t);
  if (m) {
    const mo = monthNumber(m[1] ?? "");
    return mo > 0 ? monthSpan(Number(m[2]), mo) : undefined;
  }
  m = /^(?:q([1-4])|(first|second|third|fourth)\s+quarter(?:\s+of)?)\s+(\d{4})$/.exec(t);
  if (m) {
    const q = m[1] ? Number(m[1]) : ["first", "second", "third", "fourth"].indexOf(m[2] ?? "") + 1;
    const y = Number(m[3]);
    return { from: monthSpan(y, q * 3 - 2).from, to: monthSpan(y, q * 3).to };
  }
  m = /^(\d{4})\s?-?q([1-4])$/.exec(t);
  if (m) {
    const [y, q] = [Number(m[1]), Number(m[2])];
    return { from: monthSpan(y, q * 3 - 2).from, to: monthSpan(y, q * 3).to };
  }
  m = /^(\d{4})$/.exec(t);
  if (m) return yearSpan(Number(m[1]));
  return undefined;
}

/** A month name without a year, in "between March and June 2024": it takes the year that follows. */
const BARE_MONTH_RANGE = new RegExp(
  `\\b(?:between|from)\\s+(?<m1>${MONTH_NAME})\\s+(?:and|to|through|thru|until|till)\\s+(?<m2>${MONTH_NAME}),?\\s+(?<y>${YEAR})\\b`,
  "gi",
);
/** Days of one month: "October 4-7, 2018", "between March 3 and March 9, 2019", "4–7 October 2018". */
const ORDINAL = "(?:st|nd|rd|th)?";
const DAY_SEP = "(?:\\s*[-–—]\\s*|\\s+(?:and|to|through|thru|until|till)\\s+)";
const MONTH_DAY_RANGE = new RegExp(
  `\\b(?:(?:between|from)\\s+)?(?<m1>${MONTH_NAME})\\s+(?<d1>\\d{1,2})${ORDINAL}${DAY_SEP}(?:(?<m2>${MONTH_NAME})\\s+)?(?<d2>\\d{1,2})${ORDINAL},?\\s+(?<y>${YEAR})\\b`,
  "gi",
);
const DAY_MONTH_RANGE = new RegExp(
  `\\b(?:(?:between|from)\\s+)?(?<d1>\\d{1,2})${ORDINAL}(?:\\s+(?:of\\s+)?(?<m1>${MONTH_NAME}))?${DAY_SEP}(?<d2>\\d{1,2})${ORDINAL}\\s+(?:of\\s+)?(?<m2>${MONTH_NAME}),?\\s+(?<y>${YEAR})\\b`,
  "gi",
);
const RANGE = new RegExp(
  `\\b(?:(?<between>between)\\s+(?<a1>${POINT})\\s+and\\s+(?<b1>${POINT})` +
    `|from\\s+(?<a2>${POINT})\\s+(?:to|through|thru|until|till|up\\s+to)\\s+(?<b2>${POINT})` +
    `|(?<a3>${POINT})\\s*(?:[-–—]|\\s(?:to|through|thru|until|till)\\s)\\s*(?<b3>${POINT}|\\d{2}\\b))`,
  "gi",
);
const OPEN = new RegExp(
  `\\b(?<word>since|after|from|starting(?:\\s+(?:in|from))?|beginning(?:\\s+in)?|before|prior\\s+to|until|till|through|up\\s+to|by)\\s+(?:the\\s+end\\s+of\\s+)?(?<p>${POINT})(?<on>\\s+(?:on(?:ward)?s?|and\\s+(?:later|after)))?`,
  "gi",
);
const YEAR_PREFIX = /\b(FY|CY|SFY)(?=(?:1[89]|20)\d\d(?:\b|q[1-4]\b))/gi;
const DECADE = /\b(?:the\s+)?((?:1[89]|20)\d0)'?s\b/gi;
const SINGLE = new RegExp(`\\b${POINT}\\b`, "gi");

/** Every period the question names; a point inside a range is not repeated on its own. */
export function questionPeriods(said: string): QuestionPeriod[] {
  // "FY2022", "CY2024": a fiscal or calendar year written against its prefix is the year it names.
  const question = said.replace(YEAR_PREFIX, "$1 ");
  const out: QuestionPeriod[] = [];
  // Characters already read as part of a period, so that "2019" in "2019–2023" is not also a year.
  const used = new Array<boolean>(question.length).fill(false);
  const free = (start: number, end: number): boolean => !used.slice(start, end).some(Boolean);
  const take = (start: number, end: number): void => {
    for (let i = start; i < end; i++) used[i] = true;
  };

  for (const m of question.matchAll(BARE_MONTH_RANGE)) {
    const g = m.groups ?? {};
    const y = Number(g.y);
    const [m1, m2] = [monthNumber(g.m1 ?? ""), monthNumber(g.m2 ?? "")];
    if (m1 === 0 || m2 === 0 || m1 > m2) continue;
    out.push({ from: monthSpan(y, m1).from, to: monthSpan(y, m2).to, said: m[0] });
    take(m.index, m.index + m[0].length);
  }
  for (const pattern of [MONTH_DAY_RANGE, DAY_MONTH_RANGE]) {
    for (const m of question.matchAll(pattern)) {
      if (!free(m.index, m.index + m[0].length)) continue;
      const g = m.groups ?? {};
      const y = Number(g.y);
      const m1 = monthNumber(g.m1 ?? g.m2 ?? "");
      const m2 = monthNumber(g.m2 ?? g.m1 ?? "");
      const [d1, d2] = [Number(g.d1), Number(g.d2)];
      if (!validDay(y, m1, d1) || !validDay(y, m2, d2)) continue;
      const from = `${pad(y, 4)}-${pad(m1)}-${pad(d1)}`;
      const to = `${pad(y, 4)}-${pad(m2)}-${pad(d2)}`;
      if (to < from) continue;
      out.push({ from, to, said: m[0].trim() });
      take(m.index, m.index + m[0].length);
    }
  }
  for (const m of question.matchAll(RANGE)) {
    if (!free(m.index, m.index + m[0].length)) continue;
    const g = m.groups ?? {};
    const a = g.a1 ?? g.a2 ?? g.a3 ?? "";
    let b = g.b1 ?? g.b2 ?? g.b3 ?? "";
    // "2019-23": the end year is written with its last two digits.
    if (/^\d{2}$/.test(b) && /^\d{4}$/.test(a)) b = `${a.slice(0, 2)}${b}`;
    const start = pointSpan(a);
    const end = pointSpan(b);
    if (!start || !end || end.to < start.from) continue;
    out.push({ from: start.from, to: end.to, said: m[0].trim() });
    take(m.index, m.index + m[0].length);
  }
  for (const m of question.matchAll(OPEN)) {
    if (!free(m.index, m.index + m[0].length)) continue;
    const g = m.groups ?? {};
    const span = pointSpan(g.p ?? "");
    if (!span) continue;
    const word = (g.word ?? "").toLowerCase().replace(/\s+/g, " ");
    let period: { from: string; to: string } | undefined;
    if (word === "since" || word.startsWith("starting") || word.startsWith("beginning"))
      period = { from: span.from, to: OPEN_END };
    else if (word === "from") period = g.on ? { from: span.from, to: OPEN_END } : undefined;
    else if (word === "after") period = { from: dayAfter(span.to), to: OPEN_END };
    else if (word === "before" || word === "prior to")
      period = { from: OPEN_START, to: dayBefore(span.from) };
    else period = { from: OPEN_START, to: span.to };
    if (!period) continue;
    out.push({ ...period, said: m[0].trim() });
    take(m.index, m.index + m[0].length);
  }
  for (const m of question.matchAll(DECADE)) {
    if (!free(m.index, m.index + m[0].length)) continue;
    const start = Number(m[1]);
    out.push({ from: yearSpan(start).from, to: yearSpan(start + 9).to, said: m[0].trim() });
    take(m.index, m.index + m[0].length);
  }
  for (const m of question.matchAll(SINGLE)) {
    if (!free(m.index, m.index + m[0].length)) continue;
    const span = pointSpan(m[0]);
    if (!span) continue;
    out.push({ ...span, said: m[0].trim() });
    take(m.index, m.index + m[0].length);
  }
  return out;
}

/** Whether two intervals of days share at least one day. */
export function overlaps(a: { from: string; to: string }, b: { from: string; to: string }): boolean {
  return a.from <= b.to && b.from <= a.to;
}
