// `npm run lakes -- <water|wildfire> --scale <tiny|bench|workspace> --out DIR [--seed N] [--verify]`
// Generates a lake bundle (DIR/lake, DIR/questions.json, DIR/README.md, DIR/manifest.json) and prints
// its size and generation time; --verify recomputes every gold answer with DuckDB over the files.
import { resolve } from "node:path";
import { writeLakeBundle } from "./generateLake.ts";
import type { LakeKind, LakeScale } from "./lakeTypes.ts";
import { LAKE_KINDS, LAKE_SCALES } from "./lakeTypes.ts";
import { verifyLake } from "./verifyLake.ts";

function usage(message: string): never {
  console.error(
    `${message}\nusage: npm run lakes -- <${LAKE_KINDS.join("|")}> --scale <${LAKE_SCALES.join("|")}> --out DIR [--seed N] [--verify]`,
  );
  process.exit(2);
}

const args = process.argv.slice(2);
const value = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const kind = args.find((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"));
if (!kind || !LAKE_KINDS.includes(kind as LakeKind))
  usage(`unknown or missing lake kind: ${kind ?? "(none)"}`);
const scale = value("--scale") ?? "tiny";
if (!LAKE_SCALES.includes(scale as LakeScale)) usage(`unknown scale: ${scale}`);
const out = value("--out");
if (!out) usage("--out DIR is required");
const seed = Number(value("--seed") ?? 1);
if (!Number.isInteger(seed)) usage(`--seed must be an integer, got ${value("--seed")}`);

const bundle = await writeLakeBundle(kind as LakeKind, resolve(out), { scale: scale as LakeScale, seed });
const { manifest } = bundle;
const csv = manifest.files.filter((f) => f.path.endsWith(".csv")).length;
console.log(
  `${kind} lake, ${scale} scale, seed ${seed}: ${manifest.files.length} files (${csv} CSV), ` +
    `${(manifest.bytes / 1e6).toFixed(2)} MB, ${manifest.questions.length} questions, generated in ${(bundle.ms / 1000).toFixed(2)} s`,
);
console.log(`lake: ${bundle.lakeDir}`);
if (args.includes("--verify")) {
  const started = performance.now();
  const mismatches = await verifyLake(bundle.lakeDir, manifest);
  const s = ((performance.now() - started) / 1000).toFixed(2);
  if (mismatches.length === 0)
    console.log(
      `verified: all ${manifest.questions.length} gold answers match DuckDB over the files (${s} s)`,
    );
  else {
    for (const m of mismatches)
      console.error(
        `MISMATCH ${m.id}: gold ${JSON.stringify(m.gold)} vs DuckDB ${JSON.stringify(m.computed)}`,
      );
    process.exit(1);
  }
}
