// Writes what is generated from the rule folders: the lists (scripts/ruleLists.ts — the rules'
// codes, the registry's rules, the silent-error suite's cases), then docs/diagnostics.md and README's
// list of codes from the codes' metadata (scripts/diagnosticsDocs.ts). Run after adding a rule or
// changing a code's text, phase or severity; test/unit/ruleLists.test.ts and
// test/unit/diagnosticsDocs.test.ts fail while the checked-in files differ from what this writes.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ruleLists } from "./ruleLists.ts";
import { repoRoot } from "./ruleFolders.ts";

function write(file: string, next: string): void {
  const path = join(repoRoot, file);
  let current: string | undefined;
  try {
    current = readFileSync(path, "utf8");
  } catch {
    current = undefined;
  }
  if (current === next) console.log(`${file}: already up to date`);
  else {
    writeFileSync(path, next);
    console.log(`${file}: written from the rule folders`);
  }
}

for (const list of ruleLists()) write(list.file, list.text);
// Imported only now: the docs read the codes through the list just written.
const { codeSections, diagnosticsMarkdown, readmeWithCodes } = await import("./diagnosticsDocs.ts");
const sections = codeSections();
write("docs/diagnostics.md", diagnosticsMarkdown(sections));
write("README.md", readmeWithCodes(readFileSync(join(repoRoot, "README.md"), "utf8"), sections));
