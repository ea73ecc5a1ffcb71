import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Issue 25, class 3: value-variants paired different entities — 'Camp Lowe Beach' (Lancaster) and
// 'Camp Howe Beach' (Ashburnham) are two beaches in two towns. Spellings are variants only if
// their rows agree on the table's other identifying columns; true variants in one town, and a
// file label of stacked yearly files (no attribute of the entity), keep today's finding.

const beachRows: string[] = [];
const names = [
  ["Camp Lowe Beach", "Lancaster"],
  ["Camp Howe Beach", "Ashburnham"],
  ["Camp Arrowhead", "Natick"],
  ["Camp Arrow Head", "Pittsfield"],
  ["Sandy Point Beach", "Acton"],
  ["Long Pond Beach", "Dover"],
  ["Nantasket Beach", "Hull"],
  ["Laurel Lake Beach", "Lenox"],
  ["Town Beach", "Acton"],
  ["Memorial Beach", "Dover"],
  ["Pleasant Beach", "Hull"],
  ["Shaker Beach", "Lenox"],
  ["Mill Pond Beach", "Natick"],
  ["Lake Cochituate", "Natick"],
  ["Onota Beach", "Pittsfield"],
  ["Pontoosuc Beach", "Pittsfield"],
  ["Whalom Beach", "Lancaster"],
  ["Sholan Beach", "Lancaster"],
];
for (let day = 1; day <= 6; day++)
  for (const [i, [name, town]] of names.entries())
    // Camp Lowe and Camp Howe are sampled on different days (no evidence from the dates).
    if (!(i === 1 && day % 2 === 1) && !(i === 0 && day % 2 === 0) && !(i === 3 && day > 2))
      beachRows.push(`2024-06-0${day},${name},${town},${(i * 7 + day * 3) % 50}`);
// A true variant: the same beach, in the same town, spelt with a trailing space once.
beachRows.push("2024-06-07,Nantasket Beach ,Hull,12");

const { lake, stateDir } = tempLake({
  "beaches.csv": `date,beach,town,enterococcus\n${beachRows.join("\n")}\n`,
  "cities.csv":
    "city,state,visits\nPittsburgh,PA,10\nPittsburgh,PA,12\nPittsburg,PA,1\nBoston,MA,8\nBoston,MA,9\nAlbany,NY,3\nBuffalo,NY,4\nSyracuse,NY,2\nErie,PA,5\nWorcester,MA,6\nSalem,MA,7\nAkron,OH,1\nDayton,OH,2\n",
  // A panel of countries (stop 28, vehicle sales): Iceland has two years, both years Ireland has
  // too — two countries; 'Germny' has two years after Germany's last — one country misspelt.
  "panel.csv":
    "Entity,Year,sales\n" +
    ["Ireland", "Germany", "France", "Spain", "Italy", "Poland"]
      .flatMap((c, i) => Array.from({ length: 12 }, (_, y) => `${c},${2008 + y},${1000 * (i + 1) + y}`))
      .join("\n") +
    "\nIceland,2016,300\nIceland,2017,310\nGermny,2020,7000\nGermny,2021,7100\n",
  "answers.csv": "src,answer,n\n2019,yes,4\n2019,no,3\n2019,maybe,2\n2020,YES,5\n2020,NO,1\n2020,MAYBE,2\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const name of ["beaches", "cities", "answers", "panel"])
    assert.equal((await runtime.call({ op: "Scan", file: `${name}.csv`, output: name })).status, "ok");
});
after(() => runtime?.close());

let n = 0;
const variants = async (sql: string, input: string) => {
  const r = await runtime.call({ op: "Query", sql, inputs: [input], output: `out${n++}` });
  assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
  return r.diagnostics.filter((d) => d.code === "value-variants");
};

describe("value-variants: different entities with near names are not variants", () => {
  test("beaches one letter apart in different towns are not paired; a same-town variant is", async () => {
    const found = await variants(
      "SELECT beach, avg(enterococcus) AS mean, count(*) AS samples FROM beaches GROUP BY beach",
      "beaches",
    );
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.doesNotMatch(found[0]!.message, /Camp/);
    assert.match(found[0]!.message, /'Nantasket Beach' \/ 'Nantasket Beach '/);
  });

  test("a misspelling in the same state is still a variant", async () => {
    const found = await variants("SELECT city, sum(visits) AS visits FROM cities GROUP BY city", "cities");
    assert.equal(found.length, 1);
    assert.match(found[0]!.message, /'Pittsburgh' \/ 'Pittsburg'/);
  });

  test("a file label where each file spells the answers its own way is no attribute: still variants", async () => {
    const found = await variants("SELECT answer, sum(n) AS n FROM answers GROUP BY answer", "answers");
    assert.equal(found.length, 1);
    assert.match(found[0]!.message, /'YES' \/ 'yes'|'yes' \/ 'YES'/);
  });

  test("two countries one letter apart that both have rows in the same years are not variants; a misspelling in other years is", async () => {
    const found = await variants("SELECT Entity, sum(sales) AS sales FROM panel GROUP BY Entity", "panel");
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.doesNotMatch(found[0]!.message, /Iceland/);
    assert.match(found[0]!.message, /'Germany' \/ 'Germny'/);
  });
});
