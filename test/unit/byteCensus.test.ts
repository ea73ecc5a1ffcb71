import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { censusOfBuffer, crEndsLines, lineEndCounts } from "../../src/core/sourceMap/sniff/byteCensus.ts";

// One test of lone carriage-return line ends serves the map (byteCensus) and the Bash warning
// (operators/bash/carriageReturns.ts): both must call a file's lines the same way.
describe("lone carriage-return line ends", () => {
  test("counts lone CRs apart from CRLF pairs", () => {
    assert.deepEqual(lineEndCounts(Buffer.from("a\rb\r\nc\nd\r")), { loneCr: 2, lineFeeds: 2 });
  });

  test("all lines ended by CR, or at least two and a tenth of the ends, end lines", () => {
    assert.ok(crEndsLines(5, 0));
    assert.ok(crEndsLines(2, 18));
    // One stray CR inside a cell among line feeds is no line end.
    assert.ok(!crEndsLines(1, 40));
    assert.ok(!crEndsLines(2, 30));
    assert.ok(!crEndsLines(0, 10));
  });

  test("the census of a buffer says the same", () => {
    assert.ok(censusOfBuffer(Buffer.from("y,n\r1,2\r3,4\r")).crLineEnds);
    assert.ok(!censusOfBuffer(Buffer.from("y,n\r\n1,2\r\n3,4\r\n")).crLineEnds);
  });
});
