import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runPollock } from "../../bench/pollock/runPollock.ts";
import type { LoaderRun } from "../../bench/pollock/runPollock.ts";
import { MEASURES } from "../../bench/pollock/pollockMetric.ts";

/** An order export like Pollock's source file: dates, times, counts, prices, quoted text. */
const header = ["DATE", "TIME", "Qty", "PRODUCTID", "Price", "ProductType", "Comments"];
const records = Array.from({ length: 30 }, (_, i) => [
  `${String(13 + (i % 15)).padStart(2, "0")}/0${1 + (i % 9)}/2019`,
  `${String(i % 24).padStart(2, "0")}:${i % 2 ? "30" : "15"}`,
  String(i % 4),
  `AB-${1000 + i * 7}`,
  `$${(10 + i * 1.25).toFixed(2)}`,
  i % 3 ? `Boots, size ${i}` : `Jacket "Light" ${i}`,
  "",
]);

function write(rows: string[][], delimiter = ",", quote = '"', eol = "\n"): string {
  const cell = (c: string): string =>
    c.includes(delimiter) || c.includes(quote) ? `${quote}${c.replaceAll(quote, quote + quote)}${quote}` : c;
  return rows.map((r) => r.map(cell).join(delimiter)).join(eol) + eol;
}

const cleanText = (rows: string[][]): string =>
  rows.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(",")).join("\n") + "\n";

/** Polluted files generated here, each with the clean table it holds (Pollock's layout). */
const polluted: Record<string, string> = {
  "source.csv": write([header, ...records]),
  "file_field_delimiter_0x3B.csv": write([header, ...records], ";"),
  "file_record_delimiter_0xD.csv": write([header, ...records], ",", '"', "\r"),
  "file_field_delimiter_0x2C_0x20.csv": write([header, ...records], ", "),
  "file_preamble.csv": `Orders export,,,,,,\n,,,,,,\n${write([header, ...records])}`,
  // One record with a separator too many: the clean table has an extra, unnamed column.
  "row_more_sep_row3_col2.csv": write([
    header,
    ...records.map((r, i) => (i === 2 ? [...r.slice(0, 2), "", ...r.slice(2)] : r)),
  ]),
  "file_no_payload.csv": "",
  // A stray quote opening the fourth field of record 5, never closed where a field ends.
  "row_extra_quote5_col3.csv": write([header, ...records]).replace(",AB-1028,", ',"AB-1028,'),
  // The header's last separator lost after a quoted name: `"ProductType"Comments`.
  "row_less_sep_row0_col6.csv": write([header, ...records]).replace(
    "ProductType,Comments\n",
    '"ProductType"Comments\n',
  ),
  // A second export appended with no blank line: its own header, one column fewer.
  "file_multitable_less.csv":
    write([header, ...records]) +
    write([header.slice(0, -1), ...records.slice(0, 12).map((r) => r.slice(0, -1))]),
};

describe("the Pollock harness on generated polluted files", () => {
  const dir = mkdtempSync(join(tmpdir(), "radar-pollock-test-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, "csv"));
  mkdirSync(join(dir, "clean"));
  const weights: Record<string, number> = {};
  for (const [name, text] of Object.entries(polluted)) {
    writeFileSync(join(dir, "csv", name), text);
    const clean =
      name === "file_no_payload.csv"
        ? []
        : name.startsWith("row_extra_quote")
          ? [header, ...records.map((r, i) => (i === 4 ? [...r.slice(0, 3), `"${r[3]}`, ...r.slice(4)] : r))]
          : name === "file_no_payload.csv"
            ? []
            : name.startsWith("row_more")
              ? [
                  [...header, ""],
                  ...records.map((r, i) => (i === 2 ? [...r.slice(0, 2), "", ...r.slice(2)] : [...r, ""])),
                ]
              : [header, ...records];
    writeFileSync(join(dir, "clean", name), clean.length ? cleanText(clean) : "");
    weights[name] = name === "source.csv" ? 1 : 10;
  }
  writeFileSync(join(dir, "pollock_weights.json"), JSON.stringify(weights));

  let runs: LoaderRun[] = [];
  let notes = new Map<string, { notes?: string[]; tables: number }>();
  const run = (loader: string): LoaderRun => runs.find((r) => r.loader === loader)!;
  const file = (loader: string, name: string): Record<string, number> =>
    run(loader).files.find((f) => f.file === name)!.measures;

  test("RADAR and DuckDB auto are each scored on every file", async () => {
    const result = await runPollock(dir);
    runs = result.runs;
    notes = result.radarNotes;
    assert.deepEqual(
      runs.map((r) => r.loader),
      ["radar", "radar-text", "duckdb-auto"],
    );
    for (const r of runs) {
      assert.equal(r.files.length, Object.keys(polluted).length);
      const total = MEASURES.reduce((s, m) => s + r.scores.means[m], 0);
      assert.ok(Math.abs(total - r.scores.simple) < 1e-9);
    }
  });

  test("the clean source loads whole; typed dates and times lose cell points only", () => {
    const text = file("radar-text", "source.csv");
    assert.equal(
      MEASURES.reduce((s, m) => s + text[m]!, 0),
      10,
    );
    const typed = file("radar", "source.csv");
    assert.equal(typed.record_f1, 1);
    assert.equal(typed.header_f1, 1);
    assert.ok(typed.cell_f1! < 1, "dates are re-printed as ISO dates");
  });

  test("an empty file is no table: success 0", () => {
    assert.equal(file("radar", "file_no_payload.csv").success, 0);
  });

  test('a semicolon file, ", " between fields, a preamble and carriage-return lines are read as the clean table', () => {
    for (const name of [
      "file_field_delimiter_0x3B.csv",
      "file_preamble.csv",
      "file_record_delimiter_0xD.csv",
    ]) {
      const m = file("radar-text", name);
      assert.equal(m.record_f1, 1, name);
      assert.equal(m.header_f1, 1, name);
    }
  });

  test("a stray quote is read as a character of its value, and the table says where it is", () => {
    const m = file("radar-text", "row_extra_quote5_col3.csv");
    assert.equal(m.success, 1);
    assert.equal(m.header_f1, 1);
    // Every record reads as in the clean table, `"AB-1028` included.
    assert.equal(m.record_f1, 1);
    assert.equal(m.cell_f1, 1);
    const note = notes.get("row_extra_quote5_col3.csv")?.notes?.join(" ") ?? "";
    assert.match(note, /line 6: a quote that does not open or close a field .* is read as a character/);
    assert.equal(notes.get("source.csv")?.notes, undefined);
  });

  test("a record with a delimiter too many adds no column", () => {
    // The clean table written here keeps the extra field as an unnamed column; Pollock's own clean
    // tables for row_more_sep files do not (the header's columns only).
    const m = file("radar-text", "row_more_sep_row3_col2.csv");
    assert.equal(m.record_f1, 1);
    assert.match(notes.get("row_more_sep_row3_col2.csv")?.notes?.join(" ") ?? "", /no header and no value/);
  });

  test("a table appended under another with its own header is a table of its own", () => {
    assert.equal(notes.get("file_multitable_less.csv")?.tables, 2);
    const m = file("radar-text", "file_multitable_less.csv");
    assert.equal(m.record_f1, 1);
    assert.equal(m.header_f1, 1);
  });

  test("a stray quote in the header line loses no row", () => {
    // DuckDB's strict reader, skipping that line, read no record at all.
    const m = file("radar-text", "row_less_sep_row0_col6.csv");
    assert.equal(m.record_f1, 1);
    assert.match(notes.get("row_less_sep_row0_col6.csv")?.notes?.join(" ") ?? "", /near line 1 /);
  });
});
