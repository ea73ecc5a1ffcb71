import { bashDeniedRule } from "./rules/bashDenied.ts";
import { blankedCastRule } from "./rules/blankedCast.ts";
import { carriedFanoutRule } from "./rules/carriedFanout.ts";
import { duplicateFileRule } from "./rules/duplicateFile.ts";
import { emptyResultRule } from "./rules/emptyResult.ts";
import { fillValueRule } from "./rules/fillValue.ts";
import { filterNoMatchRule } from "./rules/filterNoMatch.ts";
import { headerOffsetRule } from "./rules/headerOffset.ts";
import { joinFanoutRule } from "./rules/joinFanout.ts";
import { joinKeyMismatchRule } from "./rules/joinKeyMismatch.ts";
import { joinRowLossRule } from "./rules/joinRowLoss.ts";
import { nullInAggregateRule } from "./rules/nullInAggregate.ts";
import { overlappingCategoriesRule } from "./rules/overlappingCategories.ts";
import { numericAsTextRule } from "./rules/numericAsText.ts";
import { partialCoverageRule, partialSheetRule, partialViewRule } from "./rules/partialCoverage.ts";
import { seriesGapRule } from "./rules/seriesGap.ts";
import { summaryRowRule } from "./rules/summaryRow.ts";
import { undeclaredInputRule } from "./rules/undeclaredInput.ts";
import { unionDuplicateRowsRule } from "./rules/unionDuplicateRows.ts";
import { unionSchemaDriftRule } from "./rules/unionSchemaDrift.ts";
import { unkeyedJoinRule } from "./rules/unkeyedJoin.ts";
import { textMissingMarkerRule } from "./rules/textMissingMarker.ts";
import { unknownColumnRule } from "./rules/unknownColumn.ts";
import { unknownSourceRule } from "./rules/unknownSource.ts";
import { unknownTableRule } from "./rules/unknownTable.ts";
import { unsafeSqlRule } from "./rules/unsafeSql.ts";
import { valueVariantsRule } from "./rules/valueVariants.ts";
import type { ValidationRule } from "./validationRule.ts";

/**
 * Every validation rule, in the order they run. Order matters before execution: the SQL gate
 * parses the statement the later rules read, and the first rejection stops the call.
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

/** The stable codes, for docs and tests. */
export const diagnosticCodes = [...new Set(validationRules.map((r) => r.code))];
