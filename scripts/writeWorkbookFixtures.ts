// Writes the committed real-software workbooks (test/fixtures/workbooks/<case>.xlsx|xls|ods) with
// LibreOffice, for machines where the workbook tests run without it. Run: npm run fixtures:workbooks
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { committedWorkbooks, libreOfficeVersion, realWorkbooks, soffice } from "../test/helpers/realWorkbooks.ts";
import { workbookCases } from "../test/helpers/workbookCases.ts";

const binary = soffice();
if (!binary) {
  console.error("soffice not found: install LibreOffice (Debian: apt-get install -y libreoffice-calc-nogui)");
  process.exit(2);
}
await realWorkbooks(committedWorkbooks);
const version = libreOfficeVersion(binary);
writeFileSync(
  join(committedWorkbooks, "README.md"),
  `# Workbooks written by real spreadsheet software

Written by \`${version}\` from the cases in \`test/helpers/workbookCases.ts\` (flat ODS sources,
\`test/helpers/fods.ts\`) with \`soffice --convert-to xlsx|xls|ods\`. Regenerate with
\`npm run fixtures:workbooks\`. The workbook tests write fresh copies when LibreOffice is installed and
use these otherwise.

${workbookCases.map((c) => `- \`${c.name}\`: ${c.why}`).join("\n")}
`,
);
console.log(`wrote ${workbookCases.length * 3} workbooks to ${committedWorkbooks} with ${version}`);
