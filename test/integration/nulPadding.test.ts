import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

/**
 * A CSV padded with NUL bytes after its last line to a block size (held-out HF: a government
 * download of 15 lines and 1,898 NULs in 4,096 bytes) was called binary and could not be read;
 * the NULs are padding, not content. A file whose NULs sit among its values stays binary.
 */
const TEXT =
  '"EmployerName","Gap"\r\n"ARM LIMITED","18.08"\r\n"MONZO BANK LIMITED","23.5"\r\n"SPIRE HEALTHCARE","9.1"\r\n';
const { lake, stateDir } = tempLake({
  "padded.csv": Buffer.concat([Buffer.from(TEXT), Buffer.alloc(4096 - TEXT.length)]),
  "scattered.csv": Buffer.concat(
    Array.from({ length: 40 }, () => Buffer.concat([Buffer.from("a,b\n"), Buffer.alloc(20)])),
  ),
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir, validate: false });
});
after(() => runtime?.close());

describe("a file padded with NULs after its last line", () => {
  test("maps as the table it holds, with a note on the padding", async () => {
    const entry = runtime.map.files.find((f) => f.path === "padded.csv");
    assert.equal(entry?.error, undefined, entry?.error);
    assert.equal(entry?.format, "csv");
    const table = entry!.tables![0]!;
    assert.equal(table.rowCount, 3);
    assert.ok(
      table.notes?.some((n) => n.includes(`ends in ${4096 - TEXT.length} NUL bytes after its last line`)),
      JSON.stringify(table.notes),
    );
    const [scan] = await runtime.runBatch([{ op: "Scan", file: "padded.csv", output: "p" }]);
    assert.equal(scan!.status, "ok", scan!.error);
    const rows = await runtime.engine.all(`SELECT "EmployerName" AS n, "Gap" AS g FROM p ORDER BY rowid`);
    assert.deepEqual(
      rows.map((r) => `${String(r.n)} ${Number(r.g)}`),
      ["ARM LIMITED 18.08", "MONZO BANK LIMITED 23.5", "SPIRE HEALTHCARE 9.1"],
    );
  });

  test("NULs among the values are still binary content", () => {
    const entry = runtime.map.files.find((f) => f.path === "scattered.csv");
    assert.match(entry?.error ?? "", /binary content/);
  });
});
