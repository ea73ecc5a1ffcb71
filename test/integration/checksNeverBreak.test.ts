import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";
import { legalLake, runSilentCase } from "../silent/runSilentCase.ts";
import { cteHoldoutCases } from "../silent/cteHoldoutCases.ts";
import { holdoutCases } from "../silent/holdoutCases.ts";
import { loadSessions, replaySession } from "../sessions/replaySession.ts";

// Issue 17: internal errors never reach the agent as findings. Every rule runs over every query
// shape of the held-out suites and the session corpus (the tuned silent suite asserts the same in
// silentErrors.test.ts) and over the shapes below; none may answer `validation-error`.

const legalPresent = existsSync(legalLake);

describe("no check breaks on the held-out suites' query shapes", () => {
  for (const c of [...holdoutCases, ...cteHoldoutCases]) {
    const skip = "shared" in c.lake && !legalPresent ? "../shared/kramabench-legal is absent" : false;
    test(`[${c.code}] ${c.expect}: ${c.name}`, { skip }, async () => {
      const run = await runSilentCase(c);
      assert.deepEqual(
        run.diagnostics.filter((d) => d.code === "validation-error").map((d) => d.message),
        [],
      );
    });
  }
});

describe("no check breaks on the session corpus", () => {
  for (const session of loadSessions())
    test(session.id, async (t) => {
      const replay = await replaySession(session);
      if (replay.skipped) return t.skip(replay.skipped);
      assert.deepEqual(
        replay.fired
          .filter((f) => f.diagnostic.code === "validation-error")
          .map((f) => `#${f.batch}.${f.call}: ${f.diagnostic.message}`),
        [],
      );
    });
});

describe("no check breaks on LATERAL and VALUES shapes", () => {
  const { lake, stateDir } = tempLake({
    "s2023.csv": "Date,Tag,Enterococcus,Tag_1,Enterococcus_1\n2023-06-03,,11,<,10\n2023-06-06,>,2420,,33\n",
    "s2024.csv": "Date,Tag,Enterococcus,Tag_1,Enterococcus_1\n2024-06-03,<,10,,35\n2024-06-10,,57,>,2420\n",
  });
  let runtime: Runtime;
  before(async () => {
    runtime = await Runtime.open(lake, { radarDir: stateDir });
    assert.equal(
      (await runtime.call({ op: "UnionScan", files: ["s*.csv"], output: "ds", source_column: "src" })).status,
      "ok",
    );
  });
  after(() => runtime?.close());
  let n = 0;
  for (const sql of [
    // The unpivot of a datasheet's sampling points, aggregated per file (src is the union's column).
    "SELECT a.src, v.point, sum(v.val) AS total FROM ds a, LATERAL (VALUES ('North', a.Tag, a.Enterococcus), ('South', a.Tag_1, a.Enterococcus_1)) AS v(point, tag, val) GROUP BY ALL",
    "SELECT src, v.point, count(*) FILTER (WHERE v.tag = '<') AS below FROM ds, LATERAL (VALUES ('North', Tag, Enterococcus), ('South', Tag_1, Enterococcus_1)) AS v(point, tag, val) GROUP BY ALL",
    "SELECT v.src, count(*) AS n FROM (VALUES ('s2023'), ('s2024')) AS v(src) JOIN ds ON ds.src = v.src GROUP BY v.src",
    "SELECT a.src, sum(a.x) AS s FROM (VALUES ('s2023', 1), ('s2024', 2)) AS a(src, x) GROUP BY a.src",
    "WITH u AS (SELECT src, unnest([Enterococcus, Enterococcus_1]) AS val FROM ds) SELECT src, avg(val) AS mean FROM u GROUP BY src",
    // A pass-through of the union that drops its file column, unpivoted (issue 17's binder error:
    // 'Values list "a" does not have a column named "src"').
    "SELECT v.point, sum(v.val) AS s FROM (SELECT Date, Enterococcus, Enterococcus_1 FROM ds) a, LATERAL (VALUES ('North', a.Enterococcus), ('South', a.Enterococcus_1)) v(point, val) GROUP BY ALL",
    "WITH a AS (SELECT Tag, Enterococcus FROM ds) SELECT count(*) AS n, sum(Enterococcus) AS s FROM a",
    "WITH r AS (SELECT src AS yr, Tag, avg(Enterococcus) AS level FROM ds GROUP BY ALL) SELECT count(*) AS n FROM r a JOIN r b ON a.Tag = b.Tag AND a.yr = 's2023' AND b.yr = 's2024' WHERE b.level > a.level",
    "SELECT d.src, x.val FROM ds d CROSS JOIN LATERAL (SELECT max(e) AS val FROM (VALUES (d.Enterococcus), (d.Enterococcus_1)) AS t(e)) x",
  ])
    test(sql, async () => {
      const e = await runtime.call({ op: "Query", sql, inputs: ["ds"], output: `out${n++}` });
      assert.equal(e.status, "ok", JSON.stringify(e));
      assert.deepEqual(
        e.diagnostics.filter((d) => d.code === "validation-error").map((d) => d.message),
        [],
      );
    });
});
