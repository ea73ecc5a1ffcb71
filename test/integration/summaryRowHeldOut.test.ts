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

// A cross-tabulation written long (stop 28, county presidential results): each county's
// candidates then its 'Totals' row, and at the end the state's row per candidate (county
// 'Totals') and the grand total. More labelled rows than the check once looked at (it read the
// first 50 in file order), so the state's rows at the end went unseen.
const counties = Array.from({ length: 70 }, (_, i) => `County ${String(i + 1).padStart(2, "0")}`);
const votes = (c: number, k: number): number => 100 + 7 * c + 31 * k;
const crossTab =
  "office,candidate,county,votes\n" +
  counties
    .map(
      (county, c) =>
        `President,Ann Lee,${county},${votes(c, 0)}\nPresident,Bo Kim,${county},${votes(c, 1)}\nPresident,Totals,${county},${votes(c, 0) + votes(c, 1)}`,
    )
    .join("\n") +
  `\nPresident,Ann Lee,Totals,${counties.reduce((s, _, c) => s + votes(c, 0), 0)}` +
  `\nPresident,Bo Kim,Totals,${counties.reduce((s, _, c) => s + votes(c, 1), 0)}` +
  `\nPresident,Totals,Totals,${counties.reduce((s, _, c) => s + votes(c, 0) + votes(c, 1), 0)}\n`;
const crossLake = tempLake({ "president.csv": crossTab });

async function crossFindings(sql: string): Promise<Diagnostic[]> {
  const runtime = await Runtime.open(crossLake.lake, { radarDir: crossLake.stateDir });
  try {
    await runtime.call({ op: "Scan", file: "president.csv", output: "t" });
    const call = await runtime.call({ op: "Query", sql, inputs: ["t"], output: "r" });
    assert.equal(call.status, "ok", JSON.stringify(call.diagnostics));
    return call.diagnostics.filter((d) => d.code === "summary-row" && d.severity !== "info");
  } finally {
    runtime.close();
  }
}

describe("summary-row over a long cross-tabulation", () => {
  const annLee = counties.reduce((s, _, c) => s + votes(c, 0), 0);
  test("one candidate's sum counts the state's row at the end of the file", async () => {
    const [d] = await crossFindings("SELECT sum(votes) AS v FROM t WHERE candidate = 'Ann Lee'");
    assert.equal(d?.severity, "warning");
    assert.match(d?.message ?? "", /'President \| Ann Lee \| Totals' \(president\.csv:212\)/);
    assert.match(d?.message ?? "", /WHERE county NOT IN \('Totals'\)/);
    assert.equal(
      d?.effect?.text?.startsWith(
        `v ${(2 * annLee).toLocaleString("en-US")} → ${annLee.toLocaleString("en-US")}`,
      ),
      true,
      d?.effect?.text,
    );
  });

  test("a sum over every row names a few rows, leaves out all of them and says how to in both columns", async () => {
    const [d] = await crossFindings("SELECT sum(votes) AS v FROM t");
    assert.equal(d?.severity, "warning");
    assert.match(d?.message ?? "", /includes 73 total\/subtotal row\(s\): .*; and 68 more\./);
    assert.match(d?.message ?? "", /WHERE candidate NOT IN \('Totals'\) AND county NOT IN \('Totals'\)/);
    const all = counties.reduce((s, _, c) => s + votes(c, 0) + votes(c, 1), 0);
    assert.equal(
      d?.effect?.text?.startsWith(`v ${(4 * all).toLocaleString("en-US")} → ${all.toLocaleString("en-US")}`),
      true,
      d?.effect?.text,
    );
  });
});

describe("summary-row over a long cross-tabulation, grouped", () => {
  test("GROUP BY ALL over the candidate column puts each county's Totals row in a group of its own; the state's rows still double each candidate", async () => {
    const [d, ...rest] = await crossFindings(
      "SELECT office, candidate, count(*) AS n, sum(votes) AS v FROM t GROUP BY ALL ORDER BY v DESC",
    );
    assert.equal(rest.length, 0);
    // The grand total row sits in the 'Totals' candidate group with the counties' Totals rows.
    assert.match(
      d?.message ?? "",
      /includes total\/subtotal row\(s\): 'President \| Ann Lee \| Totals' \(president\.csv:212\); 'President \| Bo Kim \| Totals' \(president\.csv:213\)\. /,
    );
    assert.match(d?.message ?? "", /WHERE county NOT IN \('Totals'\)\)/);
  });

  test("a sum that keeps only Totals rows reads them on purpose; the same sum over one candidate does not", async () => {
    const found = await crossFindings(
      "SELECT county, sum(votes) FILTER (WHERE candidate = 'Totals') AS tot, sum(votes) FILTER (WHERE candidate = 'Ann Lee' AND county <> 'Total') AS ann FROM t GROUP BY ALL",
    );
    assert.deepEqual(found, []);
    const [d] = await crossFindings(
      "SELECT sum(votes) FILTER (WHERE candidate = 'Totals') AS tot, sum(votes) FILTER (WHERE candidate = 'Ann Lee' AND county <> 'Total') AS ann FROM t",
    );
    assert.match(
      d?.message ?? "",
      /^sum\(votes\) over t includes total\/subtotal row\(s\): 'President \| Ann Lee \| Totals'/,
    );
  });
});

describe("filter-no-match inside an aggregate's FILTER", () => {
  test("a value that never occurs in a FILTER clause is found, with the spelling the data uses", async () => {
    const runtime = await Runtime.open(crossLake.lake, { radarDir: crossLake.stateDir });
    try {
      await runtime.call({ op: "Scan", file: "president.csv", output: "t" });
      const call = await runtime.call({
        op: "Query",
        sql: "SELECT sum(votes) FILTER (WHERE candidate = 'Ann Lee' AND county = 'Total') AS state_row, sum(votes) FILTER (WHERE candidate = 'Ann Lee' AND county = 'Totals') AS ok FROM t",
        inputs: ["t"],
        output: "r",
      });
      const found = call.diagnostics.filter((d) => d.code === "filter-no-match");
      assert.equal(found.length, 1, JSON.stringify(found));
      assert.match(
        found[0]!.message,
        /^The value 'Total' never occurs in t\.county.*'Totals' ×3 \(president\.csv:212\)/,
      );
    } finally {
      runtime.close();
    }
  });
});

describe("summary rows named by the query, and counts of absent values", () => {
  test("a total row kept by naming its label in an IN list is chosen, not swept in", async () => {
    assert.deepEqual(
      await crossFindings(
        "SELECT sum(votes) FILTER (WHERE candidate = 'Ann Lee' AND county IN ('County 01', 'Totals')) AS v FROM t",
      ),
      [],
    );
  });

  test("a count FILTER of a value that never occurs counts 0 on purpose; a case mistake there, or a repeated sum FILTER, is one finding", async () => {
    const runtime = await Runtime.open(crossLake.lake, { radarDir: crossLake.stateDir });
    try {
      await runtime.call({ op: "Scan", file: "president.csv", output: "t" });
      const run = async (sql: string) =>
        (
          await runtime.call({
            op: "Query",
            sql,
            inputs: ["t"],
            output: `r${Math.random().toString(36).slice(2, 8)}`,
          })
        ).diagnostics.filter((d) => d.code === "filter-no-match" && d.severity === "warning");
      assert.deepEqual(await run("SELECT count(*) FILTER (WHERE candidate = '?') AS unknown FROM t"), []);
      assert.equal((await run("SELECT count(*) FILTER (WHERE candidate = 'ann lee') AS n FROM t")).length, 1);
      const repeated = await run(
        "SELECT max(votes) FILTER (WHERE county = 'Total') AS a, 2 * max(votes) FILTER (WHERE county = 'Total') AS b FROM t",
      );
      assert.equal(repeated.length, 1);
    } finally {
      runtime.close();
    }
  });
});

describe("summary-row on a count", () => {
  test("a count counts a total row as a row of the table, not twice", async () => {
    const [d] = await crossFindings("SELECT count(votes) AS n FROM t WHERE candidate = 'Ann Lee'");
    assert.match(d?.message ?? "", /so the count counts them as rows of the table\./);
    assert.doesNotMatch(d?.message ?? "", /twice/);
    assert.equal(d?.effect?.text?.startsWith("n 71 → 70"), true, d?.effect?.text);
  });
});
