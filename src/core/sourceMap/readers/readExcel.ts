import { readOds } from "./readOds.ts";
import { readXls } from "./readXls.ts";
import { readXlsx } from "./readXlsx.ts";
import type { WorkbookEvent } from "./spreadsheetValues.ts";

export type WorkbookFormat = "xlsx" | "xls" | "ods";

/**
 * The sheets of a workbook as a stream of events (a sheet starts, rows, the sheet ends with what
 * was observed), in tab order; `onlySheet` reads just that sheet. Each reader holds one row block
 * at a time, never the whole workbook.
 */
export function workbookEvents(
  absPath: string,
  format: WorkbookFormat,
  onlySheet?: string,
): AsyncGenerator<WorkbookEvent> {
  switch (format) {
    case "xlsx":
      return readXlsx(absPath, onlySheet);
    case "xls":
      return readXls(absPath, onlySheet);
    case "ods":
      return readOds(absPath, onlySheet);
  }
}
