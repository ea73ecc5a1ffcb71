import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { grepShape, splitPrefixed } from "../../src/core/origins/grepOutput.ts";
import { splitFields } from "../../src/core/operators/bash/outputFields.ts";

// What grep's options say about its output lines' prefixes, and how a line splits into prefix and
// text (the runtime then checks every line against its file: outputOrigins.ts).

describe("grepShape", () => {
  test("-n on one file: line numbers, no file; on several files or -r: files too; -h drops them", () => {
    assert.deepEqual(grepShape(["grep", "-n", "x", "a.csv"]), {
      withFile: false,
      withLine: true,
      onlyMatching: false,
      context: false,
      operands: ["a.csv"],
      recursive: false,
    });
    assert.equal(grepShape(["grep", "-n", "x", "a.csv", "b.csv"])!.withFile, true);
    assert.equal(grepShape(["grep", "-rn", "x", "dir"])!.withFile, true);
    assert.equal(grepShape(["grep", "-hn", "x", "a.csv", "b.csv"])!.withFile, false);
    assert.equal(grepShape(["grep", "-H", "x", "a.csv"])!.withFile, true);
    assert.equal(grepShape(["grep", "--with-filename", "--line-number", "x", "a"])!.withLine, true);
  });

  test("patterns given by -e/-f are not operands; option values are skipped", () => {
    assert.deepEqual(grepShape(["grep", "-e", "a.csv", "-n", "b.csv"])!.operands, ["b.csv"]);
    assert.deepEqual(grepShape(["grep", "-m", "3", "x", "a.csv"])!.operands, ["a.csv"]);
    assert.deepEqual(grepShape(["grep", "-A2", "x", "a.csv"])!.operands, ["a.csv"]);
    assert.equal(grepShape(["grep", "-A", "2", "x", "a.csv"])!.context, true);
    assert.deepEqual(grepShape(["grep", "--regexp=x", "--", "-odd.csv"])!.operands, ["-odd.csv"]);
  });

  test("options whose output is not lines of files give no shape", () => {
    for (const flag of ["-c", "-l", "-L", "-b", "-Z", "--count", "--byte-offset", "-nc"])
      assert.equal(grepShape(["grep", flag, "x", "a.csv"]), undefined, flag);
    assert.equal(grepShape(["cat", "a.csv"]), undefined);
  });
});

describe("splitPrefixed", () => {
  const files = new Set(["a.csv", "day-3:x-1.txt", "dir/b.txt"]);
  const isFile = (f: string) => files.has(f);
  test("FILE:N: and FILE-N- (context), a file name holding the separators", () => {
    const shape = { withFile: true, withLine: true };
    assert.deepEqual(splitPrefixed("a.csv:12:1,2,3", shape, isFile), {
      file: "a.csv",
      line: 12,
      text: "1,2,3",
    });
    assert.deepEqual(splitPrefixed("a.csv-13-ctx", shape, isFile), { file: "a.csv", line: 13, text: "ctx" });
    assert.deepEqual(splitPrefixed("day-3:x-1.txt:4:POS 1:2", shape, isFile), {
      file: "day-3:x-1.txt",
      line: 4,
      text: "POS 1:2",
    });
    // The separators differ (a match's `:` then a context line's `-`): not a prefix.
    assert.equal(splitPrefixed("a.csv:12-x", shape, isFile), undefined);
    assert.equal(splitPrefixed("nofile.csv:1:x", shape, isFile), undefined);
  });

  test("N: alone, and FILE: alone", () => {
    assert.deepEqual(splitPrefixed("7:a:b", { withFile: false, withLine: true }, isFile), {
      line: 7,
      text: "a:b",
    });
    assert.equal(splitPrefixed("x7:a", { withFile: false, withLine: true }, isFile), undefined);
    assert.deepEqual(splitPrefixed("dir/b.txt:a:b", { withFile: true, withLine: false }, isFile), {
      file: "dir/b.txt",
      text: "a:b",
    });
  });
});

describe("splitFields", () => {
  test("csv with quotes, tsv, whitespace, lines", () => {
    assert.deepEqual(splitFields('a,"b,c","say ""hi""",', "csv"), ["a", "b,c", 'say "hi"', ""]);
    assert.deepEqual(splitFields("a\t\tb", "tsv"), ["a", "", "b"]);
    assert.deepEqual(splitFields("  12  a.csv ", "whitespace"), ["12", "a.csv"]);
    assert.deepEqual(splitFields("", "whitespace"), []);
    assert.deepEqual(splitFields("a, b", "lines"), ["a, b"]);
  });
});
