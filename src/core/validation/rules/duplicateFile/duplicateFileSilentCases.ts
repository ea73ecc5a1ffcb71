import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { unionScan, query, scanThenQuery } from "../../cases/caseCalls.ts";
import { beachSamples } from "../../cases/sharedLakes.ts";

/** A 50-row export and, in downloads/, a copy truncated to its first 37 rows. */
const truncatedCopy = {
  "reports/beach-samples-2024.csv": beachSamples(50),
  "downloads/beach-samples-2024.csv": beachSamples(37),
};

/** The May and June exports, and the browser's copy of June at `copy` (in the export folder or not). */
const monthExports = (copy: string) => ({
  "exports/may.csv": beachSamples(12).replace(/2024-06-/g, "2024-05-"),
  "exports/june.csv": beachSamples(20),
  [copy]: beachSamples(20),
});

/** The silent-error suite's cases of `duplicate-file` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const duplicateFileSilentCases = silentCasesOf("duplicate-file", ({ flagged, clean }) => [
  flagged(
    "scans the downloaded copy that holds only the first 37 of the export's 50 rows",
    truncatedCopy,
    scanThenQuery(
      { samples: "downloads/beach-samples-2024.csv" },
      "SELECT avg(Enterococcus) AS mean_enterococcus FROM samples",
    ),
  ),
  flagged(
    "unions an export folder holding a browser copy 'june (1).csv' of one month",
    monthExports("exports/june (1).csv"),
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
  clean(
    "scans the complete export, next to its truncated copy",
    truncatedCopy,
    scanThenQuery(
      { samples: "reports/beach-samples-2024.csv" },
      "SELECT avg(Enterococcus) AS mean_enterococcus FROM samples",
    ),
  ),
  clean("unions the months of an export folder without its copy", monthExports("downloads/june (1).csv"), [
    unionScan(["exports/*.csv"], "samples", "export_file"),
  ]),
]);
