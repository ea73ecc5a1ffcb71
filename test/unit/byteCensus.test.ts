import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  censusOfBuffer,
  censusOfFile,
  crEndsLines,
  lineEndCounts,
  openQuoteAtEnd,
} from "../../src/core/sourceMap/sniff/byteCensus.ts";

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

describe("a file that ends inside a quoted field", () => {
  const at = (text: string, delimiter = ","): number | undefined =>
    openQuoteAtEnd(censusOfBuffer(Buffer.from(text)), delimiter);

  test("the last quote opening a field gives the line it stands on", () => {
    assert.equal(at('id,note\n1,"a"\n2,"two\nlines"\n3,"cut'), 5);
    assert.equal(at('id,note\r\n1,"a"\r\n2,"cut\r\nmore text\r\n'), 3);
    assert.equal(at('id\tnote\n1\t"cut', "\t"), 2);
  });

  test("a closed, doubled or unquoted last quote opens nothing", () => {
    assert.equal(at('id,note\n1,"a"\n2,"two\nlines"\n'), undefined);
    assert.equal(at('id,note\n1,"12"" vinyl"'), undefined);
    assert.equal(at('id,size\n1,3" bore\n'), undefined);
    assert.equal(at('id,note\n1,""\n'), undefined);
    assert.equal(at("id,note\n1,a\n"), undefined);
    // A quote standing alone as a value opens no text.
    assert.equal(at('id,mark\n1,"\n'), undefined);
  });

  test("the census of a file read in chunks finds the quote across a chunk's end", async () => {
    const dir = mkdtempSync(join(tmpdir(), "radar-census-"));
    try {
      const chunk = 1 << 20;
      const head = `id,note\n${"1,x\n".repeat(Math.floor((chunk - 20) / 4))}`;
      // The opening quote is the chunk's last byte; its field's text is in the next chunk.
      const pad = "p".repeat(chunk - head.length - 4);
      const text = `${head}${pad}\n2,"cut short\n`;
      const path = join(dir, "cut.csv");
      writeFileSync(path, text);
      assert.equal(Buffer.from(text).indexOf('"'), chunk - 1);
      const census = await censusOfFile(path);
      assert.equal(openQuoteAtEnd(census, ","), text.split("\n").length - 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
