import { lstat, readdir, readFile, realpath, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import ignore from "ignore";
import type { Ignore } from "ignore";

export interface CrawledFile {
  path: string;
  absPath: string;
  bytes: number;
  mtimeMs: number;
}

const ALWAYS_SKIPPED = new Set([".git", "node_modules", ".radar"]);

export function toPosix(path: string): string {
  return sep === "/" ? path : path.split(sep).join("/");
}

export function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith(sep) ? root : root + sep);
}

async function loadGitignore(dir: string): Promise<string | undefined> {
  try {
    return await readFile(join(dir, ".gitignore"), "utf8");
  } catch {
    return undefined;
  }
}

/**
 * Every file under the lake root, in a stable order: skips `.git`, `node_modules`, `.radar` and
 * what `.gitignore` files exclude; follows a symlink only when its target stays inside the root.
 */
export async function crawlLake(rootDir: string): Promise<CrawledFile[]> {
  const root = await realpath(rootDir);
  const files: CrawledFile[] = [];
  const visitedDirs = new Set<string>();

  async function walk(dir: string, rules: { base: string; ig: Ignore }[]): Promise<void> {
    const real = await realpath(dir);
    if (visitedDirs.has(real)) return;
    visitedDirs.add(real);
    const text = await loadGitignore(dir);
    const scoped = text ? [...rules, { base: dir, ig: ignore().add(text) }] : rules;
    const entries = (await readdir(dir)).sort();
    for (const name of entries) {
      if (ALWAYS_SKIPPED.has(name)) continue;
      const abs = join(dir, name);
      let info = await lstat(abs);
      if (info.isSymbolicLink()) {
        let target: string;
        try {
          target = await realpath(abs);
        } catch {
          continue; // a dangling link has no content to map
        }
        if (!isInside(root, target)) continue;
        info = await stat(abs);
      }
      const isDir = info.isDirectory();
      const ignored = scoped.some(({ base, ig }) => {
        const rel = toPosix(relative(base, abs));
        return ig.ignores(isDir ? `${rel}/` : rel);
      });
      if (ignored) continue;
      if (isDir) await walk(abs, scoped);
      else if (info.isFile())
        files.push({
          path: toPosix(relative(root, abs)),
          absPath: abs,
          bytes: info.size,
          mtimeMs: info.mtimeMs,
        });
    }
  }

  await walk(root, []);
  return files;
}
