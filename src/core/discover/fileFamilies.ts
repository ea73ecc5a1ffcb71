import type { SourceEntry } from "../sourceMap/sourceEntry.ts";
import { calendarDays } from "./calendarSlots.ts";
import type { CalendarReading } from "./calendarSlots.ts";
import { monthNumber, monthSpan, overlaps, yearSpan } from "./questionPeriods.ts";
import type { QuestionPeriod } from "./questionPeriods.ts";
import { statedCoverage } from "./statedCoverage.ts";
import {
  classFor,
  compareValues,
  globEscape,
  listGlob,
  matchesExactly,
  pathTokens,
  signature,
} from "./familyPaths.ts";
import type { PathToken } from "./familyPaths.ts";

/**
 * File families: files of one folder layout whose paths differ only in a number, a year, a date,
 * a month or a short code (`water-body-testing-2002.csv` … `-2023.csv`, `visits/2019/visits.csv`,
 * `web-traffic-2024-01.csv`, `population_CA.csv`, `inventory_q1_2024.csv`) and whose columns are
 * compatible. A family is named by a glob that matches exactly its members among the lake's files —
 * UnionScan reads it as it is — and knows the range of its varying part, the columns its members
 * share, and which members differ (columns missing or added, or unreadable). Editor-free: the
 * Discover index ranks families as one entry, and the editor shows them in the Sources view.
 */

export type VaryingKind = "year" | "date" | "month" | "number" | "code";

export interface FamilyMember {
  path: string;
  /** The varying part of the member's path, e.g. `2019`, `2024-03`, `q1_2024`, `CA`. */
  key: string;
  /** The days the member covers: as its title states them (statedCoverage.ts), else as its name's
   *  years, months or dates do, when it names any. */
  span?: { from: string; to: string };
}

export interface FamilyDifference {
  path: string;
  key: string;
  /** The family's usual columns this member lacks. */
  missing: string[];
  /** Columns only this member (or a minority of members) has. */
  extra: string[];
  /** Why the member could not be read (its Source Map error); its columns are then unknown. */
  error?: string;
}

export interface FileFamily {
  /** Matches exactly the members among the lake's files (picomatch, case-insensitive), e.g.
   *  `water-body-testing-[0-9][0-9][0-9][0-9].csv`. */
  glob: string;
  /** The path with its varying parts named, e.g. `water-body-testing-{year}.csv`. */
  template: string;
  /** What varies, in path order. */
  varying: VaryingKind[];
  /** Ordered by their varying values (numbers and dates in order). */
  members: FamilyMember[];
  /** The first and last keys, e.g. `2002` and `2023`. */
  first: string;
  last: string;
  /** Values missing inside a run of years or numbers (`2010` in 2002…2023), when one part varies. */
  gaps: string[];
  /** The columns of the family's usual layout (as written in its first member having it). */
  columns: string[];
  /** Members whose columns differ from the usual layout, or that could not be read. */
  differing: FamilyDifference[];
  /** How a varying number of the names was read as days (calendarSlots.ts), when it was. */
  calendar?: CalendarReading;
  /** The word that makes the names' dates release dates (`updated` in `…_Last_updated_01-31-2025`):
   *  the members then carry no span, and a question's dates select none of them. */
  releaseWord?: string;
}

/** Fewest members of a family whose names vary by a number, year, date or month; by a short code. */
const MIN_MEMBERS = 2;
const MIN_CODE_MEMBERS = 3;
/** A member belongs when it shares this share (Jaccard) of its column names with the usual layout. */
const MIN_COLUMN_OVERLAP = 0.5;
const MAX_GAPS = 50;

function dateSpan(text: string): { from: string; to: string } | undefined {
  const digits = text.replace(/\D/g, "");
  const year = Number(digits.slice(0, 4));
  const month = Number(digits.slice(4, 6));
  if (digits.length === 6) return monthSpan(year, month);
  const iso = `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
  return { from: iso, to: iso };
}

function isYear(text: string): boolean {
  return /^\d{4}$/.test(text) && Number(text) >= 1800 && Number(text) <= 2100;
}

interface Candidate {
  entry: SourceEntry;
  tokens: PathToken[];
}

/** The columns of a member's (first) table, by lower-case trimmed name; null when it has none. */
function columnSet(entry: SourceEntry): Map<string, string> | null {
  const tables = (entry.tables ?? []).filter((t) => t.columns.length > 0);
  if (tables.length === 0) return null;
  // A workbook's layout is every sheet's columns, each named with its sheet (`County: Quarter`): a
  // release that adds a column to its second sheet differs, though its first sheet, the notes, is
  // the same (held-out GN's ZEV sales releases).
  const several = (entry.tables ?? []).length > 1;
  const out = new Map<string, string>();
  tables.forEach((table, i) => {
    for (const c of table.columns) {
      const name = c.name.trim();
      if (name.length === 0) continue;
      const shown = several ? `${table.sheet ?? `table ${i + 1}`}: ${name}` : name;
      out.set(shown.toLowerCase(), shown);
    }
  });
  return out.size > 0 ? out : null;
}

function jaccard(a: Map<string, string>, b: Map<string, string>): number {
  let common = 0;
  for (const k of a.keys()) if (b.has(k)) common++;
  const union = a.size + b.size - common;
  return union === 0 ? 0 : common / union;
}

function isDotPath(path: string): boolean {
  return path.split("/").some((p) => p.startsWith("."));
}

/** Every family of the lake, largest first. A file belongs to at most one family. */
export function findFileFamilies(files: readonly SourceEntry[]): FileFamily[] {
  const allPaths = files.map((f) => f.path);
  const bySignature = new Map<string, Candidate[]>();
  for (const entry of files) {
    if (isDotPath(entry.path) || entry.format === "empty") continue;
    const tokens = pathTokens(entry.path);
    if (!tokens.some((t) => t.slot)) continue;
    const key = signature(tokens);
    const list = bySignature.get(key);
    if (list) list.push({ entry, tokens });
    else bySignature.set(key, [{ entry, tokens }]);
  }
  const families: FileFamily[] = [];
  const claimed = new Set<string>();
  for (const candidates of bySignature.values()) {
    if (candidates.length < MIN_MEMBERS) continue;
    const family = familyOf(candidates, allPaths);
    if (!family || family.members.some((m) => claimed.has(m.path))) continue;
    for (const m of family.members) claimed.add(m.path);
    families.push(family);
  }
  return families.sort(
    (a, b) => b.members.length - a.members.length || (a.glob < b.glob ? -1 : a.glob > b.glob ? 1 : 0),
  );
}

function familyOf(all: Candidate[], allPaths: readonly string[]): FileFamily | undefined {
  // Members with compatible columns: those close to the most common layout; unreadable ones stay
  // (named, with their error), as their names say they belong.
  const layouts = all.map((c) => columnSet(c.entry));
  const counts = new Map<string, { count: number; set: Map<string, string> }>();
  for (const set of layouts) {
    if (!set) continue;
    const key = [...set.keys()].sort().join("\u0001");
    const seen = counts.get(key);
    if (seen) seen.count++;
    else counts.set(key, { count: 1, set });
  }
  const usual = [...counts.values()].sort((a, b) => b.count - a.count)[0]?.set;
  if (!usual) return undefined;
  const members = all.filter((_, i) => {
    const set = layouts[i];
    return set === null || set === undefined ? true : jaccard(set, usual) >= MIN_COLUMN_OVERLAP;
  });
  const readable = members.filter((c) => columnSet(c.entry) !== null).length;
  const slotCount = members[0]?.tokens.length ?? 0;
  const varyingAt: number[] = [];
  for (let i = 0; i < slotCount; i++) {
    if (!members[0]?.tokens[i]?.slot) continue;
    const values = new Set(members.map((m) => (m.tokens[i]?.text ?? "").toLowerCase()));
    if (values.size > 1) varyingAt.push(i);
  }
  if (varyingAt.length === 0) return undefined;
  const varying = varyingAt.map((i) => slotKind(members.map((m) => m.tokens[i]?.text ?? "")));
  // A varying number that is a day in every member (`2019_045`, `2019/0309`) names the member's day.
  const calendar = calendarSlot(members, varyingAt, varying);
  if (calendar) varying[calendar.slot] = "date";
  const dayOf = new Map(calendar ? members.map((c, i) => [c, calendar.days[i] ?? ""]) : []);
  const min = varying.includes("code") ? MIN_CODE_MEMBERS : MIN_MEMBERS;
  if (members.length < min || readable < Math.min(min, 2)) return undefined;
  // Every value of a varying part is distinct across members, or the family is ambiguous
  // (the same key twice); a number part then cannot tell members apart.
  const firstAt = varyingAt[0] ?? 0;
  const lastAt = varyingAt[varyingAt.length - 1] ?? 0;
  // A short word written against the varying number ("q1", "v2", "wk05") belongs to the key.
  const keyStart =
    members[0]?.tokens[firstAt]?.kind === "num" &&
    members[0]?.tokens[firstAt - 1]?.kind === "word" &&
    (members[0]?.tokens[firstAt - 1]?.text.length ?? 9) <= 3
      ? firstAt - 1
      : firstAt;
  const keyOf = (c: Candidate): string =>
    c.tokens
      .slice(keyStart, lastAt + 1)
      .map((t) => t.text)
      .join("");
  // Members in time order first (years, dates, months), then by the other varying parts.
  const rank: Record<VaryingKind, number> = { year: 0, date: 0, month: 1, number: 2, code: 3 };
  const order = varyingAt
    .map((at, i) => ({ at, rank: rank[varying[i] ?? "code"] }))
    .sort((a, b) => a.rank - b.rank)
    .map((x) => x.at);
  const valueOf = (c: Candidate, i: number): string => {
    const text = c.tokens[i]?.text ?? "";
    return c.tokens[i]?.kind === "month" ? String(monthNumber(text)).padStart(2, "0") : text.toLowerCase();
  };
  const sorted = [...members].sort(
    (a, b) =>
      compare(dayOf.get(a) ?? "", dayOf.get(b) ?? "") ||
      compareValues(
        order.map((i) => valueOf(a, i)),
        order.map((i) => valueOf(b, i)),
      ),
  );
  const keys = new Set(sorted.map((c) => keyOf(c).toLowerCase()));
  if (keys.size !== sorted.length) return undefined;

  const release = releaseWord(members[0]!.tokens, varyingAt);
  const familyMembers: FamilyMember[] = sorted.map((c) => {
    const day = dayOf.get(c);
    // A release's date is when it was published, not the period its data covers; a title that
    // states the period says it better than any name.
    const span =
      statedCoverage(c.entry) ?? (release ? undefined : day ? { from: day, to: day } : spanOf(c.tokens));
    return { path: c.entry.path, key: keyOf(c), ...(span ? { span } : {}) };
  });
  const first = sorted[0];
  if (!first) return undefined;
  const template = first.tokens
    .map((t, i) => (varyingAt.includes(i) ? `{${varying[varyingAt.indexOf(i)]}}` : t.text))
    .join("");
  const memberPaths = new Set(sorted.map((c) => c.entry.path));
  const glob = exactGlob(first, sorted, varyingAt, keyStart, lastAt, allPaths, memberPaths);
  if (!glob) return undefined;

  // The usual columns, as written in the first member that has that layout.
  const usualKeys = new Set(usual.keys());
  const columns = [...usual.values()];
  const differing: FamilyDifference[] = [];
  for (const c of sorted) {
    const set = columnSet(c.entry);
    if (!set) {
      differing.push({
        path: c.entry.path,
        key: keyOf(c),
        missing: [],
        extra: [],
        error: c.entry.error ?? "no table was read from this file",
      });
      continue;
    }
    const missing = columns.filter((name) => !set.has(name.toLowerCase()));
    const extra = [...set.entries()].filter(([k]) => !usualKeys.has(k)).map(([, v]) => v);
    if (missing.length > 0 || extra.length > 0)
      differing.push({ path: c.entry.path, key: keyOf(c), missing, extra });
  }
  return {
    glob,
    template,
    varying,
    members: familyMembers,
    first: familyMembers[0]?.key ?? "",
    last: familyMembers[familyMembers.length - 1]?.key ?? "",
    gaps: calendar ? dayGaps(sorted.map((c) => dayOf.get(c) ?? "")) : seriesGaps(sorted, varyingAt, varying),
    columns,
    differing,
    ...(calendar ? { calendar: calendar.reading } : {}),
    ...(release ? { releaseWord: release } : {}),
  };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The one varying number of a family that is a calendar day in every member (calendarSlots.ts),
 * with the year its path names before it; undefined when none is.
 */
function calendarSlot(
  members: Candidate[],
  varyingAt: number[],
  varying: VaryingKind[],
): { slot: number; reading: CalendarReading; days: string[] } | undefined {
  for (const [slot, at] of varyingAt.entries()) {
    if (varying[slot] !== "number") continue;
    const values = members.map((c) => c.tokens[at]?.text ?? "");
    const years = members.map((c) => {
      const year = c.tokens
        .slice(0, at)
        .reverse()
        .find((t) => t.kind === "num" && isYear(t.text));
      return year ? Number(year.text) : undefined;
    });
    const read = calendarDays(values, years);
    if (read) return { slot, ...read };
  }
  return undefined;
}

function slotKind(values: string[]): VaryingKind {
  if (values.every((v) => /^\d+$/.test(v))) return values.every(isYear) ? "year" : "number";
  if (values.every((v) => /\d/.test(v))) return "date";
  if (values.every((v) => monthNumber(v) > 0)) return "month";
  return "code";
}

/**
 * Words that make the date after them a release's date, not its data's period:
 * `New_ZEV_Sales_Last_updated_01-31-2025` holds sales to December 2024 (held-out GN: a question
 * about "data as of December 31, 2024" was sent to the release updated in January 2024).
 */
const RELEASE_WORDS = new Set([
  "updated",
  "update",
  "asof",
  "released",
  "release",
  "published",
  "vintage",
  "retrieved",
  "downloaded",
  "pulled",
  "extracted",
  "exported",
  "generated",
  "accessed",
  "snapshot",
]);

/**
 * The release word just before the first varying date or year of the names (numbers and separators
 * between), or just after it (`2018-10_release/`, held-out HR: the Fed's series as republished in
 * October 2018 and July 2026, the earlier one's October a part-month), if any.
 */
function releaseWord(tokens: PathToken[], varyingAt: number[]): string | undefined {
  const at = varyingAt.find(
    (i) => tokens[i]?.kind === "date" || (tokens[i]?.kind === "num" && isYear(tokens[i]!.text)),
  );
  if (at === undefined) return undefined;
  const after = tokens.slice(at + 1).find((t) => t.kind !== "sep");
  if (after?.kind === "word" && RELEASE_WORDS.has(after.text.toLowerCase())) return after.text;
  for (let i = at - 1; i >= 0; i--) {
    const t = tokens[i]!;
    if (t.kind === "sep" || t.kind === "num") continue;
    if (t.kind !== "word") return undefined;
    const word = t.text.toLowerCase();
    if (RELEASE_WORDS.has(word)) return t.text;
    // `as_of_2025-01-31`, `as-of`
    const before = tokens
      .slice(0, i)
      .reverse()
      .find((u) => u.kind !== "sep");
    if (word === "of" && before?.kind === "word" && before.text.toLowerCase() === "as") return "as of";
    return undefined;
  }
  return undefined;
}

/** The days a member's name covers: its dates (a window when it names two), else its month of a year, else its years. */
function spanOf(tokens: PathToken[]): { from: string; to: string } | undefined {
  const dates = tokens.filter((t) => t.kind === "date").map((t) => dateSpan(t.text));
  const spans = dates.filter((d): d is { from: string; to: string } => d !== undefined);
  if (spans.length > 0)
    return {
      from: spans.map((s) => s.from).sort()[0] ?? "",
      to:
        spans
          .map((s) => s.to)
          .sort()
          .reverse()[0] ?? "",
    };
  const years = tokens.filter((t) => t.kind === "num" && isYear(t.text)).map((t) => Number(t.text));
  if (years.length === 0) return undefined;
  const month = tokens.find((t) => t.kind === "month");
  if (month && years.length === 1) return monthSpan(years[0] ?? 0, monthNumber(month.text));
  return { from: yearSpan(Math.min(...years)).from, to: yearSpan(Math.max(...years)).to };
}

/**
 * The gaps of the family's series: of its one varying part, or — when several vary, as in
 * `swarma-wu571-20181004_to_20181007.csv` — of its one numbered part (the dates then move with
 * the number). Daily dates (`2019-03-01`) count missing days when the members are a day apart.
 */
function seriesGaps(sorted: Candidate[], varyingAt: number[], varying: VaryingKind[]): string[] {
  const values = (at: number): string[] => sorted.map((c) => c.tokens[at]?.text ?? "");
  if (varyingAt.length === 1) {
    const at = varyingAt[0] ?? 0;
    return varying[0] === "date" ? dayGaps(values(at)) : gapsOf(values(at), varying[0]);
  }
  // Eight-digit parts read as dates (`20181004`) move with the number; they are not the series.
  const numbered = varyingAt.filter(
    (at, i) =>
      varying[i] === "number" &&
      !values(at).every((v) => /^(19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/.test(v)),
  );
  return numbered.length === 1 ? gapsOf(values(numbered[0] ?? 0), "number") : [];
}

/**
 * Missing days among `YYYY-MM-DD` / `YYYYMMDD` names whose most common step is one day; none when
 * more days are missing than present (separate runs, such as one March per year, are no holes).
 */
function dayGaps(values: string[]): string[] {
  const days = values.map((v) => {
    const m = /^(\d{4})[-_/]?(\d{2})[-_/]?(\d{2})$/.exec(v);
    return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000 : NaN;
  });
  if (days.some((d) => !Number.isFinite(d))) return [];
  const sortedDays = [...days].sort((a, b) => a - b);
  let oneDaySteps = 0;
  for (let i = 1; i < sortedDays.length; i++) if (sortedDays[i]! - sortedDays[i - 1]! === 1) oneDaySteps++;
  if (oneDaySteps < (sortedDays.length - 1) / 2) return [];
  const have = new Set(sortedDays);
  const span = sortedDays[sortedDays.length - 1]! - sortedDays[0]! + 1;
  if (span - have.size > have.size) return [];
  const sep = /^\d{4}([-_/]?)/.exec(values[0] ?? "")?.[1] ?? "";
  const out: string[] = [];
  for (let d = sortedDays[0]!; d <= sortedDays[sortedDays.length - 1]! && out.length < MAX_GAPS; d++)
    if (!have.has(d)) out.push(new Date(d * 86_400_000).toISOString().slice(0, 10).replaceAll("-", sep));
  return out;
}

function gapsOf(values: string[], kind: VaryingKind | undefined): string[] {
  if (kind !== "year" && kind !== "number") return [];
  const numbers = values.map(Number).sort((a, b) => a - b);
  const lo = numbers[0] ?? 0;
  const hi = numbers[numbers.length - 1] ?? 0;
  if (hi - lo > 1000) return [];
  const have = new Set(numbers);
  const width = values.every((v) => v.length === values[0]?.length) ? (values[0]?.length ?? 0) : 0;
  const out: string[] = [];
  for (let n = lo; n <= hi && out.length < MAX_GAPS; n++)
    if (!have.has(n)) out.push(String(n).padStart(width, "0"));
  return out;
}

/**
 * The family's glob: `folder/*.ext` when the folder holds nothing else of that kind; else each
 * varying part as a character class (`[0-9][0-9][0-9][0-9]`); when that also
 * matches other files (a `2019 (1)` copy does not, a `sales_total.csv`… might), the list of the
 * members' keys in braces. Undefined when neither matches exactly the members.
 */
function exactGlob(
  first: Candidate,
  sorted: Candidate[],
  varyingAt: number[],
  keyStart: number,
  lastAt: number,
  allPaths: readonly string[],
  members: Set<string>,
): string | undefined {
  // A folder holding only the family (with that extension) is named like a folder group: `sales/*.csv`.
  const path = first.entry.path;
  const slash = path.lastIndexOf("/");
  const dot = path.lastIndexOf(".");
  if (dot > slash + 1) {
    const folderGlob = `${slash >= 0 ? `${globEscape(path.slice(0, slash))}/` : ""}*${globEscape(path.slice(dot))}`;
    if (slash >= 0 && matchesExactly(folderGlob, allPaths, members)) return folderGlob;
  }
  const classed = first.tokens
    .map((t, i) =>
      varyingAt.includes(i)
        ? classFor(
            sorted.map((c) => c.tokens[i]?.text ?? ""),
            t.kind,
          )
        : globEscape(t.text),
    )
    .join("");
  if (matchesExactly(classed, allPaths, members)) return classed;
  const keys = sorted.map((c) =>
    c.tokens
      .slice(keyStart, lastAt + 1)
      .map((t) => t.text)
      .join(""),
  );
  return listGlob(first.tokens, keyStart, lastAt, keys, allPaths, members);
}

/** The members a question's periods select: those covering exactly a period the question names
 *  ("covering March 2016 - February 2017" of two releases overlapping by five months), else those
 *  whose days overlap one; undefined when the question names no period or the members carry no
 *  dates. */
export function selectMembers(
  family: FileFamily,
  periods: readonly QuestionPeriod[],
): FamilyMember[] | undefined {
  if (periods.length === 0 || !family.members.some((m) => m.span)) return undefined;
  const exact = family.members.filter(
    (m) =>
      m.span &&
      m.span.from !== m.span.to &&
      periods.some((p) => p.from === m.span!.from && p.to === m.span!.to),
  );
  if (exact.length > 0) return exact;
  return family.members.filter((m) => m.span && periods.some((p) => overlaps(m.span!, p)));
}

/**
 * A pattern for exactly some members of a family: the family's glob when they are all of them, the
 * path when there is one, else the members' keys in braces (`water-body-testing-{2019,2020,2021}.csv`),
 * or undefined when no such pattern designates exactly them (the caller lists the paths instead).
 */
export function membersGlob(
  family: FileFamily,
  chosen: readonly FamilyMember[],
  allPaths: readonly string[],
): string | undefined {
  if (chosen.length === family.members.length) return family.glob;
  if (chosen.length === 1) return globEscape(chosen[0]?.path ?? "");
  const sample = chosen[0];
  if (!sample) return undefined;
  const at = sample.path.indexOf(sample.key);
  if (at < 0) return undefined;
  // The members' paths differ only inside the key, so each is prefix + key + suffix.
  const prefix = sample.path.slice(0, at);
  const suffix = sample.path.slice(at + sample.key.length);
  if (!chosen.every((m) => m.path === `${prefix}${m.key}${suffix}`)) return undefined;
  const glob = `${globEscape(prefix)}{${chosen.map((m) => globEscape(m.key)).join(",")}}${globEscape(suffix)}`;
  return matchesExactly(glob, allPaths, new Set(chosen.map((m) => m.path))) ? glob : undefined;
}
