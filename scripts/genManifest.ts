// Writes package.json's `contributes.languageModelTools` from the operators' definitions
// (src/core/operators): run after changing an operator's schema, names or descriptions.
// `test/integration/editorTools.test.ts` fails while the manifest differs from what this writes.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { languageModelTools } from "../src/core/operators/toolManifest.ts";

const file = join(import.meta.dirname, "..", "package.json");
const text = readFileSync(file, "utf8");
const manifest = JSON.parse(text) as { contributes: { languageModelTools?: unknown } };
manifest.contributes.languageModelTools = languageModelTools();
const next = `${JSON.stringify(manifest, null, 2)}\n`;
if (next === text) console.log("package.json: languageModelTools already up to date");
else {
  writeFileSync(file, next);
  console.log("package.json: languageModelTools written from the operator definitions");
}
