// Entry point of the realistic lake generators: `generateLake(kind, dir, { scale, seed })` writes the
// lake's data files into `dir` (and nothing else: no answers inside the lake) and returns the manifest
// with the questions and gold answers. `writeLakeBundle` lays out a lake the way the KramaBench copy in
// ../shared is laid out: `<out>/lake/`, `<out>/questions.json`, `<out>/README.md`, `<out>/manifest.json`.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LakeKind, LakeManifest, LakeOptions } from "./lakeTypes.ts";
import { generateWaterLake } from "./waterLake.ts";
import { generateWildfireLake } from "./wildfireLake.ts";

export async function generateLake(kind: LakeKind, dir: string, options: LakeOptions): Promise<LakeManifest> {
  switch (kind) {
    case "water":
      return generateWaterLake(dir, options);
    case "wildfire":
      return generateWildfireLake(dir, options);
  }
}

export interface LakeBundle {
  lakeDir: string;
  manifest: LakeManifest;
  ms: number;
}

/** Generates into `<out>/lake` (emptied first) and writes the questions, README and manifest beside it. */
export async function writeLakeBundle(
  kind: LakeKind,
  out: string,
  options: LakeOptions,
): Promise<LakeBundle> {
  const lakeDir = join(out, "lake");
  rmSync(lakeDir, { recursive: true, force: true });
  mkdirSync(lakeDir, { recursive: true });
  const started = performance.now();
  const manifest = await generateLake(kind, lakeDir, options);
  const ms = performance.now() - started;
  writeFileSync(join(out, "questions.json"), `${JSON.stringify(manifest.questions, null, 2)}\n`);
  writeFileSync(
    join(out, "README.md"),
    `# ${kind} lake (generated, ${options.scale} scale, seed ${options.seed})\n\n${manifest.readme}\n`,
  );
  const { questions: _q, readme: _r, ...rest } = manifest;
  writeFileSync(join(out, "manifest.json"), `${JSON.stringify(rest, null, 2)}\n`);
  return { lakeDir, manifest, ms };
}

/** Every file under `dir`, as POSIX paths relative to it, sorted. */
export function listFiles(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(dir, rel));
    else out.push(rel);
  }
  return out.sort();
}
