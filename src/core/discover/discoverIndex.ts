import MiniSearch from "minisearch";
import type { SearchResult } from "minisearch";
import picomatch from "picomatch";
import { copiesOf } from "../sourceMap/fileRelations.ts";
import type { CopyOf } from "../sourceMap/fileRelations.ts";
import type { SourceEntry, SourceMap } from "../sourceMap/sourceEntry.ts";
import { findFileFamilies, membersGlob, selectMembers } from "./fileFamilies.ts";
import type { FamilyDifference, FileFamily, VaryingKind } from "./fileFamilies.ts";
import { OPEN_END, OPEN_START, questionPeriods } from "./questionPeriods.ts";
import type { QuestionPeriod } from "./questionPeriods.ts";

/**
 * Discover: which files of the lake may answer a natural-language question. BM25 ranking (minisearch)
 * over one document per file (path words, table titles, sheet names, column names, sample values,
 * first lines of text files; an unreadable file by its path alone), one per family of files whose
 * names differ only in a year, date, number or short code (fileFamilies.ts, named by a glob that
 * matches exactly its members), and one per folder of same-shaped files (a "group", named by the glob
 * `<folder>/*.<ext>`). A family or group is one entry; the years and dates the question names select
 * a family's members. Copies give way to the file they copy (fileRelations.ts): a truncated copy to
 * the complete file, a duplicate to its original, and the hit says so. A query that looks like a path
 * pattern lists matching files.
 */

/** Entries returned when the caller sets no limit (a family or folder of files counts as one). */
export const DEFAULT_DISCOVER_LIMIT = 10;

export interface FamilySelection {
  /** The words of the question that selected them, e.g. `["between 2019 and 2023"]`. */
  said: string[];
  /** The selected members' paths, in family order (empty when none is in the question's periods). */
  files: string[];
  /** A pattern matching exactly those files, when one exists (else use `files`). */
  glob?: string;
}

export interface FamilyHit {
  /** The path with its varying part named, e.g. `water-body-testing-{year}.csv`. */
  template: string;
  varying: VaryingKind[];
  /** The first and last values of the varying part, e.g. `2002` and `2023`. */
  first: string;
  last: string;
  /** Values missing inside the run (years or numbers). */
  gaps: string[];
  /** The columns of the family's usual layout. */
  columns: string[];
  /** Members whose columns differ from the usual layout, or that could not be read. */
  differing: FamilyDifference[];
  /** The members the question's years or dates select. */
  selected?: FamilySelection;
}

/** A copy left out in favour of the hit's file (or of a member of the hit's family or group). */
export interface CopyNote {
  path: string;
  /** `identical`: the same bytes; `truncated`: its bytes are the start of the preferred file. */
  kind: "identical" | "truncated";
  /** The file preferred to it. */
  of: string;
  note: string;
}

export interface DiscoverHit {
  /** A file's path relative to the lake root, a family's glob, or a group's glob `<folder>/*.<ext>`. */
  path: string;
  score: number;
  /** Why it matched, e.g. `path: identity, theft`, `columns: State, # of Reports`. */
  reasons: string[];
  /** What the entry stands for: one file, a family of files, or a folder of same-shaped files. */
  kind?: "file" | "family" | "group";
  /** For a family or group hit: how many files the pattern covers. */
  files?: number;
  /** For a family hit: its range, shared columns, differing members, and the question's selection. */
  family?: FamilyHit;
  /** Why the file could not be read (it is ranked by its path and name only). */
  error?: string;
  /** Copies of this file (or of its members) left out of the results, and why. */
  copies?: CopyNote[];
}

type Field = "path" | "title" | "columns" | "names" | "values" | "text" | "files";

const FIELDS: readonly Field[] = ["path", "title", "columns", "names", "values", "text", "files"];

/**
 * Path words and titles say what a file is about; columns say what it holds, and a column named in
 * full by the question's own words ("Fraud", "Identity Theft") holds what is asked, where a word
 * inside a long header ("Percentage of all Fraud Reports with …") only hints; samples only hint.
 */
const BOOST: Record<Field, number> = {
  path: 3,
  title: 3,
  columns: 2,
  names: 2,
  values: 1,
  text: 1,
  files: 1,
};

/** How each field is named in a hit's reasons. */
const REASON_LABEL: Record<Field, string> = {
  path: "path",
  title: "title",
  columns: "columns",
  names: "column named",
  values: "values",
  text: "text",
  files: "files",
};

/** Whole names ("Identity Theft") are one index term: their words joined by this character. */
const JOIN = "_";
/** The longest run of a question's words read as one name. */
const MAX_NAME_WORDS = 4;

/** A group needs this many same-shaped files in one folder. */
const MIN_GROUP_FILES = 3;
/** Members of a group shown for what sets them apart (a value only they hold), besides those named. */
const MAX_GROUP_MEMBERS_SHOWN = 2;
/** A word sets a member apart when at most this share of the group's members hold it. */
const DISTINCT_SHARE = 0.25;
const MAX_REASON_ITEMS = 4;
const MAX_REASON_WORDS = 8;
const MAX_REASON_CHARS = 80;
const MAX_GROUP_VALUES = 5000;
const MAX_TEXT_LINES = 30;
/** A word of the question is specific when at most this share of the ranked documents hold it. */
const RARE_SHARE = 0.1;

/** English function words, and the boilerplate of questions ("round to 2 decimal places", "answer yes or no"). */
const STOP_WORDS = new Set(
  (
    "a about above after again against all am an and any are aren as at be because been before being below " +
    "between both but by can cannot could couldn did didn do does doesn doing don down during each either else " +
    "ever few for from further had hadn has hasn have haven having he her here hers herself him himself his how " +
    "however i if in into is isn it its itself just let me might more most must mustn my myself neither no nor " +
    "not of off on once only or ought our ours ourselves out over own same shall shan she should shouldn so " +
    "some such than that the their theirs them themselves then there these they this those through thus to too " +
    "under until up upon us very was wasn we were weren what when where whether which while who whom whose why " +
    "will with within without won would wouldn you your yours yourself yourselves " +
    // question boilerplate
    "answer answers explanation explain needed please give tell show find list compute calculate determine " +
    "round rounded rounding decimal decimals place places nearest integer true false yes also using use " +
    "vs versus etc"
  ).split(/\s+/),
);

/** Splits text into words: on anything but letters and digits, and at camelCase boundaries. */
export function tokenize(text: string): string[] {
  return (
    text
      // Plural acronyms stay one word: "CSVs" -> "csvs" (not "CS Vs").
      .replace(/([A-Z]{2,})s(?![a-z])/g, (_m, acronym: string) => `${acronym.toLowerCase()}s`)
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
      .split(/[^\p{L}\p{N}]+/u)
      .filter((t) => t.length > 0)
  );
}

function undouble(stem: string): string {
  return /([^aeiouslz])\1$/.test(stem) ? stem.slice(0, -1) : stem;
}

/** A light suffix stripper (plurals, -ed, -ing, -er, final e), applied alike to documents and queries. */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let s = word;
  if (s.endsWith("ies") && s.length > 4) s = `${s.slice(0, -3)}y`;
  else if (s.endsWith("sses")) s = s.slice(0, -2);
  else if (/(?:x|ch|sh|us)es$/.test(s)) s = s.slice(0, -2);
  else if (s.endsWith("s") && !/(?:ss|us|is)$/.test(s)) s = s.slice(0, -1);
  if (s.endsWith("ing") && s.length - 3 >= 3 && /[aeiouy]/.test(s.slice(0, -3))) s = undouble(s.slice(0, -3));
  else if (s.endsWith("ed") && s.length - 2 >= 3 && /[aeiouy]/.test(s.slice(0, -2)))
    s = undouble(s.slice(0, -2));
  if (s.endsWith("er") && s.length - 2 >= 4) s = s.slice(0, -2);
  if (s.endsWith("e") && s.length >= 4) s = s.slice(0, -1);
  return s;
}

/** Lower case, no accents, no stop words or single characters, stemmed; null drops the word. */
export function processTerm(term: string): string | null {
  const known = processed.get(term);
  if (known !== undefined) return known;
  const word = term.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  const out = word.length < 2 || STOP_WORDS.has(word) ? null : stem(word);
  // Lakes repeat their words (column names, years, categories): each is processed once.
  if (processed.size >= MAX_PROCESSED) processed.clear();
  processed.set(term, out);
  return out;
}

const processed = new Map<string, string | null>();
const MAX_PROCESSED = 200_000;

/** What minisearch indexes of a text: its terms, in order, repeats included (term frequency counts). */
export function indexTerms(text: string): string[] {
  const out: string[] = [];
  for (const token of tokenize(text)) {
    const term = processTerm(token);
    if (term !== null) out.push(term);
  }
  return out;
}

/** A whole name as one index term: its words processed and joined ("identity_theft"); null when none stays. */
export function nameTerm(name: string): string | null {
  const terms = indexTerms(name);
  return terms.length === 0 || terms.length > MAX_NAME_WORDS ? null : terms.join(JOIN);
}

/** The whole-name terms of a question: every run of 2 to MAX_NAME_WORDS of its words, in order. */
function nameTermsOf(query: string): string[] {
  const words = indexTerms(query);
  const out: string[] = [];
  for (let n = 2; n <= MAX_NAME_WORDS; n++)
    for (let i = 0; i + n <= words.length; i++) out.push(words.slice(i, i + n).join(JOIN));
  return out;
}

/** What the index holds of a field's text: whole names, one per line, for `names`; words otherwise. */
function fieldTerms(text: string, field?: string): string[] {
  if (field !== "names") return indexTerms(text);
  const out: string[] = [];
  for (const line of text.split("\n")) {
    const term = nameTerm(line);
    if (term !== null) out.push(term);
  }
  return out;
}

/** The index terms of a text, in order, without repeats. */
function termsOf(text: string): string[] {
  const out: string[] = [];
  for (const token of tokenize(text)) {
    const term = processTerm(token);
    if (term !== null && !out.includes(term)) out.push(term);
  }
  return out;
}

/** Whether a query is a path pattern rather than words. A final "?" ends a question, not a pattern. */
export function isPathPattern(query: string): boolean {
  const q = query.trim();
  if (q.length === 0) return false;
  if (/[*[]/.test(q) || q.endsWith("/")) return true;
  return q.includes("?") && (!/\s/.test(q) || /\?\S/.test(q));
}

/**
 * The files of `paths` a pattern designates: `dir/` is everything under `dir`; a pattern without "/"
 * matches base names; otherwise full relative paths (case-insensitive, dot files left out). A pattern
 * with "/" that matches nothing from the lake root is tried again below any folder (`** /pattern`), and
 * a pattern that matches no file, as folders (`pattern/**`).
 */
export function matchPattern(pattern: string, paths: readonly string[]): string[] {
  const p = pattern.trim().replace(/^\.\//, "");
  const options = { nocase: true, dot: false };
  let matchers: ((path: string) => boolean)[];
  if (p.endsWith("/")) {
    const dir = p.replace(/\/+$/, "");
    matchers = [picomatch(`${dir}/**`, options), picomatch(`**/${dir}/**`, options)];
  } else if (!p.includes("/")) {
    matchers = [picomatch(p, { ...options, basename: true }), picomatch(`**/${p}/**`, options)];
  } else {
    const asFolder = [picomatch(`${p}/**`, options), picomatch(`**/${p}/**`, options)];
    matchers = [picomatch(p, options), picomatch(`**/${p}`, options), ...asFolder];
  }
  for (const isMatch of matchers) {
    const found = paths.filter((path) => isMatch(path));
    if (found.length > 0) return found;
  }
  return [];
}

interface DocText {
  path: string[];
  title: string[];
  columns: string[];
  /** The column names again, each read whole (see fieldTerms). */
  names: string[];
  values: string[];
  text: string[];
  files: string[];
}

interface Doc {
  id: number;
  /** File path, family glob or group glob. */
  path: string;
  /** Files the document stands for: itself, or the members of a family or group. */
  members: string[];
  group: boolean;
  fields: DocText;
}

interface Group {
  doc: Doc;
  /** Set for a family of files (a group by name), absent for a folder group. */
  family?: FileFamily;
  /** Member path -> the words of its name that set it apart from the other members. */
  distinct: Map<string, string[]>;
  /** How many members' names contain each word. */
  wordCount: Map<string, number>;
  /** How many members contain each index term, in any field. */
  termCount: Map<string, number>;
  /** The terms of a family's dated keys (`2019`): they select members, never list them. */
  keyTerms: Set<string>;
}

interface Candidate {
  doc: Doc;
  result: SearchResult;
  score: number;
  /** A specific word of the question this entry was brought in for (see covering). */
  holds?: string;
}

function dirName(path: string): string {
  const i = path.lastIndexOf("/");
  return i < 0 ? "" : path.slice(0, i);
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

function extension(path: string): string {
  const base = baseName(path);
  const i = base.lastIndexOf(".");
  return i <= 0 ? "" : base.slice(i + 1);
}

function stripExtension(name: string): string {
  const i = name.lastIndexOf(".");
  return i <= 0 ? name : name.slice(0, i);
}

/** Glob characters in a folder name are escaped so the group's pattern designates exactly that folder. */
function globEscape(text: string): string {
  return text.replace(/[*?[\]{}()!+@\\]/g, "\\$&");
}

/** Column names as written, without readers' placeholders ("column3") and de-duplication suffixes ("_2"). */
function columnNames(entry: SourceEntry): string[] {
  const out: string[] = [];
  for (const table of entry.tables ?? []) {
    for (const column of table.columns) {
      const name = column.name.trim().replace(/_\d+$/, "");
      if (name.length === 0 || /^column\d*$/i.test(name)) continue;
      if (!out.includes(name)) out.push(name);
    }
  }
  return out;
}

/** Numbers, amounts and percentages say nothing a query's words could match; years do. */
function isWordless(value: string): boolean {
  const v = value.trim();
  if (/^(?:1[89]|20)\d\d$/.test(v)) return false;
  return !/\p{L}/u.test(v) || /^[$€£]?[\d.,\s]+[%KMB]?(?: of (?:the )?total)?$/i.test(v);
}

function sampleValues(entry: SourceEntry): string[] {
  const out: string[] = [];
  for (const table of entry.tables ?? []) {
    for (const column of table.columns) {
      for (const sample of column.samples) {
        const value = sample.trim();
        if (value.length > 0 && !isWordless(value) && !out.includes(value)) out.push(value);
      }
    }
  }
  return out;
}

function titleLines(entry: SourceEntry): string[] {
  const out: string[] = [];
  for (const table of entry.tables ?? []) {
    for (const line of [
      ...table.titleLines,
      ...(table.title === undefined ? [] : [table.title]),
      ...(table.sheet === undefined ? [] : [table.sheet]),
    ]) {
      const text = line.trim();
      if (text.length > 0 && !out.includes(text)) out.push(text);
    }
  }
  return out;
}

/**
 * Acronyms of a path spelled out where the file's own content spells them: "State MSA ... data" with
 * "... Metropolitan Statistical Area" among the values reads also "metropolitan statistical area".
 */
function spelledAcronyms(path: string, texts: readonly string[]): string[] {
  const out: string[] = [];
  for (const acronym of new Set(path.match(/\b[A-Z]{2,6}\b/g) ?? [])) {
    const words = [...acronym].map((letter) => `${letter}[a-z]+`).join("[\\s-]+");
    const pattern = new RegExp(`\\b${words}\\b`);
    for (const text of texts) {
      const found = pattern.exec(text);
      if (found) {
        out.push(found[0]);
        break;
      }
    }
  }
  return out;
}

function fileText(entry: SourceEntry): DocText {
  const columns = columnNames(entry);
  const fields: DocText = {
    path: [entry.path],
    title: titleLines(entry),
    columns,
    names: columns,
    values: sampleValues(entry),
    text: (entry.firstLines ?? []).slice(0, MAX_TEXT_LINES),
    files: [],
  };
  const texts = [...fields.title, ...fields.columns, ...fields.values, ...fields.text];
  fields.path.push(...spelledAcronyms(entry.path, texts));
  return fields;
}

/** Extensions of data and document files: unreadable ones stay rankable by their path and name. */
const DATA_EXTENSIONS = new Set(
  (
    "csv tsv tab psv dat txt json jsonl ndjson parquet pq xlsx xlsm xlsb xls ods odf numbers html htm xml " +
    "sav dta sas7bdat rds rdata feather arrow avro orc h5 hdf5 nc mat pdf doc docx ppt pptx zip gz bz2 xz 7z " +
    "tar db sqlite sqlite3 mdb accdb dbf shp geojson kml md rtf"
  ).split(" "),
);

/**
 * Whether a file is ranked for words. An unreadable file (empty, binary, or failed to map) whose name
 * says it is data is, by its path and name, with its error in the hit; junk (`.DS_Store`, `dump.bin`)
 * is found by path patterns only.
 */
function rankable(entry: SourceEntry): boolean {
  if (entry.format !== "binary" && entry.format !== "empty") return true;
  if (baseName(entry.path).startsWith(".")) return false;
  return DATA_EXTENSIONS.has(extension(entry.path).toLowerCase());
}

/** Whether the Source Map could not read a table or text from the file. */
function unreadable(entry: SourceEntry): boolean {
  return (
    entry.error !== undefined && (entry.tables?.length ?? 0) === 0 && (entry.firstLines?.length ?? 0) === 0
  );
}

function shapeKey(entry: SourceEntry): string | null {
  const names = (entry.tables ?? []).map((t) =>
    t.columns.map((c) => c.name.trim().toLowerCase()).join("\u0001"),
  );
  if (names.length === 0 || names.every((n) => n.length === 0)) return null;
  return names.join("\u0002");
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function countTerms(lists: Iterable<string[]>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const list of lists) for (const term of new Set(list)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

function truncate(text: string): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > MAX_REASON_CHARS ? `${t.slice(0, MAX_REASON_CHARS - 1)}…` : t;
}

/** "2002…2023", "q1_2023…q4_2024", "CA, FL, GA … (10)". */
function rangeText(family: FileFamily): string {
  const kinds = family.varying;
  if (kinds.every((k) => k === "code")) {
    const keys = family.members.map((m) => m.key);
    return keys.length <= 6 ? keys.join(", ") : `${keys.slice(0, 5).join(", ")} … ${keys[keys.length - 1]}`;
  }
  const gaps = family.gaps.length
    ? ` (missing ${family.gaps.slice(0, 5).join(", ")}${family.gaps.length > 5 ? " …" : ""})`
    : "";
  // Names read as days (`045`, `0309`) are shown with the days they were read as.
  const days = family.calendar
    ? ` (${family.calendar === "day-of-year" ? "day of the year" : "month and day, the year from the path"}: ${family.members[0]?.span?.from ?? ""}…${family.members[family.members.length - 1]?.span?.to ?? ""})`
    : "";
  return `${family.first}…${family.last}${days}${gaps}`;
}

function periodText(p: QuestionPeriod): string {
  const from = p.from === OPEN_START ? "" : p.from;
  const to = p.to === OPEN_END ? "" : p.to;
  return `${from}…${to}`;
}

/** Members whose columns differ, grouped by how ("2016…2023 (8 files): adds Indicator Level"). */
function differingText(family: FileFamily): string[] {
  const byHow = new Map<string, string[]>();
  for (const d of family.differing) {
    const how = d.error
      ? `unreadable (${truncate(d.error)})`
      : [
          d.missing.length
            ? `lacks ${d.missing.slice(0, 4).join(", ")}${d.missing.length > 4 ? " …" : ""}`
            : "",
          d.extra.length ? `adds ${d.extra.slice(0, 4).join(", ")}${d.extra.length > 4 ? " …" : ""}` : "",
        ]
          .filter(Boolean)
          .join("; ");
    const list = byHow.get(how) ?? [];
    list.push(d.key);
    byHow.set(how, list);
  }
  return [...byHow].map(([how, keys]) => {
    const which = keys.length === 1 ? keys[0] : `${keys[0]}…${keys[keys.length - 1]} (${keys.length} files)`;
    return `${which}: ${how}`;
  });
}

function copyNote(path: string, copy: CopyOf, entries: Map<string, SourceEntry>): CopyNote {
  const of = copy.path;
  if (copy.kind === "identical")
    return {
      path,
      kind: "identical",
      of,
      note: `${path} has the same bytes as ${of}${copy.relation.checked === "head-and-tail" ? " (same size, first and last 64 KiB)" : ""}; left out`,
    };
  const rows = (p: string): number | undefined => {
    const table = entries.get(p)?.tables;
    return table && table.length === 1 ? table[0]?.rowCount : undefined;
  };
  const [short, long] = [rows(path), rows(of)];
  const counts =
    short !== undefined && long !== undefined && short < long
      ? `its ${short} rows are the first ${short} of the ${long} rows of ${of}`
      : `its ${entries.get(path)?.bytes ?? "?"} bytes are the first of the ${entries.get(of)?.bytes ?? "?"} of ${of}`;
  const cut = copy.relation.cutMidLine ? ", and it stops in the middle of a line" : "";
  return { path, kind: "truncated", of, note: `${path} is a truncated copy: ${counts}${cut}; left out` };
}

export class DiscoverIndex {
  private readonly docs: Doc[] = [];
  /** File path, family glob or group glob -> document. */
  private readonly byPath = new Map<string, Doc>();
  /** Family or group document id -> group. */
  private readonly groups = new Map<number, Group>();
  /** Member path -> its family (preferred) or group. */
  private readonly groupOf = new Map<string, Group>();
  private readonly allPaths: string[];
  private readonly entries: Map<string, SourceEntry>;
  /** Copy path -> the file preferred to it. */
  private readonly copies: Map<string, CopyOf>;
  /** Document id -> the copies folded into it. */
  private readonly copyNotes = new Map<number, CopyNote[]>();
  /** Files outside families and groups, families and groups: a folder of 52 same-shaped files weighs as one document. */
  private readonly main: MiniSearch<Doc>;
  /** Members of families and groups, ranked among themselves (what sets one apart: its name, its values). */
  private readonly members: MiniSearch<Doc>;
  /** A word of the files' first rows (processed) -> the ranked documents holding it (headTerms). */
  private readonly heads = new Map<string, Set<number>>();

  constructor(map: SourceMap) {
    this.allPaths = map.files.map((f) => f.path);
    this.entries = new Map(map.files.map((f) => [f.path, f]));
    this.copies = copiesOf(map.files);
    const fileDocs = new Map<string, Doc>();
    for (const entry of map.files.filter(rankable)) {
      const doc: Doc = {
        id: this.docs.length,
        path: entry.path,
        members: [entry.path],
        group: false,
        fields: fileText(entry),
      };
      this.docs.push(doc);
      fileDocs.set(entry.path, doc);
    }
    const families = findFileFamilies(map.files);
    this.addFamilies(families, fileDocs);
    this.addGroups(map.files, fileDocs, families);
    for (const doc of this.docs) this.byPath.set(doc.path, doc);
    this.foldCopies(fileDocs);
    this.main = DiscoverIndex.newIndex();
    this.members = DiscoverIndex.newIndex();
    this.main.addAll(
      this.docs.filter((d) => d.group || (!this.groupOf.has(d.path) && !this.copies.has(d.path))),
    );
    this.members.addAll(
      this.docs.filter((d) => !d.group && this.groupOf.has(d.path) && !this.copies.has(d.path)),
    );
    this.indexHeads(map.files);
  }

  private static newIndex(): MiniSearch<Doc> {
    return new MiniSearch<Doc>({
      fields: [...FIELDS],
      idField: "id",
      tokenize: fieldTerms,
      processTerm: (term) => term,
      extractField: (doc, field) => (field === "id" ? doc.id : doc.fields[field as Field].join("\n")),
    });
  }

  /** One document per family, its text gathered from its members like a group's. */
  private addFamilies(families: FileFamily[], fileDocs: Map<string, Doc>): void {
    for (const family of families) {
      const paths = family.members.map((m) => m.path);
      const members = paths.map((p) => this.entries.get(p)).filter((e): e is SourceEntry => e !== undefined);
      const literal = family.template.replace(/\{[a-z]+\}/g, " ");
      const group = this.newGroup(family.glob, members, fileDocs, literal, family.columns, family);
      group.family = family;
    }
  }

  /**
   * One group per folder and extension whose files (at least 3) all have the same column names,
   * unless families hold all its files (a family says more: its range, its selection) — such as
   * `Sat_Density/*.csv`, whose 700 files are the `champ-…` and `swarma-…` families.
   */
  private addGroups(files: SourceEntry[], fileDocs: Map<string, Doc>, families: FileFamily[]): void {
    const inFamily = new Set(families.flatMap((f) => f.members.map((m) => m.path)));
    const byFolder = new Map<string, SourceEntry[]>();
    for (const entry of files) {
      const ext = extension(entry.path);
      if (ext.length === 0 || baseName(entry.path).startsWith(".")) continue;
      const key = `${dirName(entry.path)}\u0000${ext}`;
      const list = byFolder.get(key);
      if (list) list.push(entry);
      else byFolder.set(key, [entry]);
    }
    for (const [key, members] of [...byFolder].sort(([a], [b]) => compare(a, b))) {
      if (members.length < MIN_GROUP_FILES || members.some(unreadable)) continue;
      const shapes = new Set(members.map(shapeKey));
      const first = members[0];
      if (shapes.size !== 1 || shapes.has(null) || first === undefined) continue;
      if (members.every((m) => inFamily.has(m.path))) continue;
      const [folder = "", ext = ""] = key.split("\u0000");
      const pattern = `${folder.length > 0 ? `${globEscape(folder)}/` : ""}*.${globEscape(ext)}`;
      this.newGroup(pattern, members, fileDocs, `${folder} ${ext}`, columnNames(first));
    }
  }

  private newGroup(
    pattern: string,
    members: SourceEntry[],
    fileDocs: Map<string, Doc>,
    pathText: string,
    columns: string[],
    family?: FileFamily,
  ): Group {
    const names = members.map((m) => stripExtension(baseName(m.path)));
    const values = new Set<string>();
    const titles = new Set<string>();
    for (const m of members) {
      for (const t of titleLines(m)) titles.add(t);
      for (const v of sampleValues(m)) if (values.size < MAX_GROUP_VALUES) values.add(v);
    }
    const doc: Doc = {
      id: this.docs.length,
      path: pattern,
      members: members.map((m) => m.path),
      group: true,
      fields: {
        path: [pathText, ...spelledAcronyms(pathText, [...titles, ...columns, ...values])],
        title: [...titles],
        columns,
        names: columns,
        values: [...values],
        text: [],
        files: family ? members.map((m) => m.path) : names,
      },
    };
    // A member is named by a query that says the words of its name the other members lack — not
    // by the years or dates of a family's names: those select members (see search).
    const datedKeys = new Map(
      family?.members.filter((m) => m.span).map((m) => [m.path, termsOf(m.key)]) ?? [],
    );
    const wordsOf = new Map(
      members.map((m, i) => {
        const words = termsOf(names[i] ?? "");
        const key = datedKeys.get(m.path);
        return [m.path, key ? words.filter((w) => !key.includes(w)) : words];
      }),
    );
    const wordCount = countTerms(wordsOf.values());
    const distinct = new Map<string, string[]>();
    for (const [path, words] of wordsOf) {
      distinct.set(
        path,
        words.filter((w) => (wordCount.get(w) ?? 0) < members.length),
      );
    }
    const termCount = countTerms(
      members.map((m) => {
        const fields = fileDocs.get(m.path)?.fields;
        return fields ? indexTerms(FIELDS.flatMap((f) => fields[f]).join("\n")) : [];
      }),
    );
    const keyTerms = new Set(
      (family?.members ?? [])
        .filter((m) => m.span)
        .flatMap((m) => indexTerms(m.key.replace(/[^\p{L}\p{N}]+/gu, " "))),
    );
    const group: Group = { doc, distinct, wordCount, termCount, keyTerms, ...(family ? { family } : {}) };
    this.docs.push(doc);
    this.groups.set(doc.id, group);
    for (const m of members) if (!this.groupOf.has(m.path)) this.groupOf.set(m.path, group);
    return group;
  }

  /**
   * Each copy's name is read as a name of the file preferred to it (and of that file's family or
   * group), and noted there; the copy itself is no entry of its own.
   */
  private foldCopies(fileDocs: Map<string, Doc>): void {
    for (const [path, copy] of [...this.copies].sort(([a], [b]) => compare(a, b))) {
      const note = copyNote(path, copy, this.entries);
      const targets = [fileDocs.get(copy.path), this.groupOf.get(copy.path)?.doc];
      // A copy inside the same family or group as its original is noted there too.
      const own = this.groupOf.get(path)?.doc;
      if (own && !targets.includes(own)) targets.push(own);
      for (const doc of targets) {
        if (!doc) continue;
        if (!doc.members.includes(path)) doc.fields.files.push(path);
        const list = this.copyNotes.get(doc.id) ?? [];
        list.push(note);
        this.copyNotes.set(doc.id, list);
      }
    }
  }

  /** Each file's head words, under the document that ranks it (its family or group, or the file it copies). */
  private indexHeads(files: SourceEntry[]): void {
    for (const entry of files) {
      if (!entry.headTerms?.length) continue;
      const path = this.copies.get(entry.path)?.path ?? entry.path;
      const doc = this.groupOf.get(path)?.doc ?? this.byPath.get(path);
      if (!doc) continue;
      for (const word of entry.headTerms) {
        const term = processTerm(word);
        if (term === null) continue;
        const ids = this.heads.get(term);
        if (ids) ids.add(doc.id);
        else this.heads.set(term, new Set([doc.id]));
      }
    }
  }

  /** The files a hit's path stands for: the members of a family or group, the file itself, or a pattern's files. */
  filesOf(path: string): string[] {
    const doc = this.byPath.get(path);
    if (doc) return [...doc.members];
    if (this.allPaths.includes(path)) return [path];
    return isPathPattern(path) ? matchPattern(path, this.allPaths) : [];
  }

  /** The families of the lake (fileFamilies.ts), as the index found them. */
  families(): FileFamily[] {
    return [...this.groups.values()].flatMap((g) => (g.family ? [g.family] : []));
  }

  search(query: string, excluded: string[] = [], limit?: number): DiscoverHit[] {
    const isExcluded = this.exclusion(excluded);
    if (isPathPattern(query)) {
      const pattern = query.trim();
      const found = matchPattern(pattern, this.allPaths)
        .filter((path) => !isExcluded(path, [path]))
        .sort(compare)
        .map((path) => {
          const hit: DiscoverHit = { path, score: 1, reasons: [`matches pattern ${pattern}`], kind: "file" };
          const entry = this.entries.get(path);
          if (entry && unreadable(entry) && entry.error) hit.error = entry.error;
          return hit;
        });
      return limit === undefined ? found : found.slice(0, Math.max(0, limit));
    }
    const max = limit ?? DEFAULT_DISCOVER_LIMIT;
    if (max <= 0) return [];
    // Each term once: "the number of reports ... the number of reports" asks no more than it says.
    const terms = [...new Set(indexTerms(query))];
    if (terms.length === 0) return [];
    const periods = questionPeriods(query);
    const text = terms.join(" ");
    // Runs of words ("identity theft") are looked up too: they match only whole names (see fieldTerms).
    const queryTerms = [...terms, ...new Set(nameTermsOf(query))];
    const options = {
      tokenize: () => queryTerms,
      boost: BOOST,
      fuzzy: (term: string) => (term.length >= 5 && !/\d/.test(term) ? 0.1 : false),
      prefix: false,
      combineWith: "OR" as const,
    };
    const candidates: Candidate[] = [];
    const groupScore = new Map<Group, number>();
    for (const result of this.main.search(text, options)) {
      const doc = this.docs[result.id as number];
      if (!doc) continue;
      const score = result.score;
      candidates.push({ doc, result, score });
      const group = this.groups.get(doc.id);
      if (group) groupScore.set(group, score);
    }
    candidates.push(...this.memberCandidates(this.members.search(text, options), groupScore));
    const ordered = candidates
      .sort((a, b) => b.score - a.score || compare(a.doc.path, b.doc.path))
      .filter((c) => !isExcluded(c.doc.path, c.doc.members));
    return this.covering(ordered, max, terms, isExcluded).map(({ doc, result, score, holds }) => {
      const hit = this.hit(doc, result, score, periods);
      if (holds) hit.reasons.push(`first rows hold: ${holds}`);
      return hit;
    });
  }

  /**
   * The first `max` candidates, where a specific word of the question (one few documents hold, such as
   * a year only two tables have rows for) that none of them holds brings in the best document holding
   * it, in place of the last ones: a question that needs two sources names each by its own words.
   */
  private covering(
    ordered: Candidate[],
    max: number,
    terms: string[],
    isExcluded: (path: string, members: string[]) => boolean,
  ): Candidate[] {
    const top = ordered.slice(0, max);
    // Who holds each word of the question: in the ranked fields, or in the first rows of its files.
    const holders = new Map<string, Set<number>>();
    const hold = (term: string, id: number): void => {
      const set = holders.get(term) ?? new Set<number>();
      set.add(id);
      holders.set(term, set);
    };
    for (const c of ordered) for (const t of c.result.queryTerms) hold(t, c.doc.id);
    for (const t of terms) for (const id of this.heads.get(t) ?? []) hold(t, id);
    const rare = Math.max(2, Math.floor(this.main.documentCount * RARE_SHARE));
    const covered = new Set<string>();
    for (const c of top) for (const [t, ids] of holders) if (ids.has(c.doc.id)) covered.add(t);
    // Words and years; other numbers ("at least 50%") name no source.
    const wanted = [...holders]
      .filter(
        ([t, ids]) =>
          ids.size <= rare && !covered.has(t) && (/\p{L}/u.test(t) || /^(?:1[89]|20)\d\d$/.test(t)),
      )
      .sort((a, b) => a[1].size - b[1].size || compare(a[0], b[0]));
    const promoted: Candidate[] = [];
    const room = Math.floor(max / 3);
    const inTop = new Set(top.map((c) => c.doc.id));
    for (const [term, ids] of wanted) {
      if (promoted.length >= room || covered.has(term)) continue;
      let best = ordered.slice(max).find((c) => !promoted.includes(c) && ids.has(c.doc.id));
      if (!best) {
        // A document no ranked field matched, whose first rows hold the word.
        const doc = [...ids]
          .map((id) => this.docs[id])
          .filter((d): d is Doc => d !== undefined && !inTop.has(d.id) && !isExcluded(d.path, d.members))
          .sort((a, b) => compare(a.path, b.path))[0];
        if (!doc) continue;
        best = { doc, score: 0, result: { id: doc.id, score: 0, terms: [], queryTerms: [term], match: {} } };
      }
      best = { ...best, holds: term };
      promoted.push(best);
      inTop.add(best.doc.id);
      for (const [t, holding] of holders) if (holding.has(best.doc.id)) covered.add(t);
    }
    if (promoted.length === 0) return top;
    return [...top.slice(0, Math.max(0, max - promoted.length)), ...promoted];
  }

  private hit(doc: Doc, result: SearchResult, score: number, periods: QuestionPeriod[]): DiscoverHit {
    const reasons = this.reasons(doc, result);
    const hit: DiscoverHit = { path: doc.path, score, reasons, kind: "file" };
    const group = this.groups.get(doc.id);
    if (group) {
      hit.kind = group.family ? "family" : "group";
      hit.files = doc.members.length;
    }
    const family = group?.family;
    if (family) {
      const found: FamilyHit = {
        template: family.template,
        varying: family.varying,
        first: family.first,
        last: family.last,
        gaps: family.gaps,
        columns: family.columns,
        differing: family.differing,
      };
      const kinds = family.varying.join(", ");
      reasons.unshift(
        `family: ${family.members.length} files ${family.template}, ${kinds} ${rangeText(family)}`,
      );
      const chosen = selectMembers(family, periods);
      if (chosen) {
        const glob = membersGlob(family, chosen, this.allPaths);
        found.selected = {
          said: [...new Set(periods.map((p) => p.said))],
          files: chosen.map((m) => m.path),
          ...(glob ? { glob } : {}),
        };
        const said = [...new Set(periods.map((p) => `"${p.said}"`))].join(", ");
        reasons.splice(
          1,
          0,
          chosen.length === 0
            ? `selected: no member in ${said} (${periods.map(periodText).join(", ")})`
            : chosen.length === family.members.length
              ? `selected: all ${chosen.length} members are in ${said}`
              : `selected: ${chosen.length} of ${family.members.length} in ${said}: ${glob ?? chosen.map((m) => m.path).join(", ")}`,
        );
      }
      const differ = differingText(family);
      if (differ.length)
        reasons.push(`members that differ: ${differ.slice(0, 3).join("; ")}${differ.length > 3 ? " …" : ""}`);
      hit.family = found;
    }
    const entry = this.entries.get(doc.path);
    if (!group && entry && unreadable(entry) && entry.error) {
      hit.error = entry.error;
      reasons.push(`unreadable: ${truncate(entry.error)}`);
    }
    const notes = this.copyNotes.get(doc.id);
    if (notes?.length) {
      hit.copies = notes;
      for (const n of notes.slice(0, 3)) reasons.push(`preferred to a copy: ${n.note}`);
      if (notes.length > 3) reasons.push(`(+${notes.length - 3} more copies left out)`);
    }
    return hit;
  }

  /**
   * Members of families and groups worth listing besides them: those the query names ("Florida"),
   * placed just above, and at most two that hold a value few others hold ("Baton Rouge"), just below.
   */
  private memberCandidates(results: SearchResult[], groupScore: Map<Group, number>): Candidate[] {
    const out: Candidate[] = [];
    const shown = new Map<Group, number>();
    let order = 0;
    for (const result of results) {
      const doc = this.docs[result.id as number];
      const group = doc && this.groupOf.get(doc.path);
      const base = group && groupScore.get(group);
      if (!doc || !group || base === undefined) continue;
      order++;
      const tie = order * 1e-6;
      if (this.named(group, doc.path, result)) {
        out.push({ doc, result, score: base * (1.01 - tie) });
        continue;
      }
      const limit = Math.max(1, Math.floor(group.doc.members.length * DISTINCT_SHARE));
      const matched = Object.keys(result.match).filter((term) => !group.keyTerms.has(term));
      const distinctive = matched.filter((term) => (group.termCount.get(term) ?? 0) <= limit).length;
      const count = shown.get(group) ?? 0;
      if (distinctive === 0 || count >= MAX_GROUP_MEMBERS_SHOWN) continue;
      shown.set(group, count + 1);
      out.push({ doc, result, score: base * (Math.min(0.99, distinctive / matched.length) - tie) });
    }
    return out;
  }

  /** Whether the query says the name of this member of the group (e.g. "Florida", "New Hampshire"). */
  private named(group: Group, path: string, result: SearchResult): boolean {
    const words = group.distinct.get(path) ?? [];
    const said = words.filter((w) => result.match[w]?.includes("path"));
    if (said.length === 0) return false;
    return said.length === words.length || said.some((w) => (group.wordCount.get(w) ?? 0) <= 1);
  }

  /**
   * A predicate on a document (its path and files): excluded files, folders (`dir/` or `dir`), patterns
   * and group globs; a group goes when any of its files does (the pattern overlaps the exclusion).
   */
  private exclusion(excluded: string[]): (path: string, members: string[]) => boolean {
    if (excluded.length === 0) return () => false;
    const paths = new Set<string>();
    const names = new Set<string>();
    for (const raw of excluded) {
      const entry = raw.trim();
      if (entry.length === 0) continue;
      names.add(entry.toLowerCase());
      const doc = this.byPath.get(entry);
      let files: string[];
      if (doc) files = doc.members;
      else if (isPathPattern(entry)) files = matchPattern(entry, this.allPaths);
      else {
        const folder = `${entry.toLowerCase()}/`;
        files = this.allPaths.filter(
          (p) => p.toLowerCase() === entry.toLowerCase() || p.toLowerCase().startsWith(folder),
        );
      }
      for (const f of files) paths.add(f.toLowerCase());
    }
    return (path, members) =>
      names.has(path.toLowerCase()) || members.some((m) => paths.has(m.toLowerCase()));
  }

  /** What matched, field by field, from minisearch's term -> fields information. */
  private reasons(doc: Doc, result: SearchResult): string[] {
    const termsByField = new Map<Field, Set<string>>();
    for (const [term, fields] of Object.entries(result.match)) {
      for (const field of fields as Field[]) {
        const set = termsByField.get(field) ?? new Set<string>();
        set.add(term);
        termsByField.set(field, set);
      }
    }
    const out: string[] = [];
    for (const field of FIELDS) {
      const terms = termsByField.get(field);
      if (!terms) continue;
      let items: string[];
      if (field === "path") {
        items = [];
        for (const token of tokenize(doc.fields.path.join(" "))) {
          const term = processTerm(token);
          const word = token.toLowerCase();
          if (term !== null && terms.has(term) && !items.includes(word)) items.push(word);
        }
      } else if (field === "names") {
        items = doc.fields.names.filter((name) => terms.has(nameTerm(name) ?? ""));
      } else {
        items = doc.fields[field].filter((text) => termsOf(text).some((t) => terms.has(t)));
      }
      if (items.length === 0) items = [...terms];
      const max = field === "path" ? MAX_REASON_WORDS : MAX_REASON_ITEMS;
      const shown = items.slice(0, max).map(truncate);
      const more = items.length > max ? ` (+${items.length - max} more)` : "";
      out.push(`${REASON_LABEL[field]}: ${shown.join(", ")}${more}`);
    }
    const group = this.groupOf.get(doc.path);
    if (group && !doc.group) out.push(`one of ${group.doc.members.length} files of ${group.doc.path}`);
    return out;
  }
}
