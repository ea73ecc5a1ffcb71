import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Runtime } from "../../src/core/runtime.ts";
import type { OperatorCall } from "../../src/core/runtime.ts";
import type { BashObservation } from "../../src/core/operators/bash/bashObservation.ts";
import type { CallEvent } from "../../src/core/trace/traceEvents.ts";
import { runResultSchema } from "../../src/core/presentation/resultSchema.ts";
import { repoRoot, tempLake } from "../helpers/tempLake.ts";

// Issue 30: a Bash call's standard output registered as a table, each row with where it came
// from — the file and line (grep's FILE:N: prefix, or lines cat/head/grep print whole, each checked
// against the file), else its line of the output — usable by Query, checked by the rules.

/** Orbit positions, a few per file, among lines that are not positions (as the analysts met them). */
function orbitFile(day: number): string {
  const lines = [`# orbit file for day ${day}`, "# epoch x y z"];
  for (let k = 0; k < 4; k += 1) {
    lines.push(`POS 2024-01-0${day}T0${k}:00 ${day}.${k} ${-k}.5 ${k * 10}`);
    if (k === 1) lines.push("NOTE station changed");
  }
  return `${lines.join("\n")}\n`;
}
const orbits: Record<string, string> = {
  "orbits/day-1.txt": orbitFile(1),
  "orbits/day-2.txt": orbitFile(2),
  // A name with the separators grep prints after it.
  "orbits/day-3:x-1.txt": orbitFile(3),
};
const { lake, stateDir } = tempLake({
  ...orbits,
  "crlf.txt": "a,1\r\nPOS,2\r\nb,3\r\nPOS,4\r\n",
  // The same line twice: each row must point at its own line.
  "dup.txt": "POS 1\nother\nPOS 1\nPOS 2\n",
  "grand.csv": "code,reports\nA1,108881\nA2,90571\nA3,76285\nA4,47336\nA5,46899\nG,369972\n",
  "ragged.txt": "a 1 x\nb 2\nc 3 z\n",
  "nums.csv": "k,v\n1,10\n2,20\n3,30\n4,40\n",
  // About 900 KB: far past the 64 KiB a call shows at once.
  "long.txt": `${Array.from({ length: 60_000 }, (_, i) => `line ${i + 1} ${"x".repeat(8)}`).join("\n")}\n`,
});

/** Where each POS line of the orbit files is, as grep would list them (files in name order). */
const expectedPositions = Object.keys(orbits)
  .sort()
  .flatMap((file) =>
    orbits[file]!.split("\n").flatMap((text, i) =>
      text.startsWith("POS") ? [{ file, line: i + 1, text }] : [],
    ),
  );

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

async function call(c: Record<string, unknown>): Promise<{ event: CallEvent; o: BashObservation }> {
  const event = await runtime.call({ op: "Bash", ...c } as OperatorCall);
  return { event, o: event.observation as BashObservation };
}

/** Every row's origin, by the runtime's own page of the table. */
async function origins(table: string): Promise<({ file: string; line: number; command?: string } | null)[]> {
  const page = await runtime.show(table, { rows: 1000 });
  return page.origins;
}

describe("Bash output as a table", () => {
  test("grep -n over several files: whitespace columns, typed, each row at its file and line", async () => {
    const { event, o } = await call({
      command: "grep -n POS orbits/day-1.txt orbits/day-2.txt 'orbits/day-3:x-1.txt'",
      output: "pos",
      columns: "whitespace",
    });
    assert.equal(event.status, "ok", event.error ?? JSON.stringify(event.diagnostics));
    assert.equal(o.rowCount, expectedPositions.length);
    assert.deepEqual(
      o.schema!.map((c) => c.type),
      ["VARCHAR", "TIMESTAMP", "DOUBLE", "DOUBLE", "BIGINT"],
    );
    assert.match(o.read!.origins, /checked against the file/);
    assert.deepEqual(
      await origins("pos"),
      expectedPositions.map(({ file, line }) => ({ file, line })),
    );
    // The rows hold the files' lines without grep's prefix.
    const page = await runtime.show("pos", { rows: 1 });
    assert.deepEqual(page.rows[0], ["POS", "2024-01-01T00:00:00", 1, 0.5, 0]);
    // A Query reads it like any table.
    const q = await runtime.call({
      op: "Query",
      sql: "SELECT count(*) AS n, max(column2) AS top FROM pos",
      inputs: ["pos"],
      output: "pos_summary",
    });
    assert.equal(q.status, "ok", JSON.stringify(q.diagnostics));
    assert.deepEqual((q.observation as { records: { rows: unknown[][] } }).records.rows, [[12, 3.3]]);
    // Its files are its sources: the table is listed with the command it came from.
    const listed = runtime.tables().find((t) => t.name === "pos")!;
    assert.equal(listed.kind, "bash");
    assert.deepEqual(listed.from, Object.keys(orbits).sort());
  });

  test("grep -h (no prefix): the lines found in order in the files, a repeated line at its own place", async () => {
    const { event } = await call({ command: "grep -h POS dup.txt", output: "dup" });
    assert.equal(event.status, "ok", event.error);
    assert.deepEqual(await origins("dup"), [
      { file: "dup.txt", line: 1 },
      { file: "dup.txt", line: 3 },
      { file: "dup.txt", line: 4 },
    ]);
  });

  test("source_column: each row's file as data, to group by (NULL for output lines)", async () => {
    const { event } = await call({
      command: "grep -h POS orbits/day-1.txt orbits/day-2.txt",
      output: "by_file",
      columns: "whitespace",
      source_column: "file",
    });
    assert.equal(event.status, "ok", event.error);
    const q = await runtime.call({
      op: "Query",
      sql: "SELECT file, count(*) AS n FROM by_file GROUP BY file ORDER BY file",
      inputs: ["by_file"],
      output: "per_file",
    });
    assert.deepEqual((q.observation as { records: { rows: unknown[][] } }).records.rows, [
      ["orbits/day-1.txt", 4],
      ["orbits/day-2.txt", 4],
    ]);
    const clash = await call({
      command: "cat nums.csv",
      output: "clash",
      columns: "csv",
      header: true,
      source_column: "k",
    });
    assert.equal(clash.event.status, "rejected");
    assert.match(clash.event.diagnostics[0]!.message, /source_column "k" is already a column/);
    const counted = await call({ command: "wc -l nums.csv", output: "wc_file", source_column: "file" });
    const page = await runtime.show("wc_file", { rows: 1 });
    assert.equal(counted.event.status, "ok");
    assert.deepEqual(page.rows, [["5 nums.csv", null]]);
  });

  test("grep -n -C0 on a CRLF file, `--` separators dropped, no carriage returns", async () => {
    const { event, o } = await call({ command: "grep -n -C0 POS crlf.txt", output: "crlf", columns: "csv" });
    assert.equal(event.status, "ok", event.error);
    assert.deepEqual(await origins("crlf"), [
      { file: "crlf.txt", line: 2 },
      { file: "crlf.txt", line: 4 },
    ]);
    assert.equal(o.rowCount, 2);
    const page = await runtime.show("crlf", { rows: 10 });
    assert.deepEqual(page.rows, [
      ["POS", 2],
      ["POS", 4],
    ]);
  });

  test("output that is not the files' lines: each row at its output line, said as such", async () => {
    const { event, o } = await call({ command: "grep -n POS dup.txt | cut -d: -f2", output: "cut_out" });
    assert.equal(event.status, "ok", event.error);
    assert.match(o.read!.origins, /^output lines/);
    const found = await origins("cut_out");
    assert.deepEqual(
      found,
      [1, 2, 3].map((line) => ({ file: "stdout", line, command: "grep -n POS dup.txt | cut -d: -f2" })),
    );
    const wc = await call({ command: "wc -l nums.csv grand.csv", output: "counts", columns: "whitespace" });
    assert.equal(wc.event.status, "ok", wc.event.error);
    assert.deepEqual(
      wc.o.schema!.map((c) => c.type),
      ["BIGINT", "VARCHAR"],
    );
    assert.equal(wc.o.rowCount, 3);
  });

  test("csv with a header line: named, typed columns; rows from line 2", async () => {
    const { event, o } = await call({
      command: "head -n 4 nums.csv",
      output: "head4",
      columns: "csv",
      header: true,
    });
    assert.equal(event.status, "ok", event.error);
    assert.deepEqual(o.schema, [
      { name: "k", type: "BIGINT" },
      { name: "v", type: "BIGINT" },
    ]);
    assert.deepEqual(
      await origins("head4"),
      [2, 3, 4].map((line) => ({ file: "nums.csv", line })),
    );
  });

  test("lines with fewer fields: missing fields NULL, and the observation says how many", async () => {
    const { event, o } = await call({ command: "cat ragged.txt", output: "ragged", columns: "whitespace" });
    assert.equal(event.status, "ok", event.error);
    assert.deepEqual(o.read!.ragged, { lines: 1, width: 3, firstOutputLine: 2 });
    assert.match(event.summary!, /1 line\(s\) with fewer than 3 fields/);
    const page = await runtime.show("ragged", { rows: 10 });
    assert.deepEqual(page.rows[1], ["b", 2, null]);
  });

  test("a rule that follows row origins points into the file through the Bash table", async () => {
    const scan = await runtime.call({ op: "Scan", file: "grand.csv", output: "grand_scan" });
    assert.equal(scan.status, "ok");
    const { event } = await call({
      command: "cat grand.csv",
      output: "grand_bash",
      columns: "csv",
      header: true,
    });
    assert.equal(event.status, "ok", event.error);
    const summary = async (table: string) => {
      const q = await runtime.call({
        op: "Query",
        sql: `SELECT sum(reports) AS total FROM ${table}`,
        inputs: [table],
        output: `${table}_total`,
      });
      return q.diagnostics.find((d) => d.code === "summary-row");
    };
    const fromScan = await summary("grand_scan");
    const fromBash = await summary("grand_bash");
    assert.ok(fromScan, "the Scan's table draws summary-row");
    assert.ok(fromBash, "so does the same rows' Bash table");
    assert.deepEqual(fromBash.locations, fromScan.locations);
    assert.deepEqual(fromBash.locations, [{ file: "grand.csv", line: 7 }]);
  });

  test("the table's rules: its name is not overwritten by surprise; a failed command registers nothing", async () => {
    // The same command sent again (a batch re-sent) over the unchanged file is the same table:
    // reused, as a Scan's is, not refused (held-out GP-06).
    const same = await call({ command: "grep -h POS dup.txt", output: "dup" });
    assert.equal(same.event.status, "ok", JSON.stringify(same.event.diagnostics));
    assert.equal(same.event.reused?.table, "dup");
    assert.ok(!same.event.diagnostics.some((d) => d.code === "table-exists"));
    // Another command, or the same one read as another kind of table, would replace it by surprise.
    const again = await call({ command: "grep -h -v POS dup.txt", output: "dup" });
    assert.equal(again.event.status, "rejected");
    assert.equal(again.event.diagnostics[0]!.code, "table-exists");
    const otherwise = await call({ command: "grep -h POS dup.txt", output: "dup", columns: "whitespace" });
    assert.equal(otherwise.event.status, "rejected");
    assert.equal(otherwise.event.diagnostics[0]!.code, "table-exists");
    const replaced = await call({ command: "grep -h other dup.txt", output: "dup", replace: true });
    assert.equal(replaced.event.status, "ok");
    assert.deepEqual(await origins("dup"), [{ file: "dup.txt", line: 2 }]);

    const failed = await call({ command: "cat no-such.csv", output: "nothing" });
    assert.equal(failed.event.status, "failed");
    assert.match(failed.event.error!, /Table nothing was not registered/);
    assert.equal(runtime.state.table("nothing"), undefined);

    const none = await call({ command: "grep -h NO-SUCH-WORD dup.txt", output: "no_match" });
    assert.equal(none.event.status, "ok", "grep's 1 is an answer: an empty table");
    assert.equal(none.o.rowCount, 0);

    const stray = await call({ command: "cat dup.txt", columns: "csv" });
    assert.equal(stray.event.status, "rejected");
    assert.match(stray.event.diagnostics[0]!.message, /Bash.columns applies to the table of Bash.output/);
  });

  test("the sandbox still applies: no shell, no file outside the lake", async () => {
    const { event } = await call({ command: "cat /etc/passwd", output: "pw" });
    assert.equal(event.status, "rejected");
    assert.equal(event.diagnostics[0]!.code, "bash-denied");
  });
});

const cli = join(repoRoot, "dist/cli.cjs");

describe("radar bash --as NAME", { skip: existsSync(cli) ? false : "dist/cli.cjs is not built" }, () => {
  const radar = (args: string[]) =>
    spawnSync(process.execPath, [cli, ...args], {
      encoding: "utf8",
      env: { ...process.env, RADAR_STATE_DIR: stateDir, RADAR_LAKE: lake, RADAR_SESSION: "bt" },
    });

  test("registers the table in the session; --rows/--offset page its rows; show and query read it", () => {
    const made = radar([
      "bash",
      "grep -rn POS orbits",
      "--as",
      "orbit_pos",
      "--columns",
      "whitespace",
      "--json",
    ]);
    assert.equal(made.status, 0, made.stderr);
    const r = runResultSchema.parse(JSON.parse(made.stdout)).results[0]!;
    assert.equal(r.table, "orbit_pos");
    assert.equal(r.rowCount, 12);
    const sorted = (o: { file: string; line: number }[]) =>
      [...o].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
    // grep -r lists files in the folder's order: compare as sets of places.
    const page = radar([
      "bash",
      "grep -rn POS orbits",
      "--as",
      "orbit_pos",
      "--columns",
      "whitespace",
      "--replace",
      "--rows",
      "100",
      "--json",
    ]);
    const all = runResultSchema.parse(JSON.parse(page.stdout)).results[0]!;
    assert.deepEqual(
      sorted(all.origins as { file: string; line: number }[]),
      expectedPositions.map(({ file, line }) => ({ file, line })),
    );
    const paged = radar([
      "bash",
      "cat nums.csv",
      "--as",
      "n2",
      "--columns",
      "csv",
      "--header",
      "--offset",
      "2",
      "--rows",
      "1",
      "--json",
    ]);
    const p = runResultSchema.parse(JSON.parse(paged.stdout)).results[0]!;
    assert.equal(p.offset, 2);
    assert.deepEqual(p.rows, [[3, 30]]);
    assert.deepEqual(p.origins, [{ file: "nums.csv", line: 4 }]);
    assert.equal(p.truncated, true);

    const shown = radar(["show", "n2", "--csv"]);
    assert.equal(shown.status, 0, shown.stderr);
    assert.equal(shown.stdout, "k,v\n1,10\n2,20\n3,30\n4,40\n");
    const text = radar(["show", "orbit_pos", "--rows", "2"]);
    assert.match(text.stdout, /← orbits\/day-\S+\.txt:3/);
    const q = radar(["query", "SELECT count(DISTINCT hour(column1)) AS hours FROM orbit_pos", "--json"]);
    assert.equal(q.status, 0, q.stderr);
    assert.deepEqual(runResultSchema.parse(JSON.parse(q.stdout)).results[0]!.rows, [[4]]);
  });

  test("readable output: the rows with their origins; --columns without --as is a usage error", () => {
    const made = radar(["bash", "grep -n POS dup.txt", "--as", "dup_cli"]);
    assert.equal(made.status, 0, made.stderr);
    assert.match(made.stdout, /POS 1 +← dup\.txt:1/);
    assert.match(made.stdout, /POS 2 +← dup\.txt:4/);
    const usage = radar(["bash", "cat dup.txt", "--columns", "csv"]);
    assert.equal(usage.status, 2);
    assert.match(usage.stderr, /--columns and --header shape the table of radar bash --as NAME/);
  });

  test("a .sql batch: `-- as:` names the table of the `-- bash:` after it, and a Query reads it", () => {
    const batch = join(stateDir, "orbits.sql");
    writeFileSync(
      batch,
      [
        "-- as: batch_pos",
        "-- option: columns=whitespace",
        "-- bash: grep -h POS orbits/day-1.txt orbits/day-2.txt",
        "-- as: per_day",
        "SELECT CAST(column1 AS DATE) AS day, count(*) AS n FROM batch_pos GROUP BY ALL ORDER BY day;",
        "",
      ].join("\n"),
    );
    const run = radar(["batch", batch, "--json"]);
    assert.equal(run.status, 0, run.stderr + run.stdout);
    const results = runResultSchema.parse(JSON.parse(run.stdout)).results;
    assert.deepEqual(
      results.map((r) => r.status),
      ["ok", "ok"],
    );
    assert.deepEqual(results[1]!.rows, [
      ["2024-01-01", 4],
      ["2024-01-02", 4],
    ]);
  });

  test("paging a long output: --offset/--rows reach past 64 KiB, as lines or as a registered table", () => {
    const page = radar(["bash", "cat long.txt", "--offset", "55000", "--rows", "2", "--json"]);
    assert.equal(page.status, 0, page.stderr);
    const p = runResultSchema.parse(JSON.parse(page.stdout)).results[0]!;
    assert.deepEqual(p.rows, [["line 55001 xxxxxxxx"], ["line 55002 xxxxxxxx"]]);
    assert.equal(p.rowCount, 60_000);
    assert.equal(p.offset, 55_000);
    assert.equal(p.truncated, true);
    const text = radar(["bash", "cat long.txt", "--offset", "59998"]);
    assert.match(text.stdout, /│ line 59999 xxxxxxxx\n\s+│ line 60000 xxxxxxxx\n/);
    const past = radar(["bash", "cat long.txt", "--offset", "70000"]);
    assert.match(past.stdout, /no lines from line 70001: the output has 60000/);

    const table = radar([
      "bash",
      "cat long.txt",
      "--as",
      "long_lines",
      "--offset",
      "59998",
      "--rows",
      "5",
      "--json",
    ]);
    assert.equal(table.status, 0, table.stderr);
    const t = runResultSchema.parse(JSON.parse(table.stdout)).results[0]!;
    assert.equal(t.rowCount, 60_000);
    assert.deepEqual(t.rows, [["line 59999 xxxxxxxx"], ["line 60000 xxxxxxxx"]]);
    assert.deepEqual(t.origins, [
      { file: "long.txt", line: 59_999 },
      { file: "long.txt", line: 60_000 },
    ]);
    const shown = radar(["show", "long_lines", "--offset", "30000", "--rows", "1", "--json"]);
    assert.equal(shown.status, 0, shown.stderr);
    const s = JSON.parse(shown.stdout) as { rows: unknown[][]; origins: unknown[] };
    assert.deepEqual(s.rows, [["line 30001 xxxxxxxx"]]);
    assert.deepEqual(s.origins, ["long.txt:30001"]);
  });
});

describe(
  "a Bash table in export and verify",
  { skip: existsSync(cli) ? false : "dist/cli.cjs is not built" },
  () => {
    test("export --sql stops at it with an error; verify re-runs the command and sees a file change", () => {
      const own = tempLake({ "obs.txt": "POS 1\nPOS 2\nother\n" });
      const radar = (args: string[]) =>
        spawnSync(process.execPath, [cli, ...args], {
          encoding: "utf8",
          env: { ...process.env, RADAR_STATE_DIR: own.stateDir, RADAR_LAKE: own.lake, RADAR_SESSION: "" },
        });
      const batch = join(own.stateDir, "b.json");
      writeFileSync(
        batch,
        JSON.stringify([
          { op: "Bash", command: "grep -n POS obs.txt", output: "pos", columns: "whitespace" },
          { op: "Query", sql: "SELECT sum(column1) AS s FROM pos", inputs: ["pos"], output: "total" },
        ]),
      );
      const run = radar(["batch", batch, "--json"]);
      assert.equal(run.status, 0, run.stderr);
      const trace = (JSON.parse(run.stdout) as { trace: string }).trace;
      const sql = radar(["export", trace, "--sql"]);
      assert.equal(sql.status, 0, sql.stderr);
      assert.match(sql.stdout, /SELECT error\('table pos is the output of a Bash command/);
      const same = radar(["verify", trace]);
      assert.equal(same.status, 0, same.stdout + same.stderr);
      assert.match(same.stdout, /unchanged +pos \(#0 Bash, 2 rows\)/);
      writeFileSync(join(own.lake, "obs.txt"), "POS 1\nPOS 2\nPOS 3\n");
      const moved = radar(["verify", trace]);
      assert.equal(moved.status, 1, moved.stdout);
      assert.match(
        moved.stdout,
        /changed +pos \(#0 Bash\): rows 2 → 3 — file\(s\) changed since the run: obs\.txt/,
      );
    });
  },
);
