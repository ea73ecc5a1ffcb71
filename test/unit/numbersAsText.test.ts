import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { numbersAsText } from "../../src/core/runtime/numbersAsText.ts";

// A sheet named by its year, given as a number (`--option sheet=2012`, `"sheet": 2012`; held-out
// GG-07) was refused with "expected string, received number".
const args = z
  .object({
    file: z.string(),
    sheet: z.string().optional(),
    reader: z.object({ delimiter: z.string().optional(), header: z.number().optional() }).optional(),
    preview_rows: z.number().max(100).optional(),
  })
  .strict();

function retried(raw: Record<string, unknown>): Record<string, unknown> | undefined {
  const first = args.safeParse(raw);
  assert.equal(first.success, false);
  return numbersAsText(raw, first.success ? [] : first.error.issues);
}

describe("numbers where text is wanted", () => {
  test("a sheet named 2012 given as a number is read as the name", () => {
    const fixed = retried({ file: "ranks.xlsx", sheet: 2012 });
    assert.deepEqual(fixed, { file: "ranks.xlsx", sheet: "2012" });
    assert.equal(args.safeParse(fixed).success, true);
  });

  test("inside an object argument too (reader.delimiter: 9 is the text 9)", () => {
    assert.deepEqual(retried({ file: "a.txt", reader: { delimiter: 9 } }), {
      file: "a.txt",
      reader: { delimiter: "9" },
    });
  });

  test("any other fault keeps the refusal: a text where a number is wanted, too many rows, a stray argument", () => {
    assert.equal(retried({ file: "a.csv", reader: { header: "yes" } }), undefined);
    assert.equal(retried({ file: "a.csv", sheet: 2012, preview_rows: 500 }), undefined);
    assert.equal(retried({ file: "a.csv", sheet: 2012, delim: ";" }), undefined);
    assert.equal(retried({ file: 7, sheet: true }), undefined);
  });
});
