import type { SilentCase } from "../../cases/silentCase.ts";
import { scan, query } from "../../cases/caseCalls.ts";
import { stations } from "../../cases/fillLakes.ts";

/** The fill-value cases of `join-fanout` (their lakes, shared with other codes' cases, are in src/core/validation/cases/fillLakes.ts). */
export const joinFanoutFillCases: SilentCase[] = [
  {
    code: "join-fanout",
    name: "issue 25: a station listed twice by one Query, averaged in the next",
    expect: "flagged",
    lake: stations(["A,north", "B,north", "C,north", "C,coast", "D,south"]),
    calls: [
      scan("stations.csv", "stations"),
      scan("networks.csv", "networks"),
      query(
        "SELECT s.station, s.elev, n.network FROM stations s JOIN networks n ON s.station = n.station",
        ["stations", "networks"],
        "listed",
      ),
      query("SELECT avg(elev) AS mean_elev FROM listed", ["listed"]),
    ],
  },
  {
    code: "join-fanout",
    name: "issue 25: each station listed once by one Query, averaged in the next",
    expect: "clean",
    lake: stations(["A,north", "B,north", "C,coast", "D,south"]),
    calls: [
      scan("stations.csv", "stations"),
      scan("networks.csv", "networks"),
      query(
        "SELECT s.station, s.elev, n.network FROM stations s JOIN networks n ON s.station = n.station",
        ["stations", "networks"],
        "listed",
      ),
      query("SELECT avg(elev) AS mean_elev FROM listed", ["listed"]),
    ],
  },
];
