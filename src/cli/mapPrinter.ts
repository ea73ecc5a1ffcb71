import { findFileFamilies } from "../core/discover/fileFamilies.ts";
import type { FileFamily } from "../core/discover/fileFamilies.ts";
import { sharedFolder } from "../core/discover/pathPattern.ts";
import type { SourceEntry, TableProfile } from "../core/sourceMap/sourceEntry.ts";
import { tableFactLines } from "../core/sourceMap/tableFacts.ts";

/** Members of a family whose differences (other columns, unreadable) are listed by name. */
const LISTED_DIFFERENCES = 10;

type PrintedEntry = Omit<SourceEntry, "profileMs" | "fingerprint" | "headTerms">;

/** Names a description beside a header-less table lists for its columns (offered, not applied). */
function describedText(t: TableProfile): string {
  const d = t.describedNames;
  if (!d) return "";
  const lines = `${d.fields[0]!.line}-${d.fields[d.fields.length - 1]!.line}`;
  return `\n        names listed in ${d.file} (lines ${lines}): ${d.fields.map((f, i) => `${t.columns[i]?.name} = ${f.name}`).join(", ")}`;
}

function tableText(t: TableProfile): string {
  return (
    `${t.sheet ? `[${t.sheet}] ` : ""}${t.rowCount} rows × ${t.columns.length} cols (${t.noHeader ? "no header" : `header line ${t.headerLine}`}): ${t.columns.map((c) => `${c.name} ${c.type}`).join(", ")}${describedText(t)}` +
    tableFactLines(t)
      .map((line) => `\n        ${line}`)
      .join("")
  );
}

function entryText(f: PrintedEntry): string {
  const tables = f.tables ?? [];
  const what = f.folder
    ? "empty folder: no files in it"
    : f.error
      ? `ERROR ${f.error}`
      : tables.length
        ? tables.map(tableText).join("\n      ")
        : `text, no table read (the map keeps its first ${(f.firstLines ?? []).length} lines; Scan.reader says how to read one)`;
  const copies = (f.relations ?? [])
    .filter((r) => r.kind !== "has-prefix")
    .map((r) => `\n      ${r.kind === "identical" ? "same bytes as" : "truncated copy of"} ${r.path}`)
    .join("");
  return `${f.path}  [${f.format}${f.encoding && f.encoding !== "utf-8" ? `, ${f.encoding}` : ""}, ${f.bytes} B]\n      ${what}${copies}\n`;
}

/** Consecutive numbers as one range (`062–110`); other keys as they are. */
function runs(keys: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < keys.length; i++) {
    let j = i;
    while (j + 1 < keys.length && /^\d+$/.test(keys[j]!) && Number(keys[j + 1]) === Number(keys[j]) + 1) j++;
    out.push(j > i + 1 ? `${keys[i]}–${keys[j]}` : keys[i]!);
    if (j === i + 1) out.push(keys[j]!);
    i = j;
  }
  return out;
}

/**
 * A family printed once (issue 27: 715 members of one 57-column layout were 3,052 lines): its
 * template, members as a range with their count and the days their names cover, the gaps in its
 * series, the shared layout as one member shows it, and the members that differ from it by name.
 */
function familyText(family: FileFamily, byPath: Map<string, PrintedEntry>): string {
  const entries = family.members
    .map((m) => byPath.get(m.path))
    .filter((e): e is PrintedEntry => e !== undefined);
  const bytes = entries.reduce((sum, e) => sum + e.bytes, 0);
  const formats = [...new Set(entries.map((e) => e.format))].join("/");
  // Every table of every member: a workbook's first sheet may be its notes (held-out GN).
  const rows = entries.reduce((sum, e) => sum + (e.tables ?? []).reduce((n, t) => n + t.rowCount, 0), 0);
  const spans = family.members.flatMap((m) => (m.span ? [m.span] : []));
  const days = spans.length
    ? `; names cover ${spans.map((s) => s.from).sort()[0]} to ${spans.map((s) => s.to).sort()[spans.length - 1]}`
    : "";
  const first = family.members[0]!;
  // Below the folders all members share: dated folders stay in the names (`2019/01/01.csv`).
  const shared = sharedFolder(family.members.map((m) => m.path));
  const last = family.members[family.members.length - 1]!;
  const gaps = family.gaps.length
    ? `\n      missing from the series: ${runs(family.gaps).join(", ")}${family.gaps.length >= 50 ? " (the first 50 missing)" : ""}`
    : "";
  const differing = new Set(family.differing.map((d) => d.path));
  const usual = entries.find((e) => !differing.has(e.path) && e.tables?.length);
  const layoutCount = family.members.length - family.differing.length;
  const layout = usual?.tables?.[0]
    ? `\n      ${layoutCount} of them share this layout (as in ${usual.path}):\n      ${usual.tables.map(tableText).join("\n      ")}`
    : "";
  const listed = family.differing
    .slice(0, LISTED_DIFFERENCES)
    .map((d) =>
      d.error
        ? `\n      ${d.path}: ERROR ${d.error}`
        : `\n      ${d.path}: ${[d.missing.length ? `lacks ${d.missing.join(", ")}` : "", d.extra.length ? `adds ${d.extra.join(", ")}` : ""].filter(Boolean).join("; ")}`,
    );
  const more =
    family.differing.length > LISTED_DIFFERENCES
      ? `\n      … and ${family.differing.length - LISTED_DIFFERENCES} more members that differ`
      : "";
  return (
    `${family.template}  [family of ${family.members.length} ${formats} files, ${bytes} B, ${rows} rows in all; glob ${family.glob}]\n` +
    `      members ${first.path.slice(shared.length)} … ${last.path.slice(shared.length)} (${family.varying.join(", ")} ${family.first} … ${family.last})${days}` +
    gaps +
    layout +
    listed.join("") +
    more +
    "\n"
  );
}

/** The plain `radar map` listing: each family once, at its first member's place, then single files. */
export function mapText(files: readonly PrintedEntry[]): string {
  const families = findFileFamilies(files as SourceEntry[]);
  const familyOf = new Map<string, FileFamily>();
  for (const family of families) for (const m of family.members) familyOf.set(m.path, family);
  const byPath = new Map(files.map((f) => [f.path, f]));
  const printed = new Set<FileFamily>();
  let out = "";
  for (const f of files) {
    const family = familyOf.get(f.path);
    if (!family) out += entryText(f);
    else if (!printed.has(family)) {
      printed.add(family);
      out += familyText(family, byPath);
    }
  }
  return out;
}
