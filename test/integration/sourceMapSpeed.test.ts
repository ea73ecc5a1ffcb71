// The fast Source Map path (types from a JS sample checked by one DuckDB pass) against the
// reference path (every candidate test over every row), and the map's robustness: unreadable
// folders (as an unprivileged user), files vanishing mid-map, a 2,000-column CSV, the per-file
// budget, the per-call execution budget, UnionScan in one statement with row origins.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckEngine } from "../../src/core/engine/duckEngine.ts";
import { Runtime } from "../../src/core/runtime.ts";
import { buildSourceMap } from "../../src/core/sourceMap/crawl/buildSourceMap.ts";
import { keepsTypeInJs, mayBeDate } from "../../src/core/sourceMap/typing/cellTypeTests.ts";
import { brokenSql, keepsType, surelyKeeps } from "../../src/core/sourceMap/typing/typeTestSql.ts";
import { exactRecords, wellQuoted } from "../../src/core/sourceMap/readers/exactRecords.ts";
import { headAndTail } from "../../src/core/sourceMap/layout/headAndTail.ts";
import { sampleProfile } from "../../src/core/sourceMap/profiling/profileNative.ts";
import { samplesAggregate, yearFirst } from "../../src/core/sourceMap/typing/varcharColumns.ts";
import { scanRecords, splitRecords } from "../../src/core/sourceMap/readers/delimitedText.ts";
import { filledCount } from "../../src/core/sourceMap/layout/cellKinds.ts";
import type { CsvRead } from "../../src/core/sourceMap/sourceEntry.ts";
import { generateLake } from "../../bench/lakes/generateLake.ts";
import type { SourceMap } from "../../src/core/sourceMap/sourceEntry.ts";
import { originsOf } from "../../src/core/state/sharedState.ts";
import type { UnionScanObservation } from "../../src/core/operators/unionScan/unionScanObservation.ts";
import { legalLakeDir, repoRoot, tempLake } from "../helpers/tempLake.ts";

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
      titleLineNumbers: t.titleLineNumbers,
      headerBand: t.headerBand,
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
    // The late `n/a` is a missing-value marker (missingMarkers.ts): read as NULL, the column stays numeric.
    assert.deepEqual(types("big.csv"), ["BIGINT", "BIGINT", "VARCHAR"]);
    assert.deepEqual(fast.files.find((f) => f.path === "big.csv")!.tables![0]!.columns[1]!.missingMarkers, [
      { value: "n/a", count: 1 },
    ]);
    assert.deepEqual(types("flags.csv"), ["BIGINT", "VARCHAR"]);
    assert.deepEqual(types("us_dates.csv").slice(0, 1), ["BIGINT"]);
    assert.equal(types("us_dates.csv")[2], "VARCHAR");
    // `01/02/10`: DuckDB's cast reads the year first (0001-02-10). Read as a date, its day and
    // month never change and cannot be told apart on their own; the file's `when` column
    // (`05/28/2004`) settles month first, so it is a US date (dateFormats.ts).
    assert.equal(types("us_dates.csv")[3], "DATE");
    const book = fast.files.find((f) => f.path === "databook.csv")!.tables![0]!;
    assert.equal(book.rowCount, 700);
    assert.equal(fast.files.find((f) => f.path === "big.csv")!.tables![0]!.rowCount, 60000);
    const lateValues = fast.files.find((f) => f.path === "late_values.csv")!.tables![0]!;
    assert.equal(lateValues.columns[1]!.nullFraction, 0.7778);
  });

  test("a 700,000-row file: one late text value, padded cells and late leading zeros break the sample's types", async () => {
    // The cells the cheap SQL test leaves to keepsType (spaces, signs, leading zeros) are many here;
    // the values that break a candidate come long after the sample and the 1 MB head.
    const { lake } = tempLake({
      "late.csv": `id,n,padded,amount,when,flag\n${rows(700_000, (i) => {
        const n = i === 699_998 ? "n/a" : String(i % 1000);
        const padded = i % 7 === 0 ? ` ${i % 50} ` : i % 11 === 0 ? `+${i % 9}` : String(i % 90);
        const amount = i === 650_000 ? "0075" : i % 13 === 0 ? `0.${i % 10}` : `${i % 500}.25`;
        const when = i === 600_000 ? "2024-02-30" : `20${10 + (i % 14)}-0${1 + (i % 9)}-1${i % 10}`;
        return `${i},${n},${padded},${amount},${when},${i % 3 ? "true" : "FALSE"}`;
      })}\n`,
    });
    const fast = await mapLake(lake);
    const reference = await mapLake(lake, { exhaustive: true });
    assert.deepEqual(content(fast), content(reference));
    const table = fast.files[0]!.tables![0]!;
    assert.equal(table.rowCount, 700_000);
    assert.deepEqual(
      table.columns.map((c) => c.type),
      // `n` holds one late `n/a`: a missing-value marker, so the column is read as numbers.
      ["BIGINT", "BIGINT", "BIGINT", "VARCHAR", "VARCHAR", "BOOLEAN"],
    );
    assert.deepEqual(table.columns[1]!.missingMarkers, [{ value: "n/a", count: 1 }]);
  });

  test("on the legal lake", async () => {
    const legal = legalLakeDir();
    const fast = await mapLake(legal);
    const reference = await mapLake(legal, { exhaustive: true });
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
    // Random date-like texts: every one DuckDB's cast accepts with a four-digit year first (the SQL
    // test's guard, yearFirst: `3/1/22` is no year 3) must pass mayBeDate (else a column of them
    // would not be offered the type the reference path gives it).
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
        // A four-digit year first half the time: only those are left to the cast.
        `${pick(["", "", " ", "-", "+"])}${random() < 0.5 ? String(1000 + Math.floor(random() * 9000)) : num()}${sep}${num()}${sep2}${num()}` +
        pick(["", "", "", " 10:00", "T10:00:00", " (BC)", "1", "x", " junk", ":00", "Z", "+01"]);
      if (v.includes("-") || v.includes("/")) values.push(v);
    }
    const engine = await DuckEngine.open(tmpdir());
    try {
      const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ");
      const accepted = await engine.all(
        `SELECT v FROM (SELECT unnest([${list}]) AS v) ` +
          `WHERE ${yearFirst("trim(v)")} AND (TRY_CAST(trim(v) AS DATE) IS NOT NULL OR TRY_CAST(trim(v) AS TIMESTAMP) IS NOT NULL)`,
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

/**
 * Files of 256 KB–1 MB, read whole and laid out from their head and tail when the rows between are
 * plain data; else (a blank line, a second table, titles with delimiters) from every row.
 */
function layoutLake(): { lake: string; stateDir: string; files: Record<string, string> } {
  const body = (n: number, from = 0): string =>
    rows(n, (i) => `${from + i},${(i * 7) % 1000}.5,"town ${i % 50}, MA",${i % 3 ? "x" : ""}`);
  const header = "id,value,town,flag";
  const files: Record<string, string> = {
    "plain.csv": `${header}\n${body(12000)}\n`,
    "footnotes.csv": `Water tests 2014\n\n${header}\n${body(12000)}\n\nSource: made up\nNote: flags are x,,,\n`,
    "trailer.csv": `${header}\n${body(12000)}\n,,,\nTotal,12000,,\nNumber of towns,50,,\n`,
    "stats.csv": `year,jan,feb\n${rows(30000, (i) => `${1900 + (i % 120)},${i % 9}.${i % 10},${i % 7}`)}\nMean,4.1,3.0\nMax,8.9,6\nMin,0.0,0\n`,
    "blank_middle.csv": `${header}\n${body(6000)}\n,,,\n${body(6000, 6000)}\n`,
    "two_tables.csv": `Table 1\n${header}\n${body(6000)}\n\nTable 2\n${header}\n${body(6000, 6000)}\n`,
    "quoted_newline.csv": `${header}\n${body(6000)}\n6000,1.5,"two\nlines",x\n${body(5000, 6001)}\n`,
    "title_with_delimiters.csv": `Table 1, water tests,,\n\n${header}\n${body(12000)}\n`,
    "lone_cells_middle.csv": `${header}\n${body(6000)}\nsub-total only\n${body(6000, 6000)}\n`,
    "one_column.csv": `id\n${rows(60000, (i) => String(i))}\n`,
  };
  return { ...tempLake(files), files };
}

describe("Source Map: long files read whole are laid out from their head and tail", () => {
  test("the records scanned are the records split (random texts)", () => {
    let seed = 11;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const alphabet = [
      "a",
      "1",
      " ",
      ",",
      ",",
      ";",
      '"',
      '"',
      "\n",
      "\n",
      "\r",
      "\t",
      "\u00a0",
      "\u3000",
      "é",
    ];
    const breaks = (fields: string[]): number => fields.join("").split("\n").length - 1;
    for (let n = 0; n < 30000; n++) {
      let text = "";
      const length = Math.floor(random() * 30);
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
      const delimiter = random() < 0.8 ? "," : ";";
      const all = splitRecords(text, delimiter);
      const head = splitRecords(text, delimiter, 1 + Math.floor(random() * 2));
      const last = head.records[head.records.length - 1];
      if (!last) continue;
      const scan = scanRecords(
        text,
        delimiter,
        { index: head.end, line: head.endLine },
        last.line + breaks(last.fields) + 1,
      );
      const rest = all.records.slice(head.records.length);
      const context = JSON.stringify({ text, delimiter });
      assert.equal(scan.starts.length, rest.length, context);
      rest.forEach((r, i) => {
        const previous = all.records[head.records.length + i - 1]!;
        assert.equal(scan.lines[i], r.line, context);
        assert.equal(scan.wide[i], filledCount(r.fields) >= 2, context);
        assert.equal(scan.gaps[i], r.line > previous.line + breaks(previous.fields) + 1, context);
        // Splitting from a scanned start gives the record itself.
        const again = splitRecords(text, delimiter, 1, { index: scan.starts[i]!, line: scan.lines[i]! });
        assert.deepEqual(again.records[0], r, context);
      });
      assert.equal(head.quotedNewlines || scan.quotedNewlines, all.quotedNewlines, context);
    }
  });

  test("head and tail where the rows between are plain data, every row otherwise", () => {
    const { files } = layoutLake();
    const taken = Object.fromEntries(
      Object.entries(files).map(([name, text]) => [name, headAndTail(text, ",") !== undefined]),
    );
    assert.deepEqual(taken, {
      "plain.csv": true,
      "footnotes.csv": true,
      "trailer.csv": true,
      "stats.csv": true,
      "blank_middle.csv": false,
      "two_tables.csv": false,
      "quoted_newline.csv": true,
      // Taken here; the titles' delimiters send it to every row later (titlesAbove).
      "title_with_delimiters.csv": true,
      "lone_cells_middle.csv": false,
      "one_column.csv": false,
    });
  });

  test("the layout, counts and types are those of every row", async () => {
    const { lake, files } = layoutLake();
    for (const text of Object.values(files)) assert.ok(text.length > 256 * 1024 && text.length < 1 << 20);
    const fast = await mapLake(lake);
    const reference = await mapLake(lake, { exhaustive: true });
    assert.deepEqual(content(fast), content(reference));
    const table = (path: string): NonNullable<SourceMap["files"][number]["tables"]>[number] =>
      fast.files.find((f) => f.path === path)!.tables![0]!;
    assert.equal(table("footnotes.csv").rowCount, 12000);
    assert.deepEqual(table("footnotes.csv").titleLines, ["Water tests 2014"]);
    assert.deepEqual(table("footnotes.csv").footer?.lines, ["Source: made up", "Note: flags are x"]);
    assert.equal(table("footnotes.csv").footer?.line, 12005);
    assert.equal(table("trailer.csv").rowCount, 12000);
    assert.equal(table("trailer.csv").footer?.rows?.[0]?.kind, "trailer");
    assert.equal(table("stats.csv").rowCount, 30000);
    assert.equal(table("stats.csv").footer?.rows?.[0]?.kind, "summary");
    assert.equal(table("quoted_newline.csv").rowCount, 11001);
    assert.equal(fast.files.find((f) => f.path === "two_tables.csv")!.tables!.length, 2);
  });
});

describe("Source Map: Parquet and JSON samples", () => {
  test("sampleProfile gives the sorted distinct list's first values and the present counts", async () => {
    const engine = await DuckEngine.open(tmpdir());
    try {
      const columns: Record<string, string> = {
        flag: "i % 2 = 0",
        state: "CASE WHEN i < 4000 THEN 'AK' WHEN i < 4600 THEN 'AL' ELSE 'AR' END",
        two: "CASE WHEN i % 3 = 0 THEN 'x' ELSE 'y' END",
        tie: "CASE WHEN i < 1000 THEN 'a' WHEN i < 1001 THEN 'b' ELSE 'c' END",
        none: "CAST(NULL AS VARCHAR)",
        sparse: "CASE WHEN i % 997 = 0 THEN 'v' || (i % 2) END",
        ints: "(5000 - i) * 7",
        text: "CASE i % 6 WHEN 0 THEN 'é' WHEN 1 THEN 'Z' WHEN 2 THEN '' WHEN 3 THEN 'z' WHEN 4 THEN '😀' ELSE ' ' END",
        dates: "DATE '2020-01-01' + (i % 400)::INTEGER",
      };
      const sample = `(SELECT ${Object.entries(columns)
        .map(([name, sql]) => `${sql} AS ${name}`)
        .join(", ")} FROM range(5000) t(i))`;
      const names = Object.keys(columns);
      const profile = await sampleProfile(engine, sample, names);
      const [expected = {}] = await engine.all(
        `SELECT count(*) AS total, ${names
          .map((n, i) => `count(${n}) AS p${i}, ${samplesAggregate(`CAST(${n} AS VARCHAR)`)} AS s${i}`)
          .join(", ")} FROM ${sample}`,
      );
      assert.equal(profile.total, 5000);
      names.forEach((name, i) => {
        assert.equal(profile.present[i], Number(expected[`p${i}`]), name);
        assert.deepEqual(
          profile.samples[i],
          ((expected[`s${i}`] as unknown[] | null) ?? []).map(String),
          name,
        );
      });
      assert.deepEqual(profile.samples[names.indexOf("flag")], ["false", "true"]);
      assert.deepEqual(profile.samples[names.indexOf("state")], ["AK", "AL", "AR"]);
      assert.deepEqual(profile.samples[names.indexOf("none")], []);
    } finally {
      engine.close();
    }
  });
});

/** Small files read whole: plain ones are counted in JS (exactRecords), the others by DuckDB. */
function smallFilesLake(): { lake: string; stateDir: string; plain: string[]; notPlain: string[] } {
  const plain: Record<string, string> = {
    "ints.csv": "id,n,big\n1,-5,9223372036854775807\n2,+7,1\n3,0,2\n",
    "int_overflow.csv": "id,big\n1,9223372036854775808\n2,3\n",
    "leading_zero.csv": "code,v\n007,1.5\n010,2\n",
    "doubles.csv": "x,y,z\n1.5,1e3,.5\n-2,2E-2,5.\n3.25,inf,1_000\n",
    "dates.csv":
      "d,bad,ts,slash\n2024-02-29,2023-02-29,2024-01-01 10:00,2024/01/02\n2000-12-31,2023-01-01,2024-01-01T23:59:59,2024/13/01\n",
    "times.csv": "t,late,frac\n10:00,23:59:59,10:00:00.1234567\n00:00:01,24:00,12:30:00.5\n",
    "bools.csv": "a,b\ntrue,TRUE\nFalse,yes\n",
    "spaces.csv": "a,b\n 1 , x \n  2,   \n3,\n",
    "short_rows.csv": "a,b,c\n1,2,3\n4\n5,6\n",
    "empty_col.csv": "a,b\n1,\n2,\n",
    "crlf.csv": "a,b\r\n1,2024-01-01\r\n2,2024-01-02\r\n",
    "no_final_newline.csv": "a,b\n1,x\n2,y",
    "title_and_footer.csv":
      "Report of things,,\n\nyear,count,share\n2001,10,0.1\n2002,11,0.2\n2003,12,0.3\n\nSource: made up,,\n",
    "semicolons.csv": "a;b\n1,5;x\n2,5;y\n",
    "tabs.tsv": "a\tb\n1\t2020-01-01\n2\t2020-01-02\n",
    "blocks.csv": "Table 1,,\nyear,n,m\n2001,1,2\n2002,3,4\n\nTable 2,,\nyear,n,m\n2001,5,6\n2002,7,8\n",
    // Quotes around whole fields: read alike by DuckDB and splitRecords.
    "quoted.csv": 'a,b\n1,"x, y"\n2,"z"\n',
    "quoted_types.csv":
      'id,n,d,t\n"1","7","2024-01-01","say ""hi"""\n"2","","2024-01-02",""\n"3"," 8 ","","a,b"\n4,9,2024-01-04, x \n',
    "quoted_title.csv":
      '"Table 3. Reports, by year",,\n,,\nyear,reports,share\n2001,"1,234",0.1\n2002,"2,345",0.2\n',
  };
  const notPlain: Record<string, string> = {
    "quoted_newline.csv": 'a,b\n1,"x\ny"\n2,z\n',
    "text_after_quote.csv": 'a,b\n1,"x"y\n2,z\n',
    "quote_inside.csv": 'a,b\n1,x"y\n2,z\n',
    "space_before_quote.csv": 'a,b\n1, "x"\n2,z\n',
    "bom.csv": "\ufeffa,b\n1,2\n",
    "lone_cr.csv": "a,b\r1,2\r3,4\r",
    "blank_inside.csv": "a,b\n1,2\n\n3,4\n5,6\n",
  };
  const { lake, stateDir } = tempLake({ ...plain, ...notPlain });
  return { lake, stateDir, plain: Object.keys(plain), notPlain: Object.keys(notPlain) };
}

/** Random cells of every kind the type tests meet: numbers, dates, times, booleans, thousands. */
function randomCells(count: number, seed0 = 11): string[] {
  let seed = seed0;
  const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!;
  const digits = (n: number): string => Array.from({ length: n }, () => pick([..."0123456789"])).join("");
  const makers = [
    () => `${pick(["", "-", "+"])}${digits(1 + Math.floor(random() * 21))}`,
    () =>
      `${pick(["", "-"])}${digits(1 + Math.floor(random() * 17))}.${digits(1 + Math.floor(random() * 17))}`,
    () => `${digits(1)}${pick(["e", "E"])}${pick(["", "-", "+"])}${digits(2)}`,
    () => pick([".5", "5.", "1_000", "inf", "nan", "0x10", "1,5", "١٢", "00", "0", "-0", "+0"]),
    () =>
      `${pick(["19", "20", "0", "99", "20"])}${digits(2)}-${pick([digits(2), "02", "12", "04"])}-${pick([digits(2), "29", "30", "31", "28", "01"])}`,
    () => `${digits(4)}/${digits(1 + Math.floor(random() * 2))}/${digits(2)}`,
    () =>
      `20${digits(2)}-${digits(2)}-${digits(2)}${pick([" ", "T"])}${digits(2)}:${digits(2)}${pick(["", `:${digits(2)}`])}`,
    () =>
      `${pick([digits(2), `${pick([..."012"])}${digits(1)}`])}:${pick([digits(2), `${pick([..."012345"])}${digits(1)}`])}${pick(["", `:${pick([..."0156"])}${digits(1)}`, `:${digits(2)}.${digits(1 + Math.floor(random() * 8))}`])}`,
    () => pick(["true", "false", "TRUE", "False", "yes", "t", "1", "truE", "falsé"]),
    // Thousands separators (the data books' numbers).
    () =>
      `${pick(["", "-", "+"])}${pick(["", "0", digits(1), digits(2), digits(3)])}${Array.from(
        { length: Math.floor(random() * 7) },
        () => `,${pick([digits(3), digits(3), digits(2), digits(4)])}`,
      ).join("")}${pick(["", "", `.${digits(1 + Math.floor(random() * 3))}`, "."])}`,
  ];
  return [...new Set(Array.from({ length: count }, () => pick(makers)()))];
}

describe("Source Map: JSON records read with the sniffed types pinned", () => {
  /** The profile as read_json's own sniffing reads it (a full sample where the first records mislead). */
  async function sniffedProfile(engine: DuckEngine, path: string): Promise<unknown> {
    let reader = `read_json('${path}', format='newline_delimited')`;
    let count: number;
    try {
      count = Number((await engine.all(`SELECT count(*) AS n FROM ${reader}`))[0]!.n);
    } catch {
      reader = `read_json('${path}', format='newline_delimited', sample_size=-1)`;
      count = Number((await engine.all(`SELECT count(*) AS n FROM ${reader}`))[0]!.n);
    }
    const described = await engine.describe(`SELECT * FROM ${reader}`);
    const { total, present, samples } = await sampleProfile(
      engine,
      `(SELECT * FROM ${reader} LIMIT 20000)`,
      described.map((c) => c.name),
    );
    return {
      count,
      columns: described.map((c, i) => [
        c.name,
        c.type,
        Number(((total - present[i]!) / total).toFixed(4)),
        samples[i],
      ]),
    };
  }

  test("give the sniffing read's counts, types, nulls and samples, and fall back where a later record differs", async () => {
    const record = (i: number): string =>
      JSON.stringify({
        id: i,
        day: `2024-0${1 + (i % 9)}-1${i % 10}`,
        name: i % 5 === 0 ? null : `name ${i % 37}`,
        amount: i % 4 === 0 ? i : i + 0.5,
        ok: i % 3 === 0,
        ...(i % 10 === 0 ? { extra: "x" } : {}),
      });
    const lines = (n: number, at: (i: number) => string = record): string =>
      Array.from({ length: n }, (_, i) => at(i)).join("\n") + "\n";
    const files: Record<string, string> = {
      "plain.jsonl": lines(30_000),
      // Past the 20,480 records read_json sniffs: a US-order date, a text id, a key the sniff never saw.
      "late_date.jsonl": lines(25_000, (i) =>
        i === 24_000 ? record(i).replace(/"day":"[^"]+"/, '"day":"01/31/2024"') : record(i),
      ),
      "late_text.jsonl": lines(25_000, (i) =>
        i === 22_000 ? record(i).replace(/"id":\d+/, '"id":"A-1"') : record(i),
      ),
      "late_key.jsonl": lines(25_000, (i) =>
        i === 23_000 ? record(i).replace("{", '{"late":1,') : record(i),
      ),
    };
    const { lake } = tempLake(files);
    const map = await mapLake(lake);
    const engine = await DuckEngine.open(lake);
    try {
      for (const path of Object.keys(files)) {
        const t = map.files.find((f) => f.path === path)!.tables![0]!;
        const mapped = {
          count: t.rowCount,
          columns: t.columns.map((c) => [c.name, c.type, c.nullFraction, c.samples]),
        };
        assert.deepEqual(mapped, await sniffedProfile(engine, join(lake, path)), path);
      }
    } finally {
      engine.close();
    }
    const types = (path: string): string[] =>
      map.files.find((f) => f.path === path)!.tables![0]!.columns.map((c) => c.type);
    assert.equal(types("plain.jsonl")[1], "DATE");
  });
});

describe("Source Map: small files counted in JS give DuckDB's content", () => {
  test("every value JS answers for, DuckDB's test answers alike", async () => {
    const values = randomCells(6000);
    const engine = await DuckEngine.open(tmpdir());
    try {
      const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ");
      let answered = 0;
      const tests: [string, boolean][] = [
        ["BIGINT", false],
        ["DOUBLE", false],
        ["DATE", false],
        ["TIMESTAMP", false],
        ["TIME", false],
        ["BOOLEAN", false],
        ["BIGINT", true],
        ["DOUBLE", true],
      ];
      for (const [type, thousands] of tests) {
        const duck = await engine.all(
          `SELECT v, coalesce(${keepsType(type, thousands, "v")}, false) AS keeps FROM (SELECT unnest([${list}]) AS v)`,
        );
        const wrong: string[] = [];
        let kept = 0;
        for (const row of duck) {
          const js = keepsTypeInJs(type, thousands, String(row.v));
          if (js === undefined) continue;
          answered++;
          if (js) kept++;
          if (js !== row.keeps)
            wrong.push(
              `${type}${thousands ? "+k" : ""} ${String(row.v)}: JS ${js}, DuckDB ${String(row.keeps)}`,
            );
        }
        assert.deepEqual(wrong, []);
        // BOOLEAN has only a handful of distinct spellings.
        assert.ok(
          kept >= (type === "BOOLEAN" ? 5 : 20),
          `${type}: only ${kept} values kept, the test says little`,
        );
      }
      assert.ok(answered > values.length * 3, `JS answered only ${answered} times`);
    } finally {
      engine.close();
    }
  });

  test("the cheap SQL test (surelyKeeps) passes a cell only where keepsType passes its trimmed value", async () => {
    // Cells as read: padded with spaces, tabs, leading zeros, signs — what the cheap test must not let through.
    let seed = 5;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pad = (): string => ["", "", "", " ", "  ", "\t", "0", "+", "-"][Math.floor(random() * 9)]!;
    const cells = [
      ...new Set(
        randomCells(8000, 23).flatMap((v) => [
          v,
          `${pad()}${v}`,
          `${v}${[" ", "\t", ""][Math.floor(random() * 3)]}`,
        ]),
      ),
      ...[
        "0",
        "00",
        "-0",
        "+0",
        "0.5",
        "0.",
        "05.5",
        " 5",
        "5 ",
        "1.0",
        "1e2",
        "1_000",
        "0x10",
        "0b11",
        "١٢",
      ],
      ...["9223372036854775807", "9223372036854775808", "-9223372036854775808", "True", "FALSE", " true"],
    ];
    const engine = await DuckEngine.open(tmpdir());
    try {
      const list = cells.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ");
      const types: [string, boolean][] = [
        ["BIGINT", false],
        ["BIGINT", true],
        ["DOUBLE", false],
        ["DATE", false],
        ["TIMESTAMP", false],
        ["TIME", false],
        ["BOOLEAN", false],
      ];
      for (const [type, thousands] of types) {
        const cheap = surelyKeeps(type, thousands, "c")!;
        const rows = await engine.all(
          `SELECT c, coalesce(${cheap}, false) AS cheap, coalesce(${keepsType(type, thousands, "trim(c)")}, false) AS keeps, ` +
            `coalesce(${brokenSql(type, thousands, "c")}, false) AS broken FROM (SELECT unnest([${list}]) AS c)`,
        );
        const wrong = rows
          .filter(
            (r) =>
              (r.cheap === true && r.keeps !== true) ||
              // brokenSql is keepsType's verdict on a non-empty trimmed value (DuckDB's trim: spaces only).
              r.broken !== (String(r.c).replace(/^ +| +$/g, "") !== "" && r.keeps !== true),
          )
          .map(
            (r) =>
              `${type}${thousands ? "+k" : ""} ${JSON.stringify(r.c)}: cheap ${String(r.cheap)}, keeps ${String(r.keeps)}, broken ${String(r.broken)}`,
          );
        assert.deepEqual(wrong, []);
        const settled = rows.filter((r) => r.cheap === true).length;
        assert.ok(
          settled >= (type === "BOOLEAN" ? 4 : type === "TIME" ? 20 : 50),
          `${type}: the cheap test settled only ${settled} cells`,
        );
      }
    } finally {
      engine.close();
    }
  });

  test("plain small files are split in JS, the others left to DuckDB, with the reference's content", async () => {
    const { lake, stateDir, plain, notPlain } = smallFilesLake();
    try {
      const fast = await mapLake(lake);
      const reference = await mapLake(lake, { exhaustive: true });
      assert.deepEqual(content(fast), content(reference));
      const { readFileSync } = await import("node:fs");
      const tablesOf = (path: string): NonNullable<SourceMap["files"][number]["tables"]> =>
        fast.files.find((f) => f.path === path)?.tables ?? [];
      const counted = (path: string): boolean =>
        tablesOf(path).length > 0 &&
        tablesOf(path).every(
          (t) =>
            exactRecords(readFileSync(join(lake, path), "utf8"), t.read as CsvRead, t.rowCount) !== undefined,
        );
      for (const path of plain) assert.ok(counted(path), `${path} should be counted in JS`);
      for (const path of notPlain.filter((p) => p !== "bom.csv")) assert.ok(!counted(path), path);
      // DuckDB's strict reader refuses text after a closing quote: the one reading of that line
      // with the file's width takes its quotes as characters (`"x"y`), through a requoted copy
      // that DuckDB and JS read alike (quoteRepair.ts).
      const stray = tablesOf("text_after_quote.csv")[0]?.read as CsvRead | undefined;
      assert.deepEqual(stray?.requoted, { lines: [2], width: 2 });
      assert.equal(stray?.strayQuote, undefined);
      assert.equal(wellQuoted('a,b\n1,"x"y\n', ","), false);
      assert.equal(wellQuoted('a,b\n1,x"y\n', ","), false);
      assert.equal(wellQuoted('a,b\n1, "x"\n', ","), false);
      assert.equal(wellQuoted('a,b\n1,"x\ny"\n', ","), false);
      assert.equal(wellQuoted('a,b\r\n"1","x ""y"", z"\r\n"",2\r\n', ","), true);
      const types = (path: string): string[] =>
        fast.files.find((f) => f.path === path)!.tables![0]!.columns.map((c) => c.type);
      assert.deepEqual(types("ints.csv"), ["BIGINT", "BIGINT", "BIGINT"]);
      // A whole number past BIGINT, of more digits than a DOUBLE keeps, is a code: text.
      assert.deepEqual(types("int_overflow.csv"), ["BIGINT", "VARCHAR"]);
      assert.deepEqual(types("dates.csv").slice(0, 2), ["DATE", "VARCHAR"]);
      assert.equal(fast.files.find((f) => f.path === "title_and_footer.csv")!.tables![0]!.rowCount, 3);
    } finally {
      rmSync(lake, { recursive: true, force: true });
      rmSync(stateDir, { recursive: true, force: true });
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
