import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scanThenQuery } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";
import { beachRows } from "../../cases/issue25Lakes.ts";

/** Issue 25's cases of `value-variants` (their lakes, shared with other codes' cases, are in src/core/validation/cases/issue25Lakes.ts). */
export const valueVariantsIssue25Cases = silentCasesOf("value-variants", ({ flagged, clean }) => [
  // value-variants: near names of beaches in different towns are different beaches.
  clean(
    "issue 25: 'Camp Lowe Beach' (Lancaster) and 'Camp Howe Beach' (Ashburnham) are two beaches",
    { "beach_samples.csv": csv("date,beach,town,enterococcus", ...beachRows) },
    scanThenQuery(
      { samples: "beach_samples.csv" },
      "SELECT beach, town, avg(enterococcus) AS mean_ent FROM samples GROUP BY beach, town ORDER BY mean_ent DESC",
    ),
  ),
  flagged(
    "issue 25: the same beach spelt two ways in its town is still a variant",
    {
      "beach_samples.csv": csv(
        "date,beach,town,enterococcus",
        ...beachRows,
        "2024-06-05,Nantasket beach,Hull,30",
        "2024-06-06,Nantasket beach,Hull,12",
      ),
    },
    scanThenQuery(
      { samples: "beach_samples.csv" },
      "SELECT beach, avg(enterococcus) AS mean_ent FROM samples GROUP BY beach",
    ),
  ),
]);
