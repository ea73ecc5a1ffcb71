import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";
import { bashCall } from "../helpers/bashCall.ts";

// USGS county manure files of held-out GL (stop 36): Latin-1, `Do\xa4a Ana` among the counties.
// GNU grep printed the other New Mexico counties and left that one out, saying only "binary file
// matches" on stderr; the analyst read the listing as complete.
const COUNTIES = Buffer.concat([
  Buffer.from("State,County,N\nNew Mexico,Bernalillo,1200\nNew Mexico,Catron,800\n", "latin1"),
  Buffer.from([...Buffer.from("New Mexico,Do", "latin1"), 0xa4, ...Buffer.from("a Ana,5400\n", "latin1")]),
  Buffer.from("New Mexico,Eddy,2100\nTexas,Anderson,900\n", "latin1"),
]);
// A BJS table (held-out KJ-01): a title, the rows, then footnotes; footnote c writes 'BJS’s' with
// Windows-1252's apostrophe (0x92). A grep for the total printed its rows and left out that note.
const PRISONERS = Buffer.concat([
  Buffer.from(
    "Table 2. Prisoners under the jurisdiction of state or federal correctional authorities\n" +
      "Jurisdiction,2017,2018\nU.S. total,1489189,1465158\nFederal/a,183058,179898\nState/b,1306131,1285260\n" +
      ["Alabama,28328,27977", "Alaska,4355,4395", "Arizona,42030,42252", "Arkansas,17537,17799"]
        .concat(["California,131039,129417", "Colorado,20101,19951", "Connecticut/c,14520,13212"])
        .join("\n") +
      "\nNote: Jurisdiction refers to the legal authority over a prisoner, not where the prisoner is held.\n" +
      "a/Includes inmates held in nonsecure privately operated community corrections facilities.\n",
    "latin1",
  ),
  Buffer.from([
    ...Buffer.from("c/Prisons and jails form one integrated system; see BJS", "latin1"),
    0x92,
    ...Buffer.from("s Jurisdiction notes for the total held.\n", "latin1"),
  ]),
]);
// The twin: one row, Connecticut's, carries a cp1252 dash ('total–c') and matches as well.
const PRISONER_ROWS = Buffer.from(
  PRISONERS.toString("latin1").replace("Connecticut/c,", "Connecticut\x96total/c,"),
  "latin1",
);
const { lake, stateDir } = tempLake({
  "bjs/p18t02.csv": PRISONERS,
  "bjs/p18t02_rows.csv": PRISONER_ROWS,
  "manure/cnty_manure_2007.csv": COUNTIES,
  "plain.csv": "State,N\nTexas,1\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

const bash = (command: string) => bashCall(runtime, command, "grep-binary-lines");

describe("grep over a line that is not UTF-8 text", () => {
  test("the matching line grep left out is told, with the file", async () => {
    const { o, said } = await bash("grep -n 'New Mexico' manure/cnty_manure_2007.csv");
    assert.equal(o.stdout.trim().split("\n").length, 3, o.stdout);
    assert.equal(said.length, 1);
    assert.equal(said[0]!.severity, "warning");
    assert.match(
      said[0]!.message,
      /manure\/cnty_manure_2007\.csv .*printed none of them \(1 line\(s\): line 4\).*grep -a/s,
    );
    // The finding points at the line left out, not the file's first (held-out JA-03).
    assert.deepEqual(said[0]!.locations, [{ file: "manure/cnty_manure_2007.csv", line: 4 }]);
  });

  test("through a pipe too; a count (-c) counts them and says nothing", async () => {
    assert.equal((await bash("grep -c Mexico manure/cnty_manure_2007.csv")).said.length, 0);
    const { said } = await bash("cat manure/cnty_manure_2007.csv | grep Mexico");
    assert.equal(said.length, 1);
    assert.match(said[0]!.message, /its input/);
  });

  test("grep -a prints them, and a match among text lines only says nothing", async () => {
    const a = await bash("grep -a -n 'New Mexico' manure/cnty_manure_2007.csv");
    assert.equal(a.o.stdout.trim().split("\n").length, 4);
    assert.equal(a.said.length, 0);
    assert.equal((await bash("grep -n Texas plain.csv")).said.length, 0);
  });

  test("a line left out that the map read as a footnote is told as info: the rows were all printed", async () => {
    const { o, said } = await bash("grep -n 'total' bjs/p18t02.csv");
    assert.equal(o.stdout.trim().split("\n").length, 1, o.stdout);
    assert.equal(said.length, 1);
    assert.equal(said[0]!.severity, "info");
    assert.match(said[0]!.message, /line 15\).*a title or footnote of the file's table, not a data row/s);
    // The same note and a data row written in Windows-1252 (the twin of PRISONERS): a row is
    // missing from the output, and that is a warning.
    const twin = await bash("grep -n 'total' bjs/p18t02_rows.csv");
    assert.equal(twin.said.length, 1);
    assert.equal(twin.said[0]!.severity, "warning");
    assert.match(twin.said[0]!.message, /2 line\(s\): line 12, line 15\)/);
  });
});
