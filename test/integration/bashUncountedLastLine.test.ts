import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";
import { bashCall } from "../helpers/bashCall.ts";

// A code list whose last line has no line feed after it (as a held-out language catalogue's was):
// `wc -l` counts line feeds, so it says 3 for a header and three codes — one data row seems missing.
const CODES = "code\tname\tspeakers\nabk\tAbkhaz\t0.2\nzul\tZulu\t12.0\nzza\tZaza\t2.0";
const { lake, stateDir } = tempLake({
  "speakers/native.txt": CODES,
  // The same list ended as text files usually are.
  "speakers/native_lf.txt": `${CODES}\n`,
  // Windows line ends, the last one kept.
  "speakers/native_crlf.txt": `${CODES.split("\n").join("\r\n")}\r\n`,
  // UTF-16 with its byte-order mark: the last line feed is 0A 00.
  "speakers/native_utf16.txt": Buffer.concat([
    Buffer.from([0xff, 0xfe]),
    Buffer.from(`${CODES}\r\n`, "utf16le"),
  ]),
  // Carriage returns alone end its lines, the last one none: wc says 0 (carriage-return-lines' finding).
  "speakers/native_cr.txt": CODES.split("\n").join("\r"),
  // Ends in blanks after its last line feed: nothing uncounted holds a value.
  "speakers/native_blank_end.txt": `${CODES}\n   `,
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

const bash = (command: string) => bashCall(runtime, command, "uncounted-last-line");

describe("a line count of a file whose last line has no line feed", () => {
  test("wc -l on the file names the uncounted line; a later count is info", async () => {
    const wc = await bash("wc -l speakers/native.txt");
    assert.equal(wc.call.status, "ok");
    assert.match(wc.o.stdout, /^3 /);
    assert.equal(wc.said.length, 1);
    assert.equal(wc.said[0]!.severity, "warning");
    assert.match(
      wc.said[0]!.message,
      /speakers\/native\.txt's last line \(line 4, 'zza\tZaza\t2\.0'\) has no line feed after it, and wc counts line feeds: the count here leaves that line out, one short \(the file has 4 lines\)/,
    );
    assert.deepEqual(wc.said[0]!.locations, [{ file: "speakers/native.txt", line: 4 }]);
    const again = await bash("tail -n +2 speakers/native.txt | wc -l");
    assert.equal(again.said.length, 1);
    assert.equal(again.said[0]!.severity, "info");
    assert.match(again.said[0]!.message, /^Again, as reported/);
  });

  test("silent where the count is right: ended files, programs that end their lines, other counts", async () => {
    for (const command of [
      "wc -l speakers/native_lf.txt",
      "wc -l speakers/native_crlf.txt",
      "wc -l speakers/native_utf16.txt",
      "wc -l speakers/native_blank_end.txt",
      "wc -l speakers/native_cr.txt",
      // grep, sort and cut end every output line with a line feed: their count is the file's.
      "grep -v code speakers/native.txt | wc -l",
      "sort speakers/native.txt | wc -l",
      // Words or bytes are not lines; grep -c counts the last line.
      "wc -c speakers/native.txt",
      "grep -c '' speakers/native.txt",
      "head -2 speakers/native.txt",
    ]) {
      const run = await bash(command);
      assert.equal(run.call.status, "ok", command);
      assert.deepEqual(run.said, [], command);
    }
  });

  test("through cat and tail the count is short too, told once per file", async () => {
    const fresh = await Runtime.open(lake, { radarDir: `${stateDir}-fresh` });
    try {
      const run = await bashCall(fresh, "cat speakers/native.txt | wc -l", "uncounted-last-line");
      assert.match(run.o.stdout, /^3\s*$/);
      assert.equal(run.said.length, 1);
      assert.equal(run.said[0]!.severity, "warning");
      // Not "the file has 4 lines": the count is of what cat passed on.
      assert.doesNotMatch(run.said[0]!.message, /the file has/);
    } finally {
      fresh.close();
    }
  });
});
