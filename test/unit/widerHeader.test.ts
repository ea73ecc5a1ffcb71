import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { analyzeTable } from "../../src/core/sourceMap/layout/tableLayout.ts";
import { widerHeader } from "../../src/core/sourceMap/layout/widerHeader.ts";

const records = Array.from({ length: 10 }, (_, i) => [
  `2018-02-${10 + i}`,
  `0${i % 4}:15`,
  String(i),
  `AB-${100 + i}`,
]);
const placed = (header: string[], rows: string[][]) => {
  const all = [header, ...rows];
  const width = Math.max(...all.map((r) => r.length));
  return widerHeader(all, analyzeTable(all, { width }));
};

describe("a header line with a delimiter too many", () => {
  test("an empty field before the names, or between them, is a stray delimiter", () => {
    assert.deepEqual(placed(["", "DATE", "TIME", "Qty", "PRODUCTID"], records), {
      fields: 5,
      recordWidth: 4,
      placed: "stray-empty",
      names: ["DATE", "TIME", "Qty", "PRODUCTID"],
    });
    assert.deepEqual(placed(["DATE", "TIME", "", "Qty", "PRODUCTID"], records)?.names, [
      "DATE",
      "TIME",
      "Qty",
      "PRODUCTID",
    ]);
  });

  test("a field starting with a space continues the name before it (a comma unquoted inside a name)", () => {
    // Held-out FA-01: OWID's `Entity,Code,Year,Year, (metric tons)` over records of four fields.
    const fish = Array.from({ length: 8 }, (_, i) => [
      "Afghanistan",
      "AFG",
      String(1960 + i),
      String(200 + i),
    ]);
    assert.deepEqual(placed(["Entity", "Code", "Year", "Year", " (metric tons)"], fish), {
      fields: 5,
      recordWidth: 4,
      placed: "joined",
      names: ["Entity", "Code", "Year", "Year, (metric tons)"],
      joined: ["Year, (metric tons)"],
    });
  });

  test("a header as wide as its records is left as it is", () => {
    // An index column exported without a name: its records are as wide as the header.
    assert.equal(
      placed(
        ["", "DATE", "TIME", "Qty"],
        records.map((r) => r.slice(0, 4)),
      ),
      undefined,
    );
    assert.equal(placed(["DATE", "TIME", "Qty", "PRODUCTID"], records), undefined);
    // Spaces after every comma of a header as wide as its records: nothing to place.
    assert.equal(placed(["DATE", " TIME", " Qty", " PRODUCTID"], records), undefined);
  });

  test("a header wider than its records with no sign of where: the names stay by position, stated", () => {
    assert.deepEqual(placed(["", "DATE", "TIME", "Qty", "PRODUCTID", "Comments"], records), {
      fields: 6,
      recordWidth: 4,
      placed: "by-position",
      unplaced: ["PRODUCTID", "Comments"],
    });
    assert.deepEqual(
      placed(["DATE", "TIME", "Qty", "PRODUCTID", "Comments"], records)?.placed,
      "by-position",
    );
  });
});
