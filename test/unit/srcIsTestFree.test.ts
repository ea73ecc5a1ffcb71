import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { importsInto, tsFiles } from "../helpers/sourceImports.ts";
import { repoRoot } from "../helpers/tempLake.ts";

/** The relative specifiers of `file` that resolve into the repository's test/ folder. */
function importsFromTest(file: string, source: string): string[] {
  return importsInto(file, source, join(repoRoot, "test"));
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
  const all = tsFiles(join(repoRoot, "src"));
  assert.ok(all.length > 100, "src/ should hold the extension's sources");
  const offenders = all.flatMap((f) =>
    importsFromTest(f, readFileSync(f, "utf8")).map((spec) => `${relative(repoRoot, f)}: ${spec}`),
  );
  assert.deepEqual(offenders, []);
});
