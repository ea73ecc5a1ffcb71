import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { query, scanThenQuery } from "../../cases/caseCalls.ts";
import { stations } from "../../cases/fillLakes.ts";

/** One Query lists the stations with their networks, the next averages the list. */
const listThenAverage = [
  ...scanThenQuery(
    { stations: "stations.csv", networks: "networks.csv" },
    "SELECT s.station, s.elev, n.network FROM stations s JOIN networks n ON s.station = n.station",
    "listed",
  ),
  query("SELECT avg(elev) AS mean_elev FROM listed", ["listed"]),
];

/** The fill-value cases of `join-fanout` (their lakes, shared with other codes' cases, are in src/core/validation/cases/fillLakes.ts). */
export const joinFanoutFillCases = silentCasesOf("join-fanout", ({ flagged, clean }) => [
  flagged(
    "issue 25: a station listed twice by one Query, averaged in the next",
    stations(["A,north", "B,north", "C,north", "C,coast", "D,south"]),
    listThenAverage,
  ),
  clean(
    "issue 25: each station listed once by one Query, averaged in the next",
    stations(["A,north", "B,north", "C,coast", "D,south"]),
    listThenAverage,
  ),
]);
