// The wildfire lake's statistical tables (NIFC / USDA style): fires and acres by state and year (state
// names), suppression costs by state (USPS codes), the national human/lightning split, fires by agency
// with a Total row, fire occurrence by region × month × cause (zero cells left out), and a USDA data
// book table with title rows, thousands separators and footnotes.
import { MONTH_ABBREVIATIONS } from "./calendar.ts";
import type { LakeWriter } from "./lakeWriter.ts";
import { csvLine } from "./lakeWriter.ts";
import type { SeededRandom } from "./seededRandom.ts";
import { FIRE_STATES, REGIONS, REGION_MONTHS } from "./wildfireStates.ts";

export const STATE_FIRST_YEAR = 2000;
export const STATE_LAST_YEAR = 2024;
export const COST_FIRST_YEAR = 2010;
export const STATE_STATS_PATH = "state_fire_stats/fires_and_acres_by_state_2000_2024.csv";
export const COSTS_PATH = "state_fire_stats/suppression_costs_by_state_2010_2024.csv";
export const CAUSES_PATH = "national/human_vs_lightning_2000_2024.csv";
export const AGENCY_PATH = "national/fires_by_agency_2024.csv";
export const OCCURRENCE_PATH = "national/fire_occurrence_by_region_month_2023.csv";
export const DATABOOK_PATH = "usda/fs_databook_table3_nfs_fires_2004_2023.csv";
export const DATABOOK_FIRST_YEAR = 2004;
export const DATABOOK_LAST_YEAR = 2023;
export const AGENCIES = ["BIA", "BLM", "FWS", "NPS", "ST/OT", "USFS"];

export interface StateYear {
  state: string;
  code: string;
  year: number;
  fires: number;
  acres: number;
  lightningFires: number;
  lightningAcres: number;
}

export interface OccurrenceCell {
  region: string;
  month: number;
  cause: "Human" | "Lightning";
  fires: number;
}

export interface WildfireTables {
  stateYears: StateYear[];
  /** Suppression cost in dollars by `${code}|${year}`. */
  costs: Map<string, number>;
  agencies: { agency: string; fires: number; acres: number }[];
  occurrence: OccurrenceCell[];
  databook: { year: number; fires: number; acres: number }[];
}

const thousands = (n: number): string => n.toLocaleString("en-US");

function writeStateYears(writer: LakeWriter, rng: SeededRandom): StateYear[] {
  const out: StateYear[] = [];
  for (let year = STATE_FIRST_YEAR; year <= STATE_LAST_YEAR; year++) {
    const y = rng.fork(`year-${year}`);
    const fireFactor = Math.exp(y.normal(0, 0.15));
    const acreFactor = Math.exp(y.normal(0, 0.35));
    for (const s of FIRE_STATES) {
      const fires = Math.max(5, Math.round(s.fires * fireFactor * Math.exp(y.normal(0, 0.2))));
      const acres = Math.round(fires * s.acresPerFire * acreFactor * Math.exp(y.normal(0, 0.5)));
      const lightningShare = Math.min(0.95, Math.max(0, (1 - s.humanShare) * Math.exp(y.normal(0, 0.2))));
      const lightningFires = Math.round(fires * lightningShare);
      const lightningAcres = Math.round(acres * Math.min(0.97, lightningShare * 1.6));
      out.push({ state: s.name, code: s.code, year, fires, acres, lightningFires, lightningAcres });
    }
  }
  writer.csv(STATE_STATS_PATH, "state stats by state name", (file) => {
    file.raw("Year,State,Fires,Acres");
    for (const r of out) file.row([r.year, r.state, r.fires, r.acres]);
  });
  return out;
}

function writeCosts(
  writer: LakeWriter,
  stateYears: readonly StateYear[],
  rng: SeededRandom,
): Map<string, number> {
  const costs = new Map<string, number>();
  const perAcre = new Map(FIRE_STATES.map((s) => [s.code, Math.exp(rng.normal(Math.log(600), 0.5))]));
  writer.csv(COSTS_PATH, "state costs by USPS code", (file) => {
    file.raw("year,state,suppression_cost_usd,structures_destroyed");
    for (const r of stateYears) {
      if (r.year < COST_FIRST_YEAR) continue;
      const cost = Math.round(r.acres * (perAcre.get(r.code) ?? 600) * Math.exp(rng.normal(0, 0.3)));
      costs.set(`${r.code}|${r.year}`, cost);
      file.row([r.year, r.code, cost, Math.round((r.acres / 2000) * Math.exp(rng.normal(0, 1)))]);
    }
  });
  return costs;
}

function writeCauses(writer: LakeWriter, stateYears: readonly StateYear[]): void {
  writer.csv(CAUSES_PATH, "national human/lightning by year", (file) => {
    file.raw("Year,Human Fires,Human Acres,Lightning Fires,Lightning Acres,Total Fires,Total Acres");
    for (let year = STATE_FIRST_YEAR; year <= STATE_LAST_YEAR; year++) {
      const rows = stateYears.filter((r) => r.year === year);
      const fires = rows.reduce((a, r) => a + r.fires, 0);
      const acres = rows.reduce((a, r) => a + r.acres, 0);
      const lf = rows.reduce((a, r) => a + r.lightningFires, 0);
      const la = rows.reduce((a, r) => a + r.lightningAcres, 0);
      file.row([year, fires - lf, acres - la, lf, la, fires, acres]);
    }
  });
}

function writeAgencies(
  writer: LakeWriter,
  stateYears: readonly StateYear[],
  rng: SeededRandom,
): WildfireTables["agencies"] {
  const last = stateYears.filter((r) => r.year === STATE_LAST_YEAR);
  const fires = last.reduce((a, r) => a + r.fires, 0);
  const acres = last.reduce((a, r) => a + r.acres, 0);
  const fireWeights = AGENCIES.map((a) => (a === "ST/OT" ? 8 : 0.4 + rng.next()));
  const acreWeights = AGENCIES.map((a) => (a === "ST/OT" ? 2.5 : 0.5 + 2 * rng.next()));
  const split = (total: number, weights: number[]): number[] => {
    const sum = weights.reduce((a, b) => a + b, 0);
    const parts = weights.map((w) => Math.floor((total * w) / sum));
    parts[parts.length - 1] = (parts[parts.length - 1] ?? 0) + total - parts.reduce((a, b) => a + b, 0);
    return parts;
  };
  const f = split(fires, fireWeights);
  const ac = split(acres, acreWeights);
  const rows = AGENCIES.map((agency, i) => ({ agency, fires: f[i] ?? 0, acres: ac[i] ?? 0 }));
  writer.csv(AGENCY_PATH, "table with a Total row", (file) => {
    file.raw("Agency,Fires,Acres");
    for (const r of rows) file.row([r.agency, r.fires, r.acres]);
    file.row(["Total", fires, acres]);
    file.raw(csvLine(["ST/OT: state, county, local and other non-federal agencies.", "", ""]));
  });
  return rows;
}

function writeOccurrence(
  writer: LakeWriter,
  stateYears: readonly StateYear[],
  rng: SeededRandom,
): OccurrenceCell[] {
  const cells: OccurrenceCell[] = [];
  for (const region of REGIONS) {
    const rows = stateYears.filter(
      (r) => r.year === 2023 && FIRE_STATES.find((s) => s.code === r.code)?.region === region,
    );
    // A tenth of the fires: the table covers fires reported to the interagency system.
    const total = rows.reduce((a, r) => a + r.fires, 0) / 10;
    const lightning = rows.reduce((a, r) => a + r.lightningFires, 0) / 10;
    const months = REGION_MONTHS[region] ?? [];
    months.forEach((weight, m) => {
      const summer = m >= 5 && m <= 8;
      const l =
        weight === 0 || !summer
          ? 0
          : Math.round(((lightning * weight) / 0.6) * Math.exp(rng.normal(0, 0.15)));
      const h =
        weight === 0
          ? 0
          : Math.max(0, Math.round((total - lightning) * weight * Math.exp(rng.normal(0, 0.15))));
      if (h > 0) cells.push({ region, month: m + 1, cause: "Human", fires: h });
      if (l > 0) cells.push({ region, month: m + 1, cause: "Lightning", fires: l });
    });
  }
  writer.csv(OCCURRENCE_PATH, "region × month × cause, zero cells left out", (file) => {
    file.raw("Region,Month,Cause,Fires");
    for (const c of cells) file.row([c.region, MONTH_ABBREVIATIONS[c.month - 1], c.cause, c.fires]);
  });
  return cells;
}

function writeDatabook(writer: LakeWriter, rng: SeededRandom): WildfireTables["databook"] {
  const rows: WildfireTables["databook"] = [];
  for (let year = DATABOOK_FIRST_YEAR; year <= DATABOOK_LAST_YEAR; year++) {
    const fires = Math.round(7000 * Math.exp(rng.normal(0, 0.15)));
    rows.push({ year, fires, acres: Math.round(fires * 240 * Math.exp(rng.normal(0, 0.45))) });
  }
  writer.csv(DATABOOK_PATH, "data book table: title rows, thousands separators, footnotes", (file) => {
    file.raw(
      csvLine([
        `Table 3. Wildfires and acres burned on National Forest System lands, ${DATABOOK_FIRST_YEAR}–${DATABOOK_LAST_YEAR}`,
        "",
        "",
      ]),
    );
    file.raw(csvLine(["(Number of fires; acres rounded to the nearest acre)", "", ""]));
    file.raw(",,");
    file.raw("Year,Fires,Acres Burned");
    for (const r of rows) file.row([r.year, thousands(r.fires), thousands(r.acres)]);
    file.raw(",,");
    file.raw(csvLine([`Note: ${DATABOOK_LAST_YEAR} figures are preliminary and subject to change.`, "", ""]));
    file.raw(
      csvLine([
        "Source: USDA Forest Service, Fire and Aviation Management, fire occurrence records.",
        "",
        "",
      ]),
    );
  });
  return rows;
}

export function writeWildfireTables(writer: LakeWriter, rng: SeededRandom): WildfireTables {
  const stateYears = writeStateYears(writer, rng.fork("state-years"));
  const costs = writeCosts(writer, stateYears, rng.fork("costs"));
  writeCauses(writer, stateYears);
  const agencies = writeAgencies(writer, stateYears, rng.fork("agencies"));
  const occurrence = writeOccurrence(writer, stateYears, rng.fork("occurrence"));
  const databook = writeDatabook(writer, rng.fork("databook"));
  return { stateYears, costs, agencies, occurrence, databook };
}
