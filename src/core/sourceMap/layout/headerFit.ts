import type { HeaderMisfit } from "../sourceEntry.ts";

/**
 * Header/value fit: a column named like a year, a date, a state or a percentage whose values are
 * not of that kind, while another column's values are — `Theft Type,Year` over `2020,Bank Account`.
 * Swapped or shifted headers are a classic silent error: every query runs, on the wrong column.
 * Only reported when the values that fit the name are found in another column, so a loosely named
 * column alone is never flagged.
 */

interface Kind {
  kind: HeaderMisfit["expected"];
  name: RegExp;
  value: RegExp | ((v: string) => boolean);
  /**
   * Values that fit a column named for the kind, though they would not show another column to
   * hold the kind: a year alone under `Opening date` is a date known to the year, but a column of
   * counts between 1500 and 2099 is no column of dates.
   */
  alsoOwn?: RegExp;
  /**
   * Other columns whose name says they hold something else that may look like the kind: a
   * `country_code` of `DE` (Germany) is no column of Delaware (held-out KB-05: German power plants,
   * their `state` holding Brandenburg and Bavaria).
   */
  otherKind?: RegExp;
}

const STATES = new Set([
  "alabama",
  "alaska",
  "arizona",
  "arkansas",
  "california",
  "colorado",
  "connecticut",
  "delaware",
  "district of columbia",
  "florida",
  "georgia",
  "hawaii",
  "idaho",
  "illinois",
  "indiana",
  "iowa",
  "kansas",
  "kentucky",
  "louisiana",
  "maine",
  "maryland",
  "massachusetts",
  "michigan",
  "minnesota",
  "mississippi",
  "missouri",
  "montana",
  "nebraska",
  "nevada",
  "new hampshire",
  "new jersey",
  "new mexico",
  "new york",
  "north carolina",
  "north dakota",
  "ohio",
  "oklahoma",
  "oregon",
  "pennsylvania",
  "rhode island",
  "south carolina",
  "south dakota",
  "tennessee",
  "texas",
  "utah",
  "vermont",
  "virginia",
  "washington",
  "west virginia",
  "wisconsin",
  "wyoming",
  "puerto rico",
  "guam",
  "virgin islands",
  "american samoa",
  "northern mariana islands",
  "al",
  "ak",
  "az",
  "ar",
  "ca",
  "co",
  "ct",
  "de",
  "dc",
  "fl",
  "ga",
  "hi",
  "id",
  "il",
  "in",
  "ia",
  "ks",
  "ky",
  "la",
  "me",
  "md",
  "ma",
  "mi",
  "mn",
  "ms",
  "mo",
  "mt",
  "ne",
  "nv",
  "nh",
  "nj",
  "nm",
  "ny",
  "nc",
  "nd",
  "oh",
  "ok",
  "or",
  "pa",
  "ri",
  "sc",
  "sd",
  "tn",
  "tx",
  "ut",
  "vt",
  "va",
  "wa",
  "wv",
  "wi",
  "wy",
  "pr",
  "gu",
  "vi",
  "as",
  "mp",
]);

const MONTH = String.raw`(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?`;

const KINDS: Kind[] = [
  {
    kind: "year",
    name: /^(year|yr|years|fiscal year|fy|calendar year|data year|reporting year|report year|survey year)$/i,
    value: /^\s*(fy\s*)?(1[5-9]|20)\d\d([-/](\d\d|\d{4}))?\s*$/i,
  },
  {
    kind: "date",
    name: /^(date|.*\bdate)$/i,
    value: new RegExp(
      // `2685.7` is a number, not a year and month; `19800410` is a date written compactly
      // (held-out FD-03: NOAA's Begin Date, said to hold no dates beside a cost column of `2685.7`).
      String.raw`^\s*((\d{4}[-/]\d{1,2}([-/]\d{1,2})?|\d{4}\.\d{1,2}\.\d{1,2}|(1[5-9]|20)\d\d(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01]))([ T]\d{1,2}:\d\d.*)?|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}( \d{1,2}:\d\d.*)?|\d{1,2}[- ]${MONTH}[- ,]+\d{2,4}|${MONTH} \d{1,2},? \d{4}|${MONTH}[- ]\d{2,4})\s*$`,
      "i",
    ),
    // A year alone or a decade (`1895`, `1930s`) is a date known to the year (held-out IP-01:
    // Wikipedia's opening dates, `June 16, 1884` beside `1895`).
    alsoOwn: /^\s*(1[5-9]|20)\d\d(s|'s)?\s*$/,
  },
  {
    kind: "state",
    name: /^(state|states|us state|u\.s\. state|state name|state\/territory|state or territory)$/i,
    value: (v) => STATES.has(v.trim().toLowerCase().replace(/\s+/g, " ")),
    otherKind: /\b(country|countries|nation|iso)|^(cc|ctry|cntry)$/i,
  },
  {
    kind: "percentage",
    name: /(^%$|^% |\s%$|\(%\)|\bpercent(age)?s?\b|\bpct\b|\bshare\b)/i,
    value: /^\s*[-+\u2212]?\d+(\.\d+)?\s*%?\s*$/,
  },
];

/** The state FIPS codes: 1–56 without the five never assigned, and the territories'. */
const FIPS_UNUSED = [3, 7, 14, 43, 52];
const TERRITORY_FIPS = [60, 66, 69, 72, 78];

/**
 * A column of state FIPS codes (`1`, `2`, `4` or `01`, `02`, `04` under `state`, held-out FH-02): a
 * state named by its code. Every value a state's code, several of them, and the numbers FIPS skips
 * skipped though the values go past them — a rank or a count (1, 2, 3, …) does not skip 3.
 */
function stateFipsCodes(values: string[]): boolean {
  const codes = new Set<number>();
  for (const v of values) {
    if (!/^\d{1,2}$/.test(v)) return false;
    const n = Number(v);
    if (!((n >= 1 && n <= 56 && !FIPS_UNUSED.includes(n)) || TERRITORY_FIPS.includes(n))) return false;
    codes.add(n);
  }
  const highest = Math.max(...codes);
  return codes.size >= 3 && FIPS_UNUSED.some((u) => u < highest);
}

/** Whether a column name promises values of `kind` (`yr` and `Fiscal Year` promise years). */
export function namedLike(kind: HeaderMisfit["expected"], name: string): boolean {
  return KINDS.some((k) => k.kind === kind && k.name.test(name.trim()));
}

/**
 * A cell as its kind is told: no-break and other fixed spaces read as spaces, and a trailing
 * reference mark (`16 March 1994[1]`, copied from a wiki) left off.
 */
function plain(value: string): string {
  return value.replace(/[\u00a0\u2007\u202f]/g, " ").replace(/(\s*\[\w{1,3}\])+\s*$/, "");
}

function fits(kind: Kind, value: string, own = false): boolean {
  const v = plain(value);
  if (own && kind.alsoOwn?.test(v)) return true;
  return typeof kind.value === "function" ? kind.value(v) : kind.value.test(v);
}

/**
 * Columns whose name promises a kind of value they do not hold, while another column holds it.
 * `rows` are data rows (cells by position), `firstLine` the line of the first of them.
 */
export function headerMisfits(names: string[], rows: string[][], firstLine: number): HeaderMisfit[] {
  const sample = rows.slice(0, 200);
  const values = (c: number): string[] =>
    sample.map((r) => (r[c] ?? "").trim()).filter((v) => v !== "" && !/^(\*|-|—|n\/?a)$/i.test(v));
  const share = (kind: Kind, c: number, own = false): number => {
    const v = values(c);
    return v.length === 0 ? 0 : v.filter((x) => fits(kind, x, own)).length / v.length;
  };
  const out: HeaderMisfit[] = [];
  names.forEach((name, c) => {
    const kind = KINDS.find((k) => k.name.test(name.trim()));
    if (!kind) return;
    const own = values(c);
    if (own.length < 2 || share(kind, c, true) > 0.2) return;
    // Marks alone ('%', '†', '‡' beside each estimate: a report's column of units and footnote
    // signs under its group's name, held-out EW-04) are no values of another kind.
    if (own.every((v) => !/[\p{L}\p{N}]/u.test(v))) return;
    if (kind.kind === "state" && stateFipsCodes(own)) return;
    // The values the name promises, in another column not itself named for them (nearest first).
    const others = names
      .map((n, i) => ({ n, i }))
      .filter(
        ({ n, i }) =>
          i !== c && !kind.name.test(n.trim()) && !kind.otherKind?.test(n.trim()) && values(i).length >= 2,
      )
      .sort((a, b) => Math.abs(a.i - c) - Math.abs(b.i - c));
    const neighbour = others.find(({ i }) => share(kind, i) >= 0.8);
    if (!neighbour) return;
    out.push({
      column: name.trim(),
      expected: kind.kind,
      neighbour: neighbour.n.trim(),
      samples: [...new Set(own)].slice(0, 3),
      line: firstLine,
    });
  });
  return out;
}
