import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { query, scanThenQuery, unionScan } from "../../cases/caseCalls.ts";

/** A print catalogue export of `rows` records, each with a two-line quoted description. */
function catalogue(rows: number, month = "03"): string {
  const lines = ["id,title,description,year,url"];
  for (let i = 1; i <= rows; i++)
    lines.push(
      `${1000 + i},Plate ${i},"Engraving, plate ${i}\r\nsheet: ${300 + i} x ${200 + i} mm",18${10 + (i % 80)},https://example.org/prints/${month}/${i}`,
    );
  return `${lines.join("\r\n")}\r\n`;
}

/** The catalogue as a download cut short: its last record stops inside its description. */
function cutCatalogue(rows: number, month = "03"): string {
  return `${catalogue(rows - 1, month)}${1000 + rows},Plate ${rows},"Engraving, plate ${rows}\r\nsheet: 41`;
}

/** The silent-error suite's cases of `truncated-record` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const truncatedRecordSilentCases = silentCasesOf("truncated-record", ({ flagged, clean }) => [
  flagged(
    "scans a catalogue export cut off inside the last record's quoted description",
    { "exports/prints-2024-03.csv": cutCatalogue(40) },
    scanThenQuery(
      { prints: "exports/prints-2024-03.csv" },
      "SELECT count(*) AS prints, min(year) AS first FROM prints",
    ),
  ),
  flagged(
    "unions two monthly exports, the April one cut off inside its last description",
    {
      "exports/prints-2024-03.csv": catalogue(30),
      "exports/prints-2024-04.csv": cutCatalogue(25, "04"),
    },
    [
      unionScan(["exports/prints-2024-*.csv"], "prints", "export_file"),
      query("SELECT export_file, count(*) AS prints FROM prints GROUP BY 1", ["prints"]),
    ],
  ),
  clean(
    "scans the complete export, whose last description is closed",
    { "exports/prints-2024-03.csv": catalogue(40) },
    scanThenQuery(
      { prints: "exports/prints-2024-03.csv" },
      "SELECT count(*) AS prints, min(year) AS first FROM prints",
    ),
  ),
  clean(
    "scans an export whose last field is quoted with a doubled quote inside and no line end after it",
    {
      "exports/records.csv":
        'id,format,note\n1,LP,"first press"\n2,Single,"12"" vinyl, ""white label"""\n3,LP,"reissue, sleeve says ""12"""',
    },
    scanThenQuery({ records: "exports/records.csv" }, "SELECT count(*) AS records FROM records"),
  ),
  clean(
    "scans a file whose last quote is an inch mark inside an unquoted value",
    { "exports/pipes.csv": 'id,size,material\n1,2" bore,copper\n2,3" bore,steel\n3,4" bore,PVC\n' },
    scanThenQuery({ pipes: "exports/pipes.csv" }, "SELECT count(*) AS pipes FROM pipes"),
  ),
]);
