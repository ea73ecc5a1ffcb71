import type { SilentCase } from "../../cases/silentCase.ts";
import { scan, unionScan } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";
import { legal, CSVS, MSA_IDT } from "../../cases/legalLake.ts";
import { SALES } from "../../cases/sharedLakes.ts";

/** The silent-error suite's cases of `unknown-source` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const unknownSourceSilentCases: SilentCase[] = [
  // ===================================== unknown-source =================================
  {
    code: "unknown-source",
    name: "scans the ranking by its table title, not its file name",
    expect: "flagged",
    lake: legal,
    calls: [scan(`${CSVS}/2024_CSN_State_Rankings_Identity_Theft.csv`, "idt")],
  },
  {
    code: "unknown-source",
    name: "writes District of Columbia with spaces (the file is DistrictofColumbia.csv)",
    expect: "flagged",
    lake: legal,
    calls: [scan(`${MSA_IDT}/District of Columbia.csv`, "dc")],
  },
  {
    code: "unknown-source",
    name: "a union pattern without the data book's parent folders",
    expect: "flagged",
    lake: legal,
    calls: [unionScan(["State MSA Identity Theft data/*.csv"], "msa")],
  },
  {
    code: "unknown-source",
    name: "asks for the .xlsx when the lake holds the .csv export",
    expect: "flagged",
    lake: { files: { "sales_2024.csv": SALES } },
    calls: [scan("sales_2024.xlsx", "sales")],
  },
  {
    code: "unknown-source",
    name: "the real per-state file name, spaces in the folder name",
    expect: "clean",
    lake: legal,
    calls: [scan(`${MSA_IDT}/DistrictofColumbia.csv`, "dc")],
  },
  {
    code: "unknown-source",
    name: "a glob over yearly files",
    expect: "clean",
    lake: {
      files: {
        "sales/2023.csv": csv("region,amount", "North,10", "South,20"),
        "sales/2024.csv": csv("region,amount", "North,30", "South,45"),
      },
    },
    calls: [unionScan(["sales/*.csv"], "sales", "year")],
  },
];
