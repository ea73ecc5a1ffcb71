// Generates a lake shaped like the public space-weather one of issue 27 (1,525 files, 311 MB): about
// 1,430 CSVs in dated families (`Sat_Density/swarma-wu571-20181004_to_20181007.csv`,
// `OMNI2/omni2-wu001-20131129_to_20140128.csv`, daily `YYYY-MM-DD` forecasts, `YYYY_MM` monthly
// files) with 57-column OMNI2 members, gaps in the numbered series, three large files (a 57-column
// CSV, a JSON object keyed by timestamp — the shape that drove DuckDB's JSON reader to 18.8 GiB —
// and JSON lines), text files (TLEs, notes) and empty folders. Deterministic: a fixed seed, so
// two runs write the same bytes. Used by bench/benchLake.ts (`npm run bench:lake`).
//
// A finished lake carries `.generated.json` (what was written); a later call with the same options
// reuses it. A `.gitignore` in the lake hides the marker (and itself) from the crawler.
import { createWriteStream, existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { once } from "node:events";

/** Bumped whenever what is generated changes, so older lakes are regenerated. */
const GENERATOR_VERSION = 1;
export const SPACE_MARKER = ".generated.json";

export interface SpaceLakeOptions {
  /** Bytes of each of the large files (default 40 MB: ≥ 100 MB across the three). */
  largeBytes?: number;
  /** Members of each of the two big numbered families (default 700 and 660). */
  satMembers?: number;
  omniMembers?: number;
}

export interface SpaceLakeMarker {
  version: number;
  options: Required<SpaceLakeOptions>;
  files: number;
  csvFiles: number;
  bytes: number;
  emptyFolders: string[];
  /** Numbers left out of the numbered families (the gaps a map should name). */
  gaps: Record<string, number[]>;
  largeFiles: { path: string; bytes: number }[];
  generateMs: number;
}

/** mulberry32: a small seeded generator, so the lake is the same on every machine. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY_MS = 86_400_000;

function ymd(ms: number, sep = ""): string {
  return new Date(ms).toISOString().slice(0, 10).replaceAll("-", sep);
}

function stamp(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}

/** The 57 columns of an OMNI2 hourly record (names as the low-resolution OMNI2 files carry them). */
// prettier-ignore
export const OMNI2_COLUMNS = [
  "Timestamp", "YEAR", "DOY", "Hour", "Bartels_rotation_number", "ID_for_IMF_spacecraft", "ID_for_SW_Plasma_spacecraft",
  "num_points_IMF_averages", "num_points_Plasma_averages", "Scalar_B_nT", "Vector_B_Magnitude_nT",
  "Lat_Angle_of_B_GSE", "Long_Angle_of_B_GSE", "BX_nT_GSE_GSM", "BY_nT_GSE", "BZ_nT_GSE", "BY_nT_GSM", "BZ_nT_GSM",
  "RMS_magnitude_nT", "RMS_field_vector_nT", "RMS_BX_GSE_nT", "RMS_BY_GSE_nT", "RMS_BZ_GSE_nT", "SW_Plasma_Temperature_K",
  "SW_Proton_Density_N_cm3", "SW_Plasma_Speed_km_s", "SW_Plasma_flow_long_angle", "SW_Plasma_flow_lat_angle",
  "Alpha_Prot_ratio", "sigma_T_K", "sigma_n_N_cm3", "sigma_V_km_s", "sigma_phi_V_degrees", "sigma_theta_V_degrees",
  "sigma_ratio", "Flow_pressure", "E_electric_field", "Plasma_Beta", "Alfen_mach_number", "Magnetosonic_Mach_number",
  "Quasy_Invariant", "Kp_index", "R_Sunspot_No", "Dst_index_nT", "ap_index_nT", "f10.7_index", "AE_index_nT",
  "AL_index_nT", "AU_index_nT", "pc_index", "Lyman_alpha", "Proton_flux_>1_Mev", "Proton_flux_>2_Mev",
  "Proton_flux_>4_Mev", "Proton_flux_>10_Mev", "Proton_flux_>30_Mev", "Proton_flux_>60_Mev",
];

function omniRow(ms: number, rand: () => number): string {
  const d = new Date(ms);
  const doy = Math.floor((ms - Date.UTC(d.getUTCFullYear(), 0, 1)) / DAY_MS) + 1;
  const out = [stamp(ms), String(d.getUTCFullYear()), String(doy), String(d.getUTCHours())];
  for (let c = 4; c < OMNI2_COLUMNS.length; c++) {
    // Fill values as OMNI2 writes them (999.9, 9999999.) in a few per cent of the cells.
    if (rand() < 0.03) out.push(c % 2 ? "999.9" : "9999999.");
    else if (c < 9) out.push(String(Math.floor(rand() * 100)));
    else out.push((rand() * 200 - 50).toFixed(c % 3 === 0 ? 1 : 2));
  }
  return out.join(",");
}

/** Writes `lines()` to `path` through a stream, in chunks, until `bytes` are written or lines run out. */
async function writeLines(path: string, head: string, next: () => string | undefined): Promise<number> {
  await mkdir(dirname(path), { recursive: true });
  const out = createWriteStream(path);
  let written = 0;
  let chunk = head;
  for (let line = next(); line !== undefined; line = next()) {
    chunk += line;
    if (chunk.length > 1 << 20) {
      written += chunk.length;
      if (!out.write(chunk)) await once(out, "drain");
      chunk = "";
    }
  }
  written += chunk.length;
  out.end(chunk);
  await once(out, "finish");
  return written;
}

export async function generateSpaceLake(
  dir: string,
  options: SpaceLakeOptions = {},
): Promise<SpaceLakeMarker> {
  const opts: Required<SpaceLakeOptions> = {
    largeBytes: options.largeBytes ?? 40e6,
    satMembers: options.satMembers ?? 700,
    omniMembers: options.omniMembers ?? 660,
  };
  const markerPath = join(dir, SPACE_MARKER);
  if (existsSync(markerPath)) {
    const marker = JSON.parse(await readFile(markerPath, "utf8")) as SpaceLakeMarker;
    if (marker.version === GENERATOR_VERSION && JSON.stringify(marker.options) === JSON.stringify(opts))
      return marker;
  }
  const started = performance.now();
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const rand = seeded(27);
  let files = 0;
  let csvFiles = 0;
  let bytes = 0;
  const put = async (rel: string, text: string): Promise<void> => {
    await mkdir(dirname(join(dir, rel)), { recursive: true });
    await writeFile(join(dir, rel), text);
    files++;
    bytes += text.length;
    if (rel.endsWith(".csv")) csvFiles++;
  };
  const gaps: Record<string, number[]> = {};
  const base = "STORM-AI/warmup/v2";

  // Sat_Density: 3-day windows of 10-minute orbit-mean densities, numbered wu001…, a few numbers missing.
  gaps.Sat_Density = [];
  let start = Date.UTC(2013, 10, 29);
  for (let n = 1, written = 0; written < opts.satMembers; n++) {
    const from = start;
    start += 3 * DAY_MS;
    if (n % 97 === 50) {
      gaps.Sat_Density.push(n);
      continue;
    }
    const sat = n <= opts.satMembers / 2 ? "champ" : "swarma";
    let body = "Timestamp,Orbit Mean Density (kg/m^3)\n";
    for (let t = from; t < from + 3 * DAY_MS; t += 600_000)
      body += `${stamp(t)},${rand() < 0.02 ? "9.99E+32" : (rand() * 4e-12 + 1e-13).toExponential(6)}\n`;
    const name = `${sat}-wu${String(n).padStart(3, "0")}-${ymd(from)}_to_${ymd(from + 3 * DAY_MS)}.csv`;
    await put(`${base}/Sat_Density/${name}`, body);
    written++;
  }

  // OMNI2: 57 columns, 60-day windows named by their dates, 96 hourly rows kept of each (bench size).
  gaps.OMNI2 = [];
  start = Date.UTC(2013, 10, 29);
  for (let n = 1, written = 0; written < opts.omniMembers; n++) {
    const from = start;
    start += 3 * DAY_MS;
    if (n % 113 === 70) {
      gaps.OMNI2.push(n);
      continue;
    }
    let body = `${OMNI2_COLUMNS.join(",")}\n`;
    for (let h = 0; h < 96; h++) body += `${omniRow(from + h * 3_600_000, rand)}\n`;
    await put(
      `${base}/OMNI2/omni2-wu${String(n).padStart(3, "0")}-${ymd(from)}_to_${ymd(from + 60 * DAY_MS)}.csv`,
      body,
    );
    written++;
  }

  // Daily forecasts `YYYY-MM-DD.csv` (52 columns: the time and 51 forecast horizons), one day missing.
  const horizons = Array.from({ length: 51 }, (_, i) => `density_t_plus_${(i + 1) * 10}min`);
  for (let d = 0; d < 46; d++) {
    if (d === 17) continue;
    const day = Date.UTC(2019, 2, 1) + d * DAY_MS;
    let body = `Timestamp,${horizons.join(",")}\n`;
    for (let t = day; t < day + DAY_MS; t += 3_600_000)
      body += `${stamp(t)},${horizons.map(() => (rand() * 3e-12).toExponential(4)).join(",")}\n`;
    await put(`forecasts/daily/${ymd(day, "-")}.csv`, body);
  }

  // Monthly GOES X-ray flux `goes_YYYY_MM.csv`.
  for (let m = 0; m < 24; m++) {
    const first = Date.UTC(2017, m, 1);
    const last = Date.UTC(2017, m + 1, 1);
    let body = "time_tag,xrsa_flux,xrsb_flux,xrsa_flag,xrsb_flag,satellite\n";
    for (let t = first; t < last; t += 6 * 3_600_000)
      body += `${stamp(t)},${(rand() * 1e-7).toExponential(3)},${(rand() * 1e-6).toExponential(3)},0,0,GOES-16\n`;
    const date = new Date(first);
    await put(
      `GOES/goes_${date.getUTCFullYear()}_${String(date.getUTCMonth() + 1).padStart(2, "0")}.csv`,
      body,
    );
  }

  // Initial orbital states: one small table per warm-up period.
  let states =
    "File ID,Timestamp,Semi-major Axis (km),Eccentricity,Inclination (deg),RAAN (deg),Argument of Perigee (deg),True Anomaly (deg),Latitude (deg),Longitude (deg),Altitude (km)\n";
  for (let n = 1; n <= 700; n++)
    states += `wu${String(n).padStart(3, "0")},${stamp(Date.UTC(2013, 10, 29) + n * 3 * DAY_MS)},${(6800 + rand() * 100).toFixed(3)},${(rand() * 0.01).toFixed(6)},${(87 + rand() * 3).toFixed(3)},${(rand() * 360).toFixed(3)},${(rand() * 360).toFixed(3)},${(rand() * 360).toFixed(3)},${(rand() * 180 - 90).toFixed(3)},${(rand() * 360 - 180).toFixed(3)},${(400 + rand() * 100).toFixed(3)}\n`;
  await put(`${base}/wu_initial_states.csv`, states);

  // Text: two-line element sets, notes, a readme.
  for (let s = 0; s < 30; s++) {
    let tle = "";
    for (let k = 0; k < 40; k++) {
      const id = String(40000 + s).padStart(5, "0");
      tle += `1 ${id}U 13067A   ${(18000 + k).toFixed(8)}  .00000123  00000-0  12345-4 0  999${k % 10}\n`;
      tle += `2 ${id}  87.${String(k).padStart(4, "0")} 123.4567 0001234  90.1234 270.0123 15.2${String(k).padStart(8, "0")}\n`;
    }
    await put(`TLE/sat_${40000 + s}.tle`, tle);
  }
  await put(
    "README.txt",
    "STORM-AI warm-up data (generated for RADAR's bench).\nSat_Density: orbit-mean density per 3-day window.\n",
  );
  await put(
    `${base}/NOTES.md`,
    "# Notes\n\nOMNI2 files carry 60-day windows; fill values 999.9 and 9999999.\n",
  );
  for (let k = 0; k < 10; k++) await put(`docs/changelog_${k}.txt`, `release ${k}\n`.repeat(20));

  // Large files: a long OMNI2 CSV, a JSON object keyed by timestamp, JSON lines.
  const large: { path: string; bytes: number }[] = [];
  const bigCsv = "OMNI2_full/omni2_hourly_1963_2024.csv";
  let t = Date.UTC(1963, 10, 27);
  let size = 0;
  const csvBytes = await writeLines(join(dir, bigCsv), `${OMNI2_COLUMNS.join(",")}\n`, () => {
    if (size >= opts.largeBytes) return undefined;
    const line = `${omniRow(t, rand)}\n`;
    t += 3_600_000;
    size += line.length;
    return line;
  });
  large.push({ path: bigCsv, bytes: csvBytes });

  const bigJson = "forecasts/ensemble_by_time.json";
  t = Date.UTC(2015, 0, 1);
  size = 0;
  let closed = false;
  const jsonBytes = await writeLines(join(dir, bigJson), "{", () => {
    if (closed) return undefined;
    if (size >= opts.largeBytes) {
      closed = true;
      return "\n}\n";
    }
    const members = Array.from({ length: 8 }, (_, i) => `"m${i}":${(rand() * 3e-12).toExponential(4)}`).join(
      ",",
    );
    const line = `${size ? "," : ""}\n"${new Date(t).toISOString()}":{"kp":${(rand() * 9).toFixed(1)},"f107":${(60 + rand() * 200).toFixed(1)},${members}}`;
    t += 600_000;
    size += line.length;
    return line;
  });
  large.push({ path: bigJson, bytes: jsonBytes });

  const bigJsonl = "Sat_Positions/positions_all.jsonl";
  t = Date.UTC(2016, 0, 1);
  size = 0;
  const jsonlBytes = await writeLines(join(dir, bigJsonl), "", () => {
    if (size >= opts.largeBytes) return undefined;
    const line = `${JSON.stringify({ time: new Date(t).toISOString(), sat: rand() < 0.5 ? "swarma" : "champ", x_km: +(rand() * 14000 - 7000).toFixed(3), y_km: +(rand() * 14000 - 7000).toFixed(3), z_km: +(rand() * 14000 - 7000).toFixed(3), alt_km: +(400 + rand() * 100).toFixed(2) })}\n`;
    t += 60_000;
    size += line.length;
    return line;
  });
  large.push({ path: bigJsonl, bytes: jsonlBytes });
  files += 3;
  csvFiles += 1;
  bytes += csvBytes + jsonBytes + jsonlBytes;

  const emptyFolders = [`${base}/Sat_Density_test`, "forecasts/archive", "TLE/old"];
  for (const folder of emptyFolders) await mkdir(join(dir, folder), { recursive: true });

  const marker: SpaceLakeMarker = {
    version: GENERATOR_VERSION,
    options: opts,
    files,
    csvFiles,
    bytes,
    emptyFolders,
    gaps,
    largeFiles: large,
    generateMs: Math.round(performance.now() - started),
  };
  await writeFile(join(dir, ".gitignore"), `${SPACE_MARKER}\n.gitignore\n`);
  await writeFile(markerPath, `${JSON.stringify(marker, null, 1)}\n`);
  return marker;
}
