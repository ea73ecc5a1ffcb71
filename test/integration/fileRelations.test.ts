import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DiscoverHit } from "../../src/core/discover/discoverIndex.ts";
import { DuckEngine } from "../../src/core/engine/duckEngine.ts";
import type { DiscoverObservation } from "../../src/core/operators/discover/discoverObservation.ts";
import type { UnionScanObservation } from "../../src/core/operators/unionScan/unionScanObservation.ts";
import { Runtime } from "../../src/core/runtime.ts";
import { buildSourceMap } from "../../src/core/sourceMap/crawl/buildSourceMap.ts";
import { MAX_IDENTICAL, copiesOf, headTermsOf } from "../../src/core/sourceMap/crawl/fileRelations.ts";
import type { SourceEntry, SourceMap } from "../../src/core/sourceMap/sourceEntry.ts";
import { repoRoot, tempLake } from "../helpers/tempLake.ts";

/** A beach-sample export of `rows` rows; every length starts with the same rows. */
function samples(rows: number, from = 0): string {
  const lines = ["Sample ID,Beach Name,Sample Date,Enterococcus"];
  for (let i = from; i < from + rows; i++)
    lines.push(
      `S-${1000 + i},${["Kings Beach", "Revere Beach", "Carson Beach"][i % 3]},2024-06-${String(1 + (i % 28)).padStart(2, "0")},${(i * 37) % 400}`,
    );
  return `${lines.join("\n")}\n`;
}

const full = samples(50);
const files: Record<string, string> = {
  "reports/beach-samples-2024.csv": full,
  // The first 37 rows (header + 37 lines), as a download stopped early.
  "downloads/beach-samples-2024.csv": samples(37),
  // Stopped in the middle of a line.
  "downloads/beach-samples-2024-cut.csv": full.slice(0, full.indexOf("\n", 900) - 7),
  "exports/june.csv": samples(20, 100),
  "exports/june (1).csv": samples(20, 100),
  // The same header and other rows: no relation.
  "exports/july.csv": samples(20, 200),
  // A header alone is the start of every file with that header; it is no truncated copy.
  "empty-export.csv": "Sample ID,Beach Name,Sample Date,Enterococcus\n",
};

async function mapOf(lake: string, cacheDir: string): Promise<SourceMap> {
  const engine = await DuckEngine.open(lake, { extraReadDirs: [cacheDir] });
  try {
    return (await buildSourceMap(engine, { cacheDir })).map;
  } finally {
    engine.close();
  }
}

function entry(map: SourceMap, path: string): SourceEntry {
  const found = map.files.find((f) => f.path === path);
  assert.ok(found, path);
  return found;
}

describe("file relations in the Source Map", () => {
  const { lake, stateDir } = tempLake(files);
  after(() => {
    rmSync(lake, { recursive: true, force: true });
    rmSync(stateDir, { recursive: true, force: true });
  });

  test("byte-identical files and truncated copies are recorded on both files", async () => {
    const map = await mapOf(lake, stateDir);
    const copy = entry(map, "downloads/beach-samples-2024.csv");
    assert.deepEqual(
      copy.relations?.filter((r) => r.kind === "prefix-of"),
      [
        {
          kind: "prefix-of",
          path: "reports/beach-samples-2024.csv",
          bytes: Buffer.byteLength(full),
          checked: "all-bytes",
          lines: 38,
          cutMidLine: false,
        },
      ],
    );
    // The copy cut mid-line is the start of both longer files.
    assert.deepEqual(
      copy.relations?.filter((r) => r.kind === "has-prefix").map((r) => r.path),
      ["downloads/beach-samples-2024-cut.csv"],
    );
    const complete = entry(map, "reports/beach-samples-2024.csv");
    assert.deepEqual(complete.relations?.map((r) => [r.kind, r.path]).sort(), [
      ["has-prefix", "downloads/beach-samples-2024-cut.csv"],
      ["has-prefix", "downloads/beach-samples-2024.csv"],
    ]);
    const cut = entry(map, "downloads/beach-samples-2024-cut.csv").relations ?? [];
    assert.deepEqual(cut.map((r) => [r.kind, r.path, r.cutMidLine]).sort(), [
      ["prefix-of", "downloads/beach-samples-2024.csv", true],
      ["prefix-of", "reports/beach-samples-2024.csv", true],
    ]);
    assert.deepEqual(
      entry(map, "exports/june (1).csv").relations?.map((r) => [r.kind, r.path, r.checked]),
      [["identical", "exports/june.csv", "all-bytes"]],
    );
    assert.equal(entry(map, "exports/july.csv").relations, undefined);
    assert.equal(entry(map, "empty-export.csv").relations, undefined);
    // The copy gives way to the complete file; of identical files, the one without "(1)" stays.
    const copies = copiesOf(map.files);
    assert.equal(copies.get("downloads/beach-samples-2024.csv")?.path, "reports/beach-samples-2024.csv");
    assert.equal(copies.get("exports/june (1).csv")?.path, "exports/june.csv");
    assert.equal(copies.has("exports/june.csv"), false);
    assert.equal(copies.has("reports/beach-samples-2024.csv"), false);
  });

  test("relations are found again from the cache, and follow a file that changed", async () => {
    const again = await mapOf(lake, stateDir);
    const prefixOf = (map: SourceMap, path: string): string[] =>
      (entry(map, path).relations ?? []).filter((r) => r.kind === "prefix-of").map((r) => r.path);
    assert.deepEqual(prefixOf(again, "downloads/beach-samples-2024.csv"), ["reports/beach-samples-2024.csv"]);
    assert.equal(entry(again, "exports/june.csv").relations?.[0]?.kind, "identical");
    // The complete file gains a row: the copy is still its start. The June copy is edited: no longer identical.
    appendFileSync(join(lake, "reports/beach-samples-2024.csv"), "S-2000,Kings Beach,2024-07-01,12\n");
    appendFileSync(join(lake, "exports/june (1).csv"), "S-2001,Kings Beach,2024-07-02,13\n");
    const later = new Date(Date.now() + 5000);
    utimesSync(join(lake, "exports/june (1).csv"), later, later);
    const changed = await mapOf(lake, stateDir);
    assert.deepEqual(prefixOf(changed, "downloads/beach-samples-2024.csv"), [
      "reports/beach-samples-2024.csv",
    ]);
    // june.csv is now the start of the edited copy: a truncated copy of it, the other way round.
    assert.deepEqual(
      entry(changed, "exports/june.csv").relations?.map((r) => [r.kind, r.path]),
      [["prefix-of", "exports/june (1).csv"]],
    );
  });

  test("the words of a text file's head are kept once each, years included", () => {
    const terms = headTermsOf(
      Buffer.from("Year,Category\n2007,Auto Related\n2008,auto related\n"),
      "csv",
      true,
    );
    assert.deepEqual(terms, ["Year", "Category", "2007", "Auto", "Related", "2008"]);
    assert.deepEqual(headTermsOf(Buffer.from("PK\u0003\u0004"), "xlsx", true), []);
  });
});

describe("Discover, Scan and UnionScan over copies and families", () => {
  const yearly: Record<string, string> = {};
  for (let year = 2002; year <= 2023; year++)
    yearly[`water-body-testing-${year}.csv`] = samples(12, year * 10).replace(/2024-06-/g, `${year}-07-`);
  yearly["water-body-testing-2019 (1).csv"] = yearly["water-body-testing-2019.csv"] ?? "";
  const sites = ["kings", "revere", "carson", "crane", "singing", "nantasket", "wollaston", "constitution"];
  for (const [i, site] of sites.entries())
    yearly[`beach-datasheet-${site}.csv`] =
      `Date,1-Day Rain,Tag,Enterococcus\n2024-06-0${i + 1},0.${i},>,${40 + i}\n`;
  const { lake, stateDir } = tempLake({ ...files, ...yearly });
  let runtime: Runtime;
  before(async () => {
    runtime = await Runtime.open(lake, { radarDir: stateDir });
  });
  after(() => {
    runtime?.close();
    rmSync(lake, { recursive: true, force: true });
    rmSync(stateDir, { recursive: true, force: true });
  });

  async function discover(query: string, limit?: number): Promise<DiscoverHit[]> {
    const r = await runtime.call({ op: "Discover", query, ...(limit === undefined ? {} : { limit }) });
    assert.equal(r.status, "ok", r.error);
    return (r.observation as DiscoverObservation).hits;
  }

  test("Discover lists the complete file, not the truncated copy, and says why", async () => {
    const hits = await discover("beach samples 2024 enterococcus", 30);
    const paths = hits.map((h) => h.path);
    assert.ok(paths.includes("reports/beach-samples-2024.csv"), paths.join("\n"));
    assert.ok(!paths.includes("downloads/beach-samples-2024.csv"), paths.join("\n"));
    const hit = hits.find((h) => h.path === "reports/beach-samples-2024.csv");
    assert.ok(
      hit?.copies?.some(
        (c) =>
          c.path === "downloads/beach-samples-2024.csv" &&
          /its 37 rows are the first 37 of the 50 rows of reports\/beach-samples-2024\.csv/.test(c.note),
      ),
      JSON.stringify(hit?.copies),
    );
  });

  test("a Scan of the truncated copy warns, pointing at where it stops", async () => {
    const r = await runtime.call({ op: "Scan", file: "downloads/beach-samples-2024.csv", output: "partial" });
    assert.equal(r.status, "ok", r.error);
    const d = r.diagnostics.find((x) => x.code === "duplicate-file");
    assert.ok(d, JSON.stringify(r.diagnostics));
    assert.equal(d.severity, "warning");
    assert.match(
      d.message,
      /its 37 rows are the first 37 of the 50 rows of reports\/beach-samples-2024\.csv \(13 more there\)/,
    );
    assert.deepEqual(d.locations, [
      { file: "downloads/beach-samples-2024.csv", line: 38 },
      { file: "reports/beach-samples-2024.csv", line: 39 },
    ]);
    const complete = await runtime.call({
      op: "Scan",
      file: "reports/beach-samples-2024.csv",
      output: "complete",
    });
    assert.deepEqual(
      complete.diagnostics.filter((x) => x.code === "duplicate-file"),
      [],
    );
    const same = await runtime.call({ op: "Scan", file: "exports/june (1).csv", output: "june_copy" });
    assert.deepEqual(
      same.diagnostics.filter((x) => x.code === "duplicate-file").map((x) => x.severity),
      ["info"],
    );
  });

  test("a family hit's glob and its selected glob go to UnionScan as they are", async () => {
    const hits = await discover("For 2019–2023, what share of beach samples had Enterococcus above 104?");
    const family = hits.find((h) => h.kind === "family");
    assert.ok(family, hits.map((h) => h.path).join("\n"));
    assert.equal(family.path, "water-body-testing-[0-9][0-9][0-9][0-9].csv");
    assert.equal(family.files, 22);
    const all = await runtime.call({
      op: "UnionScan",
      files: [family.path],
      source_column: "year_file",
      output: "all_years",
    });
    assert.equal(all.status, "ok", all.error);
    assert.equal((all.observation as UnionScanObservation).sources.length, 22);
    // The download copy of 2019 is not in the family: no rows counted twice.
    assert.deepEqual(
      all.diagnostics.filter((d) => d.code === "duplicate-file"),
      [],
    );
    const glob = family.family?.selected?.glob;
    assert.equal(glob, "water-body-testing-{2019,2020,2021,2022,2023}.csv");
    const some = await runtime.call({
      op: "UnionScan",
      files: [glob],
      source_column: "year_file",
      output: "recent",
    });
    assert.equal(some.status, "ok", some.error);
    assert.deepEqual(
      (some.observation as UnionScanObservation).sources.map((s) => s.label),
      [
        "water-body-testing-2019",
        "water-body-testing-2020",
        "water-body-testing-2021",
        "water-body-testing-2022",
        "water-body-testing-2023",
      ],
    );
  });

  test("a UnionScan of a file and its identical copy warns that rows are counted twice", async () => {
    const r = await runtime.call({
      op: "UnionScan",
      files: ["exports/june*.csv"],
      source_column: "f",
      output: "both",
    });
    assert.equal(r.status, "ok", r.error);
    const d = r.diagnostics.find((x) => x.code === "duplicate-file");
    assert.equal(d?.severity, "warning", JSON.stringify(r.diagnostics));
    assert.match(d?.message ?? "", /have the same bytes .* this union holds each of their 20 rows twice/);
  });

  test("Discover's limit: more than 10 entries when asked, a family counting as one", async () => {
    const ten = await discover("beach datasheet samples water testing");
    assert.equal(ten.length, 10);
    const more = await discover("beach datasheet samples water testing", 25);
    assert.ok(more.length > 10, `${more.length}`);
    assert.equal(more.filter((h) => h.path.startsWith("water-body-testing-2")).length, 0);
    const rejected = await runtime.call({ op: "Discover", query: "beach", limit: 0 });
    assert.equal(rejected.status, "rejected");
  });
});

const cli = join(repoRoot, "dist/cli.cjs");
describe(
  "radar discover --limit",
  { skip: existsSync(cli) ? false : "dist/cli.cjs is not built (npm run build)" },
  () => {
    test("returns as many entries as asked, and rejects a limit that is not a whole number", () => {
      const lakeFiles: Record<string, string> = {};
      const topics =
        "alpha bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november";
      // Folders named by different words: fourteen files, no family.
      for (const [i, topic] of topics.split(" ").entries())
        lakeFiles[`${topic}/report.csv`] = `Report,Value\n${topic},${i}\n`;
      const { lake, stateDir } = tempLake(lakeFiles);
      const home = mkdtempSync(join(tmpdir(), "radar-cli-"));
      try {
        const run = (...args: string[]) =>
          spawnSync(process.execPath, [cli, "discover", "report value", "--lake", lake, "--json", ...args], {
            encoding: "utf8",
            env: { ...process.env, RADAR_STATE_DIR: stateDir, HOME: home },
          });
        const byDefault = run();
        assert.equal(byDefault.status, 0, byDefault.stderr);
        assert.equal((JSON.parse(byDefault.stdout) as { paths: unknown[] }).paths.length, 10);
        const more = run("--limit", "12");
        assert.equal(more.status, 0, more.stderr);
        assert.equal((JSON.parse(more.stdout) as { paths: unknown[] }).paths.length, 12);
        const bad = run("--limit", "ten");
        assert.equal(bad.status, 2);
        assert.match(bad.stderr, /--limit takes a whole number/);
      } finally {
        for (const dir of [lake, stateDir, home]) rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);

describe("a large class of identical files", () => {
  // 60 copies of one export: listing every pair would be 60·59 relations (N² for N copies).
  const copies: Record<string, string> = {};
  for (let i = 0; i < 60; i++) copies[`batch/copy-${String(i).padStart(2, "0")}.csv`] = samples(5, 300);
  copies["batch/other.csv"] = samples(5, 400);
  const { lake, stateDir } = tempLake(copies);
  after(() => {
    rmSync(lake, { recursive: true, force: true });
    rmSync(stateDir, { recursive: true, force: true });
  });

  test("lists at most MAX_IDENTICAL copies per file, the original among them, from the cache too", async () => {
    for (const map of [await mapOf(lake, stateDir), await mapOf(lake, stateDir)]) {
      const copyFiles = map.files.filter((f) => f.path.startsWith("batch/copy-"));
      assert.equal(copyFiles.length, 60);
      for (const f of copyFiles) {
        const identical = (f.relations ?? []).filter((r) => r.kind === "identical").map((r) => r.path);
        // The first MAX_IDENTICAL members list the whole class; the others list those.
        const expected = f.path < `batch/copy-${MAX_IDENTICAL}` ? 59 : MAX_IDENTICAL;
        assert.equal(identical.length, expected, f.path);
        if (f.path !== "batch/copy-00.csv") assert.ok(identical.includes("batch/copy-00.csv"), f.path);
      }
      assert.equal(entry(map, "batch/other.csv").relations, undefined);
      const copiesMap = copiesOf(map.files);
      for (const f of copyFiles.slice(1)) assert.equal(copiesMap.get(f.path)?.path, "batch/copy-00.csv");
    }
  });

  test("a UnionScan of two copies that do not list each other still warns of rows counted twice", async () => {
    const runtime = await Runtime.open(lake, { radarDir: stateDir });
    try {
      const r = await runtime.call({
        op: "UnionScan",
        files: ["batch/copy-58.csv", "batch/copy-59.csv"],
        source_column: "f",
        output: "both",
      });
      assert.equal(r.status, "ok", JSON.stringify([r.error, r.diagnostics]));
      const d = r.diagnostics.filter((x) => x.code === "duplicate-file");
      assert.equal(d.length, 1, JSON.stringify(r.diagnostics));
      assert.match(d[0]!.message, /copy-58\.csv and batch\/copy-59\.csv have the same bytes .* rows twice/);
      const plain = await runtime.call({
        op: "UnionScan",
        files: ["batch/copy-58.csv", "batch/other.csv"],
        source_column: "f",
        output: "plain",
      });
      assert.equal(plain.status, "ok", JSON.stringify([plain.error, plain.diagnostics]));
      assert.deepEqual(
        plain.diagnostics.filter((x) => x.code === "duplicate-file"),
        [],
      );
    } finally {
      runtime.close();
    }
  });
});
