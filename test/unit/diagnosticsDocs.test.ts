import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { docsAnchor } from "../../src/extension/problems/problemsModel.ts";
import { everyDiagnosticCode } from "../../src/core/validation/diagnosticCode.ts";
import { otherCodeDocs } from "../../src/core/validation/otherCodes.ts";
import { codeSections, diagnosticsMarkdown, readmeWithCodes } from "../../scripts/diagnosticsDocs.ts";
import { repoRoot, ruleFolder, ruleFolders } from "../../scripts/ruleFolders.ts";

// Issue 29: docs/diagnostics.md and README's list of codes are generated from the codes' metadata
// (`npm run gen:docs`); the Problems panel links each diagnostic to its code's heading there.

const read = (file: string): string => readFileSync(join(repoRoot, file), "utf8");

/** The anchors GitHub gives the headings of a Markdown text. */
function headingAnchors(markdown: string): Set<string> {
  return new Set(
    [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((m) =>
      m[1]!
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, "")
        .replace(/ /g, "-"),
    ),
  );
}

describe("diagnostics docs", () => {
  test("docs/diagnostics.md is what npm run gen:docs writes", () => {
    assert.equal(read("docs/diagnostics.md"), diagnosticsMarkdown(codeSections()));
  });

  test("README's list of codes is what npm run gen:docs writes", () => {
    const readme = read("README.md");
    assert.equal(readme, readmeWithCodes(readme, codeSections()));
  });

  test("every code has its section, and the Problems panel's link for it finds the heading", () => {
    const anchors = headingAnchors(read("docs/diagnostics.md"));
    for (const code of everyDiagnosticCode) {
      assert.ok(anchors.has(code), `docs/diagnostics.md has no heading for ${code}`);
      assert.ok(anchors.has(docsAnchor(code)), `the Problems panel links ${code} to a missing anchor`);
    }
  });

  test("every rule folder is a code's, and a code has a rule folder or an otherCodes entry, not both", () => {
    const codes = new Set<string>(everyDiagnosticCode);
    for (const folder of ruleFolders())
      assert.ok(
        [...codes].some((code) => ruleFolder(code) === folder),
        `rules/${folder}/ is no code's folder (the folder of a code is the code in camelCase)`,
      );
    const sections = codeSections();
    assert.deepEqual(
      sections.map((s) => s.code),
      [...everyDiagnosticCode],
    );
    for (const other of otherCodeDocs)
      assert.ok(
        !ruleFolders().includes(ruleFolder(other.code)),
        `${other.code} is in otherCodes.ts and has a rule folder`,
      );
    assert.equal(new Set(everyDiagnosticCode).size, everyDiagnosticCode.length, "a code is listed twice");
  });
});
