import { DuckEngine } from "../src/core/engine/duckEngine.ts";
import { tempLake } from "../test/helpers/tempLake.ts";
import { walk } from "../src/core/sandbox/sqlGate.ts";
async function main() {
  const { lake } = tempLake({ "t.csv": "id,v\n1,2\n" });
  const e = await DuckEngine.open(lake, {});
  for (const n of [50000, 100000, 190000]) {
    const sql = `SELECT count(*) AS n FROM t WHERE id IN (${Array.from({ length: n }, (_, i) => i).join(", ")})`;
    let t = performance.now();
    const [row] = await e.all("SELECT json_serialize_sql($1::VARCHAR) AS j", [sql]);
    const a = performance.now() - t; t = performance.now();
    const text = String(row?.j);
    const parsed = JSON.parse(text);
    const b = performance.now() - t; t = performance.now();
    let c = 0; walk(parsed, () => { c++; });
    const w = performance.now() - t; t = performance.now();
    await e.all("SELECT length(json_serialize_sql($1::VARCHAR)) AS j", [sql]);
    const a2 = performance.now() - t;
    console.log(n, sql.length, "serialize", Math.round(a), "ms (length only", Math.round(a2), ") json", text.length, "parse", Math.round(b), "walk", Math.round(w), "nodes", c);
  }
  e.close();
}
main();
