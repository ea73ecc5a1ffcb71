import type { SourceEntry } from "../sourceMap/sourceEntry.ts";
import { baseName } from "./fileDocument.ts";

/** A line shorter than this once the paths are out says nothing of the file it names. */
const MIN_WORDS = 2;

/**
 * Lines of the lake's own documents (a README, SOURCES.md, a data dictionary read as text) that name
 * a lake file — by its path, or by a file name no other lake file has — each given to that file as
 * what it is about, the paths taken out: "| exportacao/download_2022/ExpVinho.csv | … | wine exports
 * by country, litres and US$ |" makes the Portuguese-named table findable by "wine exports"
 * (held-out IC: a search for "wine exports by country value US dollars" offered only SOURCES.md and a
 * country list). Only the first lines the Source Map keeps of a text file are read.
 */
export function describedFiles(files: readonly SourceEntry[]): Map<string, string[]> {
  const paths = files.map((f) => f.path);
  const byName = new Map<string, string[]>();
  for (const p of paths) {
    const name = baseName(p).toLowerCase();
    byName.set(name, [...(byName.get(name) ?? []), p]);
  }
  const out = new Map<string, string[]>();
  for (const doc of files) {
    if (!doc.firstLines?.length || (doc.tables?.length ?? 0) > 0) continue;
    for (const line of doc.firstLines) {
      const lower = line.toLowerCase();
      const named = new Set(paths.filter((p) => p !== doc.path && lower.includes(p.toLowerCase())));
      if (named.size === 0)
        for (const [name, holders] of byName)
          if (holders.length === 1 && holders[0] !== doc.path && mentions(lower, name))
            named.add(holders[0]!);
      if (named.size === 0 || named.size > 2) continue;
      let text = line;
      for (const p of named) text = text.split(p).join(" ").split(baseName(p)).join(" ");
      text = text.replace(/\b[0-9a-f]{40}\b/gi, " ");
      if (text.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1).length < MIN_WORDS) continue;
      for (const p of named) out.set(p, [...(out.get(p) ?? []), text.trim()]);
    }
  }
  return out;
}

/** Whether a line names a file by its name alone, as a word of its own (not inside a longer name). */
function mentions(line: string, name: string): boolean {
  let at = line.indexOf(name);
  while (at >= 0) {
    const before = at === 0 ? "" : line[at - 1]!;
    const after = line[at + name.length] ?? "";
    if (!/[\p{L}\p{N}_./-]/u.test(before) && !/[\p{L}\p{N}_-]/u.test(after)) return true;
    at = line.indexOf(name, at + 1);
  }
  return false;
}
