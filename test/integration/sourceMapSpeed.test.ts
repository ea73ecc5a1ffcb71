// The fast Source Map path (types from a JS sample checked by one DuckDB pass) against the
// reference path (every candidate test over every row), and the map's robustness: unreadable
// folders (as an unprivileged user), files vanishing mid-map, a 2,000-column CSV, the per-file
// budget, the per-call execution budget, UnionScan in one statement with row origins.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DuckEngine } from "../../src/core/engine/duckEngine.ts";
import { Runtime } from "../../src/core/runtime.ts";
import { buildSourceMap } from "../../src/core/sourceMap/buildSourceMap.ts";
import { mayBeDate } from "../../src/core/sourceMap/typeTextColumns.ts";
import { generateLake } from "../../bench/lakes/generateLake.ts";
import type { SourceMap } from "../../src/core/sourceMap/sourceEntry.ts";
import { originsOf } from "../../src/core/state/sharedState.ts";
import type { UnionScanObservation } from "../../src/core/operators/unionScan.ts";
import { repoRoot, tempLake } from "../helpers/tempLake.ts";

async function mapLake(
  lake: string,
  options: { exhaustive?: boolean; fileBudgetMs?: number; concurrency?: number } = {},
  onProgress?: () => void,
): Promise<SourceMap> {
  const cacheDir = mkdtempSync(join(tmpdir(), "radar-speed-cache-"));
  const engine = await DuckEngine.open(lake, { extraReadDirs: [cacheDir] });
  try {
    return (await buildSourceMap(engine, { cacheDir, ...options, ...(onProgress ? { onProgress } : {}) }))
      .map;
  } finally {
    engine.close();
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

/** What must not differ between the fast path and the reference: rows, header, columns, types, nulls. */
function content(map: SourceMap): unknown[] {
  return map.files.map((f) => ({
    path: f.path,
    error: f.error,
    tables: (f.tables ?? []).map((t) => ({
      sheet: t.sheet,
      headerLine: t.headerLine,
      rowCount: t.rowCount,
      titleLines: t.titleLines,
      footer: t.footer,
      columns: t.columns.map((c) => [c.name, c.type, c.nullFraction]),
      read: t.read,
    })),
  }));
}

function rows(n: number, row: (i: number) => string): string {
  return Array.from({ length: n }, (_, i) => row(i)).join("\n");
}

/** Files where a value past the JS sample (500 rows) breaks the first impression, and other traps. */
function trickyLake(): { lake: string; stateDir: string } {
  return tempLake({
    // A code column that turns out to have a leading zero on row 900: text, not a number.
    "late_zero.csv": `code,amount\n${rows(1200, (i) => `${i === 900 ? "0123" : 1000 + i},${i}.5`)}\n`,
    // An integer column with one decimal late: DOUBLE.
    "late_decimal.csv": `id,n\n${rows(1500, (i) => `${i},${i === 1400 ? "7.25" : i}`)}\n`,
    // A column empty for 700 rows, then dates: typed from every row.
    "late_values.csv": `id,when\n${rows(900, (i) => `${i},${i < 700 ? "" : "2021-03-04"}`)}\n`,
    // A date column with one bad value late: text.
    "late_bad_date.csv": `id,when\n${rows(800, (i) => `${i},${i === 777 ? "soon" : "2020-01-0" + ((i % 9) + 1)}`)}\n`,
    // A data book: title rows, a year column, "Source:" footnotes under it, thousands separators.
    "databook.csv":
      `"Table 3. Reports by year",,\n,,\nyear,reports,share\n` +
      `${rows(700, (i) => `${1300 + i},"${(i * 1234).toLocaleString("en-US")}",${(i % 7) / 10}`)}\n` +
      `,,\nSource: generated,,\nNote: shares are fractions.,,\n`,
    // A sparse data row inside the table (one cell), footnotes at the end.
    "sparse_inside.csv": `a,b,c\n${rows(600, (i) => (i === 300 ? `,,x` : `${i},${i * 2},t${i}`))}\nFootnote,,\n`,
    // More than 1 MB: the sample is cut, the tail holds the footnote; a late text value in a number column.
    "big.csv": `id,value,label\n${rows(60000, (i) => `${i},${i === 59000 ? "n/a" : i * 3},"label ${i}, with comma"`)}\nTotal rows: 60000,,\n`,
    "flags.csv": `id,ok\n${rows(700, (i) => `${i},${i === 650 ? "yes" : i % 2 ? "true" : "false"}`)}\n`,
    // US-order dates (no DATE for DuckDB's cast), then ISO dates with a late US one, and short years first.
    "us_dates.csv": `id,when,iso,short\n${rows(700, (i) => `${i},05/${(i % 28) + 1}/2004,${i === 640 ? "05/31/2004" : "2004-05-0" + ((i % 9) + 1)},01/02/1${i % 10}`)}\n`,
  });
}

function sharedLegalLake(): string | undefined {
  for (const p of ["../shared/kramabench-legal/lake", "../../shared/kramabench-legal/lake"]) {
    const abs = resolve(repoRoot, p);
    if (existsSync(abs)) return abs;
  }
  return undefined;
}

describe("Source Map: the fast path gives the reference path's content", () => {
  test("on files whose later values break the sample's types", async () => {
    const { lake } = trickyLake();
    const fast = await mapLake(lake);
    const reference = await mapLake(lake, { exhaustive: true });
    assert.deepEqual(content(fast), content(reference));
    const types = (path: string): string[] =>
      fast.files.find((f) => f.path === path)!.tables![0]!.columns.map((c) => c.type);
    assert.deepEqual(types("late_zero.csv"), ["VARCHAR", "DOUBLE"]);
    assert.deepEqual(types("late_decimal.csv"), ["BIGINT", "DOUBLE"]);
    assert.deepEqual(types("late_values.csv"), ["BIGINT", "DATE"]);
    assert.deepEqual(types("late_bad_date.csv"), ["BIGINT", "VARCHAR"]);
    assert.deepEqual(types("databook.csv"), ["BIGINT", "BIGINT", "DOUBLE"]);
    assert.deepEqual(types("big.csv"), ["BIGINT", "VARCHAR", "VARCHAR"]);
    assert.deepEqual(types("flags.csv"), ["BIGINT", "VARCHAR"]);
    assert.deepEqual(types("us_dates.csv").slice(0, 1), ["BIGINT"]);
    assert.equal(types("us_dates.csv")[2], "VARCHAR");
    assert.equal(types("us_dates.csv")[3], "DATE");
    const book = fast.files.find((f) => f.path === "databook.csv")!.tables![0]!;
    assert.equal(book.rowCount, 700);
    assert.equal(fast.files.find((f) => f.path === "big.csv")!.tables![0]!.rowCount, 60000);
    const lateValues = fast.files.find((f) => f.path === "late_values.csv")!.tables![0]!;
    assert.equal(lateValues.columns[1]!.nullFraction, 0.7778);
  });

  const legal = sharedLegalLake();
  test("on the shared legal lake", { skip: legal ? false : "the shared legal lake is absent" }, async () => {
    const fast = await mapLake(legal!);
    const reference = await mapLake(legal!, { exhaustive: true });
    assert.equal(fast.files.length, 135);
    assert.deepEqual(content(fast), content(reference));
  });

  test("on the generated water lake (bench/lakes, tiny scale)", async () => {
    const lake = mkdtempSync(join(tmpdir(), "radar-speed-water-"));
    try {
      await generateLake("water", lake, { scale: "tiny", seed: 1 });
      const fast = await mapLake(lake);
      const reference = await mapLake(lake, { exhaustive: true });
      assert.ok(fast.files.filter((f) => f.tables?.length).length >= 30);
      assert.deepEqual(content(fast), content(reference));
    } finally {
      rmSync(lake, { recursive: true, force: true });
    }
  });

  test("a value the JS date test rules out is never a DATE or TIMESTAMP for DuckDB", async () => {
    // Random date-like texts: every one DuckDB's cast accepts must pass mayBeDate (else a column
    // of them would not be offered the type the reference path gives it).
    let seed = 7;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!;
    const num = (): string =>
      String(Math.floor(random() * 10 ** (1 + Math.floor(random() * 5)))).padStart(pick([0, 1, 2, 3]), "0");
    const values: string[] = [];
    while (values.length < 20000) {
      const sep = pick(["-", "/", "\\", " ", ".", "-", "/"]);
      const sep2 = random() < 0.8 ? sep : pick(["-", "/", "\\", " ", "."]);
      const v =
        `${pick(["", "", " ", "-", "+"])}${num()}${sep}${num()}${sep2}${num()}` +
        pick(["", "", "", " 10:00", "T10:00:00", " (BC)", "1", "x", " junk", ":00", "Z", "+01"]);
      if (v.includes("-") || v.includes("/")) values.push(v);
    }
    const engine = await DuckEngine.open(tmpdir());
    try {
      const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ");
      const accepted = await engine.all(
        `SELECT v FROM (SELECT unnest([${list}]) AS v) ` +
          `WHERE TRY_CAST(trim(v) AS DATE) IS NOT NULL OR TRY_CAST(trim(v) AS TIMESTAMP) IS NOT NULL`,
      );
      assert.ok(accepted.length > 100, `only ${accepted.length} accepted values: the test says nothing`);
      const missed = accepted.map((r) => String(r.v)).filter((v) => !mayBeDate(v.replace(/^ +| +$/g, "")));
      assert.deepEqual(missed, []);
      assert.equal(mayBeDate("05/31/2004"), false);
      assert.equal(mayBeDate("2004-05-31"), true);
    } finally {
      engine.close();
    }
  });
});

describe("Source Map: nothing crashes the map", () => {
  test("a file vanishing mid-map becomes an entry with an error, the rest maps", async () => {
    const { lake } = tempLake({
      "a.csv": "x,y\n1,2\n",
      "b.csv": "x,y\n3,4\n",
      "c.csv": "x,y\n5,6\n",
    });
    let removed = false;
    const map = await mapLake(lake, { concurrency: 1 }, () => {
      if (!removed) {
        removed = true;
        unlinkSync(join(lake, "c.csv"));
      }
    });
    assert.equal(map.files.length, 3);
    const gone = map.files.find((f) => f.path === "c.csv")!;
    assert.match(gone.error ?? "", /vanished while the lake was being mapped/);
    assert.equal(map.files.find((f) => f.path === "b.csv")!.tables![0]!.rowCount, 1);
  });

  test("an unreadable folder (chmod 000, as an unprivileged user) is reported, the rest maps", () => {
    const cli = join(repoRoot, "dist/cli.cjs");
    assert.ok(existsSync(cli), "build first: npm run build");
    const { lake } = tempLake({
      "open/a.csv": "x,y\n1,2\n",
      "locked/b.csv": "x,y\n3,4\n",
      "top.csv": "p,q\n7,8\n",
    });
    const state = mkdtempSync(join(tmpdir(), "radar-speed-state-"));
    chmodSync(lake, 0o755);
    chmodSync(join(lake, "open"), 0o755);
    chmodSync(state, 0o777);
    chmodSync(join(lake, "locked"), 0o000);
    try {
      // The tests run as root, which reads anything: the map runs as `nobody`, or the test proves nothing.
      const run = spawnSync(
        "setpriv",
        [
          "--reuid=65534",
          "--regid=65534",
          "--clear-groups",
          process.execPath,
          cli,
          "map",
          "--lake",
          lake,
          "--json",
        ],
        { encoding: "utf8", env: { ...process.env, RADAR_STATE_DIR: state, HOME: state } },
      );
      assert.equal(run.status, 0, run.stderr);
      const map = JSON.parse(run.stdout) as SourceMap;
      const locked = map.files.find((f) => f.path === "locked")!;
      assert.match(locked.error ?? "", /permission denied/);
      assert.equal(map.files.find((f) => f.path === "open/a.csv")!.tables![0]!.rowCount, 1);
      assert.equal(map.files.find((f) => f.path === "top.csv")!.tables![0]!.rowCount, 1);
      assert.equal(
        map.files.some((f) => f.path.startsWith("locked/")),
        false,
      );
    } finally {
      chmodSync(join(lake, "locked"), 0o755);
    }
  });

  test("a 2,000-column CSV maps, typed column by column", async () => {
    const width = 2000;
    const header = Array.from({ length: width }, (_, i) => `c${i}`).join(",");
    const body = rows(50, (r) =>
      Array.from({ length: width }, (_, i) => (i % 2 ? `${r * i}` : `t${r}`)).join(","),
    );
    const { lake } = tempLake({ "wide.csv": `${header}\n${body}\n`, "small.csv": "a,b\n1,2\n" });
    const map = await mapLake(lake);
    const wide = map.files.find((f) => f.path === "wide.csv")!.tables![0]!;
    assert.equal(wide.rowCount, 50);
    assert.equal(wide.columns.length, width);
    assert.deepEqual(
      wide.columns.slice(0, 4).map((c) => c.type),
      ["VARCHAR", "BIGINT", "VARCHAR", "BIGINT"],
    );
    const reference = await mapLake(lake, { exhaustive: true });
    assert.deepEqual(content(map), content(reference));
  });

  test("a file over the per-file budget is reported, the rest of the lake maps", async () => {
    const width = 3000;
    const header = Array.from({ length: width }, (_, i) => `c${i}`).join(",");
    const body = rows(2000, (r) => Array.from({ length: width }, (_, i) => `${r + i}`).join(","));
    const { lake } = tempLake({ "wide.csv": `${header}\n${body}\n`, "small.csv": "a,b\n1,2\n" });
    // 1 s + 1 ms per 20 KB: about 2 s for this 20 MB file, far less than its DuckDB work (6 million
    // values to test); the small file needs a few ms.
    const map = await mapLake(lake, { fileBudgetMs: 1000, concurrency: 1 });
    assert.match(map.files.find((f) => f.path === "wide.csv")!.error ?? "", /per-file budget/);
    assert.equal(map.files.find((f) => f.path === "small.csv")!.tables![0]!.rowCount, 1);
  });
});

describe("Execution", () => {
  test("a Query over its execution budget is interrupted with a clear error; the runtime goes on", async () => {
    const { lake, stateDir } = tempLake({ "n.csv": `n\n${rows(10, (i) => String(i))}\n` });
    const runtime = await Runtime.open(lake, { radarDir: stateDir, executionBudgetMs: 300, validate: false });
    try {
      await runtime.call({ op: "Scan", file: "n.csv", output: "n" });
      const slow = await runtime.call({
        op: "Query",
        sql: "SELECT max(n) + (SELECT count(*) FROM range(20000000000) r WHERE r.range % 7 = 11) AS c FROM n",
        inputs: ["n"],
        output: "slow",
      });
      assert.equal(slow.status, "failed");
      assert.match(slow.error ?? "", /execution budget of 300 ms/);
      const after = await runtime.call({
        op: "Query",
        sql: "SELECT sum(n) AS s FROM n",
        inputs: ["n"],
        output: "s",
      });
      assert.equal(after.status, "ok");
    } finally {
      runtime.close();
    }
  });

  test("UnionScan reads a family in one statement and keeps each row's source line", async () => {
    const { lake, stateDir } = tempLake({
      "y/2019.csv": `"Reports, 2019",,\n,,\nstate,reports,code\n${rows(30, (i) => `S${i},${i},0${i}`)}\nSource: x,,\n`,
      "y/2020.csv": `state,reports,code,extra\n${rows(20, (i) => `S${i},${i * 2},0${i},e`)}\n`,
    });
    const runtime = await Runtime.open(lake, { radarDir: stateDir, validate: false });
    try {
      const event = await runtime.call({
        op: "UnionScan",
        files: ["y/*.csv"],
        source_column: "year",
        output: "u",
      });
      assert.equal(event.status, "ok", event.error);
      const o = event.observation as UnionScanObservation;
      assert.equal(o.rowCount, 50);
      assert.deepEqual(
        o.sources.map((s) => [s.file, s.rows]),
        [
          ["y/2019.csv", 30],
          ["y/2020.csv", 20],
        ],
      );
      assert.deepEqual(o.partialColumns, [{ column: "extra", missingIn: ["y/2019.csv"] }]);
      const table = runtime.state.table("u")!;
      const origins = await originsOf(table.origin, [0, 29, 30, 49], async () => []);
      assert.deepEqual(
        origins.map((x) => x && [x.file, x.line]),
        [
          ["y/2019.csv", 4],
          ["y/2019.csv", 33],
          ["y/2020.csv", 2],
          ["y/2020.csv", 21],
        ],
      );
    } finally {
      runtime.close();
    }
  });
});
