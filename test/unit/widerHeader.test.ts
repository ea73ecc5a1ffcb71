import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { analyzeTable } from "../../src/core/sourceMap/layout/tableLayout.ts";
import { namesWithoutStrayFields } from "../../src/core/sourceMap/layout/widerHeader.ts";

const records = Array.from({ length: 10 }, (_, i) => [
  `2018-02-${10 + i}`,
  `0${i % 4}:15`,
  String(i),
  `AB-${100 + i}`,
]);
const stray = (header: string[], rows: string[][]) => {
  const all = [header, ...rows];
  const width = Math.max(...all.map((r) => r.length));
  return namesWithoutStrayFields(all, analyzeTable(all, { width }));
};

describe("a header line with a delimiter too many", () => {
  test("an empty field before the names, or between them, is a stray delimiter", () => {
    assert.deepEqual(stray(["", "DATE", "TIME", "Qty", "PRODUCTID"], records), {
      names: ["DATE", "TIME", "Qty", "PRODUCTID"],
      recordWidth: 4,
      dropped: 1,
    });
    assert.deepEqual(stray(["DATE", "TIME", "", "Qty", "PRODUCTID"], records)?.names, [
      "DATE",
      "TIME",
      "Qty",
      "PRODUCTID",
    ]);
  });

  test("a header as wide as its records is left as it is", () => {
    // An index column exported without a name: its records are as wide as the header.
    assert.equal(
      stray(
        ["", "DATE", "TIME", "Qty"],
        records.map((r) => r.slice(0, 4)),
      ),
      undefined,
    );
    assert.equal(stray(["DATE", "TIME", "Qty", "PRODUCTID"], records), undefined);
  });

  test("a header wider than its records by more than its empty fields is left as it is", () => {
    assert.equal(stray(["", "DATE", "TIME", "Qty", "PRODUCTID", "Comments"], records), undefined);
  });
});
