import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { basename, dirname } from "node:path/posix";
import type { SourceEntry, TableProfile } from "../sourceEntry.ts";

/**
 * Names for the columns of a header-less table from a description beside it: data centres ship
 * `omni2_2023.dat` (55 numbers a line, no header) with `omni2.text`, which lists the fields in
 * order as numbered lines (` 1   I4   Year   1963, 1964, etc.`, ` 2   I4   Decimal Day …`). A
 * numbered list is offered for a table only when it holds exactly as many fields as the table has
 * columns; the names stay an offer (the table keeps its positional names) with their file and lines.
 */

/** A numbered line: the number (1-3 digits, maybe `1.` or `1)`), then the field's description. */
const NUMBERED = /^\s{0,8}(\d{1,3})[.):]?\s+(\S.*)$/;
/** A Fortran edit descriptor (`I4`, `F6.1`, `E9.2`, `A10`) before the field's name. */
const FORMAT_TOKEN = /^(\d*[AIFEDG]\d+(\.\d+)?|\d*X)\s+/i;
/** A fill value (`9999`, `999.9`, `9.999E+04`) before the field's name. */
const FILL_TOKEN = /^[-+]?(\d+\.?\d*|\.\d+)([eEdD][-+]?\d+)?\s+/;
/** Description files read, at most this size (they are short texts). */
const MAX_DESCRIPTION_BYTES = 1 << 20;

export interface FieldList {
  fields: { name: string; line: number }[];
}

/** The field's name in a numbered line's text: what precedes a wide gap (3+ spaces), as written. */
function fieldName(rest: string): string {
  let text = rest.replace(FORMAT_TOKEN, "");
  text = text.replace(FILL_TOKEN, "");
  const name = text
    .split(/\s{3,}|\t/)[0]!
    .replace(/\s+/g, " ")
    .trim();
  return name.length > 60 ? `${name.slice(0, 60)}…` : name;
}

/**
 * The numbered lists of a text: runs of lines numbered 1, 2, 3 … in order (other lines may come
 * between them: continuations, blank lines). A line numbered other than the next number ends the run.
 */
export function numberedFieldLists(text: string): FieldList[] {
  const lists: FieldList[] = [];
  let current: FieldList | undefined;
  text.split(/\r\n|\n|\r/).forEach((line, i) => {
    const m = NUMBERED.exec(line);
    if (!m) return;
    const n = Number(m[1]);
    const name = fieldName(m[2]!);
    if (current && n === current.fields.length + 1 && name !== "") {
      current.fields.push({ name, line: i + 1 });
      return;
    }
    if (current && current.fields.length >= 2) lists.push(current);
    current = n === 1 && name !== "" ? { fields: [{ name, line: i + 1 }] } : undefined;
  });
  if (current && current.fields.length >= 2) lists.push(current);
  return lists;
}

function stem(path: string): string {
  const name = basename(path).toLowerCase();
  const dot = name.indexOf(".");
  return dot > 0 ? name.slice(0, dot) : name;
}

/**
 * Sets `describedNames` on the header-less tables of `files` (and clears stale ones): a text file
 * of the same folder with a numbered list as long as the table is wide. Several such files: the one
 * whose name (without extension) begins the data file's name, the longest such; none when that
 * leaves more than one.
 */
export async function offerDescribedNames(lakeRoot: string, files: SourceEntry[]): Promise<void> {
  const texts = new Map<string, Promise<FieldList[]>>();
  const listsOf = (entry: SourceEntry): Promise<FieldList[]> => {
    let found = texts.get(entry.path);
    if (!found) {
      found = readFile(join(lakeRoot, entry.path))
        .then((bytes) =>
          numberedFieldLists(
            bytes.toString(entry.encoding === "utf-8" || !entry.encoding ? "utf8" : "latin1"),
          ),
        )
        .catch(() => []);
      texts.set(entry.path, found);
    }
    return found;
  };
  const descriptions = files.filter(
    (f) =>
      (f.format === "text" || f.format === "fixed-width") &&
      !f.error &&
      f.bytes > 0 &&
      f.bytes <= MAX_DESCRIPTION_BYTES,
  );
  for (const entry of files) {
    const headerless = (entry.tables ?? []).filter((t) => t.noHeader);
    if (headerless.length === 0) continue;
    const folder = dirname(entry.path);
    const beside = descriptions.filter((d) => dirname(d.path) === folder && d.path !== entry.path);
    for (const table of headerless) {
      delete table.describedNames;
      // Two numbered lines are as likely steps of a README as fields: three at least.
      if (table.columns.length < 3 || beside.length === 0) continue;
      const offered = await describe(table, entry.path, beside, listsOf);
      if (offered) table.describedNames = offered;
    }
  }
}

async function describe(
  table: TableProfile,
  path: string,
  beside: SourceEntry[],
  listsOf: (entry: SourceEntry) => Promise<FieldList[]>,
): Promise<TableProfile["describedNames"]> {
  const width = table.columns.length;
  const matches: { file: string; list: FieldList }[] = [];
  for (const d of beside) {
    const list = (await listsOf(d)).find((l) => l.fields.length === width);
    if (list) matches.push({ file: d.path, list });
  }
  let chosen = matches.length === 1 ? matches[0] : undefined;
  if (matches.length > 1) {
    const own = stem(path);
    const prefixed = matches.filter((m) => own.startsWith(stem(m.file)));
    const longest = Math.max(0, ...prefixed.map((m) => stem(m.file).length));
    const best = prefixed.filter((m) => stem(m.file).length === longest);
    chosen = best.length === 1 ? best[0] : undefined;
  }
  return chosen ? { file: chosen.file, fields: chosen.list.fields } : undefined;
}
