import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { normalizeCell, pythonFloatStr } from "../../bench/pollock/normalizeCell.ts";
import { aggregate, fileMeasures, parseCsv } from "../../bench/pollock/pollockMetric.ts";
import type { FileMeasures } from "../../bench/pollock/pollockMetric.ts";

describe("Pollock cell normalisation (pollock/data_types.py)", () => {
  test("booleans, integers and floats as Python reads and prints them", () => {
    assert.equal(normalizeCell(""), "");
    assert.equal(normalizeCell("true"), "1");
    assert.equal(normalizeCell("False"), "0");
    assert.equal(normalizeCell("0"), "0");
    // int("01") == 1: the original takes it for a boolean and prints str(bool(1)).
    assert.equal(normalizeCell("01"), "True");
    assert.equal(normalizeCell("+0"), "False");
    assert.equal(normalizeCell("0042"), "42");
    assert.equal(normalizeCell("+7"), "7");
    assert.equal(normalizeCell(" -12 "), "-12");
    assert.equal(normalizeCell("1.50"), "1.5");
    assert.equal(normalizeCell("3"), "3");
    assert.equal(normalizeCell("3.0"), "3.0");
    assert.equal(normalizeCell("1e3"), "1000.0");
    assert.equal(normalizeCell("0.00001"), "1e-05");
    assert.equal(normalizeCell("12345678901234567.0"), "1.2345678901234568e+16");
    // The decimal comma is not converted (the original discards its replace()).
    assert.equal(normalizeCell("1,5"), "1,5");
  });

  test("Python's str(float) forms", () => {
    assert.equal(pythonFloatStr(0.1), "0.1");
    assert.equal(pythonFloatStr(100), "100.0");
    assert.equal(pythonFloatStr(-2.5e-7), "-2.5e-07");
    assert.equal(pythonFloatStr(1e16), "1e+16");
    assert.equal(pythonFloatStr(123456789012345.6), "123456789012345.6");
    assert.equal(pythonFloatStr(Infinity), "inf");
  });

  test("times, dates and prices: one form for one value", () => {
    assert.equal(normalizeCell("00:15"), "00:15:00");
    assert.equal(normalizeCell("00:15:00"), "00:15:00");
    assert.equal(normalizeCell("28/01/2018"), "2018-01-28 00:00:00");
    assert.equal(normalizeCell("2018-01-28"), "2018-01-28 00:00:00");
    // Ambiguous day and month: month first, as dateutil reads it.
    assert.equal(normalizeCell("01/02/2018"), "2018-01-02 00:00:00");
    assert.equal(normalizeCell("2018-01-28 00:15:00"), "2018-01-28 00:15:00");
    assert.equal(normalizeCell("$74.69"), "$74.69");
    assert.equal(normalizeCell("$74.690"), "$74.69");
    assert.equal(normalizeCell("Men's Boots"), "men's boots");
    assert.equal(normalizeCell("MG-8769"), "mg-8769");
  });
});

describe("Pollock measures (pollock/metrics.py)", () => {
  const clean = [
    ["Date", "Qty", "Name"],
    ["28/01/2018", "2", "Boots"],
    ["29/01/2018", "0", "Jacket"],
    ["30/01/2018", "1", "Shoes"],
  ];

  test("a perfect load scores 10; re-printed values lose cell points only", () => {
    const perfect = fileMeasures(clean, clean);
    assert.equal(
      Object.values(perfect).reduce((a, b) => a + b, 0),
      10,
    );
    const typed = fileMeasures(clean, [
      ["Date", "Qty", "Name"],
      ["2018-01-28", "2", "Boots"],
      ["2018-01-29", "0", "Jacket"],
      ["2018-01-30", "1", "Shoes"],
    ]);
    assert.equal(typed.header_f1, 1);
    assert.equal(typed.record_f1, 1);
    // 9 of 12 cells are written as in the clean file.
    assert.equal(typed.cell_precision, 9 / 12);
    assert.equal(typed.cell_recall, 9 / 12);
  });

  test("precision is over the clean table, recall over the loaded one", () => {
    // The header read as a record, positional names instead: no header match, one extra record.
    const loaded = [["column0", "column1", "column2"], ...clean];
    const m = fileMeasures(clean, loaded);
    assert.equal(m.success, 1);
    assert.equal(m.header_f1, 0);
    assert.equal(m.record_precision, 1);
    assert.equal(m.record_recall, 3 / 4);
    assert.equal(m.cell_precision, 1);
    assert.equal(m.cell_recall, 12 / 15);
  });

  test("a failed load scores 0 everywhere; an empty clean table scores 1", () => {
    assert.equal(
      Object.values(fileMeasures(clean, undefined)).reduce((a, b) => a + b, 0),
      0,
    );
    assert.equal(
      Object.values(fileMeasures([], [])).reduce((a, b) => a + b, 0),
      10,
    );
  });

  test("simple and weighted scores, and the published classes", () => {
    const perfect = fileMeasures(clean, clean);
    const failed = fileMeasures(clean, undefined);
    const perFile = new Map<string, FileMeasures>([
      ["file_preamble.csv", perfect],
      ["row_more_sep_row1_col0.csv", failed],
      ["row_less_sep_row1_col0.csv", perfect],
    ]);
    const s = aggregate(perFile, {
      "file_preamble.csv": 3,
      "row_more_sep_row1_col0.csv": 1,
      "row_less_sep_row1_col0.csv": 1,
    });
    assert.equal(s.files, 3);
    assert.ok(Math.abs(s.simple - 20 / 3) < 1e-12);
    assert.ok(Math.abs(s.weighted - 40 / 5) < 1e-12);
    assert.equal(s.classes.table_success, 1);
    // evaluate.py's "inconsistent" pattern ("%row_less.*|row_more") holds row_more files only.
    assert.equal(s.classes.inconsistent_success, 0);
    assert.ok(Number.isNaN(s.classes.structural_success));
  });

  test("CSV text is read as Python's csv.reader reads it", () => {
    assert.deepEqual(parseCsv('a,"b,c","d ""e"""\r\n1,,"x\ny"\n\n'), [
      ["a", "b,c", 'd "e"'],
      ["1", "", "x\ny"],
      [],
    ]);
  });
});
