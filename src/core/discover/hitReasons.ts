import type { SearchResult } from "minisearch";
import type { DiscoverHit, FamilyHit } from "./discoverIndex.ts";
import { nameTerm, processTerm, termsOf, tokenize } from "./discoverTerms.ts";
import { membersGlob, selectMembers } from "./fileFamilies.ts";
import type { FileFamily } from "./fileFamilies.ts";
import { FIELDS, unreadable } from "./fileDocument.ts";
import type { Doc, Field } from "./fileDocument.ts";
import type { LakeDocuments } from "./lakeDocuments.ts";
import { OPEN_END, OPEN_START } from "./questionPeriods.ts";
import type { QuestionPeriod } from "./questionPeriods.ts";

/**
 * What a Discover hit says: why the document matched (field by field), a family's range and the
 * members the question's periods select, members that differ, the error of an unreadable file, and
 * the copies left out in its favour.
 */

/** A field's reasons list at most this many items (a path, this many words), each at most this long. */
const MAX_REASON_ITEMS = 4;
const MAX_REASON_WORDS = 8;
const MAX_REASON_CHARS = 80;

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

/** The hit for a ranked document: its reasons, its family or group, its error, the copies left out for it. */
export function discoverHit(
  lake: LakeDocuments,
  doc: Doc,
  result: SearchResult,
  score: number,
  periods: QuestionPeriod[],
): DiscoverHit {
  const reasons = matchReasons(lake, doc, result);
  const hit: DiscoverHit = { path: doc.path, score, reasons, kind: "file" };
  const group = lake.groups.get(doc.id);
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
      ...(family.releaseWord ? { releaseWord: family.releaseWord } : {}),
    };
    const kinds = family.varying.join(", ");
    reasons.unshift(
      `family: ${family.members.length} files ${family.template}, ${kinds} ${rangeText(family)}`,
    );
    if (family.releaseWord && periods.length > 0)
      reasons.splice(
        1,
        0,
        `not selected by the question's dates: the names' dates are releases ("${family.releaseWord}" ${family.first}…${family.last}), not the periods the data cover`,
      );
    const chosen = selectMembers(family, periods);
    if (chosen) {
      const glob = membersGlob(family, chosen, lake.allPaths);
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
  const entry = lake.entries.get(doc.path);
  if (!group && entry && unreadable(entry) && entry.error) {
    hit.error = entry.error;
    reasons.push(`unreadable: ${truncate(entry.error)}`);
  }
  const notes = lake.copyNotes.get(doc.id);
  if (notes?.length) {
    hit.copies = notes;
    for (const n of notes.slice(0, 3)) reasons.push(`preferred to a copy: ${n.note}`);
    if (notes.length > 3) reasons.push(`(+${notes.length - 3} more copies left out)`);
  }
  return hit;
}

/** What matched, field by field, from minisearch's term -> fields information. */
function matchReasons(lake: LakeDocuments, doc: Doc, result: SearchResult): string[] {
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
  const group = lake.groupOf.get(doc.path);
  if (group && !doc.group) out.push(`one of ${group.doc.members.length} files of ${group.doc.path}`);
  return out;
}
