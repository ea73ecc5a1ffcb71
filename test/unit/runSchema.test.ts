import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runJsonSchema } from "../../src/core/presentation/resultSchema.ts";

test("docs/radar-run.schema.json is the schema the CLI's JSON is checked against (node --import tsx scripts/writeRunSchema.ts)", () => {
  const file = join(import.meta.dirname, "..", "..", "docs", "radar-run.schema.json");
  assert.deepEqual(JSON.parse(readFileSync(file, "utf8")), runJsonSchema());
});
