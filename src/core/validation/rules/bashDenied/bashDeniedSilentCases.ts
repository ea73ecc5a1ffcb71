import type { SilentCase } from "../../cases/silentCase.ts";
import { scan, unionScan, bash } from "../../cases/caseCalls.ts";
import { legal, MSA_IDT } from "../../cases/legalLake.ts";
import { SALES, REGIONS } from "../../cases/sharedLakes.ts";

/** The silent-error suite's cases of `bash-denied` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const bashDeniedSilentCases: SilentCase[] = [
  // ===================================== bash-denied ====================================
  {
    code: "bash-denied",
    name: "saves a sample of the file with a > redirection",
    expect: "flagged",
    lake: { files: { "sales.csv": SALES } },
    calls: [bash("head -n 3 sales.csv > sample.csv"), scan("sales.csv", "sales")],
  },
  {
    code: "bash-denied",
    name: "sums a column with awk",
    expect: "flagged",
    lake: { files: { "sales.csv": SALES } },
    calls: [bash("awk -F, 'NR > 1 { s += $3 } END { print s }' sales.csv"), scan("sales.csv", "sales")],
  },
  {
    code: "bash-denied",
    name: "looks for more data outside the lake",
    expect: "flagged",
    lake: { files: { "sales.csv": SALES } },
    calls: [bash("find .. -name '*.csv'")],
  },
  {
    code: "bash-denied",
    name: "deletes the macOS .DS_Store junk before a union",
    expect: "flagged",
    lake: {
      files: {
        "exports/.DS_Store": Buffer.from([0, 0, 0, 1, 66, 117, 100, 49]),
        "exports/2024-01.csv": SALES,
      },
    },
    calls: [bash("rm exports/.DS_Store"), unionScan(["exports/*.csv"], "sales")],
  },
  {
    code: "bash-denied",
    name: "chains two commands with &&",
    expect: "flagged",
    lake: { files: { "sales.csv": SALES, "regions.csv": REGIONS } },
    calls: [bash("wc -l sales.csv && wc -l regions.csv")],
  },
  {
    code: "bash-denied",
    name: "counts the multi-state MSAs of Alabama with grep",
    expect: "clean",
    lake: legal,
    calls: [bash(`grep -c "GA-AL" "${MSA_IDT}/Alabama.csv"`)],
  },
  {
    code: "bash-denied",
    name: "lists the per-state folder and counts regions with cut | sort | uniq",
    expect: "clean",
    lake: { files: { "sales.csv": SALES } },
    calls: [bash("ls -la"), bash("cut -d, -f2 sales.csv | sort | uniq -c")],
  },
];
