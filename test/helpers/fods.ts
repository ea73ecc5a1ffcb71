/**
 * Flat OpenDocument spreadsheets (.fods: one XML file) written as text, so LibreOffice can turn
 * them into real .xlsx/.xls/.ods files (`soffice --convert-to`). Only what the workbook tests need:
 * typed values with their number formats, formulas, rich text, merged cells, hidden sheets.
 */

export type FodsCell =
  | null
  | string
  | number
  | boolean
  | { date: string } // "2024-01-15" or "2024-01-15T13:45:00"
  | { time: string } // "13:45:00"
  | { percent: number }
  | { currency: number }
  | { formula: string; value?: number; text?: string } // OpenFormula, e.g. "of:=[.B2]*2"
  | { rich: (string | { bold: string })[] }
  | { merge: FodsCell; columns?: number; rows?: number };

export interface FodsSheet {
  name: string;
  hidden?: boolean;
  rows: FodsCell[][];
}

function xml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function paragraph(text: string): string {
  return `<text:p>${xml(text)}</text:p>`;
}

function cellXml(cell: FodsCell, extra = ""): string {
  if (cell === null) return `<table:table-cell${extra}/>`;
  if (typeof cell === "string")
    return `<table:table-cell${extra} office:value-type="string">${paragraph(cell)}</table:table-cell>`;
  if (typeof cell === "number")
    return `<table:table-cell${extra} office:value-type="float" office:value="${cell}">${paragraph(String(cell))}</table:table-cell>`;
  if (typeof cell === "boolean")
    return `<table:table-cell${extra} table:style-name="ceBool" office:value-type="boolean" office:boolean-value="${cell}">${paragraph(cell ? "TRUE" : "FALSE")}</table:table-cell>`;
  if ("merge" in cell)
    return cellXml(
      cell.merge,
      ` table:number-columns-spanned="${cell.columns ?? 1}" table:number-rows-spanned="${cell.rows ?? 1}"`,
    );
  if ("date" in cell) {
    const style = cell.date.includes("T") ? "ceDateTime" : "ceDate";
    return `<table:table-cell${extra} table:style-name="${style}" office:value-type="date" office:date-value="${cell.date}">${paragraph(cell.date.replace("T", " "))}</table:table-cell>`;
  }
  if ("time" in cell) {
    const [h, m, s] = cell.time.split(":");
    return `<table:table-cell${extra} table:style-name="ceTime" office:value-type="time" office:time-value="PT${h}H${m}M${s}S">${paragraph(cell.time)}</table:table-cell>`;
  }
  if ("percent" in cell)
    return `<table:table-cell${extra} table:style-name="cePercent" office:value-type="percentage" office:value="${cell.percent}">${paragraph(`${cell.percent * 100}%`)}</table:table-cell>`;
  if ("currency" in cell)
    return `<table:table-cell${extra} table:style-name="ceCurrency" office:value-type="currency" office:currency="USD" office:value="${cell.currency}">${paragraph(`$${cell.currency}`)}</table:table-cell>`;
  if ("formula" in cell) {
    const value =
      cell.text !== undefined
        ? `office:value-type="string" office:string-value="${xml(cell.text)}"`
        : `office:value-type="float" office:value="${cell.value ?? 0}"`;
    return `<table:table-cell${extra} table:formula="${xml(cell.formula)}" ${value}>${paragraph(cell.text ?? String(cell.value ?? 0))}</table:table-cell>`;
  }
  const runs = cell.rich
    .map((r) =>
      typeof r === "string" ? xml(r) : `<text:span text:style-name="T1">${xml(r.bold)}</text:span>`,
    )
    .join("");
  return `<table:table-cell${extra} office:value-type="string"><text:p>${runs}</text:p></table:table-cell>`;
}

/** Cells under a merge are written as covered cells, as LibreOffice does. */
function rowXml(row: FodsCell[], covered: Set<number>): string {
  const cells: string[] = [];
  row.forEach((cell, i) => cells.push(covered.has(i) ? "<table:covered-table-cell/>" : cellXml(cell)));
  return `<table:table-row>${cells.join("")}</table:table-row>`;
}

function sheetXml(sheet: FodsSheet): string {
  const coveredByRow = new Map<number, Set<number>>();
  sheet.rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (cell === null || typeof cell !== "object" || !("merge" in cell)) return;
      for (let dr = 0; dr < (cell.rows ?? 1); dr++)
        for (let dc = 0; dc < (cell.columns ?? 1); dc++) {
          if (dr === 0 && dc === 0) continue;
          const set = coveredByRow.get(r + dr) ?? new Set<number>();
          set.add(c + dc);
          coveredByRow.set(r + dr, set);
        }
    }),
  );
  const rows = sheet.rows.length
    ? sheet.rows.map((row, r) => rowXml(row, coveredByRow.get(r) ?? new Set())).join("\n")
    : "<table:table-row><table:table-cell/></table:table-row>";
  return `<table:table table:name="${xml(sheet.name)}"${sheet.hidden ? ' table:style-name="taHidden"' : ""}>\n${rows}\n</table:table>`;
}

export function fodsDocument(sheets: FodsSheet[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2" office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:automatic-styles>
<number:date-style style:name="NDate"><number:year number:style="long"/><number:text>-</number:text><number:month number:style="long"/><number:text>-</number:text><number:day number:style="long"/></number:date-style>
<number:date-style style:name="NDateTime"><number:year number:style="long"/><number:text>-</number:text><number:month number:style="long"/><number:text>-</number:text><number:day number:style="long"/><number:text> </number:text><number:hours number:style="long"/><number:text>:</number:text><number:minutes number:style="long"/><number:text>:</number:text><number:seconds number:style="long"/></number:date-style>
<number:time-style style:name="NTime"><number:hours number:style="long"/><number:text>:</number:text><number:minutes number:style="long"/><number:text>:</number:text><number:seconds number:style="long"/></number:time-style>
<number:percentage-style style:name="NPercent"><number:number number:decimal-places="1" number:min-integer-digits="1"/><number:text>%</number:text></number:percentage-style>
<number:currency-style style:name="NCurrency"><number:currency-symbol>$</number:currency-symbol><number:number number:decimal-places="2" number:min-integer-digits="1" number:grouping="true"/></number:currency-style>
<number:boolean-style style:name="NBool"><number:boolean/></number:boolean-style>
<style:style style:name="ceDate" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="NDate"/>
<style:style style:name="ceDateTime" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="NDateTime"/>
<style:style style:name="ceTime" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="NTime"/>
<style:style style:name="cePercent" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="NPercent"/>
<style:style style:name="ceCurrency" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="NCurrency"/>
<style:style style:name="ceBool" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="NBool"/>
<style:style style:name="T1" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>
<style:style style:name="taHidden" style:family="table"><style:table-properties table:display="false"/></style:style>
</office:automatic-styles>
<office:body><office:spreadsheet>
${sheets.map(sheetXml).join("\n")}
</office:spreadsheet></office:body></office:document>
`;
}
