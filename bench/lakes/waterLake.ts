// The `water` lake: a state's public beach water-quality data, laid out like the real downloads.
//   water-body-testing-2002.csv … -2023.csv   yearly family at the root (case drift, type drift)
//   beach-datasheets/*.csv                    8 datasheets, title + sampling-point rows above the header
//   precipitation/*.csv                       monthly precipitation ending in Mean/Max/Min rows
//   exports/testing_2019-*.csv                two overlapping exports of the same database
//   archive/water-body-testing-2016.csv       a byte-identical copy of a yearly file
//   closures/beach_closures_2023{,_latest}.csv the complete file and a truncated copy
//   lookups/town_codes.json                   a JSON object (town code → county)
//   reports/beach-program-summary-2002-2023.xlsx  a workbook with a title row
import type { LakeManifest, LakeOptions } from "./lakeTypes.ts";
import { LakeWriter } from "./lakeWriter.ts";
import { SeededRandom } from "./seededRandom.ts";
import { makeBeaches } from "./waterBeaches.ts";
import { writeClosures } from "./waterClosures.ts";
import { writeDatasheets } from "./waterDatasheets.ts";
import { writeExports } from "./waterExports.ts";
import { TOWNS } from "./waterPlaces.ts";
import { writePrecipitation } from "./waterPrecipitation.ts";
import { ARCHIVED_YEAR, ARCHIVE_COPY_PATH, LOOKUP_PATH, waterQuestions } from "./waterQuestions.ts";
import { WATER_SCALES } from "./waterScale.ts";
import { writeWorkbook } from "./waterWorkbook.ts";
import { writeYearlyFiles, yearlyPath } from "./waterYearly.ts";
import { byText } from "./answerMath.ts";

export const WATER_GENERATOR_VERSION = 2;

export const WATER_README = `Beach water-quality data of a US state (Massachusetts-style), as downloaded from the state's public
data portal and collected by a beach program over the years. At the root, one file per year,
water-body-testing-2002.csv … water-body-testing-2023.csv, each row a bacterial sample (community, beach
name and type, county, sample date, organism, indicator level, whether it was a violation, town code);
the yearly files were exported by different systems over the years, so spellings and formats are not
uniform. beach-datasheets/ holds eight volunteer datasheets for the 2024 season (one site each, several
sampling points per site, rain and tide, Enterococcus results with detection-limit tags).
precipitation/ holds monthly precipitation summaries for four weather stations. exports/ holds two
exports of the state's 2019 water-quality database (all water bodies, one row per parameter of a
sample), pulled over different date ranges. archive/ keeps older copies of files. closures/ lists the
2023 beach closures. lookups/town_codes.json maps town codes to counties, and reports/ holds the
program's summary workbook.`;

export async function generateWaterLake(dir: string, options: LakeOptions): Promise<LakeManifest> {
  const scale = WATER_SCALES[options.scale];
  const rng = new SeededRandom(options.seed).fork("water");
  const writer = new LakeWriter(dir);
  const beaches = makeBeaches(rng.fork("beaches"), scale.randomBeaches);

  const tallies = writeYearlyFiles(writer, beaches, scale, rng.fork("yearly"));
  const datasheets = writeDatasheets(writer, rng.fork("datasheets"));
  const precipitation = writePrecipitation(writer, rng.fork("precipitation"));
  const exports = writeExports(
    writer,
    beaches,
    scale.exportStations,
    scale.exportEveryDays,
    rng.fork("exports"),
  );
  writer.copy(yearlyPath(ARCHIVED_YEAR), ARCHIVE_COPY_PATH, "byte-identical duplicate");
  const closures = writeClosures(writer, beaches, rng.fork("closures"));
  const lookup = Object.fromEntries(
    [...TOWNS].sort((a, b) => byText(a.code, b.code)).map((t) => [t.code, t.county]),
  );
  writer.write(LOOKUP_PATH, "JSON object lookup", `${JSON.stringify(lookup, null, 2)}\n`, TOWNS.length);
  await writeWorkbook(writer, tallies);

  const questions = waterQuestions({ tallies, precipitation, datasheets, exports, closures });
  const files = [...writer.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    kind: "water",
    scale: options.scale,
    seed: options.seed,
    generatorVersion: WATER_GENERATOR_VERSION,
    files,
    bytes: files.reduce((s, f) => s + f.bytes, 0),
    questions,
    readme: WATER_README,
  };
}
