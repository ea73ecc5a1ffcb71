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
const { lake, stateDir } = tempLake({
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
});
