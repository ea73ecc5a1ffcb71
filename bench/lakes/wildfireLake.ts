// The `wildfire` lake: US wildfire statistics as published by NIFC / USDA / NOAA-style sources.
//   state_fire_stats/   fires and acres by state (state names) and suppression costs (USPS codes)
//   national/           human vs lightning by year, fires by agency (Total row), region × month × cause
//   usda/               a data-book table with title rows, thousands separators and footnotes
//   fires/              fires_2015.csv … fires_2024.csv among a cause-code table, notes and a top-100 list
import type { LakeManifest, LakeOptions, LakeScale } from "./lakeTypes.ts";
import { LakeWriter } from "./lakeWriter.ts";
import { SeededRandom } from "./seededRandom.ts";
import { writeIncidents } from "./wildfireIncidents.ts";
import { wildfireQuestions } from "./wildfireQuestions.ts";
import { writeWildfireTables } from "./wildfireTables.ts";

export const WILDFIRE_GENERATOR_VERSION = 1;

/** Incident records per year. */
const INCIDENTS_PER_YEAR: Record<LakeScale, number> = { tiny: 150, bench: 12000, workspace: 40000 };

export const WILDFIRE_README = `US wildfire statistics gathered from public sources (NIFC, USDA Forest Service, interagency
reporting). state_fire_stats/ holds yearly fires and acres burned per state since 2000 and yearly
suppression costs per state since 2010. national/ holds the national split of fires and acres between
human and lightning causes by year, the 2024 fires and acres by agency, and the 2023 fire occurrence
by geographic region, month and cause. usda/ holds a table from the Forest Service's data book on
fires on National Forest System lands. fires/ holds incident-level fire records, one file per discovery
year from 2015 to 2024, with a cause-code table, notes, and a list of the largest fires prepared for a
report.`;

export async function generateWildfireLake(dir: string, options: LakeOptions): Promise<LakeManifest> {
  const rng = new SeededRandom(options.seed).fork("wildfire");
  const writer = new LakeWriter(dir);
  const tables = writeWildfireTables(writer, rng.fork("tables"));
  const incidents = writeIncidents(writer, INCIDENTS_PER_YEAR[options.scale], rng.fork("incidents"));
  const files = [...writer.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    kind: "wildfire",
    scale: options.scale,
    seed: options.seed,
    generatorVersion: WILDFIRE_GENERATOR_VERSION,
    files,
    bytes: files.reduce((s, f) => s + f.bytes, 0),
    questions: wildfireQuestions(tables, incidents),
    readme: WILDFIRE_README,
  };
}
