import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { onlyTable } from "../helpers/mapEntries.ts";
import { tempLake } from "../helpers/tempLake.ts";

// FIDE's rating lists as published (held-out HQ): a `.txt` of columns aligned by spaces whose
// header names stand one space apart (`ID_NUMBER NAME … TITLE COUNTRY APR01 GAMES BIRTHDAY FLAG`),
// a name a line written `Last, First` (one comma a line: no delimiter), ids and games set flush
// right, a name longer than any in the sample running into the gap, and the DOS end-of-file byte
// (0x1A) on a line of its own. The map read each as "text, no table read".

const names = ["Aaberg, Anton", "Aagaard, Jacob", "Aage, Bjarke", "Aalders, Hendricus", "Abarca, Diego"];
function line(i: number, name: string, id = 1701991 + i * 7, games = i % 3): string {
  const title = i % 4 === 1 ? "m" : "";
  // A name of 33 characters takes the blank after the name's 32 (the columns after it stay put).
  const named = name.length > 32 ? name.slice(0, 33) : `${name.padEnd(32)} `;
  return `${String(id).padStart(11)} ${named}${title.padEnd(5)} ${"SWE".padEnd(7)} ${String(2100 + i).padStart(5)} ${String(games).padStart(5)} ${`17.01.19${50 + (i % 40)}`} ${i % 5 === 0 ? "i" : " "}`;
}
const header = "  ID_NUMBER NAME                             TITLE COUNTRY APR01 GAMES BIRTHDAY   FLAG";
const rows = Array.from({ length: 600 }, (_, i) => line(i, names[i % names.length]!));
// Past the first 400 lines the map shapes the columns from: an eight-digit id, two-digit games, a long name.
rows.push(line(600, "Aguiar, Carlos Alberto Branco lop", 13401262, 17));
const { lake, stateDir } = tempLake({
  "APR01FRL.TXT": `${[header, ...rows].join("\r\n")}\r\n\u001a`,
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir, validate: false });
});
after(() => runtime?.close());

test("a rating list is read as a table: its columns, every player, no row for the end-of-file byte", async () => {
  const t = onlyTable(runtime.map, "APR01FRL.TXT");
  assert.deepEqual(
    t.columns.map((c) => c.name),
    ["ID_NUMBER", "NAME", "TITLE", "COUNTRY", "APR01", "GAMES", "BIRTHDAY", "FLAG"],
  );
  assert.equal(t.columns[0]!.type, "BIGINT");
  const scan = await runtime.call({ op: "Scan", file: "APR01FRL.TXT", output: "apr01" });
  assert.equal(scan.status, "ok", JSON.stringify(scan.diagnostics));
  const q = await runtime.call({
    op: "Query",
    sql: "SELECT count(*) AS n, max(ID_NUMBER) AS top_id, max(GAMES) AS most, max(length(NAME)) AS longest FROM apr01",
    inputs: ["apr01"],
    output: "facts",
  });
  const [n, topId, most, longest] = (
    (q.observation as { records?: { rows?: unknown[][] } }).records?.rows?.[0] ?? []
  ).map(Number);
  assert.equal(n, 601);
  assert.equal(topId, 13401262);
  assert.equal(most, 17);
  assert.equal(longest, 33);
});
