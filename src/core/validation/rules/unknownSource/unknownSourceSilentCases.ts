import { legal, silentCasesOf } from "../../cases/caseBuilder.ts";
import { scan, unionScan } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";
import { CSVS, MSA_IDT } from "../../cases/legalLake.ts";
import { SALES } from "../../cases/sharedLakes.ts";

/** The silent-error suite's cases of `unknown-source` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const unknownSourceSilentCases = silentCasesOf("unknown-source", ({ flagged, clean }) => [
  flagged("scans the ranking by its table title, not its file name", legal, [
    scan(`${CSVS}/2024_CSN_State_Rankings_Identity_Theft.csv`, "idt"),
  ]),
  flagged("writes District of Columbia with spaces (the file is DistrictofColumbia.csv)", legal, [
    scan(`${MSA_IDT}/District of Columbia.csv`, "dc"),
  ]),
  flagged("a union pattern without the data book's parent folders", legal, [
    unionScan(["State MSA Identity Theft data/*.csv"], "msa"),
  ]),
  flagged("asks for the .xlsx when the lake holds the .csv export", { "sales_2024.csv": SALES }, [
    scan("sales_2024.xlsx", "sales"),
  ]),
  clean("the real per-state file name, spaces in the folder name", legal, [
    scan(`${MSA_IDT}/DistrictofColumbia.csv`, "dc"),
  ]),
  clean(
    "a glob over yearly files",
    {
      "sales/2023.csv": csv("region,amount", "North,10", "South,20"),
      "sales/2024.csv": csv("region,amount", "North,30", "South,45"),
    },
    [unionScan(["sales/*.csv"], "sales", "year")],
  ),
]);
