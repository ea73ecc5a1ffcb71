import type { SourceEntry } from "../../core/sourceMap/sourceEntry.ts";

/**
 * Families of files for the Sources view: files in one folder whose names differ only in one
 * number (a year, a month, a part number) and whose tables have the same columns —
 * `beach-water-testing-2004.csv` … `-2023.csv` — shown as one node with the range of the varying
 * part and the gaps in it.
 *
 * TODO(discover): src/core/discover/ is getting editor-free family detection (issue 12); when it
 * lands, build these nodes from it instead, so the view and Discover agree on what a family is.
 */
export interface SourceFamily {
  /** `folder/name-*.csv`: the members' paths with the varying number as `*`. */
  pattern: string;
  members: string[];
  /** The varying part of each member, in member order. */
  values: string[];
  /** Numbers missing inside the range (a year without its file), when the part is a number. */
  gaps: number[];
  /** Members whose columns differ from the family's (named, not left out). */
  differing: { path: string; detail: string }[];
  /** The columns most members share. */
  columns: string[];
}

const MIN_MEMBERS = 3;
/** A gap list longer than this is not a series with holes but a sparse set; none are reported. */
const MAX_GAPS = 12;

export function familiesOf(files: readonly SourceEntry[]): SourceFamily[] {
  const groups = new Map<string, { entry: SourceEntry; value: string }[]>();
  for (const entry of files) {
    for (const { key, value } of numberSlots(entry.path)) {
      const list = groups.get(key) ?? [];
      list.push({ entry, value });
      groups.set(key, list);
    }
  }
  // Largest groups first: a file joins one family at most.
  const taken = new Set<string>();
  const families: SourceFamily[] = [];
  for (const [pattern, list] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    const members = list.filter((m) => !taken.has(m.entry.path));
    if (members.length < MIN_MEMBERS || new Set(members.map((m) => m.value)).size !== members.length)
      continue;
    const family = describe(pattern, members);
    if (!family) continue;
    for (const m of family.members) taken.add(m);
    families.push(family);
  }
  return families.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** One key per run of digits in the file name (not the folder): the name with that run as `*`. */
function numberSlots(path: string): { key: string; value: string }[] {
  const slash = path.lastIndexOf("/");
  const dir = path.slice(0, slash + 1);
  const name = path.slice(slash + 1);
  const slots: { key: string; value: string }[] = [];
  for (const m of name.matchAll(/\d+/g)) {
    const at = m.index;
    slots.push({ key: `${dir}${name.slice(0, at)}*${name.slice(at + m[0].length)}`, value: m[0] });
  }
  return slots;
}

function columnsOf(entry: SourceEntry): string[] | undefined {
  const table = entry.tables?.[0];
  return table ? table.columns.map((c) => c.name.toLowerCase()) : undefined;
}

function describe(pattern: string, list: { entry: SourceEntry; value: string }[]): SourceFamily | undefined {
  const members = [...list].sort(
    (a, b) => Number(a.value) - Number(b.value) || a.value.localeCompare(b.value),
  );
  // The family's columns: those of the most common column set among readable members.
  const counts = new Map<string, number>();
  for (const m of members) {
    const cols = columnsOf(m.entry);
    if (cols) counts.set(cols.join("\u0000"), (counts.get(cols.join("\u0000")) ?? 0) + 1);
  }
  const [common, commonCount] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
  // Same names and a common shape: most readable members must share the columns exactly.
  if (commonCount < MIN_MEMBERS || commonCount * 2 < members.length) return undefined;
  const columns = common.split("\u0000");
  const differing: SourceFamily["differing"] = [];
  for (const m of members) {
    const cols = columnsOf(m.entry);
    if (m.entry.error) differing.push({ path: m.entry.path, detail: `unreadable: ${m.entry.error}` });
    else if (!cols) differing.push({ path: m.entry.path, detail: "no table" });
    else if (cols.join("\u0000") !== common)
      differing.push({ path: m.entry.path, detail: columnDiff(columns, cols) });
  }
  const numbers = members.map((m) => Number(m.value));
  const gaps: number[] = [];
  const lo = numbers[0]!;
  const hi = numbers.at(-1)!;
  if (hi - lo + 1 - numbers.length <= MAX_GAPS)
    for (let n = lo; n <= hi; n++) if (!numbers.includes(n)) gaps.push(n);
  return {
    pattern,
    members: members.map((m) => m.entry.path),
    values: members.map((m) => m.value),
    gaps,
    differing,
    columns,
  };
}

function columnDiff(expected: string[], actual: string[]): string {
  const missing = expected.filter((c) => !actual.includes(c));
  const extra = actual.filter((c) => !expected.includes(c));
  const parts = [
    missing.length ? `lacks ${missing.slice(0, 4).join(", ")}${missing.length > 4 ? ", …" : ""}` : undefined,
    extra.length ? `adds ${extra.slice(0, 4).join(", ")}${extra.length > 4 ? ", …" : ""}` : undefined,
  ].filter(Boolean);
  return parts.length ? parts.join("; ") : "columns in another order";
}
