import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { repoRoot } from "../helpers/tempLake.ts";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.(ts|tsx|mts|cts)$/.test(full) ? [full] : [];
  });
}

/** Every module specifier of a file: static imports and re-exports, import(), require(). */
function specifiers(source: string): string[] {
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

/** The relative specifiers of `file` that resolve into the repository's test/ folder. */
function importsFromTest(file: string, source: string): string[] {
  const testDir = join(repoRoot, "test");
  return specifiers(source).filter((spec) => {
    if (!spec.startsWith(".")) return false;
    const target = relative(testDir, resolve(dirname(file), spec));
    return target === "" || !target.startsWith("..");
  });
}

test("the scan of imports sees an import from test/ (so the check below can fail)", () => {
  const file = join(repoRoot, "src/core/validation/rules/x/xSilentCases.ts");
  assert.deepEqual(
    importsFromTest(file, 'import type { A } from "../../../../../test/silent/runSilentCase.ts";\n'),
    ["../../../../../test/silent/runSilentCase.ts"],
  );
  assert.deepEqual(importsFromTest(file, 'const m = await import("../../../../../test/helpers/x.ts");'), [
    "../../../../../test/helpers/x.ts",
  ]);
  assert.deepEqual(importsFromTest(file, 'import { scan } from "../../cases/caseCalls.ts";'), []);
});

test("no file under src/ imports from test/", () => {
  const all = files(join(repoRoot, "src"));
  assert.ok(all.length > 100, "src/ should hold the extension's sources");
  const offenders = all.flatMap((f) =>
    importsFromTest(f, readFileSync(f, "utf8")).map((spec) => `${relative(repoRoot, f)}: ${spec}`),
  );
  assert.deepEqual(offenders, []);
});
