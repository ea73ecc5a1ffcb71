import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkAnswer, claimsOf } from "../../src/agent/answerCheck.ts";
import type { AnswerArgs } from "../../src/agent/agentTools.ts";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

const { lake, stateDir } = tempLake({
  "gdp.csv":
    'country,gdp_usd,share,year,label\nFrance,"2,937,473,000,000",0.1234,2021,"Total: 1,522 reports"\nChile,316.9,0.0087,2021,none\n',
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  assert.equal((await runtime.call({ op: "Scan", file: "gdp.csv", output: "gdp" })).status, "ok");
  const big = await runtime.call({
    op: "Query",
    sql: "SELECT i AS n FROM range(200000) t(i)",
    inputs: [],
    output: "big",
  });
  assert.equal(big.status, "ok");
});
after(() => runtime?.close());

const check = (answer: AnswerArgs["answer"], evidence: string[], question = "What is it?") =>
  checkAnswer(runtime.engine, runtime.state, { answer, evidence }, question);

describe("answer claims", () => {
  test("numbers with separators, decimals, percents and scales; dates; list-shaped text", () => {
    const claims = claimsOf("France: 2.9 trillion USD (12.3%), on 2021-06-30; Chile, Peru", "In 2021?");
    assert.deepEqual(
      claims.map((c) => c.text),
      ["2021-06-30", "2.9 trillion", "12.3%", "Chile", "Peru"],
    );
  });

  test("the question's own numbers and words, and verdicts, need no evidence", () => {
    assert.deepEqual(claimsOf("Yes", "Is France above 5?"), []);
    assert.deepEqual(
      claimsOf(["France", 5], "Is France above 5?").map((c) => c.text),
      [],
    );
  });
});

describe("unsupported-answer", () => {
  test("values anywhere in the table count, not only in the preview", async () => {
    assert.equal((await check(199_999, ["big"])).accepted, true);
    assert.equal((await check(200_001, ["big"])).accepted, false);
  });

  test("rounding, percentages and scale words are computed from the records", async () => {
    for (const answer of ["317", "316.9", "12.34%", "12%", "2.94 trillion", "$2,937,473,000,000", "0.12"])
      assert.equal((await check(answer, ["gdp"])).accepted, true, answer);
    for (const answer of ["318", "13%", "3.1 trillion", "0.13"])
      assert.equal((await check(answer, ["gdp"])).accepted, false, answer);
  });

  test("numbers inside text cells, values case-insensitively, and a row count", async () => {
    assert.equal((await check("1,522", ["gdp"])).accepted, true);
    assert.equal((await check(["france", "Chile"], ["gdp"])).accepted, true);
    assert.equal((await check("2 countries", ["gdp"])).accepted, true);
    const ohio = await check(["France", "Ohio"], ["gdp"]);
    assert.equal(ohio.accepted, false);
    assert.match(ohio.diagnostics[0]!.message, /"Ohio" is not in the records of gdp/);
    assert.deepEqual(ohio.support.find((s) => s.claim === "France")?.tables, ["gdp"]);
  });

  test("no evidence, or evidence that is not a registered table, is never accepted", async () => {
    const none = await check("France", []);
    assert.equal(none.diagnostics[0]!.code, "unsupported-answer");
    assert.match(none.diagnostics[0]!.message, /cites no evidence/);
    const unknown = await check("France", ["gpd"]);
    assert.match(
      unknown.diagnostics[0]!.message,
      /"gpd" is not a registered table\. Nearest registered: gdp/,
    );
  });
});
