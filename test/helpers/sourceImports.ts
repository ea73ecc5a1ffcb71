import { readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** Every TypeScript file below `dir`. */
export function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? tsFiles(full) : /\.(ts|tsx|mts|cts)$/.test(full) ? [full] : [];
  });
}

/** Every module specifier of a file: static imports and re-exports, import(), require(). */
export function specifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
    /\brequire\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) found.push(m[1] as string);
  return found;
}

/** The relative specifiers of `file` that resolve into folder `dir` (or are `dir` itself). */
export function importsInto(file: string, source: string, dir: string): string[] {
  return specifiers(source).filter((spec) => {
    if (!spec.startsWith(".")) return false;
    const target = relative(dir, resolve(dirname(file), spec));
    return target === "" || !target.startsWith("..");
  });
}
