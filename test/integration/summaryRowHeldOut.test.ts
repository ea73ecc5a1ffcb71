import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import type { Diagnostic } from "../../src/core/diagnostic.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Two false alarms of summary-row met on a held-out lake (World Bank tables, stop 25): a distinct
// count called a total row "counted twice", and Albania's currency code ALL (the lek) read as the
// total label "All". Their true twins must still be flagged.

const countries = [
  ["Albania", "ALB", "ALL", 2.8],
  ["Algeria", "DZA", "DZD", 45.6],
  ["Angola", "AGO", "AOA", 36.7],
  ["Argentina", "ARG", "ARS", 46.2],
  ["Armenia", "ARM", "AMD", 2.8],
  ["Austria", "AUT", "EUR", 9.1],
];
const { lake, stateDir } = tempLake({
  "codes.csv": `name,iso3,currency,population_m\n${countries.map((c) => c.join(",")).join("\n")}\n`,
  "codesAll.csv": `name,iso3,currency,population_m\n${countries.map((c) => c.join(",")).join("\n")}\nAll,,,143.2\n`,
  "pop.csv":
    "Country Name,Country Code,Year,Value\n" +
    ["ALB", "DZA", "AGO", "ARG"]
      .flatMap((c, i) => [2022, 2023].map((y) => `C${i},${c},${y},${10 + i}`))
      .join("\n") +
    "\nIDA total,IDA,2022,46\nIDA total,IDA,2023,46\n",
});

async function summaryFindings(file: string, sql: string): Promise<Diagnostic[]> {
  const runtime = await Runtime.open(lake, { radarDir: stateDir });
  try {
    await runtime.call({ op: "Scan", file, output: "t" });
    const call = await runtime.call({ op: "Query", sql, inputs: ["t"], output: "r" });
    assert.equal(call.status, "ok", JSON.stringify(call.diagnostics));
    return call.diagnostics.filter((d) => d.code === "summary-row" && d.severity !== "info");
  } finally {
    runtime.close();
  }
}

describe("summary-row on held-out shapes", () => {
  test("a currency code ALL in a column of codes is not a total label", async () => {
    assert.deepEqual(await summaryFindings("codes.csv", "SELECT sum(population_m) AS p FROM t"), []);
  });

  test("the word All in a column of names still is", async () => {
    const [d] = await summaryFindings("codesAll.csv", "SELECT sum(population_m) AS p FROM t");
    assert.equal(d?.severity, "warning");
    assert.match(d?.message ?? "", /'All'/);
    assert.match(
      d?.effect?.text ?? "",
      /^p 286\.4 → 143\.2 with the summary row\(s\) .All. \(codesAll\.csv:8\)/,
    );
  });

  test("a distinct count is not counted twice by a total row; a sum over it is", async () => {
    assert.deepEqual(
      await summaryFindings("pop.csv", 'SELECT count(DISTINCT "Country Code") AS n, max(Year) AS y FROM t'),
      [],
    );
    const [d] = await summaryFindings("pop.csv", "SELECT sum(Value) AS v FROM t WHERE Year = 2023");
    assert.equal(d?.severity, "warning");
    assert.match(d?.message ?? "", /'IDA total/);
    assert.match(d?.effect?.text ?? "", /^v 92 → 46 with the summary row/);
  });
});
