import { copiesOf } from "../sourceMap/crawl/fileRelations.ts";
import type { CopyOf } from "../sourceMap/crawl/fileRelations.ts";
import type { SourceEntry, SourceMap } from "../sourceMap/sourceEntry.ts";
import type { CopyNote } from "./discoverIndex.ts";
import { indexTerms, processTerm, termsOf } from "./discoverTerms.ts";
import { findFileFamilies } from "./fileFamilies.ts";
import { gluedPathWords, lakeVocabulary } from "./gluedWords.ts";
import { describedFiles } from "./describedFiles.ts";
import type { FileFamily } from "./fileFamilies.ts";
import {
  FIELDS,
  baseName,
  columnNames,
  compare,
  dirName,
  extension,
  fileText,
  globEscape,
  rankable,
  sampleValues,
  shapeKey,
  spelledAcronyms,
  monthsSpelledOut,
  stripExtension,
  titleLines,
  unreadable,
} from "./fileDocument.ts";
import type { Doc } from "./fileDocument.ts";

/**
 * The documents Discover ranks, built once from the Source Map: one per rankable file, one per family
 * of files (fileFamilies.ts) and one per folder of same-shaped files (a group); copies folded into the
 * file preferred to them (fileRelations.ts); the words of each file's first rows under the document
 * that ranks it.
 */

/** A group needs this many same-shaped files in one folder. */
const MIN_GROUP_FILES = 3;
const MAX_GROUP_VALUES = 5000;

export interface Group {
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

function countTerms(lists: Iterable<string[]>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const list of lists) for (const term of new Set(list)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
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

export class LakeDocuments {
  readonly docs: Doc[] = [];
  /** File path, family glob or group glob -> document. */
  readonly byPath = new Map<string, Doc>();
  /** Family or group document id -> group. */
  readonly groups = new Map<number, Group>();
  /** Member path -> its family (preferred) or group. */
  readonly groupOf = new Map<string, Group>();
  readonly allPaths: string[];
  readonly entries: Map<string, SourceEntry>;
  /** Copy path -> the file preferred to it. */
  readonly copies: Map<string, CopyOf>;
  /** Document id -> the copies folded into it. */
  readonly copyNotes = new Map<number, CopyNote[]>();
  /** A word of the files' first rows (processed) -> the ranked documents holding it (headTerms). */
  readonly heads = new Map<string, Set<number>>();

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
    this.readGluedNames(map.files, fileDocs);
    // What the lake's own documents say each file is (describedFiles.ts), read as its title.
    for (const [path, lines] of describedFiles(map.files)) fileDocs.get(path)?.fields.title.push(...lines);
    const families = findFileFamilies(map.files);
    this.addFamilies(families, fileDocs);
    this.addGroups(map.files, fileDocs, families);
    for (const doc of this.docs) this.byPath.set(doc.path, doc);
    this.foldCopies(fileDocs);
    this.indexHeads(map.files);
  }

  /** Glued file names read apart (gluedWords.ts) with the words of the lake's paths and columns. */
  private readGluedNames(files: SourceEntry[], fileDocs: Map<string, Doc>): void {
    const vocabulary = lakeVocabulary(
      files.map((f) => f.path),
      files.flatMap((f) => columnNames(f)),
    );
    for (const doc of fileDocs.values()) doc.fields.path.push(...gluedPathWords(doc.path, vocabulary));
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
      // The member's own document's titles: its table titles and what the lake's documents say of it.
      for (const t of fileDocs.get(m.path)?.fields.title ?? titleLines(m)) titles.add(t);
      for (const v of sampleValues(m)) if (values.size < MAX_GROUP_VALUES) values.add(v);
    }
    const doc: Doc = {
      id: this.docs.length,
      path: pattern,
      members: members.map((m) => m.path),
      group: true,
      fields: {
        path: [
          pathText,
          ...spelledAcronyms(pathText, [...titles, ...columns, ...values]),
          ...members.flatMap((m) => monthsSpelledOut(m.path)),
        ],
        title: [...titles],
        columns,
        names: columns,
        values: [...values],
        text: [],
        files: family ? members.map((m) => m.path) : names,
      },
    };
    // A member is named by a query that says the words of its name the other members lack — not
    // by the years or dates of a family's names: those select members (see search), and a
    // release's date (`…_updated_01-31-2025`) says when it was published, not what it holds.
    const dated = (m: FileFamily["members"][number]): boolean =>
      m.span !== undefined || !!family?.releaseWord;
    const datedKeys = new Map(family?.members.filter(dated).map((m) => [m.path, termsOf(m.key)]) ?? []);
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
        .filter(dated)
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
}
