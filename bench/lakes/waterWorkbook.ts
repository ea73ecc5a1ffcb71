// The program's summary workbook (written with exceljs): an annual summary under a title row, a
// county table for 2023, and a notes sheet. Its figures are tallied from the yearly files as written.
import ExcelJS from "exceljs";
import { fixZipTimestamps } from "./deterministicZip.ts";
import type { LakeWriter } from "./lakeWriter.ts";
import type { YearTally } from "./waterYearly.ts";
import { byText } from "./answerMath.ts";

export const WORKBOOK_PATH = "reports/beach-program-summary-2002-2023.xlsx";
export const WORKBOOK_TITLE = "Massachusetts Beach Testing Program — Annual Summary, 2002–2023";
export const ANNUAL_SHEET = "Annual Summary";
export const COUNTY_SHEET = "By County 2023";

export function exceedanceRate(violations: number, samples: number): number {
  return Math.round((violations / samples) * 10000) / 100;
}

export interface CountyRow {
  county: string;
  beaches: number;
  samples: number;
  violations: number;
}

export function countyRows(t: YearTally): CountyRow[] {
  const byCounty = new Map<string, CountyRow>();
  for (const b of t.beaches.values()) {
    const row = byCounty.get(b.county) ?? { county: b.county, beaches: 0, samples: 0, violations: 0 };
    row.beaches++;
    row.samples += b.samples;
    row.violations += b.violations;
    byCounty.set(b.county, row);
  }
  return [...byCounty.values()].sort((a, b) => byText(a.county, b.county));
}

export async function writeWorkbook(writer: LakeWriter, tallies: readonly YearTally[]): Promise<void> {
  const book = new ExcelJS.Workbook();
  const fixed = new Date(Date.UTC(2024, 0, 15, 12, 0, 0));
  book.creator = "Beach Program";
  book.lastModifiedBy = "Beach Program";
  book.created = fixed;
  book.modified = fixed;

  const annual = book.addWorksheet(ANNUAL_SHEET);
  annual.addRow([WORKBOOK_TITLE]);
  annual.mergeCells("A1:E1");
  annual.addRow(["Year", "Beaches Tested", "Samples", "Exceedances", "Exceedance Rate (%)"]);
  for (const t of tallies)
    annual.addRow([t.year, t.beaches.size, t.samples, t.violations, exceedanceRate(t.violations, t.samples)]);

  const last = tallies[tallies.length - 1];
  const counties = book.addWorksheet(COUNTY_SHEET);
  counties.addRow(["County", "Beaches", "Samples", "Exceedances"]);
  const rows = last ? countyRows(last) : [];
  for (const c of rows) counties.addRow([c.county, c.beaches, c.samples, c.violations]);

  const notes = book.addWorksheet("Notes");
  notes.addRow([
    "An exceedance is a sample above 104 Enterococci (marine) or 235 E. coli (fresh) per 100 mL.",
  ]);
  notes.addRow(["Figures are counts of samples in the yearly water-body-testing files."]);

  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  writer.write(
    WORKBOOK_PATH,
    "workbook (title row above a header)",
    fixZipTimestamps(buffer),
    tallies.length + rows.length,
  );
}
