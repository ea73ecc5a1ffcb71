import type { Diagnostic } from "../../../diagnostic.ts";
import { blocksShownByTail } from "./partialView.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { otherSheets, sheetsText } from "./sheetsText.ts";
import { partialCoverageDoc } from "./partialCoverageDoc.ts";
import { partialFile } from "./partialFile.ts";

/** At the end of the work: files of several tables of which only the first was read, unchosen. */
export const partialSheetRule: ValidationRule = {
  code: partialCoverageDoc.code,
  runOrder: 250,
  phase: "final",
  check: (ctx) => {
    const out: Diagnostic[] = [];
    for (const [path, first] of ctx.state.unchosenScans) {
      // The agent printed the whole file (`cat`): the other blocks were in front of it.
      if (ctx.state.wholeViews.has(path)) continue;
      const tables = ctx.entry(path)?.tables ?? [];
      // The file reads as one table now (read again with other reader options): nothing unread.
      if (tables.length < 2) continue;
      const others = otherSheets(tables, first);
      if (others.some((sheet) => ctx.state.scanned.has(`${path}#${sheet}`))) continue;
      // A tail printed the other blocks whole (a footnote table under the data): they were read.
      const printed = blocksShownByTail(ctx.state.partialViews.get(path) ?? [], tables);
      if (others.every((sheet) => printed.has(sheet))) continue;
      out.push(
        partialFile(
          path,
          "warning",
          `${sheetsText(path, tables.length, first, others)} None of them was scanned in this work. Name the sheet you mean with Scan.sheet, or scan the others too.`,
        ),
      );
    }
    return out;
  },
};
