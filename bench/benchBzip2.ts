// `npm run bench:bz2 [-- --mb 50] [--runs 3] [--level 9]`
// Decode speed of RADAR's bzip2 decoder (src/core/sourceMap/decoders/bzip2Decoder.ts) against libbzip2
// through python3's bz2 module, on a generated CSV of about --mb MB compressed at --level. Both
// stream the file from disk and discard the output; figures are MB/s of decompressed output
// (1 MB = 10^6 bytes), one line per run, then the range. Also prints the decoder's peak RSS.
import { execFileSync } from "node:child_process";
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { once } from "node:events";
import { bunzip2 } from "../src/core/sourceMap/decoders/bzip2Decoder.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const megabytes = option("mb", 50);
const runs = option("runs", 3);
const level = option("level", 9);

/** A CSV like a sales export: ids, dates, names, amounts (compresses about 5–7× with bzip2). */
async function writeCsv(path: string, bytes: number): Promise<number> {
  const out = createWriteStream(path);
  const regions = ["North", "South", "East", "West", "Central"];
  const header = "id,day,region,customer,amount,units\n";
  let written = header.length;
  let x = 12345;
  out.write(header);
  for (let id = 1; written < bytes; id++) {
    const lines: string[] = [];
    for (let k = 0; k < 1000; k++, id++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      const day = `2024-${String((x % 12) + 1).padStart(2, "0")}-${String(((x >>> 8) % 28) + 1).padStart(2, "0")}`;
      lines.push(
        `${id},${day},${regions[(x >>> 4) % 5]},customer-${(x >>> 10) % 20000},${((x >>> 3) % 100000) / 100},${(x >>> 12) % 50}`,
      );
    }
    const chunk = `${lines.join("\n")}\n`;
    written += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  return written;
}

async function ours(path: string): Promise<{ bytes: number; seconds: number }> {
  const started = performance.now();
  let bytes = 0;
  for await (const piece of bunzip2(createReadStream(path, { highWaterMark: 1 << 20 })))
    bytes += piece.length;
  return { bytes, seconds: (performance.now() - started) / 1000 };
}

function python(path: string): { bytes: number; seconds: number } {
  const script =
    "import bz2,sys,time\nt=time.perf_counter()\nn=0\nwith bz2.open(sys.argv[1],'rb') as f:\n  while True:\n    b=f.read(1<<20)\n    if not b: break\n    n+=len(b)\nprint(n, time.perf_counter()-t)";
  const [bytes, seconds] = execFileSync("python3", ["-c", script, path])
    .toString()
    .trim()
    .split(" ")
    .map(Number);
  return { bytes: bytes!, seconds: seconds! };
}

const dir = mkdtempSync(join(tmpdir(), "radar-bench-bz2-"));
try {
  const csv = join(dir, "sales.csv");
  const size = await writeCsv(csv, megabytes * 1e6);
  execFileSync("python3", [
    "-c",
    `import bz2,shutil,sys\nwith open(sys.argv[1],'rb') as i, bz2.open(sys.argv[2],'wb',compresslevel=${level}) as o: shutil.copyfileobj(i,o,1<<20)`,
    csv,
    `${csv}.bz2`,
  ]);
  rmSync(csv);
  const packed = statSync(`${csv}.bz2`).size;
  console.log(
    `input: ${(size / 1e6).toFixed(1)} MB CSV, ${(packed / 1e6).toFixed(1)} MB as bzip2 level ${level} (${(size / packed).toFixed(1)}×); ${runs} runs each`,
  );
  console.log(
    "note: on a shared machine (other processes compete for the cores) figures vary; compare the ranges.",
  );
  const rates = { ours: [] as number[], python: [] as number[] };
  for (let run = 1; run <= runs; run++) {
    const a = await ours(`${csv}.bz2`);
    const b = python(`${csv}.bz2`);
    if (a.bytes !== size || b.bytes !== size)
      throw new Error(`decoded ${a.bytes} / ${b.bytes} bytes of ${size}`);
    rates.ours.push(a.bytes / 1e6 / a.seconds);
    rates.python.push(b.bytes / 1e6 / b.seconds);
    console.log(
      `run ${run}: RADAR ${rates.ours.at(-1)!.toFixed(1)} MB/s (${a.seconds.toFixed(2)} s) · python3 bz2 (libbzip2) ${rates.python.at(-1)!.toFixed(1)} MB/s (${b.seconds.toFixed(2)} s)`,
    );
  }
  const range = (xs: number[]): string => `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)} MB/s`;
  console.log(
    `RADAR decoder: ${range(rates.ours)} · python3 bz2: ${range(rates.python)} (output bytes per second)`,
  );
  console.log(`peak RSS of this process: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
