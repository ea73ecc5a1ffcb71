import { Runtime } from "../src/core/runtime.ts";
import { tempLake } from "../test/helpers/tempLake.ts";
const n = Number(process.argv[2] ?? 2000);
const validate = process.argv[3] !== "off";
const rows = ["id,v"]; for (let i = 0; i < 2000; i++) rows.push(`${i},${i % 7}`);
const { lake, stateDir } = tempLake({ "t.csv": `${rows.join("\n")}\n` });
async function main() {
const rt = await Runtime.open(lake, { radarDir: stateDir, validate });
await rt.call({ op: "Scan", file: "t.csv", output: "t" });
const sql = Array.from({ length: n }, (_, i) => `SELECT id, v FROM t WHERE id = ${i % 2000}`).join(" UNION ALL ");
import("../src/core/engine/duckEngine.ts").then(() => {});
const E = (rt.engine as any).constructor.prototype;
for (const m of ["all", "page", "run", "describe", "statementTypes"]) {
  const orig = E[m];
  E[m] = async function (this: unknown, sql: string, ...rest: unknown[]) {
    const t0 = performance.now();
    try { return await orig.call(this, sql, ...rest); } finally {
      const ms = performance.now() - t0; if (ms > 100) console.log(m, Math.round(ms), "ms", String(sql).slice(0, 90).replace(/\s+/g, " "), "...len", String(sql).length);
    }
  };
}
let t = performance.now();
const rows2 = await rt.engine.all(`SELECT count(*) FROM (${sql})`);
console.log("raw duckdb", Math.round(performance.now() - t), "ms", rows2);
t = performance.now();
const ev = await rt.call({ op: "Query", sql, inputs: ["t"], output: "o" });
console.log("call", Math.round(performance.now() - t), ev.status, ev.durationMs, ev.validationMs, ev.diagnostics.map(d=>d.code));
rt.close();
}
main();
