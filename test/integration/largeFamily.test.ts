import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { DAILY_FOLDER, generateDailyLake } from "../../bench/generateDailyLake.ts";
import type { DailyLakeMarker } from "../../bench/generateDailyLake.ts";
import { sourceMapSummary } from "../../src/agent/sourceMapSummary.ts";
import type { SummaryHit } from "../../src/agent/sourceMapSummary.ts";
import { findFileFamilies } from "../../src/core/discover/fileFamilies.ts";
import type { FileFamily } from "../../src/core/discover/fileFamilies.ts";
import { Runtime } from "../../src/core/runtime.ts";
import { withMcpClient } from "../helpers/mcpClient.ts";
import { repoRoot } from "../helpers/tempLake.ts";

// Issue 27 at the editor's scale: a lake of 1,500 files, 1,400 of them daily CSVs of one layout in
// dated folders (`observations/2019/01/01.csv`). The family is found with its days read from the
// folders; UnionScan of its 1,400 members counts what DuckDB counts over the same glob, file by
// file; and the CLI map, the MCP resources and the agent's Source Map summary print it once.

const lake = join(mkdtempSync(join(tmpdir(), "radar-daily-")), "lake");
const stateDir = mkdtempSync(join(tmpdir(), "radar-state-"));
let marker: DailyLakeMarker;
let runtime: Runtime;
let daily: FileFamily;

before(async () => {
  marker = await generateDailyLake(lake);
  runtime = await Runtime.open(lake, { radarDir: stateDir, validate: false });
  daily = findFileFamilies(runtime.map.files).find((f) => f.members.length === marker.dailyMembers.length)!;
});
after(() => runtime?.close());

/** How often `needle` occurs in `text`. */
function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

describe("a family of 1,400 daily files in dated folders", () => {
  test("is one family, its members' days read from the folders, its missing day named", () => {
    assert.equal(runtime.map.files.length, 1500);
    assert.ok(
      daily,
      findFileFamilies(runtime.map.files)
        .map((f) => `${f.template} ${f.members.length}`)
        .join("; "),
    );
    assert.equal(daily.template, `${DAILY_FOLDER}/{date}.csv`);
    assert.deepEqual(
      daily.members.map((m) => m.path),
      marker.dailyMembers,
    );
    const last = daily.members.at(-1)!;
    assert.deepEqual(last.span, { from: marker.lastDay, to: marker.lastDay });
    assert.deepEqual(
      daily.gaps,
      marker.missingDays.map((d) => d.replaceAll("-", "/")),
    );
    assert.equal(daily.differing.length, 0);
  });

  test("UnionScan of all 1,400 reads the rows DuckDB counts over the same glob, each with its file", async () => {
    const call = await runtime.call({
      op: "UnionScan",
      files: [daily.glob],
      source_column: "source_file",
      output: "daily",
    });
    assert.equal(call.status, "ok", call.error ?? JSON.stringify(call.diagnostics));
    const o = call.observation as {
      rowCount: number;
      sources: { file: string; rows: number }[];
      preview: { rows: unknown[][]; origins: ({ file: string; line: number } | null)[] };
    };
    assert.equal(o.sources.length, 1400);

    // DuckDB on its own, over the members' glob: the total and each file's count.
    const instance = await DuckDBInstance.create(":memory:");
    const connection = await instance.connect();
    let expected: Map<string, number>;
    try {
      const reader = await connection.runAndReadAll(
        `SELECT filename, count(*) AS n FROM read_csv('${lake}/${DAILY_FOLDER}/*/*/*.csv', filename = true) GROUP BY filename`,
      );
      expected = new Map(
        reader.getRowObjects().map((r) => [String(r.filename).slice(lake.length + 1), Number(r.n)] as const),
      );
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
    const total = [...expected.values()].reduce((a, b) => a + b, 0);
    assert.equal(expected.size, 1400);
    assert.equal(total, marker.dailyRows);
    assert.equal(o.rowCount, total);

    const counted = await runtime.engine.page(
      "SELECT source_file, count(*) AS n FROM daily GROUP BY source_file ORDER BY source_file",
    );
    const actual = new Map(counted.rows.map((r) => [String(r[0]), Number(r[1])] as const));
    assert.deepEqual(actual, new Map([...expected].sort((a, b) => (a[0] < b[0] ? -1 : 1))));
    for (const s of o.sources) assert.equal(s.rows, expected.get(s.file), s.file);

    // Each previewed row's origin is the file its source column names, at its line.
    assert.ok(o.preview.rows.length > 0);
    o.preview.rows.forEach((row, i) => {
      assert.equal(o.preview.origins[i]?.file, row[0]);
      assert.equal(o.preview.origins[i]?.line, i + 2);
    });
  });
});

describe("the family printed once at 1,500 files", () => {
  test("radar map: one block with the members as a range, the layout once", () => {
    const cli = join(repoRoot, "dist/cli.cjs");
    assert.ok(existsSync(cli), "dist/cli.cjs is not built");
    const r = spawnSync(process.execPath, [cli, "map", "--lake", lake, "--state-dir", stateDir], {
      encoding: "utf8",
    });
    assert.equal(r.status, 0, r.stderr);
    const out = r.stdout;
    assert.match(
      out,
      /^observations\/\{date\}\.csv {2}\[family of 1400 csv files, \d+ B, (\d+) rows in all; glob observations\/\[0-9\]/m,
    );
    assert.equal(
      Number(/family of 1400 csv files, \d+ B, (\d+) rows in all/.exec(out)?.[1]),
      marker.dailyRows,
    );
    assert.match(
      out,
      /members 2019\/01\/01\.csv … 2022\/11\/01\.csv \(date 2019\/01\/01 … 2022\/11\/01\); names cover 2019-01-01 to 2022-11-01/,
    );
    assert.match(out, /missing from the series: 2020\/05\/15\n/);
    assert.equal(occurrences(out, ", air_temperature_c DOUBLE"), 1, out);
    // The block names two members for the range and one for the layout; no member is listed.
    assert.equal(occurrences(out, `${DAILY_FOLDER}/20`), 1, out);
    assert.ok(out.split("\n").length < 100, `${out.split("\n").length} lines`);
  });

  test("MCP resources: one resource for the 1,400 files, none per member", async () => {
    await withMcpClient(runtime, lake, async (client) => {
      const { resources } = await client.listResources();
      const uris = resources.map((r) => r.uri);
      assert.ok(!uris.some((u) => u.startsWith(`radar://sourcemap/${DAILY_FOLDER}`)), uris.join("\n"));
      const family = resources.filter((r) => r.name === `${DAILY_FOLDER}/{date}.csv`);
      assert.equal(family.length, 1, uris.join("\n"));
      assert.match(
        family[0]!.description ?? "",
        /^family of 1400 files observations\/\{date\}\.csv, date 2019\/01\/01…2022\/11\/01, missing 2020\/05\/15;/,
      );
      assert.ok(resources.length < 100, `${resources.length} resources`);
    });
  });

  test("the agent's Source Map summary: the family once, with the members the question's day selects", async () => {
    const call = await runtime.call({
      op: "Discover",
      query: "What was the mean air temperature of the station observations on 2020-03-10?",
    });
    assert.equal(call.status, "ok", call.error);
    const hits = (call.observation as { hits: SummaryHit[] }).hits;
    const text = sourceMapSummary(runtime.map, hits);
    assert.match(
      text,
      /a family of 1400 files observations\/\{date\}\.csv, 2019\/01\/01…2022\/11\/01, missing 2020\/05\/15/,
    );
    assert.match(text, /selects 1 of them: UnionScan files \["observations\/2020\/03\/10\.csv"\]/);
    // The selected day is also a hit of its own: one line, its layout being the family's.
    assert.match(
      text,
      /### observations\/2020\/03\/10\.csv \(csv, \d+ rows\)[^\n]*\nA member of observations\/\[0-9\][^\n]*, among these hits: its layout is shown there\./,
    );
    assert.equal(occurrences(text, "- air_temperature_c"), 1, text);
    // Members named: a few in the match's reasons, the selected one, the one whose layout is shown.
    assert.ok(occurrences(text, `${DAILY_FOLDER}/20`) < 10, text);
    assert.ok(text.length < 12_500);
  });
});
