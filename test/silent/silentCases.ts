import type { SilentCase } from "../../src/core/validation/cases/silentCase.ts";
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
import { unkeyedJoinIssue25Cases } from "../../src/core/validation/rules/unkeyedJoin/unkeyedJoinIssue25Cases.ts";
import { joinRowLossIssue25Cases } from "../../src/core/validation/rules/joinRowLoss/joinRowLossIssue25Cases.ts";
import { valueVariantsIssue25Cases } from "../../src/core/validation/rules/valueVariants/valueVariantsIssue25Cases.ts";
import { fillValueFillCases } from "../../src/core/validation/rules/fillValue/fillValueFillCases.ts";
import { seriesGapFillCases } from "../../src/core/validation/rules/seriesGap/seriesGapFillCases.ts";
import { joinFanoutFillCases } from "../../src/core/validation/rules/joinFanout/joinFanoutFillCases.ts";
import { joinKeyMismatchMissesCases } from "../../src/core/validation/rules/joinKeyMismatch/joinKeyMismatchMissesCases.ts";
import { textMissingMarkerMissesCases } from "../../src/core/validation/rules/textMissingMarker/textMissingMarkerMissesCases.ts";
import { nullInAggregateMissesCases } from "../../src/core/validation/rules/nullInAggregate/nullInAggregateMissesCases.ts";

/**
 * The silent-error suite (see SilentCase): every case is kept in its rule's folder under
 * src/core/validation/rules/ — `<rule>SilentCases.ts`, and for the sets whose lakes several codes'
 * cases share (their lakes, calls and builders in src/core/validation/cases/)
 * `<rule>Issue25Cases.ts`, `<rule>FillCases.ts`, `<rule>MissesCases.ts` — collected here in the
 * order the suite had.
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
  ...unkeyedJoinIssue25Cases,
  ...joinRowLossIssue25Cases,
  ...valueVariantsIssue25Cases,
  ...fillValueFillCases,
  ...seriesGapFillCases,
  ...joinFanoutFillCases,
  ...joinKeyMismatchMissesCases,
  ...textMissingMarkerMissesCases,
  ...nullInAggregateMissesCases,
];
