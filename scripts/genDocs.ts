// Writes docs/diagnostics.md and README's list of codes from the codes' metadata (see
// scripts/diagnosticsDocs.ts): run after adding a rule or changing a code's text, phase or severity.
// `test/unit/diagnosticsDocs.test.ts` fails while the checked-in files differ from what this writes.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codeSections, diagnosticsMarkdown, readmeWithCodes, repoRoot } from "./diagnosticsDocs.ts";

const sections = await codeSections();
const outputs: [string, string][] = [
  ["docs/diagnostics.md", diagnosticsMarkdown(sections)],
  ["README.md", readmeWithCodes(readFileSync(join(repoRoot, "README.md"), "utf8"), sections)],
];
for (const [file, next] of outputs) {
  const path = join(repoRoot, file);
  if (readFileSync(path, "utf8") === next) console.log(`${file}: already up to date`);
  else {
    writeFileSync(path, next);
    console.log(`${file}: written from the codes' metadata`);
  }
}
