import picomatch from "picomatch";

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

/**
 * The folders (with their trailing slash) every path starts with: `observations/` of
 * `observations/2019/01/01.csv` and `observations/2022/10/31.csv`; "" when they share none. A
 * family's members are named below it, so that dated folders stay in their names.
 */
export function sharedFolder(paths: readonly string[]): string {
  let prefix = paths[0] ?? "";
  for (const path of paths) while (!path.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix.slice(0, prefix.lastIndexOf("/") + 1);
}
