import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { allCases } from "../corpus/allCases.ts";
import type { CaseResult } from "../corpus/corpusCase.ts";
import { runCorpus } from "../corpus/runCorpus.ts";
import { repoRoot } from "../helpers/tempLake.ts";

// Each corpus case is mapped by the built CLI in its own process (build first: npm run build);
// two at a time, then each case's outcome is its own test.
const cli = join(repoRoot, "dist/cli.cjs");

describe("corpus of awkward real-world inputs", () => {
  const results = new Map<string, CaseResult>();
  before(async () => {
    assert.ok(existsSync(cli), "dist/cli.cjs is missing: run npm run build first");
    for (const r of await runCorpus(allCases, { cli, concurrency: 2 })) results.set(r.name, r);
  });
  for (const c of allCases) {
    const skip = c.skipIf?.();
    test(
      `${c.name}: ${c.about}`,
      { ...(c.pending ? { todo: c.pending } : {}), ...(skip ? { skip } : {}) },
      () => {
        const r = results.get(c.name);
        assert.ok(r, "the case did not run");
        assert.ok(r.right, `${r.outcome}: ${r.problems.join("; ")}`);
      },
    );
  }
});
