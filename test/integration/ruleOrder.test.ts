import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { validationRules } from "../../src/core/validation/ruleRegistry.ts";
import { bashDeniedRule } from "../../src/core/validation/rules/bashDenied/bashDenied.ts";
import { blankedCastRule } from "../../src/core/validation/rules/blankedCast/blankedCast.ts";
import { carriedFanoutRule } from "../../src/core/validation/rules/joinFanout/carriedFanout.ts";
import { duplicateFileRule } from "../../src/core/validation/rules/duplicateFile/duplicateFile.ts";
import { emptyResultRule } from "../../src/core/validation/rules/emptyResult/emptyResult.ts";
import { fillValueRule } from "../../src/core/validation/rules/fillValue/fillValue.ts";
import { filterNoMatchRule } from "../../src/core/validation/rules/filterNoMatch/filterNoMatch.ts";
import { headerOffsetRule } from "../../src/core/validation/rules/headerOffset/headerOffset.ts";
import { joinFanoutRule } from "../../src/core/validation/rules/joinFanout/joinFanout.ts";
import { joinKeyMismatchRule } from "../../src/core/validation/rules/joinKeyMismatch/joinKeyMismatch.ts";
import { joinRowLossRule } from "../../src/core/validation/rules/joinRowLoss/joinRowLoss.ts";
import { nullInAggregateRule } from "../../src/core/validation/rules/nullInAggregate/nullInAggregate.ts";
import { overlappingCategoriesRule } from "../../src/core/validation/rules/overlappingCategories/overlappingCategories.ts";
import { numericAsTextRule } from "../../src/core/validation/rules/numericAsText/numericAsText.ts";
import { partialCoverageRule } from "../../src/core/validation/rules/partialCoverage/partialCoverage.ts";
import { partialSheetRule } from "../../src/core/validation/rules/partialCoverage/partialSheet.ts";
import { partialViewRule } from "../../src/core/validation/rules/partialCoverage/partialView.ts";
import { seriesGapRule } from "../../src/core/validation/rules/seriesGap/seriesGap.ts";
import { summaryRowRule } from "../../src/core/validation/rules/summaryRow/summaryRow.ts";
import { undeclaredInputRule } from "../../src/core/validation/rules/undeclaredInput/undeclaredInput.ts";
import { unionDuplicateRowsRule } from "../../src/core/validation/rules/unionDuplicateRows/unionDuplicateRows.ts";
import { unionSchemaDriftRule } from "../../src/core/validation/rules/unionSchemaDrift/unionSchemaDrift.ts";
import { unkeyedJoinRule } from "../../src/core/validation/rules/unkeyedJoin/unkeyedJoin.ts";
import { textMissingMarkerRule } from "../../src/core/validation/rules/textMissingMarker/textMissingMarker.ts";
import { unknownColumnRule } from "../../src/core/validation/rules/unknownColumn/unknownColumn.ts";
import { unknownSourceRule } from "../../src/core/validation/rules/unknownSource/unknownSource.ts";
import { unknownTableRule } from "../../src/core/validation/rules/unknownTable/unknownTable.ts";
import { unsafeSqlRule } from "../../src/core/validation/rules/unsafeSql/unsafeSql.ts";
import { valueVariantsRule } from "../../src/core/validation/rules/valueVariants/valueVariants.ts";

// Issue 29: each rule carries its own `runOrder` and the registry sorts by it. This pins the order
// the rules ran in when the registry was a hand list (a new rule may run anywhere among them).
// Integration: importing the rules loads DuckDB.

/** The hand-written registry's order before issue 29. */
const handListOrder = [
  unsafeSqlRule,
  bashDeniedRule,
  unknownSourceRule,
  unknownTableRule,
  undeclaredInputRule,
  unknownColumnRule,
  unkeyedJoinRule,
  headerOffsetRule,
  duplicateFileRule,
  partialCoverageRule,
  unionSchemaDriftRule,
  unionDuplicateRowsRule,
  emptyResultRule,
  filterNoMatchRule,
  joinRowLossRule,
  joinKeyMismatchRule,
  joinFanoutRule,
  nullInAggregateRule,
  numericAsTextRule,
  blankedCastRule,
  summaryRowRule,
  overlappingCategoriesRule,
  valueVariantsRule,
  textMissingMarkerRule,
  partialSheetRule,
  partialViewRule,
  fillValueRule,
  seriesGapRule,
  carriedFanoutRule,
];

describe("the rules' run order", () => {
  test("today's rules run in the order of the former hand list", () => {
    assert.deepEqual(
      validationRules.filter((r) => handListOrder.includes(r)),
      handListOrder,
    );
    assert.equal(handListOrder.filter((r) => validationRules.includes(r)).length, handListOrder.length);
  });

  test("no two rules share a run position", () => {
    const positions = validationRules.map((r) => r.runOrder);
    assert.deepEqual(
      positions.filter((p, i) => positions.indexOf(p) !== i),
      [],
    );
  });
});
