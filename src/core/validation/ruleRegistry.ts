import { bashDeniedRule } from "./rules/bashDenied/bashDenied.ts";
import { blankedCastRule } from "./rules/blankedCast/blankedCast.ts";
import { carriedFanoutRule } from "./rules/joinFanout/carriedFanout.ts";
import { duplicateFileRule } from "./rules/duplicateFile/duplicateFile.ts";
import { emptyResultRule } from "./rules/emptyResult/emptyResult.ts";
import { fillValueRule } from "./rules/fillValue/fillValue.ts";
import { filterNoMatchRule } from "./rules/filterNoMatch/filterNoMatch.ts";
import { headerOffsetRule } from "./rules/headerOffset/headerOffset.ts";
import { joinFanoutRule } from "./rules/joinFanout/joinFanout.ts";
import { joinKeyMismatchRule } from "./rules/joinKeyMismatch/joinKeyMismatch.ts";
import { joinRowLossRule } from "./rules/joinRowLoss/joinRowLoss.ts";
import { nullInAggregateRule } from "./rules/nullInAggregate/nullInAggregate.ts";
import { overlappingCategoriesRule } from "./rules/overlappingCategories/overlappingCategories.ts";
import { numericAsTextRule } from "./rules/numericAsText/numericAsText.ts";
import { partialCoverageRule } from "./rules/partialCoverage/partialCoverage.ts";
import { partialSheetRule } from "./rules/partialCoverage/partialSheet.ts";
import { partialViewRule } from "./rules/partialCoverage/partialView.ts";
import { seriesGapRule } from "./rules/seriesGap/seriesGap.ts";
import { summaryRowRule } from "./rules/summaryRow/summaryRow.ts";
import { undeclaredInputRule } from "./rules/undeclaredInput/undeclaredInput.ts";
import { unionDuplicateRowsRule } from "./rules/unionDuplicateRows/unionDuplicateRows.ts";
import { unionSchemaDriftRule } from "./rules/unionSchemaDrift/unionSchemaDrift.ts";
import { unkeyedJoinRule } from "./rules/unkeyedJoin/unkeyedJoin.ts";
import { textMissingMarkerRule } from "./rules/textMissingMarker/textMissingMarker.ts";
import { unknownColumnRule } from "./rules/unknownColumn/unknownColumn.ts";
import { unknownSourceRule } from "./rules/unknownSource/unknownSource.ts";
import { unknownTableRule } from "./rules/unknownTable/unknownTable.ts";
import { unsafeSqlRule } from "./rules/unsafeSql/unsafeSql.ts";
import { valueVariantsRule } from "./rules/valueVariants/valueVariants.ts";
import type { ValidationRule } from "./validationRule.ts";

/**
 * Every validation rule, in the order they run. Order matters before execution: the SQL gate
 * parses the statement the later rules read, and the first rejection stops the call. A rule is a
 * folder under rules/ (named after its code) and its line here.
 */
export const validationRules: ValidationRule[] = [
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

/** The codes the rules raise, in run order (every code, the others included, is in diagnosticCode.ts). */
export const diagnosticCodes = [...new Set(validationRules.map((r) => r.code))];
