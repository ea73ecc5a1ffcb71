// Writes docs/radar-run.schema.json (the JSON of `radar batch --json`, `--json-out` and the one-call
// commands) from src/core/presentation/resultSchema.ts: run after changing that shape.
// `test/unit/runSchema.test.ts` fails while the file differs from what this writes.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runJsonSchema } from "../src/core/presentation/resultSchema.ts";

const file = join(import.meta.dirname, "..", "docs", "radar-run.schema.json");
const next = `${JSON.stringify(runJsonSchema(), null, 2)}\n`;
let text = "";
try {
  text = readFileSync(file, "utf8");
} catch {
  // Not written yet.
}
if (next === text) console.log("docs/radar-run.schema.json: already up to date");
else {
  writeFileSync(file, next);
  console.log("docs/radar-run.schema.json: written from src/core/presentation/resultSchema.ts");
}
