/**
 * The checks' cost on a 320k-row table read by GROUP BY on a name column (issue 25: value-variants
 * took 5.7 s of a 6.2 s query): a generated table of beach water samples — 1,200 beaches in 330
 * towns, 267 samples each — whose names include one-letter-apart names of different beaches in
 * different towns and a few true variants (case, trailing space) in one town. Per query: the query's
 * own time, the checks' time, and the findings; run with RADAR_PROFILE_RULES=1 for each rule's time.
 * Run: node --import tsx bench/benchVariants.ts [-- --rows N --repeat K]
 */
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { DuckDBInstance } from "@duckdb/node-api";
import { Runtime } from "../src/core/runtime.ts";

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "320000" },
    repeat: { type: "string", default: "3" },
    dir: { type: "string", default: "bench-data/variants" },
  },
});
const rows = Number(values.rows);
const repeat = Number(values.repeat);
const lake = resolve(values.dir, String(rows));

/** Name parts: some pairs are one letter apart (Lowe/Howe, Arrowhead/Arrow Head) as real place names are. */
const FIRST = ["Camp", "Lake", "Pond", "Bay", "Point", "Cove", "Harbor", "Island", "Shore", "River"];
const SECOND = [
  "Lowe",
  "Howe",
  "Arrowhead",
  "Arrow Head",
  "Pine",
  "Pines",
  "Cedar",
  "Oak",
  "Maple",
  "Birch",
  "Willow",
  "Elm",
  "Spruce",
  "Hemlock",
  "Ash",
  "Laurel",
  "Holly",
  "Juniper",
  "Alder",
  "Beech",
  "Linden",
  "Poplar",
  "Sumac",
  "Tamarack",
  "Hawthorn",
  "Sassafras",
  "Chestnut",
  "Walnut",
  "Hickory",
  "Magnolia",
  "Sycamore",
  "Dogwood",
  "Redbud",
  "Larch",
  "Fir",
  "Cypress",
  "Hazel",
  "Rowan",
  "Aspen",
  "Catalpa",
  "Locust",
  "Mulberry",
  "Persimmon",
  "Pawpaw",
  "Buckeye",
  "Boxelder",
  "Basswood",
  "Ironwood",
  "Hornbeam",
  "Sourwood",
  "Blackgum",
  "Yellowwood",
  "Coffeetree",
  "Hackberry",
  "Osage",
  "Serviceberry",
  "Witchhazel",
  "Sweetgum",
  "Tupelo",
  "Cottonwood",
];
const THIRD = ["Beach", "Landing", "Park"];

async function generate(): Promise<void> {
  const file = join(lake, "beach_samples.csv");
  if (existsSync(file)) return;
  mkdirSync(lake, { recursive: true });
  const db = await DuckDBInstance.create(":memory:");
  const c = await db.connect();
  const list = (xs: string[]): string => `[${xs.map((x) => `'${x}'`).join(", ")}]`;
  const beaches = FIRST.length * SECOND.length * THIRD.length;
  // Beach i: a name from the three lists and a town of its own (beaches of one town share it).
  // The last three beaches of the first town are re-spelt in some rows (case, trailing space).
  await c.run(
    `COPY (
       WITH b AS (
         SELECT i, ${list(FIRST)}[1 + i % ${FIRST.length}] || ' ' || ${list(SECOND)}[1 + (i // ${FIRST.length}) % ${SECOND.length}] || ' ' || ${list(THIRD)}[1 + i // ${FIRST.length * SECOND.length}] AS name,
                'Town ' || (hash(i) % 330) AS town, 'County ' || (hash(i) % 14) AS county
         FROM range(${beaches}) t(i)
       )
       SELECT 2002 + (r % 22) AS "Year",
              CASE WHEN b.i < 3 AND r % 97 = 0 THEN upper(b.name) WHEN b.i < 3 AND r % 89 = 0 THEN b.name || ' ' ELSE b.name END AS "Beach Name",
              b.town AS "Community", b.county AS "County",
              DATE '2002-05-25' + INTERVAL (r % 22) YEAR + INTERVAL ((r // 22) % 100) DAY AS "Sample Date",
              round((hash(r * 13) % 100000) / 97.0, 1) AS "Enterococcus",
              CASE WHEN hash(r * 17) % 10 = 0 THEN 'yes' ELSE 'no' END AS "Violation"
       FROM range(${rows}) t(r) JOIN b ON b.i = r % ${beaches}
     ) TO '${file}' (HEADER)`,
  );
  c.closeSync();
  db.closeSync();
}

const QUERIES: [string, string][] = [
  [
    "per beach",
    `SELECT "Beach Name", count(*) AS samples, avg("Enterococcus") AS mean_ent, count(*) FILTER (WHERE "Violation" = 'yes') AS violations FROM beaches GROUP BY "Beach Name" ORDER BY violations DESC`,
  ],
  [
    "per town and beach",
    `SELECT "Community", "Beach Name", count(*) AS samples FROM beaches WHERE "Year" >= 2010 GROUP BY "Community", "Beach Name"`,
  ],
];

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : Math.round((s[m - 1]! + s[m]!) / 2);
};

async function main(): Promise<void> {
  await generate();
  process.stderr.write(`lake: ${lake}\n`);
  const figures: Record<string, { queryMs: number[]; checksMs: number[]; findings: string[] }> = {};
  for (let k = 0; k < repeat; k++) {
    const runtime = await Runtime.open(lake, { radarDir: mkdtempSync(join(tmpdir(), "radar-bench-")) });
    try {
      const s = await runtime.call({ op: "Scan", file: "beach_samples.csv", output: "beaches" });
      if (s.status !== "ok") throw new Error(`Scan: ${s.status} ${s.error ?? ""}`);
      for (const [i, [label, sql]] of QUERIES.entries()) {
        const r = await runtime.call({ op: "Query", sql, inputs: ["beaches"], output: `q${i}` });
        if (r.status !== "ok") throw new Error(`Query ${label}: ${r.status} ${r.error ?? ""}`);
        const f = (figures[label] ??= { queryMs: [], checksMs: [], findings: [] });
        f.queryMs.push(r.durationMs - (r.validationMs ?? 0));
        f.checksMs.push(r.validationMs ?? 0);
        f.findings = r.diagnostics.map((d) => `${d.code}:${d.severity}: ${d.message.slice(0, 600)}`);
      }
    } finally {
      runtime.close();
    }
  }
  console.log(`${rows.toLocaleString()} beach samples, ${repeat} fresh runtimes`);
  for (const [label, f] of Object.entries(figures)) {
    console.log(
      `  ${label}: query ${f.queryMs.join(" / ")} ms (median ${median(f.queryMs)}), checks ${f.checksMs.join(" / ")} ms (median ${median(f.checksMs)}), checks/query ${(median(f.checksMs) / median(f.queryMs)).toFixed(2)}`,
    );
    for (const d of f.findings) console.log(`    ${d}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
