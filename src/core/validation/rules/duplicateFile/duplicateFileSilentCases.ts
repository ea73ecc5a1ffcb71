import type { SilentCase } from "../../cases/silentCase.ts";
import { scan, unionScan, query } from "../../cases/caseCalls.ts";
import { beachSamples } from "../../cases/sharedLakes.ts";

/** The silent-error suite's cases of `duplicate-file` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const duplicateFileSilentCases: SilentCase[] = [
  {
    code: "duplicate-file",
    name: "scans the downloaded copy that holds only the first 37 of the export's 50 rows",
    expect: "flagged",
    lake: {
      files: {
        "reports/beach-samples-2024.csv": beachSamples(50),
        "downloads/beach-samples-2024.csv": beachSamples(37),
      },
    },
    calls: [
      scan("downloads/beach-samples-2024.csv", "samples"),
      query("SELECT avg(Enterococcus) AS mean_enterococcus FROM samples", ["samples"]),
    ],
  },
  {
    code: "duplicate-file",
    name: "unions an export folder holding a browser copy 'june (1).csv' of one month",
    expect: "flagged",
    lake: {
      files: {
        "exports/may.csv": beachSamples(12).replace(/2024-06-/g, "2024-05-"),
        "exports/june.csv": beachSamples(20),
        "exports/june (1).csv": beachSamples(20),
      },
    },
    calls: [
      unionScan(["exports/*.csv"], "samples", "export_file"),
      query("SELECT count(*) AS samples FROM samples", ["samples"]),
    ],
  },
  {
    code: "duplicate-file",
    name: "unions the partial folder, whose 2024 file is the start of the complete one",
    expect: "flagged",
    lake: {
      files: {
        "partial/beach-samples-2023.csv": beachSamples(30).replace(/2024-06-/g, "2023-06-"),
        "partial/beach-samples-2024.csv": beachSamples(37),
        "complete/beach-samples-2024.csv": beachSamples(50),
      },
    },
    calls: [unionScan(["partial/*.csv"], "samples", "year_file")],
  },
  {
    code: "duplicate-file",
    name: "scans the complete export, next to its truncated copy",
    expect: "clean",
    lake: {
      files: {
        "reports/beach-samples-2024.csv": beachSamples(50),
        "downloads/beach-samples-2024.csv": beachSamples(37),
      },
    },
    calls: [
      scan("reports/beach-samples-2024.csv", "samples"),
      query("SELECT avg(Enterococcus) AS mean_enterococcus FROM samples", ["samples"]),
    ],
  },
  {
    code: "duplicate-file",
    name: "unions the months of an export folder without its copy",
    expect: "clean",
    lake: {
      files: {
        "exports/may.csv": beachSamples(12).replace(/2024-06-/g, "2024-05-"),
        "exports/june.csv": beachSamples(20),
        "downloads/june (1).csv": beachSamples(20),
      },
    },
    calls: [unionScan(["exports/*.csv"], "samples", "export_file")],
  },
];
