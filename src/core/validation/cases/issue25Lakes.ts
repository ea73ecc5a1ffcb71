import { csv } from "./csvText.ts";
import type { LakeFiles } from "./silentCase.ts";

/**
 * Issue 25's false alarms, each with the mistake its rule must still catch: joins whose condition
 * links both sides without `=` and cross joins that are grids (unkeyed-join), two series over
 * different periods (join-row-loss), near names of different entities (value-variants).
 */

export const cohort: LakeFiles = {
  "study/subjects.csv": csv(
    "id,name,age",
    "1,Ann Lee,34",
    "2,Bob Stone,51",
    "3,Cara Diaz,47",
    "4,Dev Patel,62",
  ),
  "study/controls.csv": csv(
    "id,name,age",
    "10,Anne Lee,35",
    "11,Rob Stone,50",
    "12,Kara Diaz,29",
    "13,Dev Patil,61",
  ),
};
export const fires: LakeFiles = {
  "fires/by_region_cause.csv": csv(
    "Region,Cause,Fires",
    "Alaska,Human,7",
    "Alaska,Lightning,23",
    "Southwest,Human,40",
    "Southwest,Lightning,61",
    "Northwest,Human,12",
    "Northwest,Lightning,9",
  ),
  "fires/hourly.csv": csv("station,hour,temp", "A,0,11.2", "A,1,10.9", "B,0,13.1", "B,1,12.7"),
};
export const years = (from: number, to: number, skip: number[] = []): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i).filter((y) => !skip.includes(y));
export const seriesLake = (skip: number[]): LakeFiles => ({
  "fires_per_year.csv": csv("year,fires", ...years(1983, 2024).map((y) => `${y},${(y * 37) % 900}`)),
  "suppression_costs.csv": csv(
    "year,cost_musd",
    ...years(2001, 2023, skip).map((y) => `${y},${(y * 13) % 500}`),
  ),
});
export const rankings: LakeFiles = {
  "fraud_reports.csv": csv(
    "State,Reports",
    "Florida,1522",
    "Georgia,1298",
    "Nevada,1204",
    "Delaware,1153",
    "Texas,990",
  ),
  "idt_reports.csv": csv(
    "State,Reports",
    "Florida,528",
    "Georgia,517",
    "Nevada,466",
    "Texas,393",
    "Delaware,392",
  ),
};
export const beachNames: [string, string][] = [
  ["Camp Lowe Beach", "Lancaster"],
  ["Camp Howe Beach", "Ashburnham"],
  ["Camp Arrowhead", "Natick"],
  ["Camp Arrow Head", "Pittsfield"],
  ["Sandy Point Beach", "Acton"],
  ["Long Pond Beach", "Dover"],
  ["Nantasket Beach", "Hull"],
  ["Laurel Lake Beach", "Lenox"],
  ["Town Beach", "Acton"],
  ["Memorial Beach", "Dover"],
  ["Pleasant Beach", "Hull"],
  ["Shaker Beach", "Lenox"],
  ["Mill Pond Beach", "Natick"],
  ["Onota Beach", "Pittsfield"],
  ["Whalom Beach", "Lancaster"],
  ["Sholan Beach", "Lancaster"],
];
export const beachRows = [1, 2, 3, 4].flatMap((day) =>
  beachNames.map(([name, town], i) => `2024-06-0${day},${name},${town},${(i * 7 + day * 3) % 50}`),
);
