import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";
import { bashCall } from "../helpers/bashCall.ts";
import { storedZip } from "../helpers/zipFile.ts";

/**
 * A workbook as the ZIP archive it is, its members stored uncompressed so that their bytes hold
 * carriage returns alone and no line feed (a deflated workbook's bytes do so by chance, held-out
 * GW-01: 188 lone 0x0D against 208 0x0A in an AFCARS .xlsx).
 */
function workbook(): Buffer {
  const cells = Array.from({ length: 40 }, (_, i) => `<c><v>${i}</v></c>\r`).join("");
  return storedZip({
    "[Content_Types].xml":
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    "xl/workbook.xml": `<?xml version="1.0"?><workbook>\r${cells}</workbook>`,
  });
}

const { lake, stateDir } = tempLake({
  "afcars/state_tables.xlsx": workbook(),
  "afcars/state_tables.csv": "State,Adopted\nAlabama,712\nAlaska,311\n",
  "raw/blob.bin": Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

describe("Bash line programs over a workbook or a binary file", () => {
  test("a printout of a workbook is info; its bytes' carriage returns are no line ends", async () => {
    const head = await bashCall(runtime, "head -12 afcars/state_tables.xlsx", "binary-as-text");
    assert.equal(head.said.length, 1);
    assert.equal(head.said[0]!.severity, "info");
    assert.match(
      head.said[0]!.message,
      /afcars\/state_tables\.xlsx is an Excel workbook .*not its rows.*Scan reads its rows/,
    );
    assert.deepEqual(head.said[0]!.locations, [{ file: "afcars/state_tables.xlsx", line: 1 }]);
    assert.deepEqual(
      head.call.diagnostics.filter((d) => d.code === "carriage-return-lines"),
      [],
    );
  });

  test("a count or a match over a binary file's bytes is a warning", async () => {
    const wc = await bashCall(runtime, "wc -l afcars/state_tables.xlsx", "binary-as-text");
    assert.equal(wc.said.length, 1);
    assert.equal(wc.said[0]!.severity, "warning");
    assert.match(wc.said[0]!.message, /says nothing about its content/);
    const grep = await bashCall(runtime, "grep -c Alabama raw/blob.bin", "binary-as-text");
    assert.equal(grep.said.length, 1);
    assert.match(grep.said[0]!.message, /raw\/blob\.bin is binary, not text/);
  });

  test("a second count over a file already warned about is an info that says so (held-out HV-05)", async () => {
    const again = await bashCall(runtime, "grep -c Alaska afcars/state_tables.xlsx", "binary-as-text");
    assert.equal(again.said.length, 1);
    assert.equal(again.said[0]!.severity, "info");
    assert.match(again.said[0]!.message, /^As said at an earlier call: afcars\/state_tables\.xlsx/);
  });

  test("silent on text files and on programs that are not line programs", async () => {
    assert.deepEqual((await bashCall(runtime, "head -3 afcars/state_tables.csv", "binary-as-text")).said, []);
    assert.deepEqual((await bashCall(runtime, "ls -l afcars", "binary-as-text")).said, []);
  });
});
