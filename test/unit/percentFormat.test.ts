import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { percentFormat } from "../../src/core/sourceMap/readers/percentCells.ts";

describe("percentFormat: which number formats show a value as a percent", () => {
  test("built-in 0% and 0.00%, custom codes with a % sign", () => {
    assert.equal(percentFormat(9, undefined), "0%");
    assert.equal(percentFormat(10, undefined), "0.00%");
    assert.equal(percentFormat(164, "0.0%"), "0.0%");
    assert.equal(percentFormat(165, "#,##0.0%;[Red]-#,##0.0%"), "#,##0.0%;[Red]-#,##0.0%");
  });

  test("a % inside quotes, escaped, or in a plain, date or general format is no percent", () => {
    assert.equal(percentFormat(0, undefined), undefined);
    assert.equal(percentFormat(2, undefined), undefined);
    assert.equal(percentFormat(166, '0.0" %"'), undefined);
    assert.equal(percentFormat(167, "0.0\\%"), undefined);
    assert.equal(percentFormat(168, "yyyy-mm-dd"), undefined);
    assert.equal(percentFormat(169, "0.0"), undefined);
  });
});
