import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Runtime } from "../../src/core/runtime.ts";
import type { Diagnostic } from "../../src/core/diagnostic.ts";
import { diagnosticCodes } from "../../src/core/validation/ruleRegistry.ts";
import { repoRoot, tempLake } from "../helpers/tempLake.ts";

// The FTC data book's own files (test/fixtures/legal). State Identity Theft Reports: one report
// can name several theft types — "Consumers can report multiple types of identity theft." — so
// Alabama's seven types add up to 16,589 while the state ranking counts 13,596 reports.
const STATE = "2024_CSN_State_Identity_Theft_Reports.csv";
const RANKING = "2024_CSN_State_Rankings_Identity_Theft_Reports.csv";
const BY_TYPE = "2024_CSN_Identity_Theft_Reports_by_Type.csv";
const FOOTNOTE = "Consumers can report multiple types of identity theft.";

const fixture = (name: string): Buffer => readFileSync(join(repoRoot, "test/fixtures/legal", name));
const { lake, stateDir } = tempLake({
  [STATE]: fixture(STATE),
  [RANKING]: fixture(RANKING),
  [BY_TYPE]: fixture(BY_TYPE),
  // The same shape without a counting rule: states' complaint categories, nothing said about overlap.
  "categories.csv":
    "State,Category,# of Reports\nAlabama,Imposters,10\nAlabama,Shopping,5\nAlaska,Imposters,3\nAlaska,Shopping,2\n",
});

let runtime: Runtime;
let n = 0;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const [file, output] of [
    [STATE, "state_idt"],
    [RANKING, "idt_rank"],
    [BY_TYPE, "by_type"],
    ["categories.csv", "categories"],
  ] as const)
    assert.equal((await runtime.call({ op: "Scan", file, output })).status, "ok");
});
after(() => runtime?.close());

async function query(sql: string, inputs: string[]): Promise<{ rows: unknown[][]; found: Diagnostic[] }> {
  const r = await runtime.call({ op: "Query", sql, inputs, output: `q${n++}` });
  assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
  assert.deepEqual(
    r.diagnostics.filter((d) => d.code === "validation-error"),
    [],
    "a check could not run",
  );
  const rows = (r.observation as { records: { rows: unknown[][] } }).records.rows;
  return { rows, found: r.diagnostics.filter((d) => d.code === "overlapping-categories") };
}

describe("overlapping-categories: sums across categories a footnote says overlap", () => {
  test("is a registered code", () => {
    assert.ok(diagnosticCodes.includes("overlapping-categories"));
  });

  test("Alabama's types summed: 16,589, the footnote quoted with its line, the rows located", async () => {
    const { rows, found } = await query(
      `SELECT sum("# of Reports") AS reports FROM state_idt WHERE State = 'Alabama'`,
      ["state_idt"],
    );
    assert.equal(Number(rows[0]![0]), 16589);
    assert.equal(found.length, 1);
    const d = found[0]!;
    assert.equal(d.severity, "warning");
    assert.ok(d.message.includes(JSON.stringify(FOOTNOTE)), d.message);
    assert.ok(d.message.includes(`(${STATE}:369)`), d.message);
    assert.match(d.message, /over state_idt adds up rows of 7 different "Theft Type" values/);
    assert.match(d.message, /→ 16,589/);
    assert.match(d.message, /lines 4–10/);
    assert.deepEqual(d.locations[0], { file: STATE, line: 369 });
    assert.deepEqual(
      d.locations.slice(1).map((l) => l.line),
      [4, 5, 6, 7, 8, 9, 10],
    );
  });

  test("per state: every group spans the types, Alabama named as the first", async () => {
    const { found } = await query(
      'SELECT State, sum("# of Reports") AS reports FROM state_idt GROUP BY State ORDER BY reports DESC',
      ["state_idt"],
    );
    assert.equal(found.length, 1);
    assert.match(found[0]!.message, /in 52 of its 52 groups, e.g\. State = 'Alabama'/);
  });

  test("a ratio over the sum of the types: the ratio of the question answered wrongly", async () => {
    for (const sql of [
      `SELECT sum("# of Reports") FILTER (WHERE "Theft Type" = 'Credit Card') / sum("# of Reports") AS share FROM state_idt WHERE State = 'Alabama'`,
      `SELECT "Theft Type", "# of Reports" / sum("# of Reports") OVER (PARTITION BY State) AS share FROM state_idt`,
      `SELECT "# of Reports" / (SELECT sum("# of Reports") FROM state_idt WHERE State = 'Alabama') AS share FROM state_idt WHERE State = 'Alabama'`,
      `WITH al AS (SELECT * FROM state_idt WHERE State = 'Alabama') SELECT sum("# of Reports") AS reports FROM al`,
      `SELECT sum(TRY_CAST(replace(Percentage, '%', '') AS DOUBLE)) AS pct FROM state_idt WHERE State = 'Alabama'`,
    ]) {
      const { found } = await query(sql, ["state_idt"]);
      assert.equal(found.length, 1, sql);
      assert.ok(found[0]!.message.includes(JSON.stringify(FOOTNOTE)), sql);
    }
  });

  test("a table filtered from the file first carries the file's rule", async () => {
    const al = await runtime.call({
      op: "Query",
      sql: `SELECT State, "Theft Type", "# of Reports" FROM state_idt WHERE State = 'Alabama'`,
      inputs: ["state_idt"],
      output: "alabama",
    });
    assert.equal(al.status, "ok");
    const { found } = await query('SELECT sum("# of Reports") AS reports FROM alabama', ["alabama"]);
    assert.equal(found.length, 1);
    assert.ok(found[0]!.message.includes(`(${STATE}:369)`));
  });

  test("subtypes summed into their type: more than the data book's own type totals", async () => {
    // Credit Card's subtypes add up to 458,538; the data book counts 449,032 credit-card reports.
    const { rows, found } = await query(
      `SELECT sum("# of Reports") AS reports FROM by_type WHERE "Theft Type" = 'Credit Card'`,
      ["by_type"],
    );
    assert.equal(Number(rows[0]![0]), 458538);
    assert.equal(found.length, 1);
    assert.match(found[0]!.message, /"Theft Type" \/ "Theft Subtype" values/);
    assert.ok(found[0]!.message.includes("14% of identity theft reports included more than one type"));
  });

  test("not on reads of one category, per-category groups, other aggregates or the right denominator", async () => {
    for (const [sql, inputs] of [
      // One type across the states: the states do not overlap.
      [
        `SELECT sum("# of Reports") AS reports FROM state_idt WHERE "Theft Type" = 'Credit Card'`,
        ["state_idt"],
      ],
      [
        'SELECT "Theft Type", sum("# of Reports") AS reports FROM state_idt GROUP BY "Theft Type"',
        ["state_idt"],
      ],
      ['SELECT State, "Theft Type", sum("# of Reports") AS r FROM state_idt GROUP BY ALL', ["state_idt"]],
      [
        `SELECT "# of Reports" FROM state_idt WHERE State = 'Alabama' AND "Theft Type" = 'Credit Card'`,
        ["state_idt"],
      ],
      [
        'SELECT State, max("# of Reports") AS top, count(*) AS types FROM state_idt GROUP BY State',
        ["state_idt"],
      ],
      [
        `SELECT sum(CASE WHEN "Theft Type" = 'Credit Card' THEN "# of Reports" END) AS cc FROM state_idt`,
        ["state_idt"],
      ],
      // Alabama's credit-card share over the state's own report count (13,596).
      [
        `SELECT s."# of Reports" / r."# of Reports" AS share FROM state_idt s JOIN idt_rank r ON r.State = s.State WHERE s.State = 'Alabama' AND s."Theft Type" = 'Credit Card'`,
        ["state_idt", "idt_rank"],
      ],
      [
        'SELECT "Theft Type", "Theft Subtype", sum("# of Reports") AS r FROM by_type GROUP BY ALL',
        ["by_type"],
      ],
      // A table whose file states no counting rule.
      ['SELECT State, sum("# of Reports") AS r FROM categories GROUP BY State', ["categories"]],
    ] as [string, string[]][]) {
      const { found } = await query(sql, inputs);
      assert.deepEqual(
        found.map((d) => d.message),
        [],
        sql,
      );
    }
  });

  test("the right denominator gives Alabama's credit-card share as the data book states it", async () => {
    const { rows } = await query(
      `SELECT round(s."# of Reports" / r."# of Reports", 2) AS share FROM state_idt s JOIN idt_rank r ON r.State = s.State WHERE s.State = 'Alabama' AND s."Theft Type" = 'Credit Card'`,
      ["state_idt", "idt_rank"],
    );
    // 5,245 of 13,596 reports: 39 %, the file's own Percentage for the row.
    assert.equal(Number(rows[0]![0]), 0.39);
  });
});
