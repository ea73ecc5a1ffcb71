import { legal, silentCasesOf } from "../../cases/caseBuilder.ts";
import { scan, unionScan, bash } from "../../cases/caseCalls.ts";
import { MSA_IDT } from "../../cases/legalLake.ts";
import { SALES, REGIONS } from "../../cases/sharedLakes.ts";

/** The silent-error suite's cases of `bash-denied` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const bashDeniedSilentCases = silentCasesOf("bash-denied", ({ flagged, clean }) => [
  flagged("saves a sample of the file with a > redirection", { "sales.csv": SALES }, [
    bash("head -n 3 sales.csv > sample.csv"),
    scan("sales.csv", "sales"),
  ]),
  flagged("sums a column with awk", { "sales.csv": SALES }, [
    bash("awk -F, 'NR > 1 { s += $3 } END { print s }' sales.csv"),
    scan("sales.csv", "sales"),
  ]),
  flagged("looks for more data outside the lake", { "sales.csv": SALES }, [bash("find .. -name '*.csv'")]),
  flagged(
    "deletes the macOS .DS_Store junk before a union",
    {
      "exports/.DS_Store": Buffer.from([0, 0, 0, 1, 66, 117, 100, 49]),
      "exports/2024-01.csv": SALES,
    },
    [bash("rm exports/.DS_Store"), unionScan(["exports/*.csv"], "sales")],
  ),
  flagged("chains two commands with &&", { "sales.csv": SALES, "regions.csv": REGIONS }, [
    bash("wc -l sales.csv && wc -l regions.csv"),
  ]),
  clean("counts the multi-state MSAs of Alabama with grep", legal, [
    bash(`grep -c "GA-AL" "${MSA_IDT}/Alabama.csv"`),
  ]),
  clean("lists the per-state folder and counts regions with cut | sort | uniq", { "sales.csv": SALES }, [
    bash("ls -la"),
    bash("cut -d, -f2 sales.csv | sort | uniq -c"),
  ]),
]);
