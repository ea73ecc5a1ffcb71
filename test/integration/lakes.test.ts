import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import ExcelJS from "exceljs";
import { sameAnswer } from "../../bench/lakes/answerMath.ts";
import { generateLake, listFiles } from "../../bench/lakes/generateLake.ts";
import type { LakeKind, LakeManifest } from "../../bench/lakes/lakeTypes.ts";
import { verifyLake } from "../../bench/lakes/verifyLake.ts";

const temp = mkdtempSync(join(tmpdir(), "radar-lakes-"));
after(() => rmSync(temp, { recursive: true, force: true }));

function digests(dir: string): Map<string, string> {
  return new Map(
    listFiles(dir).map((f) => [
      f,
      createHash("sha256")
        .update(readFileSync(join(dir, f)))
        .digest("hex"),
    ]),
  );
}

async function generated(
  kind: LakeKind,
  name: string,
  seed = 7,
): Promise<{ dir: string; manifest: LakeManifest }> {
  const dir = join(temp, name);
  return { dir, manifest: await generateLake(kind, dir, { scale: "tiny", seed }) };
}

/** DuckDB's own typing of one column of each CSV file (its sniffer, default options). */
async function sniffedTypes(paths: string[], column: string): Promise<string[]> {
  const db = await DuckDBInstance.create(":memory:");
  const conn = await db.connect();
  try {
    const types: string[] = [];
    for (const path of paths) {
      const rows = (
        await conn.runAndReadAll(`DESCRIBE SELECT * FROM read_csv('${path}')`)
      ).getRowObjectsJson();
      types.push(String(rows.find((r) => r.column_name === column)?.column_type));
    }
    return types;
  } finally {
    conn.closeSync();
    db.closeSync();
  }
}

for (const kind of ["water", "wildfire"] as const) {
  describe(`${kind} lake (tiny)`, () => {
    let first: { dir: string; manifest: LakeManifest };

    test("same seed, byte-identical files and manifest; another seed, other data", async () => {
      first = await generated(kind, `${kind}-a`);
      const again = await generated(kind, `${kind}-b`);
      const other = await generated(kind, `${kind}-c`, 8);
      assert.deepEqual(digests(again.dir), digests(first.dir));
      assert.deepEqual(again.manifest, first.manifest);
      const a = digests(first.dir);
      const changed = [...digests(other.dir)].filter(([f, h]) => a.get(f) !== h);
      assert.ok(changed.length > 10, `another seed changes the data (${changed.length} files differ)`);
    });

    test("the manifest lists exactly the files written, with their sizes; tiny stays small", () => {
      const { dir, manifest } = first;
      assert.deepEqual(
        manifest.files.map((f) => f.path),
        listFiles(dir),
      );
      for (const f of manifest.files) assert.equal(f.bytes, readFileSync(join(dir, f.path)).length, f.path);
      assert.equal(
        manifest.bytes,
        manifest.files.reduce((s, f) => s + f.bytes, 0),
      );
      assert.ok(manifest.bytes < 1_000_000, `tiny lake is ${manifest.bytes} bytes`);
    });

    test("questions are well formed: unique ids, gold sources in the lake, naive answers differ", () => {
      const { manifest } = first;
      const files = new Set(manifest.files.map((f) => f.path));
      assert.ok(manifest.questions.length >= 15, `${manifest.questions.length} questions`);
      assert.equal(new Set(manifest.questions.map((q) => q.id)).size, manifest.questions.length);
      for (const q of manifest.questions) {
        assert.ok(q.data_sources.length > 0, q.id);
        for (const s of q.data_sources) assert.ok(files.has(s), `${q.id}: ${s} is not in the lake`);
        if (q.naive_answer !== undefined) assert.ok(!sameAnswer(q.naive_answer, q.answer), q.id);
        assert.ok(
          !manifest.readme.includes(String(q.answer)) || String(q.answer).length < 5,
          `README leaks ${q.id}`,
        );
      }
      const trapped = manifest.questions.filter((q) => q.naive_answer !== undefined).length;
      assert.ok(trapped >= 6, `${trapped} questions show their trap biting`);
    });

    test("every gold answer matches an independent DuckDB computation over the files", async () => {
      const mismatches = await verifyLake(first.dir, first.manifest);
      assert.deepEqual(mismatches, []);
    });
  });
}

describe("water lake layout (tiny)", () => {
  let dir = "";
  test("generate", async () => {
    dir = (await generated("water", "water-layout")).dir;
  });

  test("yearly family at the root: Violation case drift, BIGINT/DOUBLE levels, codes with leading zeros, two date styles", async () => {
    const spellings = new Set<string>();
    const dateStyles = new Set<string>();
    for (let year = 2002; year <= 2023; year++) {
      const path = join(dir, `water-body-testing-${year}.csv`);
      const lines = readFileSync(path, "utf8").trim().split("\n");
      assert.equal(
        lines[0],
        "Community,Beach Name,Beach Type,County,Sample Date,Organism,Indicator Level,Violation,Town Code",
      );
      for (const line of lines.slice(1)) {
        const cells = line.split(",");
        spellings.add(cells[7] ?? "");
        assert.match(cells[8] ?? "", /^0\d{4}$/);
        dateStyles.add(
          /^\d{4}-\d\d-\d\d$/.test(cells[4] ?? "")
            ? "iso"
            : /^\d\d\/\d\d\/\d{4}$/.test(cells[4] ?? "")
              ? "us"
              : "?",
        );
      }
    }
    assert.deepEqual([...spellings].sort(), ["NO", "No", "YES", "Yes", "no", "yes"]);
    const paths = Array.from({ length: 22 }, (_, i) => join(dir, `water-body-testing-${2002 + i}.csv`));
    const levelTypes = new Set(await sniffedTypes(paths, "Indicator Level"));
    assert.deepEqual([...levelTypes].sort(), ["BIGINT", "DOUBLE"]);
    assert.deepEqual([...dateStyles].sort(), ["iso", "us"]);
  });

  test("duplicate, truncated copy, overlapping exports", () => {
    const read = (p: string): Buffer => readFileSync(join(dir, p));
    assert.ok(read("archive/water-body-testing-2016.csv").equals(read("water-body-testing-2016.csv")));
    const complete = read("closures/beach_closures_2023.csv");
    const partial = read("closures/beach_closures_2023_latest.csv");
    assert.ok(complete.subarray(0, partial.length).equals(partial));
    assert.equal(complete.toString().trim().split("\n").length, 51);
    assert.equal(partial.toString().trim().split("\n").length, 38);
    const a = new Set(read("exports/testing_2019-01_to_2019-08.csv").toString().trim().split("\n").slice(1));
    const b = read("exports/testing_2019-06_to_2019-12.csv").toString().trim().split("\n").slice(1);
    const shared = b.filter((line) => a.has(line));
    assert.ok(shared.length > 0 && shared.every((l) => /,2019-0[678]-/.test(l)));
  });

  test("datasheets: title row, sampling points over pairs of columns, long dates, < and > tags; the - and @ sites", () => {
    const sheets = listFiles(dir).filter((f) => f.startsWith("beach-datasheets/"));
    assert.equal(sheets.length, 8);
    const tags = new Set<string>();
    for (const s of sheets) {
      const lines = readFileSync(join(dir, s), "utf8").split("\n");
      assert.match(lines[0] ?? "", /— Enterococcus \(MPN\/100 mL\), 2024 bathing season/);
      assert.match(lines[1] ?? "", /^,,,,[A-Z][\w ]*,(,[A-Z][\w ]*,)*$/);
      assert.match(lines[2] ?? "", /^Date,1-Day Rain,3-Day Rain,Tide,(Tag,Enterococcus,?)+$/);
      assert.match(lines[3] ?? "", /^"[A-Z][a-z]+ \d{1,2}, 2024",/);
      for (const line of lines.slice(3)) for (const m of line.matchAll(/,([<>]),/g)) tags.add(m[1] ?? "");
    }
    assert.ok(
      readFileSync(
        join(dir, "beach-datasheets/joseph-sylvia-big-bridge-oak-bluffs-2024.csv"),
        "utf8",
      ).startsWith('"Joseph Sylvia State Beach - Big Bridge, Oak Bluffs'),
    );
    assert.ok(
      readFileSync(
        join(dir, "beach-datasheets/joseph-sylvia-big-bridge-edgartown-2024.csv"),
        "utf8",
      ).startsWith('"Joseph Sylvia State Beach @ Big Bridge, Edgartown'),
    );
    assert.deepEqual([...tags].sort(), ["<", ">"]);
  });

  test("precipitation ends in Mean, Max, Min rows; JSON object lookup; workbook with a title row", async () => {
    for (const f of listFiles(dir).filter((p) => p.startsWith("precipitation/"))) {
      const lines = readFileSync(join(dir, f), "utf8").trim().split("\n");
      assert.equal(lines[0], "Year,Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec");
      assert.deepEqual(
        lines.slice(-3).map((l) => l.split(",")[0]),
        ["Mean", "Max", "Min"],
      );
    }
    const lookup = JSON.parse(readFileSync(join(dir, "lookups/town_codes.json"), "utf8")) as Record<
      string,
      string
    >;
    assert.ok(!Array.isArray(lookup) && lookup["02557"] === "Dukes");
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(dir, "reports/beach-program-summary-2002-2023.xlsx"));
    assert.deepEqual(
      book.worksheets.map((w) => w.name),
      ["Annual Summary", "By County 2023", "Notes"],
    );
    const annual = book.getWorksheet("Annual Summary");
    assert.match(String(annual?.getCell("A1").value), /Annual Summary/);
    assert.equal(annual?.getCell("A2").value, "Year");
    assert.equal(annual?.getCell("A3").value, 2002);
  });
});

describe("wildfire lake layout (tiny)", () => {
  let dir = "";
  const read = (p: string): string => readFileSync(join(dir, p), "utf8");
  test("generate", async () => {
    dir = (await generated("wildfire", "wildfire-layout")).dir;
  });

  test("state names in one table, USPS codes in the other; a Total row; a data book with title rows and footnotes", () => {
    assert.match(
      read("state_fire_stats/fires_and_acres_by_state_2000_2024.csv"),
      /^Year,State,Fires,Acres\n2000,Alabama,/,
    );
    assert.match(
      read("state_fire_stats/suppression_costs_by_state_2010_2024.csv"),
      /^year,state,suppression_cost_usd,structures_destroyed\n2010,AL,/,
    );
    const agency = read("national/fires_by_agency_2024.csv").trim().split("\n");
    const body = agency.slice(1).filter((l) => /^[A-Z/]+,\d+,\d+$/.test(l) || l.startsWith("Total,"));
    const total = body.find((l) => l.startsWith("Total,"))?.split(",") ?? [];
    const parts = body.filter((l) => !l.startsWith("Total,")).map((l) => l.split(","));
    assert.equal(
      Number(total[1]),
      parts.reduce((a, p) => a + Number(p[1]), 0),
    );
    const book = read("usda/fs_databook_table3_nfs_fires_2004_2023.csv").trim().split("\n");
    assert.match(book[0] ?? "", /^"Table 3\./);
    assert.equal(book[3], "Year,Fires,Acres Burned");
    assert.match(book[4] ?? "", /^2004,"\d{1,3},\d{3}","[\d,]+"$/);
    assert.match(book.at(-1) ?? "", /^"Source: /);
  });

  test("the occurrence table leaves out zero cells; the top-100 list copies records of the yearly family", () => {
    const occ = read("national/fire_occurrence_by_region_month_2023.csv").trim().split("\n").slice(1);
    assert.ok(occ.every((l) => !l.endsWith(",0")));
    assert.ok(!occ.some((l) => l.startsWith("Alaska,Jan,")));
    const family = new Set<string>();
    for (let y = 2015; y <= 2024; y++)
      for (const l of read(`fires/fires_${y}.csv`).trim().split("\n").slice(1)) family.add(l);
    const top = read("fires/fires_top100.csv").trim().split("\n");
    assert.equal(top[0], read("fires/fires_2015.csv").split("\n")[0]);
    assert.equal(top.length, 101);
    assert.ok(top.slice(1).every((l) => family.has(l)));
  });
});
