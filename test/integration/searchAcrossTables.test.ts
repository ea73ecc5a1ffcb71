import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import type { OperatorCall } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// A value searched for in each table of a study by the calls of one batch (issue 25, class 4):
// where another call finds it, the empty matches are the search's answer (info). A value found
// nowhere is still a warning in each table.

const { lake, stateDir } = tempLake({
  "study/proteins.csv": "gene,abundance\nPLK1,2.5\nTP53,1.1\nMYC,0.7\n",
  "study/phospho.csv": "gene,site,ratio\nTP53,S15,1.9\nMYC,T58,0.4\n",
  "study/rna.csv": "gene,tpm\nBRCA1,12\nMYC,30\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const [file, output] of [
    ["study/proteins.csv", "proteins"],
    ["study/phospho.csv", "phospho"],
    ["study/rna.csv", "rna"],
  ])
    assert.equal((await runtime.call({ op: "Scan", file, output })).status, "ok");
});
after(() => runtime?.close());

const search = (gene: string, tag: string): OperatorCall[] =>
  ["proteins", "phospho", "rna"].map((t) => ({
    op: "Query",
    sql: `SELECT * FROM ${t} WHERE gene = '${gene}'`,
    inputs: [t],
    output: `${tag}_${t}`,
  }));
const noMatch = (e: { diagnostics: { code: string; severity: string }[] }, code = "filter-no-match") =>
  e.diagnostics.filter((d) => d.code === code).map((d) => d.severity);

test("PLK1 searched in three tables and found in one: the two empty matches are info", async () => {
  const [proteins, phospho, rna] = await runtime.runBatch(search("PLK1", "plk1"));
  assert.deepEqual(noMatch(proteins!), []);
  assert.deepEqual(noMatch(phospho!), ["info"]);
  assert.deepEqual(noMatch(rna!), ["info"]);
  // The empty result of each is the same fact, settled the same way.
  assert.deepEqual(noMatch(phospho!, "empty-result"), ["info"]);
  assert.deepEqual(noMatch(rna!, "empty-result"), ["info"]);
  assert.match(
    phospho!.diagnostics.find((d) => d.code === "filter-no-match")!.message,
    /^Settled by call #\d+ of the same batch: it searches the same value 'PLK1' in another table and finds 1 row/,
  );
});

test("a misspelled gene found in no table still warns in each", async () => {
  const events = await runtime.runBatch(search("PLK-1", "misspelled"));
  assert.deepEqual(
    events.map((e) => noMatch(e)),
    [["warning"], ["warning"], ["warning"]],
  );
  assert.deepEqual(
    events.map((e) => noMatch(e, "empty-result")),
    [["warning"], ["warning"], ["warning"]],
  );
});
