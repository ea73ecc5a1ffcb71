import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";
import { join } from "node:path";
import type { ContentFingerprint, FileRelation, SourceEntry } from "../sourceEntry.ts";
import { isYearToken } from "../../text.ts";

/**
 * Which files of the lake are byte-identical copies of each other, and which are a truncated copy
 * of another (their bytes are the start of a longer file: the first 37 rows of a 50-row export).
 * Cheap: each file's fingerprint hashes only its first 64 KiB (kept in the Source Map cache), which
 * proposes candidate pairs; a candidate is then confirmed byte by byte when the shorter file is at
 * most 64 MiB, or from its first and last 64 KiB beyond that (said so in `checked`) — no lake is read
 * twice in full. Pairs of files unchanged since the last map keep the answer found then.
 */

const HEAD_BYTES = 64 * 1024;
/** Lengths whose prefix hashes the fingerprint keeps: a file is a candidate prefix of another when the
 *  longest checkpoint it reaches hashes alike in both (so they share at least half of its bytes). */
const CHECKPOINTS = [64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536];
/** Files up to this size are compared in full when their fingerprints propose them. */
const FULL_COMPARE_BYTES = 64 * 1024 * 1024;
const CHUNK = 1024 * 1024;
/** A file shorter than this is not called a truncated copy (a header line is the start of many files). */
const MIN_PREFIX_BYTES = 64;
/** Candidates confirmed per file at most (files sharing a long header with hundreds of others). */
const MAX_CANDIDATES = 200;

function digest(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 24);
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(buffer, done, length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return done === length ? buffer : buffer.subarray(0, done);
}

/** The first 64 KiB of a file (all of it when it is smaller). */
export async function readHead(absPath: string, bytes: number): Promise<Buffer> {
  const handle = await open(absPath, "r");
  try {
    return await readAt(handle, 0, Math.min(bytes, HEAD_BYTES));
  } finally {
    await handle.close();
  }
}

/** Hashes of a file's head (and of its prefixes at fixed lengths). */
export function fingerprintOf(head: Buffer): ContentFingerprint {
  const newline = head.indexOf(10);
  return {
    head: digest(head),
    prefixes: CHECKPOINTS.filter((c) => c <= head.length).map((c) => digest(head.subarray(0, c))),
    ...(newline >= 0 ? { firstLineEnd: newline } : {}),
  };
}

/** Formats whose head is text worth reading for words. */
const TEXT_FORMATS = new Set(["csv", "json", "jsonl", "text", "unknown", "html"]);
const MAX_HEAD_TERMS = 200;

/**
 * The words and years of a text file's head, each once (first spelling, in order): what its first
 * rows hold beyond the Source Map's few sample values per column — the categories of a report, the
 * years of a yearly table — for Discover to match a question's words against.
 */
export function headTermsOf(head: Buffer, format: string, complete: boolean): string[] {
  if (!TEXT_FORMATS.has(format)) return [];
  let text = head.toString("utf8");
  if (format === "html") text = text.replace(/<[^>]*>/g, " ");
  const out: string[] = [];
  const seen = new Set<string>();
  // Tokens one at a time, up to MAX_HEAD_TERMS terms: splitting all of a 64 KiB head first made
  // thousands of strings for the first two hundred words.
  const tokens = /[\p{L}\p{N}]+/gu;
  for (let match = tokens.exec(text); match; match = tokens.exec(text)) {
    const token = match[0];
    // A head cut inside a word would add half a word.
    if (!complete && match.index + token.length === text.length) break;
    if (out.length >= MAX_HEAD_TERMS) break;
    const isYear = isYearToken(token);
    if (!isYear && !(/\p{L}/u.test(token) && token.length >= 3 && !/\d/.test(token))) continue;
    const key = token.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(token);
  }
  return out;
}

interface Comparison {
  equal: boolean;
  checked: FileRelation["checked"];
  /** Line breaks in the compared bytes of the shorter file (when compared in full). */
  lines?: number;
  /** The shorter file ends inside a line of the longer one. */
  cutMidLine?: boolean;
}

/** Whether the first `length` bytes of two files are the same: in full, or by head and tail windows. */
async function comparePrefix(
  aPath: string,
  bPath: string,
  length: number,
  bLength: number,
): Promise<Comparison> {
  const a = await open(aPath, "r");
  try {
    const b = await open(bPath, "r");
    try {
      let lines = 0;
      let last = -1;
      if (length <= FULL_COMPARE_BYTES) {
        for (let at = 0; at < length; at += CHUNK) {
          const n = Math.min(CHUNK, length - at);
          const [x, y] = await Promise.all([readAt(a, at, n), readAt(b, at, n)]);
          if (x.length !== n || !x.equals(y)) return { equal: false, checked: "all-bytes" };
          for (let i = x.indexOf(10); i >= 0; i = x.indexOf(10, i + 1)) lines++;
          last = x[x.length - 1] ?? -1;
        }
      } else {
        const at = length - HEAD_BYTES;
        const [x, y] = await Promise.all([readAt(a, at, HEAD_BYTES), readAt(b, at, HEAD_BYTES)]);
        if (!x.equals(y)) return { equal: false, checked: "head-and-tail" };
        last = x[x.length - 1] ?? -1;
      }
      let cutMidLine: boolean | undefined;
      if (bLength > length) {
        const next = (await readAt(b, length, 1))[0];
        cutMidLine = last !== 10 && next !== 10 && next !== 13;
      }
      return {
        equal: true,
        checked: length <= FULL_COMPARE_BYTES ? "all-bytes" : "head-and-tail",
        ...(length <= FULL_COMPARE_BYTES ? { lines } : {}),
        ...(cutMidLine !== undefined ? { cutMidLine } : {}),
      };
    } finally {
      await b.close();
    }
  } finally {
    await a.close();
  }
}

function isDotPath(path: string): boolean {
  return path.split("/").some((p) => p.startsWith("."));
}

/** Whether a file can be called a truncated copy: a header alone, or an empty table, cannot. */
function canBePrefix(entry: SourceEntry): boolean {
  const fp = entry.fingerprint;
  if (!fp || entry.bytes < MIN_PREFIX_BYTES) return false;
  if (fp.firstLineEnd === undefined || entry.bytes <= fp.firstLineEnd + 1) return false;
  const table = entry.tables?.[0];
  return !(table && table.rowCount === 0);
}

/**
 * Identical files each file lists at most: a class of N byte-identical files would otherwise hold
 * N²/2 relations (5,000 copies of one export: 12.5 M objects in the map and its cache). Every member
 * of a larger class lists the class's first MAX_IDENTICAL members in `originalFirst` order — the
 * original among them, so `copiesOf` still finds it — and those list the whole class.
 */
export const MAX_IDENTICAL = 32;

/** Adds a relation unless listed; `listed` (one per relateFiles run) keeps each addition O(1). */
function addRelation(
  listed: WeakMap<SourceEntry, Set<string>>,
  entry: SourceEntry,
  relation: FileRelation,
): void {
  let keys = listed.get(entry);
  if (!keys)
    listed.set(entry, (keys = new Set((entry.relations ?? []).map((r) => `${r.kind}\u0000${r.path}`))));
  const key = `${relation.kind}\u0000${relation.path}`;
  if (keys.has(key)) return;
  keys.add(key);
  (entry.relations ??= []).push(relation);
}

/**
 * Sets an entry's `fingerprint` and `headTerms` from its file's head (none for an empty or dot
 * file). Never throws: a file that cannot be read simply has no fingerprint.
 */
export async function fingerprintEntry(lakeRoot: string, entry: SourceEntry): Promise<void> {
  if (entry.bytes === 0 || isDotPath(entry.path)) {
    delete entry.fingerprint;
    return;
  }
  try {
    const head = await readHead(join(lakeRoot, entry.path), entry.bytes);
    entry.fingerprint = fingerprintOf(head);
    // A compressed file's bytes are not its text: its words are not in them.
    const terms = entry.compression ? [] : headTermsOf(head, entry.format, head.length === entry.bytes);
    if (terms.length > 0) entry.headTerms = terms;
    else delete entry.headTerms;
  } catch {
    // unreadable (permissions, vanished): no fingerprint, no relations
  }
}

/**
 * Sets `fingerprint` where it is missing (files new or changed since the cache) and recomputes every
 * entry's `relations`. `fingerprinted`: files new or changed since the cache whose fingerprint the
 * caller has set already (fingerprintEntry, while it mapped them). Never throws.
 */
export async function relateFiles(
  lakeRoot: string,
  files: SourceEntry[],
  fingerprinted: ReadonlySet<string> = new Set(),
): Promise<void> {
  const fresh = new Set<string>(fingerprinted);
  const listed = new WeakMap<SourceEntry, Set<string>>();
  const before = new Map<string, FileRelation[]>();
  for (const entry of files) {
    if (entry.relations) before.set(entry.path, entry.relations);
    delete entry.relations;
    if (entry.bytes === 0 || isDotPath(entry.path)) {
      delete entry.fingerprint;
      continue;
    }
    if (entry.fingerprint) continue;
    await fingerprintEntry(lakeRoot, entry);
    if (entry.fingerprint) fresh.add(entry.path);
  }
  const known = (a: SourceEntry, b: SourceEntry): FileRelation | undefined | null => {
    // Both unchanged since the last map: what was found then still holds (null: nothing was).
    if (fresh.has(a.path) || fresh.has(b.path)) return undefined;
    const previous = before.get(a.path);
    const found = previous?.find((r) => r.path === b.path);
    if (found) return found;
    // A capped list of identical files does not name every copy: compare again.
    const identical = previous?.filter((r) => r.kind === "identical").length ?? 0;
    return identical >= MAX_IDENTICAL - 1 ? undefined : null;
  };
  const withPrint = files.filter((f) => f.fingerprint);

  // Byte-identical files: same size and same first 64 KiB, then confirmed.
  const bySize = new Map<string, SourceEntry[]>();
  for (const entry of withPrint) {
    const key = `${entry.bytes}\u0000${entry.fingerprint?.head}`;
    const list = bySize.get(key);
    if (list) list.push(entry);
    else bySize.set(key, [entry]);
  }
  for (const group of bySize.values()) {
    if (group.length < 2) continue;
    // Each file joins the class of the first file it equals; the checks say how (all bytes, or head and tail).
    const classes: { members: SourceEntry[]; checked: FileRelation["checked"][] }[] = [];
    for (const entry of group) {
      let placed = false;
      for (const cls of classes) {
        const head = cls.members[0]!;
        const previous = known(entry, head);
        let same: FileRelation["checked"] | undefined;
        if (previous !== undefined) same = previous?.kind === "identical" ? previous.checked : undefined;
        else {
          const c = await safeCompare(lakeRoot, entry, head, entry.bytes);
          same = c?.equal ? c.checked : undefined;
        }
        if (same) {
          cls.members.push(entry);
          cls.checked.push(same);
          placed = true;
          break;
        }
      }
      if (!placed) classes.push({ members: [entry], checked: ["all-bytes"] });
    }
    for (const { members, checked } of classes) {
      if (members.length < 2) continue;
      // How a pair was established: by all bytes only when both were compared in full with the head.
      const how = new Map(members.map((m, i) => [m, checked[i]!]));
      const pairChecked = (a: SourceEntry, b: SourceEntry): FileRelation["checked"] =>
        how.get(a) === "all-bytes" && how.get(b) === "all-bytes" ? "all-bytes" : "head-and-tail";
      const ordered = [...members].sort((a, b) => originalFirst(a.path, b.path));
      const first = ordered.slice(0, MAX_IDENTICAL);
      const relate = (entry: SourceEntry, other: SourceEntry): void => {
        const relation: FileRelation = {
          kind: "identical",
          path: other.path,
          bytes: other.bytes,
          checked: pairChecked(entry, other),
        };
        (entry.relations ??= []).push(relation);
      };
      // Members past the first MAX_IDENTICAL list only those; those list every member.
      for (const entry of ordered) for (const other of first) if (other !== entry) relate(entry, other);
      for (const entry of first) for (const other of ordered.slice(MAX_IDENTICAL)) relate(entry, other);
    }
  }

  // Truncated copies: the longest checkpoint the shorter file reaches hashes alike in both.
  const byPrefix = new Map<string, SourceEntry[]>();
  for (const entry of withPrint) {
    entry.fingerprint?.prefixes.forEach((hash, i) => {
      const key = `${i}\u0000${hash}`;
      const list = byPrefix.get(key);
      if (list) list.push(entry);
      else byPrefix.set(key, [entry]);
    });
  }
  for (const short of withPrint) {
    if (!canBePrefix(short)) continue;
    const prints = short.fingerprint?.prefixes ?? [];
    const i = prints.length - 1;
    const candidates = (byPrefix.get(`${i}\u0000${prints[i]}`) ?? [])
      .filter((long) => long.bytes > short.bytes)
      .slice(0, MAX_CANDIDATES);
    for (const long of candidates) {
      const previous = known(short, long);
      let found: Comparison | undefined;
      if (previous !== undefined) {
        if (previous?.kind === "prefix-of")
          found = {
            equal: true,
            checked: previous.checked,
            ...(previous.lines !== undefined ? { lines: previous.lines } : {}),
            ...(previous.cutMidLine !== undefined ? { cutMidLine: previous.cutMidLine } : {}),
          };
      } else found = await safeCompare(lakeRoot, short, long, short.bytes);
      if (!found?.equal) continue;
      const facts = {
        checked: found.checked,
        ...(found.lines !== undefined ? { lines: found.lines } : {}),
        ...(found.cutMidLine !== undefined ? { cutMidLine: found.cutMidLine } : {}),
      };
      addRelation(listed, short, { kind: "prefix-of", path: long.path, bytes: long.bytes, ...facts });
      addRelation(listed, long, { kind: "has-prefix", path: short.path, bytes: short.bytes, ...facts });
    }
  }
}

async function safeCompare(
  lakeRoot: string,
  a: SourceEntry,
  b: SourceEntry,
  length: number,
): Promise<Comparison | undefined> {
  try {
    return await comparePrefix(join(lakeRoot, a.path), join(lakeRoot, b.path), length, b.bytes);
  } catch {
    return undefined;
  }
}

/** The file a copy gives way to, and how they relate; undefined for a file that is no copy. */
export interface CopyOf {
  /** The file to use instead: the complete one, or the original among identical files. */
  path: string;
  kind: "identical" | "truncated";
  relation: FileRelation;
}

/** Words in a file name that mark a copy: `report (1).csv`, `report - Copy.csv`, `report_backup.csv`. */
const COPY_NAME = /(?:\(\d+\)|\bcopy\b|\bcopie\b|\bbackup\b|\bbak\b|\bold\b|\bduplicate\b|\bdup\b|~$)/i;

function copyMarks(path: string): number {
  const base = path.slice(path.lastIndexOf("/") + 1).replace(/\.[^.]+$/, "");
  return COPY_NAME.test(base.replace(/[_-]+/g, " ")) ? 1 : 0;
}

/** Which of identical files is the original: no copy mark in its name, then the shallowest, shortest, first. */
export function originalFirst(a: string, b: string): number {
  return (
    copyMarks(a) - copyMarks(b) ||
    a.split("/").length - b.split("/").length ||
    a.length - b.length ||
    (a < b ? -1 : a > b ? 1 : 0)
  );
}

/**
 * For every file that is a copy, the file to prefer: a truncated copy gives way to the longest file
 * it is the start of; among identical files, all but the original give way to it.
 */
export function copiesOf(files: readonly SourceEntry[]): Map<string, CopyOf> {
  const out = new Map<string, CopyOf>();
  const byPath = new Map(files.map((f) => [f.path, f]));
  for (const entry of files) {
    const relations = entry.relations ?? [];
    const longer = relations
      .filter((r) => r.kind === "prefix-of" && byPath.has(r.path))
      .sort((a, b) => (b.bytes ?? 0) - (a.bytes ?? 0) || originalFirst(a.path, b.path))[0];
    if (longer) {
      out.set(entry.path, { path: longer.path, kind: "truncated", relation: longer });
      continue;
    }
    const identical = relations.filter((r) => r.kind === "identical" && byPath.has(r.path));
    const original = [entry.path, ...identical.map((r) => r.path)].sort(originalFirst)[0];
    const relation = identical.find((r) => r.path === original);
    if (original && original !== entry.path && relation)
      out.set(entry.path, { path: original, kind: "identical", relation });
  }
  // A truncated copy of a file that is itself a duplicate gives way to the original of the two.
  for (const [path, copy] of out) {
    const next = out.get(copy.path);
    if (next && next.kind === "identical") out.set(path, { ...copy, path: next.path });
  }
  return out;
}
