import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { ruleLists } from "../../scripts/ruleLists.ts";
import { repoRoot } from "../../scripts/ruleFolders.ts";

// Issue 29: a rule is its folder. The lists that name every rule folder's codes, rules and
// silent-suite cases are generated from the folders (`npm run gen:docs`), never edited by hand.

describe("lists generated from the rule folders", () => {
  for (const list of ruleLists())
    test(`${list.file} is what npm run gen:docs writes`, () => {
      assert.equal(readFileSync(join(repoRoot, list.file), "utf8"), list.text);
    });

  test("the lists name every rule folder, and only modules that are there", () => {
    const [codes, rules, cases] = ruleLists().map((l) => l.text);
    assert.match(codes!, /import \{ joinRowLossDoc \} from "\.\/rules\/joinRowLoss\/joinRowLossDoc\.ts";/);
    assert.match(rules!, /import \{ carriedFanoutRule \} from "\.\/rules\/joinFanout\/carriedFanout\.ts";/);
    assert.match(rules!, /import \{ partialViewRule \} from "\.\/rules\/partialCoverage\/partialView\.ts";/);
    assert.doesNotMatch(rules!, /madeInner/, "a helper module exports no rule");
    assert.match(cases!, /\.\.\.seriesGapFillCases,/);
  });
});
