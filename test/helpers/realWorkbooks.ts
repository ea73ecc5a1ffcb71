import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fodsDocument } from "./fods.ts";
import { repoRoot } from "./tempLake.ts";
import { workbookCases } from "./workbookCases.ts";
import type { WorkbookCase } from "./workbookCases.ts";

/**
 * Workbooks written by real spreadsheet software. With LibreOffice installed (Debian:
 * `apt-get install libreoffice-calc-nogui`), each case is written afresh as .xlsx, .xls and .ods by
 * `soffice --convert-to`; without it, the copies committed in test/fixtures/workbooks (written the
 * same way by `npm run fixtures:workbooks`) are used, so the tests always carry their data
 * (RADAR_WORKBOOKS=committed chooses them even where LibreOffice is installed).
 */

export const WORKBOOK_FORMATS = ["xlsx", "xls", "ods"] as const;
export type WorkbookFormat = (typeof WORKBOOK_FORMATS)[number];

export const committedWorkbooks = join(repoRoot, "test", "fixtures", "workbooks");

export function soffice(): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(":")) {
    const candidate = join(dir, "soffice");
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

export function libreOfficeVersion(binary: string): string {
  const r = spawnSync(binary, ["--version"], { encoding: "utf8", timeout: 120_000 });
  return (r.stdout ?? "").trim().split("\n")[0] ?? "";
}

/** Converts .fods files to `format` with LibreOffice into `outDir` (its own profile, so runs never collide). */
export async function convertWithLibreOffice(
  binary: string,
  sources: string[],
  format: string,
  outDir: string,
  infilter?: string,
): Promise<void> {
  const profile = mkdtempSync(join(tmpdir(), "radar-lo-profile-"));
  try {
    const args = [
      `-env:UserInstallation=file://${profile}`,
      "--headless",
      "--norestore",
      ...(infilter ? [`--infilter=${infilter}`] : []),
      "--convert-to",
      format,
      "--outdir",
      outDir,
      ...sources,
    ];
    const child = spawn(binary, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 900_000);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", resolve);
    });
    clearTimeout(timer);
    if (code !== 0) throw new Error(`soffice --convert-to ${format} failed (${code}): ${stderr}`);
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

export interface RealWorkbooks {
  /** `<case>.<format>` files. */
  dir: string;
  writtenBy: string;
}

/** Writes every case in every format into `dir` (LibreOffice now, or the committed copies). */
export async function realWorkbooks(
  dir: string,
  cases: WorkbookCase[] = workbookCases,
): Promise<RealWorkbooks> {
  mkdirSync(dir, { recursive: true });
  // RADAR_WORKBOOKS=committed uses the committed copies even where LibreOffice is installed (fast).
  const binary = process.env.RADAR_WORKBOOKS === "committed" ? undefined : soffice();
  if (binary) {
    const sources = mkdtempSync(join(tmpdir(), "radar-fods-"));
    try {
      const files = cases.map((c) => {
        const path = join(sources, `${c.name}.fods`);
        writeFileSync(path, fodsDocument(c.sheets));
        return path;
      });
      // One LibreOffice per format, side by side: its start-up is most of the time.
      await Promise.all(WORKBOOK_FORMATS.map((format) => convertWithLibreOffice(binary, files, format, dir)));
      const missing = cases.flatMap((c) =>
        WORKBOOK_FORMATS.map((f) => join(dir, `${c.name}.${f}`)).filter((p) => !existsSync(p)),
      );
      if (missing.length) throw new Error(`LibreOffice did not write ${missing.join(", ")}`);
    } finally {
      rmSync(sources, { recursive: true, force: true });
    }
    return { dir, writtenBy: `${libreOfficeVersion(binary)} (written now)` };
  }
  for (const c of cases)
    for (const format of WORKBOOK_FORMATS) {
      const committed = join(committedWorkbooks, `${c.name}.${format}`);
      if (!existsSync(committed))
        throw new Error(
          `${committed} is missing and LibreOffice (soffice) is not installed: run \`npm run fixtures:workbooks\` where it is`,
        );
      copyFileSync(committed, join(dir, `${c.name}.${format}`));
    }
  return { dir, writtenBy: "LibreOffice (committed copies in test/fixtures/workbooks)" };
}
