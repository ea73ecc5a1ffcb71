import type { SilentCase } from "./silentCase.ts";
import { fillCases } from "./fillCases.ts";
import { missesCases } from "./missesCases.ts";
import { issue25Cases } from "./issue25Cases.ts";
import { unsafeSqlSilentCases } from "../../src/core/validation/rules/unsafeSql/unsafeSqlSilentCases.ts";
import { bashDeniedSilentCases } from "../../src/core/validation/rules/bashDenied/bashDeniedSilentCases.ts";
import { unknownSourceSilentCases } from "../../src/core/validation/rules/unknownSource/unknownSourceSilentCases.ts";
import { unknownTableSilentCases } from "../../src/core/validation/rules/unknownTable/unknownTableSilentCases.ts";
import { undeclaredInputSilentCases } from "../../src/core/validation/rules/undeclaredInput/undeclaredInputSilentCases.ts";
import { unknownColumnSilentCases } from "../../src/core/validation/rules/unknownColumn/unknownColumnSilentCases.ts";
import { unkeyedJoinSilentCases } from "../../src/core/validation/rules/unkeyedJoin/unkeyedJoinSilentCases.ts";
import { headerOffsetSilentCases } from "../../src/core/validation/rules/headerOffset/headerOffsetSilentCases.ts";
import { partialCoverageSilentCases } from "../../src/core/validation/rules/partialCoverage/partialCoverageSilentCases.ts";
import { unionSchemaDriftSilentCases } from "../../src/core/validation/rules/unionSchemaDrift/unionSchemaDriftSilentCases.ts";
import { unionDuplicateRowsSilentCases } from "../../src/core/validation/rules/unionDuplicateRows/unionDuplicateRowsSilentCases.ts";
import { emptyResultSilentCases } from "../../src/core/validation/rules/emptyResult/emptyResultSilentCases.ts";
import { filterNoMatchSilentCases } from "../../src/core/validation/rules/filterNoMatch/filterNoMatchSilentCases.ts";
import { joinRowLossSilentCases } from "../../src/core/validation/rules/joinRowLoss/joinRowLossSilentCases.ts";
import { joinFanoutSilentCases } from "../../src/core/validation/rules/joinFanout/joinFanoutSilentCases.ts";
import { nullInAggregateSilentCases } from "../../src/core/validation/rules/nullInAggregate/nullInAggregateSilentCases.ts";
import { numericAsTextSilentCases } from "../../src/core/validation/rules/numericAsText/numericAsTextSilentCases.ts";
import { blankedCastSilentCases } from "../../src/core/validation/rules/blankedCast/blankedCastSilentCases.ts";
import { summaryRowSilentCases } from "../../src/core/validation/rules/summaryRow/summaryRowSilentCases.ts";
import { valueVariantsSilentCases } from "../../src/core/validation/rules/valueVariants/valueVariantsSilentCases.ts";
import { duplicateFileSilentCases } from "../../src/core/validation/rules/duplicateFile/duplicateFileSilentCases.ts";
import { overlappingCategoriesSilentCases } from "../../src/core/validation/rules/overlappingCategories/overlappingCategoriesSilentCases.ts";

/**
 * The silent-error suite (see SilentCase): each rule's cases, kept in its folder under
 * src/core/validation/rules/ (`<rule>SilentCases.ts`), then three sets kept here whole because
 * their cases of several codes share one lake and its builders: issue 25's cases (unkeyed-join,
 * join-row-loss, value-variants), the fill-value cases (fill-value, join-fanout, series-gap over
 * the same CPI and sensor files) and issue 25's misses met by fresh analysts (null-in-aggregate,
 * join-key-mismatch, text-missing-marker).
 */
export const silentCases: SilentCase[] = [
  ...unsafeSqlSilentCases,
  ...bashDeniedSilentCases,
  ...unknownSourceSilentCases,
  ...unknownTableSilentCases,
  ...undeclaredInputSilentCases,
  ...unknownColumnSilentCases,
  ...unkeyedJoinSilentCases,
  ...headerOffsetSilentCases,
  ...partialCoverageSilentCases,
  ...unionSchemaDriftSilentCases,
  ...unionDuplicateRowsSilentCases,
  ...emptyResultSilentCases,
  ...filterNoMatchSilentCases,
  ...joinRowLossSilentCases,
  ...joinFanoutSilentCases,
  ...nullInAggregateSilentCases,
  ...numericAsTextSilentCases,
  ...blankedCastSilentCases,
  ...summaryRowSilentCases,
  ...valueVariantsSilentCases,
  ...duplicateFileSilentCases,
  ...overlappingCategoriesSilentCases,
  ...issue25Cases,
  ...fillCases,
  ...missesCases,
];
