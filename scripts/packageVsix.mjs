// Builds the platform-specific VSIX: `vsce package --target <platform>` with DuckDB's native
// package inside (see .vscodeignore), and reports its size. Run after `npm run build`.
// usage: node scripts/packageVsix.mjs [--target linux-x64] [--out radar-data-linux-x64.vsix]
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    target: { type: "string", default: `${process.platform}-${process.arch}` },
    out: { type: "string" },
  },
});
const out = values.out ?? `radar-data-${values.target}.vsix`;
const started = Date.now();
const result = spawnSync(
  "npx",
  [
    "--no-install",
    "vsce",
    "package",
    "--target",
    values.target,
    "--out",
    out,
    "--allow-missing-repository",
    "--skip-license",
    "--no-rewrite-relative-links",
  ],
  { stdio: ["ignore", "inherit", "inherit"] },
);
if (result.status !== 0) process.exit(result.status ?? 1);
const bytes = statSync(out).size;
console.log(
  `VSIX ${out}: ${(bytes / 1024 / 1024).toFixed(1)} MiB (${bytes} bytes), packaged in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
