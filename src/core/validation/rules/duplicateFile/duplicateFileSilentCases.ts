import type { SilentCase } from "../../cases/silentCase.ts";
import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scan, unionScan, query } from "../../cases/caseCalls.ts";
import { beachSamples } from "../../cases/sharedLakes.ts";

const { flagged, clean } = silentCasesOf("duplicate-file");

/** A 50-row export and, in downloads/, a copy truncated to its first 37 rows. */
const truncatedCopy = {
  "reports/beach-samples-2024.csv": beachSamples(50),
  "downloads/beach-samples-2024.csv": beachSamples(37),
};

/** The silent-error suite's cases of `duplicate-file` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const duplicateFileSilentCases: SilentCase[] = [
  flagged("scans the downloaded copy that holds only the first 37 of the export's 50 rows", truncatedCopy, [
    scan("downloads/beach-samples-2024.csv", "samples"),
    query("SELECT avg(Enterococcus) AS mean_enterococcus FROM samples", ["samples"]),
  ]),
  flagged(
    "unions an export folder holding a browser copy 'june (1).csv' of one month",
    {
      "exports/may.csv": beachSamples(12).replace(/2024-06-/g, "2024-05-"),
      "exports/june.csv": beachSamples(20),
      "exports/june (1).csv": beachSamples(20),
    },
    [
      unionScan(["exports/*.csv"], "samples", "export_file"),
      query("SELECT count(*) AS samples FROM samples", ["samples"]),
    ],
  ),
  flagged(
    "unions the partial folder, whose 2024 file is the start of the complete one",
    {
      "partial/beach-samples-2023.csv": beachSamples(30).replace(/2024-06-/g, "2023-06-"),
      "partial/beach-samples-2024.csv": beachSamples(37),
      "complete/beach-samples-2024.csv": beachSamples(50),
    },
    [unionScan(["partial/*.csv"], "samples", "year_file")],
  ),
  clean("scans the complete export, next to its truncated copy", truncatedCopy, [
    scan("reports/beach-samples-2024.csv", "samples"),
    query("SELECT avg(Enterococcus) AS mean_enterococcus FROM samples", ["samples"]),
  ]),
  clean(
    "unions the months of an export folder without its copy",
    {
      "exports/may.csv": beachSamples(12).replace(/2024-06-/g, "2024-05-"),
      "exports/june.csv": beachSamples(20),
      "downloads/june (1).csv": beachSamples(20),
    },
    [unionScan(["exports/*.csv"], "samples", "export_file")],
  ),
];
