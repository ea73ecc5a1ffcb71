import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scanThenQuery } from "../../cases/caseCalls.ts";
import { seriesLake } from "../../cases/issue25Lakes.ts";

/** Issue 25's cases of `join-row-loss` (their lakes, shared with other codes' cases, are in src/core/validation/cases/issue25Lakes.ts). */
export const joinRowLossIssue25Cases = silentCasesOf("join-row-loss", ({ flagged, clean }) => [
  // join-row-loss: two series over different periods keep their overlap; a gap inside is a loss.
  clean(
    "issue 25: fires 1983–2024 joined to costs 2001–2023 keep the overlap",
    seriesLake([]),
    scanThenQuery(
      { fires: "fires_per_year.csv", costs: "suppression_costs.csv" },
      "SELECT corr(f.fires, c.cost_musd) AS r FROM fires f JOIN costs c ON f.year = c.year",
    ),
  ),
  flagged(
    "issue 25: costs lack 2012 inside their span — the join drops that year",
    seriesLake([2012]),
    scanThenQuery(
      { fires: "fires_per_year.csv", costs: "suppression_costs.csv" },
      "SELECT corr(f.fires, c.cost_musd) AS r FROM fires f JOIN costs c ON f.year = c.year",
    ),
  ),
]);
