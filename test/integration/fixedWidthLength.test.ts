import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { detectFixedWidth } from "../../src/core/sourceMap/profiling/fixedWidth.ts";

// A fixed-width table's columns are read from its first lines; its length is not. The BBS species
// list (held-out FQ-09) has 1,464 species under a dashed header: read as 394 rows and 1,070
// "footnotes", it lost every warbler. (In this tier because the profiler's module loads DuckDB.)

function speciesList(species: number, after: string[] = []): string {
  const lines = [
    "Created by SQL on 05/14/2014",
    " ",
    "Seq    AOU   English_Common_Name            Family",
    "------ ----- ------------------------------ ---------------",
  ];
  for (let i = 1; i <= species; i++)
    lines.push(
      `${String(i * 3).padStart(6)} ${String(10000 + i).padStart(5)} ${`Bird ${i}`.padEnd(30)} Family ${i % 40}`,
    );
  return [...lines, ...after].join("\n");
}

describe("detectFixedWidth: a long table", () => {
  test("runs past the lines its shape is read from, to the end of the file", () => {
    const layout = detectFixedWidth(speciesList(1464));
    assert.equal(layout?.headerLine, 2);
    assert.equal(layout?.dataLine, 4);
    assert.equal(layout?.dataEnd, 4 + 1464);
  });

  test("ends at its first blank line, however far: notes after it stay notes", () => {
    const layout = detectFixedWidth(speciesList(900, ["", "Source: USGS Patuxent Wildlife Research Center"]));
    assert.equal(layout?.dataEnd, 4 + 900);
  });

  test("a short table ends where it did", () => {
    assert.equal(detectFixedWidth(speciesList(20, ["", "Note"]))?.dataEnd, 24);
  });
});
