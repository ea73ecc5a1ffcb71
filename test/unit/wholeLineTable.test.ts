import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { lineLayout, wholeLineRead } from "../../src/core/sourceMap/profiling/wholeLineTable.ts";

// The read and layout the fixed-width and whitespace-aligned profilers share. The read is written to
// the Source Map as it is built: its keys' order is part of the map's bytes.

const names = [
  { name: "station", sourceName: "station" },
  { name: "elev", sourceName: "elev" },
];

describe("whole-line tables", () => {
  test("a fixed-width read: every column VARCHAR, cut at its positions, keys in the map's order", () => {
    const read = wholeLineRead({ encoding: "utf-8", stripNul: false }, 2, names, {
      fixedWidth: [
        { start: 0, width: 8 },
        { start: 10, width: 4 },
      ],
    });
    assert.equal(
      JSON.stringify(read),
      JSON.stringify({
        kind: "csv",
        delimiter: "\u0001",
        encoding: "utf-8",
        skipLines: 2,
        dataRows: 0,
        quotedNewlines: false,
        columns: [
          { name: "station", sourceName: "station", type: "VARCHAR", thousands: false },
          { name: "elev", sourceName: "elev", type: "VARCHAR", thousands: false },
        ],
        fixedWidth: [
          { start: 0, width: 8 },
          { start: 10, width: 4 },
        ],
      }),
    );
  });

  test("a whitespace read keeps NUL stripping and the long-line size after how lines are cut", () => {
    const read = wholeLineRead({ encoding: "latin-1", stripNul: true, maxLineBytes: 5_000_000 }, 0, names, {
      whitespace: true,
    });
    assert.deepEqual(Object.keys(read).slice(-3), ["whitespace", "stripNul", "maxLineBytes"]);
    assert.equal(read.stripNul, true);
    assert.equal(read.maxLineBytes, 5_000_000);
    assert.equal(read.encoding, "latin-1");
  });

  test("the layout's title is the non-blank lines above the header", () => {
    const lines = ["Stations", "", "  (metres)", "station   elev", "AAA       12", "BBB       30"];
    const layout = lineLayout(lines, 3, {
      headerRow: 3,
      dataStart: 4,
      dataEnd: 6,
      footer: [],
      names: ["station", "elev"],
    });
    assert.deepEqual(layout, {
      titleRows: [0, 2],
      groupRows: [],
      headerRow: 3,
      subHeaderRows: [],
      dataStart: 4,
      dataEnd: 6,
      footer: [],
      names: ["station", "elev"],
    });
    assert.deepEqual(lineLayout(lines, 0, { ...layout, headerRow: null }).titleRows, []);
  });
});
