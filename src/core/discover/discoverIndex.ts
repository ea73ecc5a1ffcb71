import MiniSearch from "minisearch";
import type { SearchResult } from "minisearch";
import type { SourceMap } from "../sourceMap/sourceEntry.ts";
import { fieldTerms, indexTerms, initialismsOf, nameTermsOf } from "./discoverTerms.ts";
import type { FamilyDifference, FileFamily, VaryingKind } from "./fileFamilies.ts";
import { FIELDS, compare, unreadable } from "./fileDocument.ts";
import type { Doc, Field } from "./fileDocument.ts";
import { discoverHit } from "./hitReasons.ts";
import { LakeDocuments } from "./lakeDocuments.ts";
import type { Group } from "./lakeDocuments.ts";
import { isPathPattern, matchPattern } from "./pathPattern.ts";
import { questionPeriods } from "./questionPeriods.ts";
import { isYearToken } from "../text.ts";

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
  /** The word that makes the names' dates release dates (`updated`): no member is selected by them. */
  releaseWord?: string;
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

/** Members of a group shown for what sets them apart (a value only they hold), besides those named. */
const MAX_GROUP_MEMBERS_SHOWN = 2;
/** A word sets a member apart when at most this share of the group's members hold it. */
const DISTINCT_SHARE = 0.25;
/** A word of the question is specific when at most this share of the ranked documents hold it. */
const RARE_SHARE = 0.1;

interface Candidate {
  doc: Doc;
  result: SearchResult;
  score: number;
  /** A specific word of the question this entry was brought in for (see covering). */
  holds?: string;
}

export class DiscoverIndex {
  /** The lake's documents: files, families, groups, the copies folded into them. */
  private readonly lake: LakeDocuments;
  /** Files outside families and groups, families and groups: a folder of 52 same-shaped files weighs as one document. */
  private readonly main: MiniSearch<Doc>;
  /** Members of families and groups, ranked among themselves (what sets one apart: its name, its values). */
  private readonly members: MiniSearch<Doc>;

  constructor(map: SourceMap) {
    this.lake = new LakeDocuments(map);
    this.main = DiscoverIndex.newIndex();
    this.members = DiscoverIndex.newIndex();
    this.main.addAll(
      this.lake.docs.filter(
        (d) => d.group || (!this.lake.groupOf.has(d.path) && !this.lake.copies.has(d.path)),
      ),
    );
    this.members.addAll(
      this.lake.docs.filter(
        (d) => !d.group && this.lake.groupOf.has(d.path) && !this.lake.copies.has(d.path),
      ),
    );
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

  /** The files a hit's path stands for: the members of a family or group, the file itself, or a pattern's files. */
  filesOf(path: string): string[] {
    const doc = this.lake.byPath.get(path);
    if (doc) return [...doc.members];
    if (this.lake.allPaths.includes(path)) return [path];
    return isPathPattern(path) ? matchPattern(path, this.lake.allPaths) : [];
  }

  /** The families of the lake (fileFamilies.ts), as the index found them. */
  families(): FileFamily[] {
    return [...this.lake.groups.values()].flatMap((g) => (g.family ? [g.family] : []));
  }

  search(query: string, excluded: string[] = [], limit?: number): DiscoverHit[] {
    const isExcluded = this.exclusion(excluded);
    if (isPathPattern(query)) {
      const pattern = query.trim();
      const found = matchPattern(pattern, this.lake.allPaths)
        .filter((path) => !isExcluded(path, [path]))
        .sort(compare)
        .map((path) => {
          const hit: DiscoverHit = { path, score: 1, reasons: [`matches pattern ${pattern}`], kind: "file" };
          const entry = this.lake.entries.get(path);
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
    // Runs of words ("identity theft") are looked up too: they match only whole names (see fieldTerms);
    // and the initials of its names ("South Australia" -> `sa`), as folders and files are named by them.
    const queryTerms = [...terms, ...new Set([...nameTermsOf(query), ...initialismsOf(query)])];
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
      const doc = this.lake.docs[result.id as number];
      if (!doc) continue;
      const score = result.score;
      candidates.push({ doc, result, score });
      const group = this.lake.groups.get(doc.id);
      if (group) groupScore.set(group, score);
    }
    candidates.push(...this.memberCandidates(this.members.search(text, options), groupScore));
    const ordered = candidates
      .sort((a, b) => b.score - a.score || compare(a.doc.path, b.doc.path))
      .filter((c) => !isExcluded(c.doc.path, c.doc.members));
    return this.covering(ordered, max, terms, isExcluded).map(({ doc, result, score, holds }) => {
      const hit = discoverHit(this.lake, doc, result, score, periods);
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
    for (const t of terms) for (const id of this.lake.heads.get(t) ?? []) hold(t, id);
    const rare = Math.max(2, Math.floor(this.main.documentCount * RARE_SHARE));
    const covered = new Set<string>();
    for (const c of top) for (const [t, ids] of holders) if (ids.has(c.doc.id)) covered.add(t);
    // Words and years; other numbers ("at least 50%") name no source.
    const wanted = [...holders]
      .filter(([t, ids]) => ids.size <= rare && !covered.has(t) && (/\p{L}/u.test(t) || isYearToken(t)))
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
          .map((id) => this.lake.docs[id])
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
  /**
   * Members of families and groups worth listing besides them: those the query names ("Florida"),
   * placed just above, and at most two that hold a value few others hold ("Baton Rouge"), just below.
   */
  private memberCandidates(results: SearchResult[], groupScore: Map<Group, number>): Candidate[] {
    const out: Candidate[] = [];
    const shown = new Map<Group, number>();
    let order = 0;
    for (const result of results) {
      const doc = this.lake.docs[result.id as number];
      const group = doc && this.lake.groupOf.get(doc.path);
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
      const doc = this.lake.byPath.get(entry);
      let files: string[];
      if (doc) files = doc.members;
      else if (isPathPattern(entry)) files = matchPattern(entry, this.lake.allPaths);
      else {
        const folder = `${entry.toLowerCase()}/`;
        files = this.lake.allPaths.filter(
          (p) => p.toLowerCase() === entry.toLowerCase() || p.toLowerCase().startsWith(folder),
        );
      }
      for (const f of files) paths.add(f.toLowerCase());
    }
    return (path, members) =>
      names.has(path.toLowerCase()) || members.some((m) => paths.has(m.toLowerCase()));
  }
}
