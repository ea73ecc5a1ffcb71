import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { Runtime } from "../../src/core/runtime.ts";
import type { ScanObservation } from "../../src/core/operators/scan/scanObservation.ts";
import type { TableProfile } from "../../src/core/sourceMap/sourceEntry.ts";
import { mapEntry } from "../helpers/mapEntries.ts";
import { tempLake } from "../helpers/tempLake.ts";

// A data supplement exported to CSV: two records side by side, separated by an empty column, each
// with its own Age_ky column and its own length, and a group label `(ppm)` over the first one's
// values only. Read as one table, a row paired values of different ages. Also: trailing rows whose
// last cell is empty (a satellite density file) are rows of the table, not footnotes.

const CO2 = Array.from({ length: 12 }, (_, r) => [(r + 1) * 0.5, 280 + r, 1 + r / 10]);
const PC = Array.from({ length: 20 }, (_, r) => [(r + 1) * 2, (r / 7).toFixed(3)]);

function supplementCsv(): string {
  const lines = [",(ppm),,,,", "Age_ky,CO2,CO2_err,,Age_ky,PC1"];
  for (let r = 0; r < Math.max(CO2.length, PC.length); r++) {
    const a = CO2[r] ? CO2[r]!.join(",") : ",,";
    const b = PC[r] ? PC[r]!.join(",") : ",";
    lines.push(`${a},,${b}`);
  }
  return `${lines.join("\r\n")}\r\n`;
}

// One table whose column groups are set apart by a spacer column: same rows, no name repeated.
const SPACED = [
  "Region,Units,,Revenue,Cost",
  ...Array.from({ length: 6 }, (_, r) => `R${r},${r},,${r * 10},${r * 5}`),
];

// OPTN's transplants by state and year (held-out JU-08): the state names under an empty corner,
// a spacer column, then the yearly counts under their years.
const BY_STATE = [
  ",,To Date,2023,2022,2021",
  '"All Recipient States of Residence",,"944,208","23,125","42,889","41,356"',
  ...["Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado"].map(
    (state, r) => `${state},,"${r + 1},${String(100 + r).padStart(3, "0")}",${284 + r},${534 + r},${562 + r}`,
  ),
];

// A club list with a source column past a spacer column: one URL on the first row of 40 (held-out HO).
const SOURCED = [
  "team,founded,ground,,SOURCE",
  `Royal Engineers,1863,Chatham,,https://web.archive.org/web/2009/football-nicknames.html`,
  ...Array.from({ length: 39 }, (_, r) => `Club ${r},${1870 + r},Ground ${r},,`),
];

// UCS's satellite list (held-out KN-02): source URLs in far columns past the table's own on 3 of
// 60 rows, the first on row 20, the others well below it.
const STRAY = [
  "Name of Satellite,Country,Users,Launch Mass (kg.)",
  ...Array.from({ length: 60 }, (_, r) => {
    const url = [19, 41, 42].includes(r)
      ? `,,,http://example.org/sat${r}.html,http://nssdc.example/sat${r}`
      : "";
    return `Sat-${r + 1},USA,Commercial,${100 + r * 10}${url}`;
  }),
];
// Its twin: a second table beside the first, its rows filled under its own header.
const BESIDE = [
  "Name of Satellite,Country,Users,Launch Mass (kg.),,,Operator,Satellites",
  ...Array.from(
    { length: 60 },
    (_, r) => `Sat-${r + 1},USA,Commercial,${100 + r * 10}${r < 12 ? `,,,Operator ${r},${r + 3}` : ",,,,"}`,
  ),
];

// A statistics report's table (held-out KJ-01): the states in the first part, the 2018 and 2019
// groups of Total/Male/Female past spacer columns, each group's year on the line above its names.
const STATES = ["Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut"];
const YEAR_GROUPS = [
  '"Table 2. Prisoners by jurisdiction and sex, 2018 and 2019",,,,,,,,',
  ",,2018,,,,2019,,",
  "Jurisdiction,,Total,Male,Female,,Total,Male,Female",
  ...STATES.map((s, r) => `${s},,${1000 + r},${900 + r},${100},,${1010 + r},${905 + r},${105}`),
];

// The same kind of table with its row labels alone in column A (held-out KJ-04): titles above and
// footnotes below in that column run on past the numbers' rows.
const LABELS_APART = [
  '"Bureau of Justice Statistics",,,,',
  '"Table 3. Prisoners by region and jurisdiction",,,,',
  ",,,,",
  '"Region and jurisdiction",,2000,1999,Change',
  ...STATES.map((s, r) => `${s},,${2000 + r},${1990 + r},${(r / 10).toFixed(1)}`),
  ",,,,",
  '"a/Includes jail inmates.",,,,',
  '"b/Custody counts.",,,,',
];

const DENSITY = [
  "time,alt_km,density",
  ...Array.from(
    { length: 30 },
    (_, i) => `2024-03-01T${String(i % 24).padStart(2, "0")}:00:00,${400 + i},${(2 + i / 10).toFixed(2)}e-12`,
  ),
  ...Array.from({ length: 4 }, (_, i) => `2024-03-02T0${i}:00:00,${430 + i},`),
];

async function densityWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet("Density").addRows(
    DENSITY.map((line, i) =>
      line.split(",").map((c, j) => (i === 0 || j === 0 ? c : c === "" ? null : Number(c))),
    ),
  );
  return Buffer.from(await wb.xlsx.writeBuffer());
}

let runtime: Runtime;
before(async () => {
  const { lake, stateDir } = tempLake({
    "climate.csv": supplementCsv(),
    "spaced.csv": `${SPACED.join("\n")}\n`,
    "sourced.csv": `${SOURCED.join("\n")}\n`,
    "stray.csv": `${STRAY.join("\n")}\n`,
    "beside.csv": `${BESIDE.join("\n")}\n`,
    "by_state.csv": `${BY_STATE.join("\n")}\n`,
    "density.csv": `${DENSITY.join("\n")}\n`,
    "year_groups.csv": `${YEAR_GROUPS.join("\n")}\n`,
    "labels_apart.csv": `${LABELS_APART.join("\n")}\n`,
    "density.xlsx": await densityWorkbook(),
  });
  runtime = await Runtime.open(lake, { radarDir: stateDir, validate: false });
});
after(() => runtime?.close());

function tables(path: string): TableProfile[] {
  return mapEntry(runtime.map, path).tables ?? [];
}

describe("tables side by side in a CSV file", () => {
  test("each maps as its own table with its own header, rows and short name", () => {
    assert.deepEqual(
      tables("climate.csv").map((t) => `${t.sheet}: ${t.rowCount} rows, header line ${t.headerLine}`),
      ["A:C: 12 rows, header line 2", "E:F: 20 rows, header line 2"],
    );
    const [co2, pc] = tables("climate.csv");
    // The group label spans the first table's values only.
    assert.deepEqual(
      co2!.columns.map((c) => c.name),
      ["Age_ky", "(ppm) CO2", "(ppm) CO2_err"],
    );
    assert.deepEqual(
      pc!.columns.map((c) => [c.name, c.type]),
      [
        ["Age_ky", "BIGINT"],
        ["PC1", "DOUBLE"],
      ],
    );
  });

  test("Scan reads one of them by its short name, with each row's line", async () => {
    const r = await runtime.call({
      op: "Scan",
      file: "climate.csv",
      sheet: "E:F",
      output: "pc",
      preview_rows: 3,
      offset: 17,
    });
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
    const o = r.observation as ScanObservation;
    assert.equal(o.rowCount, 20);
    assert.deepEqual(o.provenance.sheets, ["A:C", "E:F"]);
    assert.deepEqual(
      o.preview.rows.map((row) => row[0]),
      [36, 38, 40],
    );
    assert.deepEqual(
      o.preview.origins.map((x) => x?.line),
      [20, 21, 22],
    );
    const co2 = await runtime.call({ op: "Scan", file: "climate.csv", sheet: "A:C", output: "co2" });
    assert.equal(co2.status, "ok", JSON.stringify(co2.diagnostics));
    assert.equal((co2.observation as ScanObservation).rowCount, 12);
  });

  test("one table split by a spacer column stays one table", () => {
    const t = tables("spaced.csv");
    assert.equal(t.length, 1);
    assert.equal(t[0]!.rowCount, 6);
  });

  test("row labels under an empty corner, past a spacer column from their counts, are one table (held-out JU-08)", () => {
    const t = tables("by_state.csv");
    assert.equal(t.length, 1, JSON.stringify(t.map((x) => x.sheet)));
    assert.equal(t[0]!.rowCount, 7);
  });

  test("year groups of one table past spacer columns stay beside their row labels (held-out KJ-01)", () => {
    const t = tables("year_groups.csv");
    assert.equal(t.length, 1, JSON.stringify(t.map((x) => x.sheet)));
    assert.equal(t[0]!.rowCount, STATES.length);
    const names = t[0]!.columns.map((c) => c.name);
    assert.ok(names.includes("2018 Total") && names.includes("2019 Total"), names.join(", "));
  });

  test("Scan of a column range of a file holding one table says the file has no sheets", async () => {
    const r = await runtime.call({ op: "Scan", file: "year_groups.csv", sheet: "G:I", output: "g" });
    assert.equal(r.status, "rejected");
    const d = r.diagnostics.find((x) => x.code === "unknown-source");
    assert.match(d?.message ?? "", /holds one table, with no sheets\. Scan it without Scan\.sheet/);
  });

  test("row labels alone in the first column, with titles and footnotes, are the labels of the numbers beside them (held-out KJ-04)", () => {
    const t = tables("labels_apart.csv");
    assert.equal(t.length, 1, JSON.stringify(t.map((x) => x.sheet)));
    assert.equal(t[0]!.rowCount, STATES.length);
    assert.equal(t[0]!.columns[0]?.name, "Region and jurisdiction");
  });

  test("a source column holding one value past a spacer column is a column of the table, not a table", () => {
    const t = tables("sourced.csv");
    assert.equal(t.length, 1);
    assert.equal(t[0]!.rowCount, 40);
    assert.equal(t[0]!.columns.at(-1)?.name, "SOURCE");
  });
});

describe("stray cells past a table's columns", () => {
  test("values on a few rows past a spacer are cells of the table's rows, not a table (held-out KN-02)", () => {
    const t = tables("stray.csv");
    assert.equal(t.length, 1, JSON.stringify(t.map((x) => x.sheet)));
    assert.equal(t[0]!.rowCount, 60);
  });

  test("its twin: a table beside it, filled on its rows, is a table of its own", () => {
    assert.deepEqual(
      tables("beside.csv").map((t) => `${t.sheet}: ${t.rowCount}`),
      ["A:D: 60", "G:H: 12"],
    );
  });
});

describe("rows with the table's shape are never footnotes", () => {
  test("trailing rows with an empty density cell stay rows, in CSV and in a workbook", () => {
    for (const path of ["density.csv", "density.xlsx"]) {
      const [t] = tables(path);
      assert.equal(t!.rowCount, 34, path);
      assert.equal(t!.footer, undefined, path);
      assert.equal(t!.columns.find((c) => c.name === "density")?.type, "DOUBLE", path);
    }
  });
});
