import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import type { TableProfile } from "../../src/core/sourceMap/sourceEntry.ts";
import { tableFactLines } from "../../src/core/sourceMap/tableFacts.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Files written the way the real ones are (issue 26): a monthly rainfall summary with statistic
// rows whose Max/Min cells give a value and its year and `M` for months not yet measured; a wide
// clinical table with `NA`; satellite-density series whose last readings are empty, then a
// footnote; series with numeric fill values.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** A deterministic value in [lo, hi) from two integers. */
const value = (a: number, b: number, lo: number, hi: number): number =>
  lo + (((a * 7919 + b * 104729) % 1000) / 1000) * (hi - lo);

/** 1999–2024, the last year measured through September; then Mean, Max and Min. */
function rainfall(seed: number): string {
  const lines = [["Year", ...MONTHS, "Annual"].join(",")];
  for (let year = 1999; year <= 2024; year++) {
    const months = MONTHS.map((_, m) =>
      year === 2024 && m >= 9 ? "M" : value(year + seed, m, 0.3, 6.5).toFixed(2),
    );
    const annual = year === 2024 ? "M" : months.reduce((s, v) => s + Number(v), 0).toFixed(2);
    lines.push([String(year), ...months, annual].join(","));
  }
  const cells = (f: (m: number) => string): string[] => [...MONTHS, "Annual"].map((_, m) => f(m));
  lines.push(["Mean", ...cells((m) => value(seed, m, 2, 4).toFixed(2))].join(","));
  lines.push(["Max", ...cells((m) => `${value(seed, m, 6, 9).toFixed(2)} ${2000 + m}`)].join(","));
  lines.push(["Min", ...cells((m) => `${value(seed, m, 0, 0.3).toFixed(2)} ${2010 + m}`)].join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** 179 columns: an id, sex (M/F), a grade (A–D), a stage (I–III or NA) and 175 measurements with NA. */
function clinical(): string {
  const header = ["patient", "sex", "grade", "stage", ...Array.from({ length: 175 }, (_, i) => `m${i + 1}`)];
  const lines = [header.join(",")];
  for (let r = 0; r < 120; r++) {
    const measures = Array.from({ length: 175 }, (_, c) =>
      (r + c) % 9 === 0
        ? "NA"
        : c % 2 === 0
          ? String(10 + ((r * 3 + c) % 50))
          : value(r, c, 0, 80).toFixed(3),
    );
    lines.push(
      [
        `TCGA-${1000 + r}`,
        r % 2 ? "M" : "F",
        "ABCD"[r % 4],
        r % 5 === 0 ? "NA" : ["I", "II", "III"][r % 3],
        ...measures,
      ].join(","),
    );
  }
  return `${lines.join("\n")}\n`;
}

const stamp = (minute: number): string =>
  `2024-05-10 ${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}:00`;

/** Timestamps every minute; the last `empty` readings are empty; then a footnote line. */
function density(rows: number, empty: number): string {
  const lines = ["time,density_kg_m3"];
  for (let i = 0; i < rows; i++)
    lines.push(`${stamp(i)},${i < rows - empty ? (2.1e-12 + i * 1e-15).toExponential(4) : ""}`);
  lines.push("Source: derived from accelerometer data (version 2.1).");
  return `${lines.join("\n")}\n`;
}

/** Density with `9.99e+32` fills; a temperature with `-9999`; a heavy-tailed count whose maximum occurs once; a percentage capped at 100. */
function fills(): string {
  const lines = ["time,density,temperature,count,percent"];
  for (let i = 0; i < 300; i++) {
    const d = i % 40 === 7 ? "9.99e+32" : (2.1e-12 + i * 1e-15).toExponential(4);
    const t = i % 60 === 11 ? "-9999" : value(i, 1, -30, 35).toFixed(1);
    const n = i === 150 ? "5000000" : String(Math.round(Math.exp(value(i, 2, 0, 9))));
    const p = i % 10 === 0 ? "100" : value(i, 3, 0, 99).toFixed(1);
    lines.push(`${stamp(i)},${d},${t},${n},${p}`);
  }
  return `${lines.join("\n")}\n`;
}

/**
 * Barrels by state and year written with two decimals (TTB, held-out JM-10); `filled` writes the
 * column's mean, to its last digit, where four figures were missing. The twin writes a measured
 * figure equal to the mean at the table's own precision three times.
 */
function barrels(filled: boolean): string {
  const lines = ["state,year,barrels"];
  const values: number[] = [];
  for (let k = 0; k < 36; k++) values.push(Math.round(value(k, 3, 1000, 90000) * 100) / 100);
  values.forEach((v, k) => lines.push(`S${k % 12},${2008 + Math.floor(k / 12)},${v.toFixed(2)}`));
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  for (let k = 0; k < (filled ? 4 : 3); k++)
    lines.push(`F${k},2010,${filled ? String(mean) : mean.toFixed(2)}`);
  return `${lines.join("\n")}\n`;
}

const { lake, stateDir } = tempLake({
  "precip/monthly_precipitations_amherst.csv": rainfall(1),
  "precip/monthly_precipitations_worcester.csv": rainfall(2),
  "clinical.csv": clinical(),
  "density/density_a.csv": density(1200, 289),
  "density/density_b.csv": density(30, 1),
  "fills.csv": fills(),
  "barrels.csv": barrels(true),
  "barrels_measured.csv": barrels(false),
  // Text columns whose other values are categories stay text: `A`/`B` and words are no markers.
  "categories.csv": `code,level\n${Array.from({ length: 40 }, (_, i) => `${i % 7 === 3 ? "A" : i},${i % 5 === 2 ? "-" : ["low", "mid", "high"][i % 3]}`).join("\n")}\n`,
  // Stop 27's held-out lakes: daily NOx with `No data`, a sea-level series exported from a
  // spreadsheet with `#N/A`, school scores suppressed as `s`.
  "markers2.csv": `day,nox,gmsl,score\n${Array.from({ length: 30 }, (_, i) => `${i + 1},${i % 9 === 4 ? "No data" : (20 + i / 3).toFixed(1)},${i === 0 ? "#N/A" : (-44 + i / 10).toFixed(2)},${i % 7 === 2 ? "s" : 600 + i}`).join("\n")}\n`,
  // A footnote written with the table's delimiters (`Source: …,`) is still a footnote.
  "excel.csv": `time,value\n${Array.from({ length: 20 }, (_, i) => `${stamp(i)},${i}`).join("\n")}\nNotes: provisional data,\n`,
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

const table = (path: string): TableProfile => {
  const entry = runtime.map.files.find((f) => f.path === path);
  assert.ok(entry?.tables?.[0], `${path} is mapped with a table`);
  return entry.tables[0];
};
const types = (t: TableProfile): Record<string, string> =>
  Object.fromEntries(t.columns.map((c) => [c.name, c.type]));
const rows = async (sql: string, inputs: string[]): Promise<unknown[][]> => {
  const r = await runtime.call({
    op: "Query",
    sql,
    inputs,
    output: `q${Math.random().toString(36).slice(2, 8)}`,
  });
  assert.equal(r.status, "ok", JSON.stringify(r));
  return (r.observation as { records: { rows: unknown[][] } }).records.rows;
};

describe("real statistic footers and missing-value markers", () => {
  test("the rainfall table: 26 years typed as numbers, Mean/Max/Min left out with their lines, M read as NULL", async () => {
    const t = table("precip/monthly_precipitations_amherst.csv");
    assert.equal(t.rowCount, 26);
    const typed = types(t);
    assert.equal(typed.Year, "BIGINT");
    for (const m of [...MONTHS, "Annual"]) assert.equal(typed[m], "DOUBLE", m);
    assert.deepEqual(
      (t.footer?.rows ?? []).map((r) => [r.kind, r.line, r.text.split(" | ")[0]]),
      [
        ["summary", 28, "Mean"],
        ["summary", 29, "Max"],
        ["summary", 30, "Min"],
      ],
    );
    const markers = Object.fromEntries(t.columns.map((c) => [c.name, c.missingMarkers ?? []]));
    for (const m of ["Oct", "Nov", "Dec", "Annual"])
      assert.deepEqual(markers[m], [{ value: "M", count: 1 }], m);
    for (const m of ["Jan", "Sep"]) assert.deepEqual(markers[m], [], m);
    const facts = tableFactLines(t);
    assert.ok(
      facts.some((f) => f.includes("Mean (line 28), Max (line 29), Min (line 30)")),
      facts.join("\n"),
    );
    assert.ok(
      facts.some((f) => f.includes("Oct 'M' ×1")),
      facts.join("\n"),
    );

    const scan = await runtime.call({
      op: "Scan",
      file: "precip/monthly_precipitations_amherst.csv",
      output: "amherst",
      preview_rows: 30,
    });
    assert.equal(scan.status, "ok", JSON.stringify(scan));
    const o = scan.observation as {
      rowCount: number;
      provenance: { notes?: string[] };
      preview: { rows: unknown[][]; origins: ({ line: number } | null)[] };
    };
    assert.equal(o.rowCount, 26);
    assert.ok(
      o.provenance.notes?.some((n) => n.includes("missing-value markers")),
      JSON.stringify(o.provenance),
    );
    // The 2024 row is the 26th, on line 27, with NULL where the file says M.
    const last = o.preview.rows[25]!;
    assert.equal(Number(last[0]), 2024);
    assert.equal(last[10], null);
    assert.equal(o.preview.origins[25]?.line, 27);
    assert.deepEqual(
      (
        await rows("SELECT count(*) - count(Oct), count(*) - count(Sep), max(Year) FROM amherst", ["amherst"])
      ).map((r) => r.map(Number)),
      [[1, 0, 2024]],
    );
  });

  test("UnionScan of the towns: 52 rows, the markers NULL in each", async () => {
    const u = await runtime.call({
      op: "UnionScan",
      files: ["precip/monthly_precipitations_*.csv"],
      output: "towns",
      source_column: "src",
    });
    assert.equal(u.status, "ok", JSON.stringify(u));
    const r = await rows(
      "SELECT src, count(*), count(*) - count(Nov), typeof(any_value(Nov)) FROM towns GROUP BY src ORDER BY src",
      ["towns"],
    );
    assert.deepEqual(
      r.map((x) => [String(x[0]), Number(x[1]), Number(x[2]), String(x[3])]),
      [
        ["monthly_precipitations_amherst", 26, 1, "DOUBLE"],
        ["monthly_precipitations_worcester", 26, 1, "DOUBLE"],
      ],
    );
  });

  test("the 179-column clinical table: NA markers read as NULL; sex, grade and stage stay text", async () => {
    const t = table("clinical.csv");
    assert.equal(t.columns.length, 179);
    assert.equal(t.rowCount, 120);
    const typed = types(t);
    assert.equal(typed.sex, "VARCHAR");
    assert.equal(typed.grade, "VARCHAR");
    assert.equal(typed.stage, "VARCHAR");
    assert.equal(typed.patient, "VARCHAR");
    const numeric = t.columns.filter((c) => c.name.startsWith("m"));
    assert.equal(numeric.length, 175);
    for (const c of numeric) {
      assert.ok(c.type === "BIGINT" || c.type === "DOUBLE", `${c.name} ${c.type}`);
      assert.equal(c.missingMarkers?.[0]?.value, "NA", c.name);
    }
    // (r + c) % 9 === 0 over 120 rows: 13 or 14 NA per column; m1 is c = 0.
    assert.equal(t.columns.find((c) => c.name === "m1")?.missingMarkers?.[0]?.count, 14);
    assert.equal(typed.m1, "BIGINT");
    assert.equal(typed.m2, "DOUBLE");
    const scan = await runtime.call({ op: "Scan", file: "clinical.csv", output: "clinical" });
    assert.equal(scan.status, "ok", JSON.stringify(scan));
    assert.deepEqual(
      (await rows("SELECT count(*) - count(m1), count(*) - count(stage) FROM clinical", ["clinical"])).map(
        (r) => r.map(Number),
      ),
      [[14, 0]],
    );
  });

  test("`No data`, a spreadsheet's `#N/A` and a suppressed `s` among numbers are markers", () => {
    const t = table("markers2.csv");
    assert.deepEqual(types(t), { day: "BIGINT", nox: "DOUBLE", gmsl: "DOUBLE", score: "BIGINT" });
    const markers = Object.fromEntries(t.columns.map((c) => [c.name, c.missingMarkers ?? []]));
    assert.deepEqual(markers.nox, [{ value: "No data", count: 3 }]);
    assert.deepEqual(markers.gmsl, [{ value: "#N/A", count: 1 }]);
    assert.deepEqual(markers.score, [{ value: "s", count: 4 }]);
  });

  test("categories are no markers: `A` among numbers and `-` among words stay text", () => {
    const t = table("categories.csv");
    assert.deepEqual(types(t), { code: "VARCHAR", level: "VARCHAR" });
    assert.ok(t.columns.every((c) => c.missingMarkers === undefined));
  });
});

describe("rows with the table's shape are data, footnotes are not", () => {
  test("289 trailing rows with an empty density cell stay in the table; the footnote after them does not", async () => {
    const t = table("density/density_a.csv");
    assert.equal(t.rowCount, 1200);
    assert.deepEqual(types(t), { time: "TIMESTAMP", density_kg_m3: "DOUBLE" });
    assert.deepEqual(
      (t.footer?.rows ?? []).map((r) => [r.kind, r.line]),
      [["note", 1202]],
    );
    const b = table("density/density_b.csv");
    assert.equal(b.rowCount, 30);
    const scan = await runtime.call({
      op: "Scan",
      file: "density/density_a.csv",
      output: "dens",
      offset: 1190,
      preview_rows: 10,
    });
    assert.equal(scan.status, "ok", JSON.stringify(scan));
    const o = scan.observation as {
      rowCount: number;
      preview: { rows: unknown[][]; origins: ({ line: number } | null)[] };
    };
    assert.equal(o.rowCount, 1200);
    assert.equal(o.preview.rows[9]?.[1], null);
    assert.equal(o.preview.origins[9]?.line, 1201);
    assert.deepEqual(
      (await rows("SELECT count(*), count(density_kg_m3) FROM dens", ["dens"])).map((r) => r.map(Number)),
      [[1200, 911]],
    );
  });

  test("a footnote written with the table's delimiters is still cut", () => {
    const t = table("excel.csv");
    assert.equal(t.rowCount, 20);
    assert.deepEqual(
      (t.footer?.rows ?? []).map((r) => [r.kind, r.line]),
      [["note", 22]],
    );
  });
});

describe("numeric fill values", () => {
  test("9.99e+32 and -9999 are reported with their count and first line; a lone large maximum and a cap at 100 are not", async () => {
    const t = table("fills.csv");
    const byName = Object.fromEntries(t.columns.map((c) => [c.name, c]));
    // i % 40 === 7 over 300 rows: 8 cells, the first at data row 8 (line 9).
    assert.deepEqual(
      byName.density?.fillValues?.map((f) => [f.value, f.count, f.firstRow, f.line]),
      [[9.99e32, 8, 8, 9]],
    );
    assert.deepEqual(
      byName.temperature?.fillValues?.map((f) => [f.value, f.count, f.firstRow, f.line]),
      [[-9999, 5, 12, 13]],
    );
    assert.equal(byName.count?.fillValues, undefined);
    assert.equal(byName.percent?.fillValues, undefined);
    assert.equal(byName.time?.fillValues, undefined);
    // The values are read as written: the user decides.
    const scan = await runtime.call({ op: "Scan", file: "fills.csv", output: "fills" });
    assert.equal(scan.status, "ok", JSON.stringify(scan));
    assert.deepEqual(
      (await rows("SELECT max(density), min(temperature), count(*) FROM fills", ["fills"])).map((r) =>
        r.map(Number),
      ),
      [[9.99e32, -9999, 300]],
    );
    const facts = tableFactLines(t).join("\n");
    assert.match(facts, /likely fill values \(read as written\): density 9\.99e\+32 ×8 \(first at line 9;/);
  });

  test("the column's mean written to its last digit in several cells is a fill; a figure equal to a mean at the column's precision is not", () => {
    const filled = table("barrels.csv").columns.find((c) => c.name === "barrels");
    assert.deepEqual(
      filled?.fillValues?.map((f) => [f.count, f.firstRow, f.line, f.mean]),
      [[4, 37, 38, true]],
    );
    assert.match(
      tableFactLines(table("barrels.csv")).join("\n"),
      /barrels \d+\.\d{5,} ×4 \(first at line 38; the column's mean: missing values filled with it\)/,
    );
    assert.equal(
      table("barrels_measured.csv").columns.find((c) => c.name === "barrels")?.fillValues,
      undefined,
    );
  });
});
