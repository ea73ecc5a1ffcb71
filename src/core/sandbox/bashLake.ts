import { readdirSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import picomatch from "picomatch";
import { BashDenied } from "./bashDenied.ts";
import { escapeGlob, homeDirectory } from "./bashWords.ts";
import type { Word } from "./bashWords.ts";

/**
 * The lake as the Bash sandbox sees it: its root (lexical and real) and, lazily, its entries for glob
 * expansion; and the check that a word naming a file stays inside it.
 */

/** Bounds the fs walk used for glob expansion, so a huge lake cannot stall the tool. */
const MAX_WALK_ENTRIES = 100_000;

export interface Lake {
  root: string;
  /** The lake as the kernel sees it, so symlinked tmp dirs (macOS /var) compare correctly. */
  realRoot: string;
  entries: () => string[];
}

export function openLake(options: { lakeRoot: string; listLakeFiles?: () => string[] }): Lake {
  const root = resolve(options.lakeRoot);
  let realRoot = root;
  try {
    realRoot = realpathSync.native(root);
  } catch {
    // A missing lake: keep the lexical root; spawning will fail with a clear error.
  }
  let cached: string[] | undefined;
  const entries = (): string[] =>
    (cached ??= withImpliedDirectories(options.listLakeFiles ? options.listLakeFiles() : walkLake(root)));
  return { root, realRoot, entries };
}

/** A file list names `a/b/c.csv` but a shell glob `a/*` must also see the directory `a/b`. */
function withImpliedDirectories(files: string[]): string[] {
  const all = new Set<string>();
  for (const file of files) {
    const parts = file.replace(/^(\.\/)+/, "").split("/");
    for (let n = 1; n <= parts.length; n += 1) all.add(parts.slice(0, n).join("/"));
  }
  all.delete("");
  return [...all];
}

/** Lists files and directories, not descending into symlinked directories (they may lead outside). */
function walkLake(root: string): string[] {
  const out: string[] = [];
  const pending = [""];
  for (let dir = pending.pop(); dir !== undefined && out.length < MAX_WALK_ENTRIES; dir = pending.pop()) {
    let dirents;
    try {
      dirents = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const dirent of dirents) {
      const rel = dir === "" ? dirent.name : `${dir}/${dirent.name}`;
      out.push(rel);
      if (dirent.isDirectory()) pending.push(rel);
    }
  }
  return out;
}

/** Bash semantics: matches sorted, and a pattern that matches nothing stays as typed. */
export function expandWord(word: Word, lake: Lake): string[] {
  if (!word.glob) return [word.text];
  if (/(^|[^\\])\*\*/.test(word.pattern)) {
    throw new BashDenied(
      `Bash refused: '**' in '${word.text}' (recursive globs are not supported). Use \`find . -name '*.csv'\` instead.`,
    );
  }
  const anchored = anchorPattern(word.pattern, lake.root);
  if (!anchored) return [word.text];
  // `*/` matches directories only, and each match keeps its trailing slash, as in bash.
  const dirsOnly = anchored.pattern.endsWith("/");
  const isMatch = picomatch(anchored.pattern.replace(/\/+$/, ""), { dot: false });
  const matches = lake
    .entries()
    .filter((entry) => isMatch(entry) && (!dirsOnly || isDirectory(join(lake.root, entry))))
    .sort();
  const suffix = dirsOnly ? "/" : "";
  return matches.length > 0 ? matches.map((entry) => anchored.prefix + entry + suffix) : [word.text];
}

function isDirectory(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

/** Globs are matched against lake-relative entries: strip `./` or the lake's absolute path, if present. */
function anchorPattern(pattern: string, root: string): { prefix: string; pattern: string } | undefined {
  const dotSlash = /^(\.\/)+/.exec(pattern);
  if (dotSlash) return { prefix: dotSlash[0], pattern: pattern.slice(dotSlash[0].length) };
  const rootPrefix = `${escapeGlob(root)}/`;
  if (pattern.startsWith(rootPrefix)) {
    return { prefix: `${root}/`, pattern: pattern.slice(rootPrefix.length) };
  }
  // Absolute paths elsewhere and `../` patterns stay literal; the path check then refuses them.
  if (pattern.startsWith("/") || pattern.startsWith("../")) return undefined;
  return { prefix: "", pattern };
}

// ---------------------------------------------------------------------------------------------------
// Paths: a word that may name a file must stay in the lake, both as written and as the kernel resolves it.

function isInside(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

export function checkPath(arg: string, lake: Lake): void {
  checkLexicalPath(arg, lake);
  const real = kernelRealpath(isAbsolute(arg) ? arg : `${lake.root}/${arg}`);
  if (real !== undefined && !isInside(real, lake.realRoot)) {
    throw new BashDenied(
      `Bash refused: path '${arg}' goes through a symlink that points outside the lake. Only files that really live in the lake can be read; pick another file (see \`ls -l\`).`,
    );
  }
}

export function checkLexicalPath(arg: string, lake: Lake): void {
  if (arg.startsWith("~")) throw homeDirectory(arg);
  const abs = resolve(lake.root, arg);
  if (!isInside(abs, lake.root)) {
    throw new BashDenied(
      `Bash refused: path '${arg}' resolves outside the lake (${abs}). RADAR's Bash can only read inside the data lake; use paths relative to the lake root (run \`ls\` to see what is there).`,
    );
  }
}

/**
 * Where the kernel would land, `..` included: `link/../x` walks up from the symlink's *target*, which a
 * lexical resolve hides. For a path that does not exist, its deepest existing ancestor decides, because
 * the kernel stops there. Uses realpath(3) (`.native`): Node's JS realpath normalizes `..` first.
 */
function kernelRealpath(path: string): string | undefined {
  for (let candidate = path; ; candidate = dirname(candidate)) {
    try {
      return realpathSync.native(candidate);
    } catch {
      if (dirname(candidate) === candidate) return undefined;
    }
  }
}
