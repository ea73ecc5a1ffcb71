import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { mapEntry, onlyTable } from "../helpers/mapEntries.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Whitespace-aligned numeric files as instruments and data centres write them: NASA OMNI2 hourly
// data (55 right-aligned values a line, Fortran widths, no header, fields described in a text file
// beside it) and the Kp index list (`2024 132  0 90`), which mapped as a one-column CSV named by its
// first data row, and as text with no table.

/** OMNI2's record layout: (2I4,I3,I5,2I3,2I4,14F6.1,F9.0,F6.1,F6.0,2F6.1,F6.3,F6.2,…). */
const WIDTHS: { width: number; decimals: number }[] = [
  ...[4, 4, 3, 5, 3, 3, 4, 4].map((width) => ({ width, decimals: 0 })),
  ...Array.from({ length: 14 }, () => ({ width: 6, decimals: 1 })),
  { width: 9, decimals: 0 },
  ...Array.from({ length: 6 }, () => ({ width: 6, decimals: 1 })),
  { width: 9, decimals: 0 },
  ...Array.from({ length: 5 }, () => ({ width: 6, decimals: 1 })),
  { width: 7, decimals: 2 },
  { width: 7, decimals: 2 },
  { width: 6, decimals: 1 },
  ...[3, 4, 6, 5].map((width) => ({ width, decimals: 0 })),
  { width: 10, decimals: 2 },
  ...Array.from({ length: 5 }, () => ({ width: 9, decimals: 2 })),
  ...[3, 4].map((width) => ({ width, decimals: 0 })),
  { width: 6, decimals: 1 },
  { width: 6, decimals: 1 },
  ...[6, 6].map((width) => ({ width, decimals: 0 })),
  { width: 5, decimals: 1 },
];

/** A deterministic value sequence (no Math.random: the file is the same on every run). */
function lcg(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

function omniFile(hours: number): string {
  const next = lcg(7);
  const lines: string[] = [];
  for (let h = 0; h < hours; h++) {
    const values = WIDTHS.map(({ width, decimals }, c) => {
      if (c === 0) return "2023";
      if (c === 1) return String(Math.floor(h / 24) + 1);
      if (c === 2) return String(h % 24);
      // Fill values fill their field (999.9, 9999999.) now and then, as OMNI2's do.
      if (next() < 0.05) return decimals === 0 ? "9".repeat(width - 1) : `${"9".repeat(width - 3)}.9`;
      // Values leave at least one space in their field (as Fortran's right-aligned fields do).
      const steps = 10 ** (width - 2) - 1;
      return (Math.floor(next() * steps) / 10 ** decimals).toFixed(decimals);
    });
    lines.push(values.map((v, c) => v.padStart(WIDTHS[c]!.width)).join(""));
  }
  return `${lines.join("\n")}\n`;
}

function omniDescription(): string {
  const lines = [
    "OMNI2 hourly data: format description",
    "",
    "Each record holds the following words, in order:",
    "",
    "WORD  FORMAT  Fill Value         MEANING                  UNITS/COMMENTS",
    "",
    " 1      I4                 Year                          1963, 1964, etc.",
    " 2      I4                 Decimal Day                   January 1 = Day 1",
    " 3      I3                 Hour                          0, 1,...,23",
  ];
  for (let i = 4; i <= WIDTHS.length; i++)
    lines.push(`${String(i).padStart(2)}      F6.1   999.9        Field ${i} value            nT`);
  lines.push("", "Notes on the spacecraft IDs:", " 1  IMP 8", " 2  Wind", "");
  return lines.join("\n");
}

function kpFile(): string {
  const lines: string[] = [];
  for (let d = 130; d < 140; d++)
    for (let h = 0; h < 24; h += 3)
      lines.push(
        `2024 ${String(d).padStart(3)} ${String(h).padStart(2)} ${String((d * 7 + h * 3) % 90).padStart(2)}`,
      );
  return `${lines.join("\n")}\n`;
}

const OMNI_HOURS = 8760;
const { lake, stateDir } = tempLake({
  "omni/omni2_2023.dat": omniFile(OMNI_HOURS),
  "omni/omni2.text": omniDescription(),
  "kp/omni2_Kp_Index.lst": kpFile(),
  "station.txt":
    "year   temp  rain\n2020   12.5  300\n2021   13.1  250\n\n2022   12.9  410\n2023   13.4  280\n",
  // Past the first MiB (the sample), one line holds two values instead of three.
  "long.dat": `${Array.from({ length: 150_000 }, (_, i) => `${String(i % 1000).padStart(4)} ${String(i % 7).padStart(3)} ${String(i % 13).padStart(3)}`).join("\n")}\n   7   8\n`,
  "ragged.asc": `${Array.from({ length: 20 }, (_, i) => `${i}  ${i * 2}  ${i * 3}`).join("\n")}\n`,
  // NOAA NDBC realtime files (held-out GA): names and units on `#` lines, `MM` for missing values,
  // compass points in a column of words.
  "ndbc/44013.txt": [
    "#YY  MM DD hh mm WDIR WSPD GST  WVHT   DPD   APD MWD   PRES",
    "#yr  mo dy hr mn degT m/s  m/s     m   sec   sec degT   hPa",
    "2022 06 05 13 00 280  3.0  4.0    MM    MM    MM  MM 1015.2",
    "2022 06 05 12 50 270  3.0  4.0   0.5     7   3.5 100 1015.3",
    "2022 06 05 12 40 260  4.0  5.0   0.6     7   3.4 110 1015.3",
    "2022 06 05 12 30 260  4.0  5.0    MM    MM    MM  MM     MM",
    "",
  ].join("\n"),
  "ndbc/44013.spec": [
    "#YY  MM DD hh mm WVHT  SwH  SwP  WWH  WWP SwD WWD  STEEPNESS  APD MWD",
    "#yr  mo dy hr mn    m    m  sec    m  sec  -  degT     -      sec degT",
    "2022 06 05 12 40  0.6  0.4  7.1  0.4  3.6   E  SE    AVERAGE  3.4 110",
    "2022 06 05 11 40  0.6  0.4  7.7  0.5  3.4 ESE  SE    AVERAGE  3.5 120",
    "2022 06 05 10 40  0.5  0.3  7.7  0.4  3.1 ESE SSE        N/A  3.4 131",
    "",
  ].join("\n"),
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

describe("whitespace-aligned numeric files", () => {
  test("an OMNI2-style .dat file maps as 55 positional columns of 8,760 rows, no header", () => {
    const e = mapEntry(runtime.map, "omni/omni2_2023.dat");
    assert.equal(e.format, "fixed-width");
    const t = onlyTable(runtime.map, "omni/omni2_2023.dat");
    assert.equal(t.rowCount, OMNI_HOURS);
    assert.equal(t.columns.length, 55);
    assert.equal(t.noHeader, true);
    assert.equal(t.headerLine, 0);
    assert.deepEqual(
      t.columns.slice(0, 3).map((c) => `${c.name}:${c.type}`),
      ["column0:BIGINT", "column1:BIGINT", "column2:BIGINT"],
    );
    assert.equal(t.columns[8]!.type, "DOUBLE");
    assert.ok(
      t.notes?.some((n) => n.startsWith("no header line")),
      JSON.stringify(t.notes),
    );
  });

  test("the fields omni2.text lists in order are offered, with their file and lines", () => {
    const t = onlyTable(runtime.map, "omni/omni2_2023.dat");
    const offered = t.describedNames;
    assert.ok(offered, "names offered");
    assert.equal(offered.file, "omni/omni2.text");
    assert.equal(offered.fields.length, 55);
    assert.deepEqual(offered.fields.slice(0, 4), [
      { name: "Year", line: 7 },
      { name: "Decimal Day", line: 8 },
      { name: "Hour", line: 9 },
      { name: "Field 4 value", line: 10 },
    ]);
  });

  test("Scan reads every row with its line", async () => {
    const r = await runtime.call({ op: "Scan", file: "omni/omni2_2023.dat", output: "omni" });
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
    // The Scan says the header is absent and where names for the columns are listed.
    const warning = r.diagnostics.find((d) => d.code === "header-offset");
    assert.equal(warning?.severity, "warning");
    assert.match(warning?.message ?? "", /has no header row \(its first row, line 1, holds data\)/);
    assert.match(
      warning?.message ?? "",
      /omni\/omni2\.text lists 55 fields in order \(lines 7-61\): column0 = "Year", column1 = "Decimal Day"/,
    );
    const [row] = await runtime.engine.all(
      "SELECT count(*) AS n, min(column1) AS d0, max(column1) AS d1, max(column2) AS h FROM omni",
    );
    assert.deepEqual(
      [Number(row!.n), Number(row!.d0), Number(row!.d1), Number(row!.h)],
      [OMNI_HOURS, 1, 365, 23],
    );
    const page = await runtime.show("omni", { rows: 2, offset: 5000 });
    assert.deepEqual(
      page.origins.map((o) => o?.line),
      [5001, 5002],
    );
    assert.deepEqual(page.rows[0]!.slice(0, 3), [2023, 209, 8]);
  });

  test("a Kp index .lst list maps as a table of four columns", async () => {
    const t = onlyTable(runtime.map, "kp/omni2_Kp_Index.lst");
    assert.equal(t.rowCount, 80);
    assert.equal(t.noHeader, true);
    assert.equal(t.describedNames, undefined);
    assert.deepEqual(
      t.columns.map((c) => c.type),
      ["BIGINT", "BIGINT", "BIGINT", "BIGINT"],
    );
    const r = await runtime.call({ op: "Scan", file: "kp/omni2_Kp_Index.lst", output: "kp" });
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
    const page = await runtime.show("kp", { rows: 1, offset: 79 });
    assert.deepEqual(page.rows[0], [2024, 139, 21, (139 * 7 + 21 * 3) % 90]);
    assert.equal(page.origins[0]?.line, 80);
  });

  test("a header line of single words names the columns; a blank line inside the data is no row", async () => {
    const t = onlyTable(runtime.map, "station.txt");
    assert.equal(t.noHeader, undefined);
    assert.equal(t.headerLine, 1);
    assert.deepEqual(
      t.columns.map((c) => `${c.name}:${c.type}`),
      ["year:BIGINT", "temp:DOUBLE", "rain:BIGINT"],
    );
    assert.equal(t.rowCount, 4);
    const r = await runtime.call({ op: "Scan", file: "station.txt", output: "station" });
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
    const page = await runtime.show("station", { rows: 4 });
    assert.deepEqual(
      page.origins.map((o) => o?.line),
      [2, 3, 5, 6],
    );
  });

  test("a line past the sample with another number of values is told, with its text", () => {
    const t = onlyTable(runtime.map, "long.dat");
    assert.equal(t.rowCount, 150_001);
    assert.ok(
      t.notes?.some((n) => n.startsWith('1 line(s) do not hold 3 values (e.g. "   7   8")')),
      JSON.stringify(t.notes),
    );
  });

  test("NDBC realtime files: names from the `#` line above the units, MM read as NULL, words kept as a column", async () => {
    const t = onlyTable(runtime.map, "ndbc/44013.txt");
    assert.equal(t.headerLine, 1);
    assert.equal(t.rowCount, 4);
    assert.deepEqual(
      t.columns.map((c) => c.name),
      ["YY", "MM", "DD", "hh", "mm_2", "WDIR", "WSPD", "GST", "WVHT", "DPD", "APD", "MWD", "PRES"],
    );
    assert.equal(t.columns.find((c) => c.name === "WVHT")?.type, "DOUBLE");
    assert.ok(
      t.notes?.some((n) => n.startsWith("line 2 under the header holds units")),
      JSON.stringify(t.notes),
    );
    assert.ok(
      t.notes?.some((n) => n.includes('"mm" → mm_2')),
      JSON.stringify(t.notes),
    );
    const r = await runtime.call({ op: "Scan", file: "ndbc/44013.txt", output: "met" });
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
    const page = await runtime.show("met", { rows: 4 });
    assert.deepEqual(
      page.origins.map((o) => o?.line),
      [3, 4, 5, 6],
    );
    const [row] = (
      await runtime.call({
        op: "Query",
        sql: "SELECT count(WVHT) AS waves, avg(WVHT) AS mean FROM met",
        inputs: ["met"],
        output: "w",
      })
    ).observation
      ? ((await runtime.show("w", { rows: 1 })).rows as unknown[][])
      : [];
    assert.deepEqual(row, [2, 0.55]);
    const spec = onlyTable(runtime.map, "ndbc/44013.spec");
    assert.equal(spec.rowCount, 3);
    assert.equal(spec.columns.find((c) => c.name === "SwD")?.type, "VARCHAR");
    assert.equal(spec.columns.find((c) => c.name === "SwH")?.type, "DOUBLE");
  });

  test(".asc numbers separated by two spaces map with positional names", () => {
    const t = onlyTable(runtime.map, "ragged.asc");
    assert.equal(t.rowCount, 20);
    assert.deepEqual(
      t.columns.map((c) => c.name),
      ["column0", "column1", "column2"],
    );
  });
});
