import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { grepFlags, grepRegExp } from "../../src/core/validation/grepRegex.ts";

const re = (pattern: string, ...argv: string[]): RegExp | undefined =>
  grepRegExp(pattern, grepFlags(["grep", ...argv]));

describe("a grep pattern read as grep reads it", () => {
  test("basic syntax: \\( \\) \\{ \\} group and count, a bare + ? ( | is a letter", () => {
    assert.ok(re("^\\(ab\\)\\{2\\}$")!.test("abab"));
    assert.ok(re("a+b")!.test("a+b"));
    assert.ok(!re("a+b")!.test("aab"));
    assert.ok(re("x|y")!.test("x|y"));
  });
  test("extended syntax (-E, combined flags): + ? | ( ) are operators", () => {
    assert.ok(re("^(ab)+$", "-E")!.test("abab"));
    assert.ok(re("cat|dog", "-Ec")!.test("hotdog"));
  });
  test("bracket expressions: POSIX classes, a leading ], a backslash that is itself", () => {
    assert.ok(re("^[[:digit:]]*$")!.test("2024"));
    assert.ok(re("[]x]")!.test("]"));
    assert.ok(re("[\\]")!.test("a\\b"));
    assert.ok(re("[^,]*$")!.test("a,b\r"));
  });
  test("-i, -x and -w change what matches; back-references are not translated", () => {
    assert.ok(re("total", "-i")!.test("TOTAL"));
    assert.ok(!re("tot", "-x")!.test("total"));
    assert.ok(!re("tot", "-w")!.test("total"));
    assert.equal(re("\\(a\\)\\1"), undefined);
  });
  test("a `$` after a literal misses a line ending in CR; after [^,]* it does not", () => {
    assert.ok(!re(",\\*$")!.test("Syria,Refugees,*\r"));
    assert.ok(re(",[^,]*$")!.test("Syria,Refugees,*\r"));
  });
  test("`.` matches a CR as grep's does, and `\\s` takes it in", () => {
    assert.ok(re("\\*.$")!.test("Syria,Refugees,*\r"));
    assert.ok(re('"\\s*$')!.test('"Flash"\r'));
  });
});
