import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import {
  chmodSync,
  existsSync,
  readFileSync,
  readdirSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { Runtime } from "../../src/core/runtime.ts";
import type { SourceEntry } from "../../src/core/sourceMap/sourceEntry.ts";
import { findFileFamilies } from "../../src/core/discover/fileFamilies.ts";
import { mapInChild } from "../../src/extension/sources/sourceMapper.ts";
import { familyNode, formatBytes, sourceNodes } from "../../src/extension/sources/sourcesModel.ts";
import { ensureStateDir, stateDirFor, stateLocationOf } from "../../src/extension/host/stateLocation.ts";
import { repoRoot, tempLake } from "../helpers/tempLake.ts";
import { asNobody, isRoot } from "../helpers/unprivileged.ts";

/**
 * Issue 15, editor-free parts: where the editor keeps its state, the Source Map built in a child
 * process (files streamed as they are mapped, a stop that keeps what was mapped, a changed file
 * mapped again alone, the workspace left byte-identical), families and unreadable files as the
 * Sources view shows them, and Bash following the workspace trust call by call.
 */

const worker = join(repoRoot, "dist/mapWorker.cjs");
const needsWorker = existsSync(worker) ? false : "dist/mapWorker.cjs is not built (npm run build)";

/** Every file under a folder with its SHA-256: a listing to compare before and after. */
function listing(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      const st = statSync(full);
      if (st.isDirectory()) walk(full);
      else
        out[relative(dir, full)] =
          `${st.size}:${createHash("sha256").update(readFileSync(full)).digest("hex")}:${st.mtimeMs}`;
    }
  };
  walk(dir);
  return out;
}

function yearly(from: number, to: number, skip: number[] = []): Record<string, string> {
  const files: Record<string, string> = {};
  for (let y = from; y <= to; y++) {
    if (skip.includes(y)) continue;
    files[`beach/beach-testing-${y}.csv`] =
      `date,beach,enterococcus\n${y}-06-01,North,${y % 97}\n${y}-07-01,South,${y % 89}\n`;
  }
  return files;
}

describe("state location", () => {
  test("storage by default, per workspace folder; the workspace only when asked", () => {
    const roots = { workspaceStorage: "/ws-storage", globalStorage: "/global" };
    assert.equal(stateLocationOf(undefined), "storage");
    assert.equal(stateLocationOf("workspace"), "workspace");
    assert.equal(stateLocationOf("elsewhere"), "storage");
    const a = stateDirFor("/data/sales", "storage", roots);
    const b = stateDirFor("/other/sales", "storage", roots);
    assert.match(a, /^\/ws-storage\/lakes\/sales-[0-9a-f]{12}$/);
    assert.notEqual(a, b, "two folders of a multi-root workspace keep apart");
    assert.match(
      stateDirFor("/data/sales", "storage", { globalStorage: "/global" }),
      /^\/global\/lakes\/sales-/,
    );
    assert.equal(stateDirFor("/data/sales", "workspace", roots), "/data/sales/.radar");
  });

  test("a workspace folder that cannot be written falls back to the storage, and says so", () => {
    const { lake, stateDir } = tempLake({ "a.csv": "x\n1\n" });
    chmodSync(lake, 0o555);
    try {
      // Root writes anywhere: as root the check runs as `nobody`, for whom the folder is read-only.
      chmodSync(stateDir, 0o777);
      const ensure = (): ReturnType<typeof ensureStateDir> =>
        ensureStateDir(lake, "workspace", { globalStorage: stateDir });
      const resolved = isRoot ? asNobody(ensure) : ensure();
      assert.ok(resolved.dir.startsWith(stateDir));
      assert.match(resolved.note ?? "", /cannot be written/);
    } finally {
      chmodSync(lake, 0o755);
    }
  });
});

describe("the Source Map in a child process", { skip: needsWorker }, () => {
  test("streams each file's entry as it is mapped, and leaves the workspace byte-identical", async () => {
    const { lake, stateDir } = tempLake({
      ...yearly(2019, 2023),
      "notes.txt": "field notes\n",
      // A zip signature and then nothing a workbook has: sniffed as xlsx, unreadable as one.
      "broken.xlsx": Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), Buffer.alloc(200, 7)]),
    });
    const before = listing(lake);
    const seen: { path: string; done: number; bytes: number; cached: boolean | undefined }[] = [];
    const outcome = await mapInChild({
      lake,
      stateDir,
      workerPath: worker,
      niceness: 0,
      onProgress: (p) =>
        seen.push({ path: p.entry.path, done: p.filesDone, bytes: p.bytesDone, cached: p.cached }),
    });
    assert.equal(outcome.status, "done");
    assert.equal(outcome.map.files.length, 7);
    assert.deepEqual(
      seen.map((s) => s.done),
      [1, 2, 3, 4, 5, 6, 7],
    );
    assert.ok(seen.every((s, i) => i === 0 || s.bytes >= seen[i - 1]!.bytes));
    assert.ok(seen.every((s) => s.cached === false));
    assert.deepEqual(outcome.stats, { files: 7, profiled: 7, fromCache: 0 });
    const broken = outcome.map.files.find((f) => f.path === "broken.xlsx")!;
    assert.ok(broken.error, "an unreadable file stays in the map with its error");
    assert.deepEqual(listing(lake), before, "nothing written into the workspace");
    assert.ok(existsSync(join(stateDir, "sourcemap.json")), "the cache is in the state folder");
  });

  test("a file changed on disk is mapped again alone; the others come from the cache", async () => {
    const { lake, stateDir } = tempLake(yearly(2015, 2022));
    await mapInChild({ lake, stateDir, workerPath: worker, niceness: 0 });
    const changed = join(lake, "beach/beach-testing-2020.csv");
    writeFileSync(
      changed,
      "date,beach,enterococcus\n2020-06-01,North,5\n2020-07-01,South,6\n2020-08-01,East,7\n",
    );
    utimesSync(changed, new Date(), new Date(Date.now() + 5000));
    const profiled: string[] = [];
    const again = await mapInChild({
      lake,
      stateDir,
      workerPath: worker,
      niceness: 0,
      onProgress: (p) => {
        if (!p.cached) profiled.push(p.entry.path);
      },
    });
    assert.deepEqual(profiled, ["beach/beach-testing-2020.csv"]);
    assert.deepEqual(again.stats, { files: 8, profiled: 1, fromCache: 7 });
    const entry = again.map.files.find((f) => f.path === "beach/beach-testing-2020.csv")!;
    assert.equal(entry.tables?.[0]?.rowCount, 3);
  });

  test("a stop ends the mapping between files and keeps what was mapped in the cache", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++) files[`part-${String(i).padStart(2, "0")}.csv`] = `id,v\n${i},${i * 2}\n`;
    const { lake, stateDir } = tempLake(files);
    const abort = new AbortController();
    let arrived = 0;
    const stopped = await mapInChild({
      lake,
      stateDir,
      workerPath: worker,
      niceness: 0,
      signal: abort.signal,
      onProgress: () => {
        if (++arrived === 5) abort.abort();
      },
    });
    assert.equal(stopped.status, "cancelled");
    assert.ok(
      stopped.map.files.length >= 5 && stopped.map.files.length < 30,
      `${stopped.map.files.length} files`,
    );
    const resumed = await mapInChild({ lake, stateDir, workerPath: worker, niceness: 0 });
    assert.equal(resumed.status, "done");
    assert.ok(
      resumed.stats!.fromCache >= 5,
      `the files mapped before the stop come from the cache: ${JSON.stringify(resumed.stats)}`,
    );
    assert.equal(resumed.stats!.files, 30);
  });
});

describe("families and unreadable files in the Sources view", () => {
  const entry = (path: string, columns: string[], extra: Partial<SourceEntry> = {}): SourceEntry => ({
    path,
    bytes: 1000,
    mtimeMs: 0,
    format: "csv",
    tables: [
      {
        headerLine: 1,
        titleLines: [],
        rowCount: 10,
        columns: columns.map((name) => ({ name, type: "VARCHAR", nullFraction: 0, samples: [] })),
        read: { kind: "parquet" },
      },
    ],
    ...extra,
  });

  test("files named alike with the same columns are one family, with its range and gaps", () => {
    const cols = ["date", "beach", "enterococcus"];
    const files = [
      ...[2004, 2005, 2006, 2008, 2009].map((y) => entry(`beach/water-testing-${y}.csv`, cols)),
      entry("beach/water-testing-2010.csv", ["date", "beach", "enterococcus", "tag"]),
      entry("beach/summary.csv", ["beach", "total"]),
      entry("reports/q1.csv", ["a"]),
      entry("reports/q2.csv", ["b"]),
      entry("reports/q3.csv", ["c"]),
    ];
    const families = findFileFamilies(files);
    assert.equal(families.length, 1, JSON.stringify(families.map((f) => f.glob)));
    const nodes = sourceNodes({ root: "", builtAt: "", files });
    const node = familyNode(families[0]!, new Map(nodes.map((n) => [n.path, n])));
    assert.equal(node.label, "beach/water-testing-{year}.csv");
    assert.equal(node.pattern, "beach/water-testing-[0-9][0-9][0-9][0-9].csv");
    assert.equal(node.members.length, 6);
    assert.equal(node.memberLabel("beach/water-testing-2004.csv"), "water-testing-2004.csv");
    assert.equal(node.description, "family · 6 files · 2004–2010 · 2007 missing · 1 differ");
    assert.match(node.tooltip, /no file for 2007/);
    assert.match(node.tooltip, /water-testing-2010\.csv: adds tag/);
  });

  test("an unreadable file is listed as such, its reason kept in full", () => {
    const [node] = sourceNodes({
      root: "",
      builtAt: "",
      files: [
        {
          path: "raw/export.xlsx",
          bytes: 2048,
          mtimeMs: 0,
          format: "xlsx",
          error: "could not read as xlsx: the file is encrypted; save it without a password",
        },
      ],
    });
    assert.equal(node!.unreadable, true);
    assert.equal(node!.description, "unreadable · could not read as xlsx");
    assert.match(
      node!.tooltip,
      /unreadable: could not read as xlsx: the file is encrypted; save it without a password/,
    );
    assert.match(node!.tooltip, /xlsx, 2\.0 KB/);
    assert.equal(formatBytes(314_572_800), "300 MB");
  });
});

describe("Bash follows the workspace trust at every call", () => {
  test("off, then on once trust is granted, then off again — without reopening the runtime", async () => {
    const { lake, stateDir } = tempLake({ "a.csv": "x\n1\n2\n" });
    let trusted = false;
    const runtime = await Runtime.open(lake, { radarDir: stateDir, allowBash: () => trusted });
    try {
      const denied = await runtime.call({ op: "Bash", command: "head -n 2 a.csv" });
      assert.equal(denied.status, "rejected");
      assert.equal(denied.diagnostics[0]?.code, "bash-denied");
      trusted = true;
      const allowed = await runtime.call({ op: "Bash", command: "head -n 2 a.csv" });
      assert.equal(allowed.status, "ok", allowed.error);
      trusted = false;
      const again = await runtime.call({ op: "Bash", command: "head -n 2 a.csv" });
      assert.equal(again.status, "rejected");
    } finally {
      runtime.close();
    }
  });
});
