import { before, after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Runtime } from "../../src/core/runtime.ts";
import { bunzip2, Bzip2Error, isBzip2 } from "../../src/core/sourceMap/decoders/bzip2Decoder.ts";
import type { Bzip2Stats } from "../../src/core/sourceMap/decoders/bzip2Decoder.ts";
import type { SourceEntry, TableProfile } from "../../src/core/sourceMap/sourceEntry.ts";
import { pythonBzip2 } from "../helpers/pythonBzip2.ts";
import { tempLake } from "../helpers/tempLake.ts";
import { mapEntry, onlyTable } from "../helpers/mapEntries.ts";

/**
 * The bzip2 decoder against the reference compressor (python3's bz2 module, libbzip2), and
 * `.csv.bz2` files in a lake: mapped like their plain CSV, rows pointing at the content's lines.
 */

const pyBzip2 = (data: Buffer, level = 9): Buffer => pythonBzip2(data, level);

function flip(bytes: Buffer, at: number, mask: number): void {
  bytes[at] = bytes[at]! ^ mask;
}

function newStats(): Bzip2Stats {
  return { streams: 0, blocks: 0, bytesIn: 0, bytesOut: 0, trailingBytes: 0 };
}

/** Feeds `input` in chunks of `chunk` bytes (1: a byte at a time, so every boundary is crossed). */
async function* chunked(input: Buffer, chunk: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < input.length; i += chunk) yield input.subarray(i, i + chunk);
}

async function decode(
  input: Buffer,
  chunk = 64 * 1024,
): Promise<{ out: Buffer; stats: Bzip2Stats; pieces: number[] }> {
  const stats = newStats();
  const parts: Buffer[] = [];
  for await (const piece of bunzip2(chunked(input, chunk), stats)) parts.push(piece);
  return { out: Buffer.concat(parts), stats, pieces: parts.map((p) => p.length) };
}

async function decodeError(input: Buffer): Promise<string> {
  try {
    await decode(input);
  } catch (error) {
    assert.ok(error instanceof Bzip2Error, String(error));
    return error.message;
  }
  assert.fail("decoding should have failed");
}

/** Deterministic bytes (a linear congruential generator), `alphabet` values. */
function noise(bytes: number, alphabet = 256, seed = 7): Buffer {
  const out = Buffer.alloc(bytes);
  let x = seed;
  for (let i = 0; i < bytes; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = (x >>> 16) % alphabet;
  }
  return out;
}

describe("bzip2 decoder against libbzip2", () => {
  test("random bytes round-trip at levels 1 and 9, fed a byte at a time and in large chunks", async () => {
    const data = noise(150_000);
    for (const level of [1, 9]) {
      const packed = pyBzip2(data, level);
      assert.ok(isBzip2(packed));
      const whole = await decode(packed);
      assert.ok(whole.out.equals(data), `level ${level}`);
      assert.equal(whole.stats.bytesOut, data.length);
      assert.equal(whole.stats.bytesIn, packed.length);
      // Level 1 blocks hold 100 kB: 150 kB of noise is two blocks.
      assert.equal(whole.stats.blocks, level === 1 ? 2 : 1);
      const bytewise = await decode(packed.subarray(0, 4000), 1).catch((e: Error) => e.message);
      assert.match(String(bytewise), /cut short after 4000 bytes/);
      assert.ok((await decode(packed, 1)).out.equals(data), `level ${level}, a byte at a time`);
    }
  });

  test("multi-block text (> 900 kB, long Huffman codes) decodes in pieces of at most 1 MiB", async () => {
    const rows = Array.from(
      { length: 60_000 },
      (_, i) => `${i},name${(i * 7919) % 997},${((i * 104729) % 99991) / 7}`,
    );
    const text = Buffer.from(`id,name,value\n${rows.join("\n")}\n`);
    const data = Buffer.concat([text, noise(400_000, 40)]);
    assert.ok(data.length > 2_000_000);
    const { out, stats, pieces } = await decode(pyBzip2(data, 9));
    assert.ok(out.equals(data));
    assert.equal(stats.blocks, 3);
    assert.ok(Math.max(...pieces) <= 1 << 20);
  });

  test("runs of one byte: 1–5 repeats, 255 + 4, 260, and a run expanding a block to megabytes", async () => {
    const parts: Buffer[] = [];
    for (let n = 1; n <= 6; n++) parts.push(Buffer.alloc(n, 0x61 + n));
    for (const n of [254, 255, 258, 259, 260, 263, 264, 1000])
      parts.push(Buffer.alloc(n, n & 0xff), Buffer.from("|"));
    parts.push(Buffer.alloc(4, 0), Buffer.alloc(4, 1), Buffer.alloc(5, 0));
    const mixed = Buffer.concat(parts);
    for (const level of [1, 9]) assert.ok((await decode(pyBzip2(mixed, level))).out.equals(mixed));
    // 5 MB of one byte compresses to a few dozen bytes; its first block expands past 1 MiB.
    const flat = Buffer.alloc(5_000_000, 0x41);
    const { out, pieces } = await decode(pyBzip2(flat, 1));
    assert.ok(out.equals(flat));
    assert.ok(pieces.length > 4 && Math.max(...pieces) <= 1 << 20);
  });

  test("concatenated streams (pbzip2 output) and an empty stream", async () => {
    const a = Buffer.from("id,v\n1,a\n");
    const b = Buffer.from("2,b\n3,c\n");
    const { out, stats } = await decode(
      Buffer.concat([pyBzip2(a, 9), pyBzip2(Buffer.alloc(0), 5), pyBzip2(b, 1)]),
    );
    assert.equal(out.toString(), "id,v\n1,a\n2,b\n3,c\n");
    assert.equal(stats.streams, 3);
    const empty = await decode(pyBzip2(Buffer.alloc(0)));
    assert.equal(empty.out.length, 0);
    assert.deepEqual([empty.stats.streams, empty.stats.blocks], [1, 0]);
  });

  test("an aborted signal stops the decode between pieces", async () => {
    const controller = new AbortController();
    const packed = pyBzip2(noise(400_000, 20), 1);
    let pieces = 0;
    await assert.rejects(async () => {
      for await (const _piece of bunzip2(chunked(packed, 65536), newStats(), { signal: controller.signal })) {
        pieces++;
        controller.abort();
      }
    }, /cancelled/);
    assert.equal(pieces, 1);
  });

  test("bytes after the last stream are counted and left out, as bzip2 does", async () => {
    const { out, stats } = await decode(
      Buffer.concat([pyBzip2(Buffer.from("x\n1\n")), Buffer.from("garbage!\n")]),
    );
    assert.equal(out.toString(), "x\n1\n");
    assert.equal(stats.trailingBytes, 9);
  });

  test("a corrupted CRC names the block; a cut file says after how many bytes; noise is no stream", async () => {
    const data = noise(250_000, 30);
    const packed = pyBzip2(data, 1);
    const corrupt = Buffer.from(packed);
    flip(corrupt, 10, 0x01); // first block's CRC (bytes 10–13: after "BZh1" and the 6-byte magic)
    assert.match(await decodeError(corrupt), /CRC mismatch in block 1\b/);
    const cut = packed.subarray(0, Math.floor(packed.length / 2));
    assert.match(await decodeError(cut), new RegExp(`cut short after ${cut.length} bytes`));
    // The end-of-stream CRC: the last 4 bytes hold it (and padding bits): flip a bit of it.
    const endCrc = Buffer.from(packed);
    flip(endCrc, endCrc.length - 2, 0x10);
    assert.match(await decodeError(endCrc), /combined CRC|CRC/);
    assert.equal(isBzip2(Buffer.from("BZh9,name\n1,a\n")), false);
    assert.match(await decodeError(Buffer.from("not bzip2 at all")), /not a bzip2 stream/);
  });

  test("a damaged later block is reported by its number; the blocks before it were handed on", async () => {
    const data = noise(250_000, 30);
    const packed = Buffer.from(pyBzip2(data, 1));
    // Damage the middle of the compressed data (inside block 2 of 3).
    flip(packed, Math.floor(packed.length * 0.5), 0xff);
    const stats = newStats();
    let handed = 0;
    await assert.rejects(
      async () => {
        for await (const piece of bunzip2(chunked(packed, 4096), stats)) handed += piece.length;
      },
      (error: Error) => /block 2\b/.test(error.message),
    );
    assert.equal(stats.blocks, 1);
    assert.ok(handed >= 100_000);
  });
});

// ---------------------------------------------------------------------------------------------
// In a lake

const csv = [
  "Sales by region, 2024",
  "",
  "id,region,amount,day",
  ...Array.from(
    { length: 300 },
    (_, i) =>
      `${i + 1},${["North", "South", "East"][i % 3]},${(i * 37) % 1000}.25,2024-03-${String((i % 28) + 1).padStart(2, "0")}`,
  ),
  "",
  "Source: example ledger",
  "",
].join("\n");
const jsonl = `${Array.from({ length: 40 }, (_, i) => JSON.stringify({ id: i, tag: `t${i % 4}` })).join("\n")}\n`;
const bigNoise = noise(250_000, 30);
const goodPacked = pyBzip2(bigNoise, 1);
const corrupt = Buffer.from(goodPacked);
flip(corrupt, 10, 0x01);

const files: Record<string, string | Buffer> = {
  "plain/sales.csv": csv,
  "sales.csv.bz2": pyBzip2(Buffer.from(csv), 9),
  "disguised.csv": pyBzip2(Buffer.from(csv), 1),
  "no-extension": pyBzip2(Buffer.from(csv), 5),
  "events.jsonl.bz2": pyBzip2(Buffer.from(jsonl)),
  // pbzip2-style: the content cut into 4 concatenated streams.
  "more/sales-2.csv.bz2": pythonBzip2(csv, 3, 4),
  "cut.csv.bz2": goodPacked.subarray(0, 20_000),
  "crc.csv.bz2": corrupt,
  "empty.csv.bz2": pyBzip2(Buffer.alloc(0)),
  "starts-like-bzip2.csv": "BZh9,name\n1,a\n2,b\n",
};
const { lake, stateDir } = tempLake(files);

let runtime: Runtime;
const entry = (path: string): SourceEntry => mapEntry(runtime.map, path);
const only = (path: string): TableProfile => onlyTable(runtime.map, path);
/** What must be the same for a file and its bzip2 copy: everything the reader sees but the notes. */
const shape = (t: TableProfile): unknown => ({
  rows: t.rowCount,
  header: t.headerLine,
  titles: t.titleLines,
  footer: t.footer?.lines,
  columns: t.columns.map((c) => `${c.name}:${c.type}`),
  samples: t.columns.map((c) => c.samples),
});

before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

describe("bzip2 files in a lake", () => {
  test("a .csv.bz2 maps exactly like the same plain CSV (rows, header line, titles, footer, types)", () => {
    const plain = only("plain/sales.csv");
    for (const path of ["sales.csv.bz2", "disguised.csv", "no-extension", "more/sales-2.csv.bz2"]) {
      const t = only(path);
      assert.deepEqual(shape(t), shape(plain), path);
      assert.equal(entry(path).compression, "bzip2");
      assert.equal(entry(path).format, "csv");
      assert.ok(t.notes?.some((n) => /bzip2-decompressed copy in RADAR's state folder/.test(n)));
    }
    assert.equal(plain.rowCount, 300);
    assert.equal(plain.headerLine, 3);
  });

  test("JSON lines inside bzip2 map too", () => {
    const t = only("events.jsonl.bz2");
    assert.equal(entry("events.jsonl.bz2").format, "jsonl");
    assert.equal(t.rowCount, 40);
    assert.deepEqual(
      t.columns.map((c) => c.name),
      ["id", "tag"],
    );
  });

  test("Scan reads the rows; each points at its line of the content under the .bz2 name", async () => {
    const r = await runtime.call({ op: "Scan", file: "sales.csv.bz2", output: "sales" });
    assert.equal(r.status, "ok", JSON.stringify(r));
    const o = r.observation as {
      preview: { origins: ({ file: string; line: number } | null)[]; rows: unknown[][] };
    };
    assert.equal(o.preview.origins[0]?.file, "sales.csv.bz2");
    assert.equal(o.preview.origins[0]?.line, 4);
    assert.equal(o.preview.origins[2]?.line, 6);
    assert.equal(String(o.preview.rows[0]?.[1]), "North");
    const q = await runtime.call({
      op: "Query",
      sql: "SELECT count(*) AS n, sum(amount) AS s FROM sales",
      inputs: ["sales"],
      output: "sum_bz2",
    });
    const p = await runtime.call({ op: "Scan", file: "plain/sales.csv", output: "plain_sales" });
    assert.equal(p.status, "ok");
    const qp = await runtime.call({
      op: "Query",
      sql: "SELECT count(*) AS n, sum(amount) AS s FROM plain_sales",
      inputs: ["plain_sales"],
      output: "sum_plain",
    });
    assert.deepEqual(
      (q.observation as { records: { rows: unknown[][] } }).records.rows,
      (qp.observation as { records: { rows: unknown[][] } }).records.rows,
    );
  });

  test("UnionScan stacks bzip2 and plain files; Discover finds the bzip2 file by its columns", async () => {
    const u = await runtime.call({
      op: "UnionScan",
      files: ["sales.csv.bz2", "more/sales-2.csv.bz2", "plain/sales.csv"],
      output: "all_sales",
      source_column: "src",
    });
    assert.equal(u.status, "ok", JSON.stringify(u));
    const q = await runtime.call({
      op: "Query",
      sql: "SELECT src, count(*) AS n FROM all_sales GROUP BY src ORDER BY src",
      inputs: ["all_sales"],
      output: "by_src",
    });
    assert.deepEqual(
      (q.observation as { records: { rows: unknown[][] } }).records.rows.map((r) => [
        String(r[0]),
        Number(r[1]),
      ]),
      [
        ["more/sales-2.csv.bz2", 300],
        ["plain/sales.csv", 300],
        ["sales.csv.bz2", 300],
      ],
    );
    const d = await runtime.call({ op: "Discover", query: "sales region amount" });
    assert.equal(d.status, "ok");
    const hits = (d.observation as { hits: { path: string }[] }).hits.map((h) => h.path);
    assert.ok(hits.includes("sales.csv.bz2"), hits.join(", "));
  });

  test("damaged files say exactly why (block, bytes); the rest of the lake maps", () => {
    assert.match(entry("crc.csv.bz2").error ?? "", /could not read as bzip2: CRC mismatch in block 1\b/);
    assert.equal(entry("crc.csv.bz2").tables, undefined);
    assert.match(entry("cut.csv.bz2").error ?? "", /could not read as bzip2: .*cut short after 20000 bytes/);
    assert.equal(entry("cut.csv.bz2").tables, undefined);
    assert.match(entry("empty.csv.bz2").error ?? "", /bzip2-compressed and its content is empty/);
    // "BZh9" as a column name is text, not bzip2.
    assert.equal(only("starts-like-bzip2.csv").rowCount, 2);
    assert.equal(entry("starts-like-bzip2.csv").compression, undefined);
  });

  test("nothing is written into the lake; the copies live in the state folder", () => {
    const listed = (dir: string): string[] =>
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => join(d.parentPath, d.name).slice(dir.length + 1))
        .sort();
    assert.deepEqual(listed(lake), Object.keys(files).sort());
    const copies = readdirSync(join(stateDir, "utf8", "bzip2"));
    assert.ok(copies.some((c) => c.endsWith(".csv")));
    assert.ok(!copies.some((c) => c.endsWith(".tmp")), "no partial copy is left");
    // The copy of a damaged file is never kept (what decoded before the damage is not the table).
    const sizes = copies.map((c) => statSync(join(stateDir, "utf8", "bzip2", c)).size);
    assert.ok(!sizes.includes(bigNoise.length));
  });

  test("an unchanged lake re-maps from the cache; a Scan after the state's copies were removed decompresses again", async () => {
    const again = await Runtime.open(lake, { radarDir: stateDir });
    try {
      assert.equal(again.mapStats.profiled, 0);
      rmSync(join(stateDir, "utf8", "bzip2"), { recursive: true, force: true });
      const r = await again.call({ op: "Scan", file: "disguised.csv", output: "again" });
      assert.equal(r.status, "ok", JSON.stringify(r));
      assert.equal((r.observation as { rowCount: number }).rowCount, 300);
      assert.equal(readdirSync(join(stateDir, "utf8", "bzip2")).length, 1);
    } finally {
      again.close();
    }
  });
});

describe("bzip2 budget", () => {
  test("a file decompressing past the budget of decompressed bytes is flagged, not mapped in part", async () => {
    // 300 MB of one byte: a few hundred compressed bytes, far over 100 × its size and over 256 MiB.
    const dir = mkdtempSync(join(tmpdir(), "radar-bz2-bomb-"));
    const packed = execFileSync(
      "python3",
      [
        "-c",
        "import bz2,sys; c=bz2.BZ2Compressor(1); sys.stdout.buffer.write(b''.join(c.compress(b'a'*(1<<20)) for _ in range(300)) + c.flush())",
      ],
      { maxBuffer: 1 << 24 },
    );
    writeFileSync(join(dir, "bomb.csv.bz2"), packed);
    writeFileSync(join(dir, "fine.csv"), "a,b\n1,2\n");
    const state = mkdtempSync(join(tmpdir(), "radar-bz2-state-"));
    const rt = await Runtime.open(dir, { radarDir: state });
    try {
      const bomb = rt.map.files.find((f) => f.path === "bomb.csv.bz2");
      assert.match(bomb?.error ?? "", /budget of decompressed bytes.*bunzip2/);
      assert.equal(rt.map.files.find((f) => f.path === "fine.csv")?.tables?.[0]?.rowCount, 1);
      assert.deepEqual(readdirSync(join(state, "utf8", "bzip2")), []);
    } finally {
      rt.close();
    }
    assert.ok(readFileSync(join(dir, "bomb.csv.bz2")).length < 10_000);
  });
});
