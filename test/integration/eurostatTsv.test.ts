import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { Runtime } from "../../src/core/runtime.ts";
import type { UnionScanObservation } from "../../src/core/operators/unionScan/unionScanObservation.ts";
import type { CsvRead, TableProfile } from "../../src/core/sourceMap/sourceEntry.ts";
import { tableFactLines } from "../../src/core/sourceMap/tableFacts.ts";
import { onlyTable } from "../helpers/mapEntries.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Eurostat's bulk-download TSV (`estat_*.tsv`, `.tsv.gz`): `freq,unit,geo\TIME_PERIOD<TAB>2020 …`
// over lines `A,EUR_HAB,AT11<TAB>27400 <TAB>: c<TAB>28100 p…`. Read as delimited text it mapped as
// 3 columns, the last `geo\TIME_PERIOD 2020 2021 …` holding tab-joined values with their flags.
// It must map as one column per dimension and one numeric column per period, `:` read as NULL,
// the flags counted in the entry, every row keeping its line.

interface Series {
  codes: string[];
  /** Cells as written: `27400 `, `28100 p`, `: `, `: c`. */
  cells: string[];
}

function eurostatFile(dimensions: string[], periods: string[], series: Series[]): string {
  const header = `${dimensions.join(",")}\\TIME_PERIOD\t${periods.map((p) => `${p} `).join("\t")}`;
  return [header, ...series.map((s) => `${s.codes.join(",")}\t${s.cells.join("\t")}`)].join("\n") + "\n";
}

const FLAGS = ["p", "", "e", "", "bep", "", "b"];

/** Deterministic cells with flags, `:` and `: c` spread over the columns; `empty`: periods all `:`. */
function cells(
  row: number,
  periods: number,
  value: (k: number) => string,
  empty = new Set<number>(),
): string[] {
  return Array.from({ length: periods }, (_, j) => {
    const k = row * periods + j;
    if (empty.has(j) || k % 11 === 3) return ": ";
    if (k % 17 === 5) return ": c";
    const flag = FLAGS[k % FLAGS.length]!;
    return `${value(k)} ${flag}`;
  });
}

const GEOS = ["AT", "AT11", "AT12", "BE", "BE10", "DE", "DE1", "EL", "FR", "FR10"];
const YEARS = ["2015", "2016", "2017", "2018", "2019", "2020", "2021", "2022"];
/** Annual data: 3 units × 10 regions, integers; 2022 not published yet (all `:`). */
const ANNUAL: Series[] = ["EUR_HAB", "MIO_EUR", "PPS_HAB"].flatMap((unit, u) =>
  GEOS.map((geo, g) => ({
    codes: ["A", unit, geo],
    cells: cells(u * GEOS.length + g, YEARS.length, (k) => String(1000 + ((k * 7919) % 50000)), new Set([7])),
  })),
);
const QUARTERS = ["2021", "2022", "2023"].flatMap((y) => [1, 2, 3, 4].map((q) => `${y}-Q${q}`));
/** Quarterly data: 4 dimensions, decimals. */
const QUARTERLY: Series[] = ["SCA", "NSA"].flatMap((adj, a) =>
  ["B1GQ", "P3"].flatMap((item, i) =>
    GEOS.slice(0, 6).map((geo, g) => ({
      codes: ["Q", adj, item, geo],
      cells: cells(a * 12 + i * 6 + g, QUARTERS.length, (k) => (((k * 37) % 900) / 10 - 20).toFixed(1)),
    })),
  ),
);
const months = (from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => `2023-${String(from + i).padStart(2, "0")}`);
const MONTHS_A = months(1, 6);
const MONTHS_B = months(4, 9);
const monthly = (periods: string[], offset: number): Series[] =>
  ["CP00", "CP01", "CP02", "CP04"].flatMap((coicop, c) =>
    GEOS.slice(3, 8).map((geo, g) => ({
      codes: ["M", "I15", coicop, geo],
      cells: cells(offset + c * 5 + g, periods.length, (k) => (100 + (k % 40) / 4).toFixed(2)),
    })),
  );

const HICP_A = monthly(MONTHS_A, 0);
const HICP_B = monthly(MONTHS_B, 3);

const { lake, stateDir } = tempLake({
  "estat_nama_10r_2gdp.tsv": eurostatFile(["freq", "unit", "geo"], YEARS, ANNUAL),
  "estat_namq_10_gdp.tsv.gz": gzipSync(
    eurostatFile(["freq", "s_adj", "na_item", "geo"], QUARTERS, QUARTERLY),
  ),
  "hicp/prc_hicp_2023a.tsv": eurostatFile(["freq", "unit", "coicop", "geo"], MONTHS_A, HICP_A),
  "hicp/prc_hicp_2023b.tsv": eurostatFile(["freq", "unit", "coicop", "geo"], MONTHS_B, HICP_B),
  // Clean twins: a comma inside a quoted header name, and a backslash over columns that are no periods.
  "regions.tsv": `"region, name"\t2020\t2021\n"Vienna, AT"\t12\t14\n"Graz, AT"\t8\t9\n"Linz, AT"\t5\t6\n`,
  "paths.tsv": `depth\\unit\tvalue\tnote\n1\t12\tok\n2\t8\tok\n3\t5\tre-run\n`,
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir, validate: false });
});
after(() => runtime?.close());

/** What a cell as written holds, parsed independently of the map: its number or null, its flag. */
function parsed(cell: string): { value: number | null; flag: string } {
  const [value = "", flag = ""] = cell.trim().split(/ +/);
  return { value: value === ":" ? null : Number(value), flag };
}

/** Per period column: cells written `:`, and the count of each flag. */
function expectedFacts(
  series: Series[],
  periods: string[],
): { markers: number; flags: Map<string, number> }[] {
  return periods.map((_, j) => {
    const flags = new Map<string, number>();
    let markers = 0;
    for (const s of series) {
      const { value, flag } = parsed(s.cells[j]!);
      if (value === null) markers++;
      if (flag) flags.set(flag, (flags.get(flag) ?? 0) + 1);
    }
    return { markers, flags };
  });
}

function assertLayout(t: TableProfile, dimensions: string[], periods: string[], series: Series[]): void {
  assert.deepEqual(
    t.columns.map((c) => c.name),
    [...dimensions, ...periods],
  );
  assert.equal(t.rowCount, series.length);
  assert.equal(t.headerLine, 1);
  const read = t.read as CsvRead;
  assert.deepEqual(read.eurostat, { dimensions: dimensions.length, timeDimension: "TIME_PERIOD" });
  for (const c of t.columns.slice(0, dimensions.length)) assert.equal(c.type, "VARCHAR", c.name);
  const facts = expectedFacts(series, periods);
  periods.forEach((p, j) => {
    const c = t.columns[dimensions.length + j]!;
    assert.match(c.type, /^(BIGINT|DOUBLE)$/, p);
    const { markers, flags } = facts[j]!;
    assert.deepEqual(c.missingMarkers ?? [], markers ? [{ value: ":", count: markers }] : [], p);
    assert.deepEqual(
      Object.fromEntries((c.flags ?? []).map((f) => [f.flag, f.count])),
      Object.fromEntries(flags),
      p,
    );
    assert.equal(c.nullFraction, Math.round((markers / series.length) * 10000) / 10000, p);
  });
}

/** A Scan of `file` holds the series' codes and values, each row with its line in the file. */
async function assertScan(file: string, output: string, series: Series[]): Promise<void> {
  const r = await runtime.call({ op: "Scan", file, output });
  assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
  const page = await runtime.show(output, { rows: 1000 });
  assert.deepEqual(page.rows, expectedRows(series));
  assert.deepEqual(
    page.origins.map((o) => o?.line),
    series.map((_, i) => i + 2),
  );
}

function expectedRows(series: Series[]): unknown[][] {
  return series.map((s) => [...s.codes, ...s.cells.map((c) => parsed(c).value)]);
}

describe("Eurostat bulk-download TSV", () => {
  test("annual file: a column per dimension and per year, typed, ':' NULL, flags counted", async () => {
    const t = onlyTable(runtime.map, "estat_nama_10r_2gdp.tsv");
    assertLayout(t, ["freq", "unit", "geo"], YEARS, ANNUAL);
    assert.equal(t.columns.find((c) => c.name === "2016")!.type, "BIGINT");
    // A year no series has a value for yet is still a column of numbers.
    const last = t.columns.find((c) => c.name === "2022")!;
    assert.equal(last.type, "DOUBLE");
    assert.equal(last.nullFraction, 1);
    assert.ok(
      t.notes?.some((n) => n.includes("TIME_PERIOD") && n.includes("freq, unit, geo")),
      t.notes?.join(),
    );
    const facts = tableFactLines(t);
    assert.ok(
      facts.some((f) => /'p' \(provisional\) ×\d+ in 7 columns/.test(f)),
      facts.join("\n"),
    );

    await assertScan("estat_nama_10r_2gdp.tsv", "gdp", ANNUAL);
    const [sum] = await runtime.engine.all(`SELECT sum("2016") AS s, count("2016") AS n FROM gdp`);
    const values = ANNUAL.map((s) => parsed(s.cells[1]!).value).filter((v) => v !== null);
    assert.equal(
      Number(sum?.s),
      values.reduce((a, b) => a + b, 0),
    );
    assert.equal(Number(sum?.n), values.length);
  });

  test("gzip-compressed quarterly file with four dimensions and decimals", async () => {
    const t = onlyTable(runtime.map, "estat_namq_10_gdp.tsv.gz");
    assertLayout(t, ["freq", "s_adj", "na_item", "geo"], QUARTERS, QUARTERLY);
    assert.equal(t.columns.find((c) => c.name === "2021-Q1")!.type, "DOUBLE");
    assert.equal((t.read as CsvRead).compression, "gzip");
    await assertScan("estat_namq_10_gdp.tsv.gz", "gdpq", QUARTERLY);
  });

  test("UnionScan of two monthly files: each file's rows, months matched by name", async () => {
    const dimensions = ["freq", "unit", "coicop", "geo"];
    assertLayout(onlyTable(runtime.map, "hicp/prc_hicp_2023a.tsv"), dimensions, MONTHS_A, HICP_A);
    assertLayout(onlyTable(runtime.map, "hicp/prc_hicp_2023b.tsv"), dimensions, MONTHS_B, HICP_B);
    // Both files' months, by name: a month one file lacks is NULL in its rows.
    const months = ["2023-01", "2023-05", "2023-09"];
    const expected = (label: string, series: Series[], periods: string[]): unknown[][] =>
      series.map((s) => [
        label,
        s.codes[2],
        s.codes[3],
        ...months.map((m) => (periods.includes(m) ? parsed(s.cells[periods.indexOf(m)]!).value : null)),
      ]);
    const call = { op: "UnionScan", files: ["hicp/*.tsv"], source_column: "src", output: "hicp" } as const;
    const union = await runtime.call(call);
    assert.equal(union.status, "ok", JSON.stringify(union.diagnostics));
    assert.deepEqual(
      (union.observation as UnionScanObservation).sources.map((s) => `${s.file}: ${s.rows}`),
      [`hicp/prc_hicp_2023a.tsv: ${HICP_A.length}`, `hicp/prc_hicp_2023b.tsv: ${HICP_B.length}`],
    );
    const page = await runtime.engine.page(
      `SELECT src, coicop, geo, ${months.map((m) => `"${m}"`).join(", ")} FROM hicp ORDER BY rowid`,
    );
    assert.deepEqual(page.rows, [
      ...expected("prc_hicp_2023a", HICP_A, MONTHS_A),
      ...expected("prc_hicp_2023b", HICP_B, MONTHS_B),
    ]);
    const types = await runtime.engine.describe(`SELECT "2023-05" FROM hicp`);
    assert.equal(types[0]!.type, "DOUBLE");
  });

  test("clean twins: a quoted header name with a comma, a backslash over columns that are no periods", () => {
    for (const [file, names] of [
      ["regions.tsv", ["region, name", "2020", "2021"]],
      ["paths.tsv", ["depth\\unit", "value", "note"]],
    ] as const) {
      const t = onlyTable(runtime.map, file);
      assert.equal((t.read as CsvRead).eurostat, undefined, file);
      assert.deepEqual(
        t.columns.map((c) => c.name),
        names,
      );
      assert.equal(t.rowCount, 3, file);
    }
  });
});
