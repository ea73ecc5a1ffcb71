import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Held-out HQ-02: FIDE's rating lists are latin-1; `cat` of one into a lines table stored its
// accented names as U+FFFD ('Acebal Mu�iz'). The output is read in the encoding the map read the
// file in, as Scan reads it; a UTF-8 file's output stays UTF-8.

const players = ["1701991  Acebal Muñiz, Antonio   ESP  2210", "2208431  Perdomo Abad, José     ESP  2105"];
const { lake, stateDir } = tempLake({
  "lists/JAN02FRL.TXT": Buffer.from(`${players.join("\n")}\n`.repeat(40), "latin1"),
  "lists/utf8.txt": `${players.join("\n")}\n`,
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir, validate: false });
});
after(() => runtime?.close());

for (const file of ["lists/JAN02FRL.TXT", "lists/utf8.txt"])
  test(`cat of ${file} into a lines table keeps its accented names`, async () => {
    const table = file.includes("utf8") ? "u" : "l";
    const r = await runtime.call({ op: "Bash", command: `cat ${file}`, output: table, columns: "lines" });
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
    const page = await runtime.show(table, { rows: 2 });
    assert.deepEqual(
      page.rows.map((row) => row[0]),
      players,
    );
  });
