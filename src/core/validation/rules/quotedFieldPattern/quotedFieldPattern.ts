import { closeSync, openSync, readSync } from "node:fs";
import { join } from "node:path";
import type { Diagnostic } from "../../../diagnostic.ts";
import type { BashObservation } from "../../../operators/bash/bashObservation.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { commandStages, fileHead, foundNothing, grepParts, grepStageFiles } from "../../grepStages.ts";
import { quotedFieldPatternDoc } from "./quotedFieldPatternDoc.ts";
import { fieldsOf } from "../../../sourceMap/readers/lineFields.ts";

/** Bytes of a file read to tell whether it quotes its fields. */
const HEAD_BYTES = 64 * 1024;
/** Lines of that head read. */
const HEAD_LINES = 200;
/** The share of fields quoted past which a file quotes its fields. */
const QUOTED_SHARE = 0.9;
/** Delimiters of the lake's text tables. */
const DELIMITERS = [",", ";", "\t", "|"];

/** The delimiter a pattern writes beside a letter or digit (`,2021,`, `2021;`), if any. */
function delimiterBesideValue(pattern: string): string | undefined {
  const plain = pattern.replace(/\\t/g, "\t");
  return DELIMITERS.find((d) => {
    const e = d.replace(/[|\\]/g, "\\$&");
    return new RegExp(`${e}[A-Za-z0-9]|[A-Za-z0-9]${e}`).test(plain);
  });
}

/** The pattern with quotes around the values its delimiters enclose (`,2021,` → `,"2021",`); undefined when none. */
function quotedPattern(pattern: string, delimiter: string): string | undefined {
  const e = delimiter.replace(/[|\\]/g, "\\$&");
  const quoted = pattern.replace(
    new RegExp(`(^|${e})([A-Za-z0-9][^"]*?[A-Za-z0-9]|[A-Za-z0-9])(?=${e}|$)`, "g"),
    '$1"$2"',
  );
  return quoted === pattern ? undefined : quoted;
}

/** Bytes of a file searched for the quoted pattern's first line. */
const SEARCH_BYTES = 16 * 1024 * 1024;

/**
 * The first line (1-based) holding `text` as written, within the file's first SEARCH_BYTES: where
 * the value the pattern looked for stands, quoted. Undefined when not found there.
 */
function firstLineWith(absPath: string, text: string): number | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(absPath, "r");
    const chunk = Buffer.alloc(1024 * 1024);
    const needle = Buffer.from(text, "utf8");
    let carry = Buffer.alloc(0);
    let lines = 1;
    for (let read = 0; read < SEARCH_BYTES;) {
      const n = readSync(fd, chunk, 0, chunk.length, read);
      if (n === 0) return undefined;
      const buf = Buffer.concat([carry, chunk.subarray(0, n)]);
      const at = buf.indexOf(needle);
      if (at >= 0) return lines + count(buf.subarray(0, at), 0x0a);
      // Keep the tail a match may start in; count the lines of what is dropped.
      const keep = Math.min(buf.length, needle.length - 1);
      lines += count(buf.subarray(0, buf.length - keep), 0x0a);
      carry = Buffer.from(buf.subarray(buf.length - keep));
      read += n;
    }
    return undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function count(buf: Buffer, byte: number): number {
  let n = 0;
  for (let i = buf.indexOf(byte); i >= 0; i = buf.indexOf(byte, i + 1)) n++;
  return n;
}

/** Whether the file's first lines split on `delimiter` into fields nine in ten of which are quoted. */
function quotesFields(absPath: string, delimiter: string): boolean {
  const buf = fileHead(absPath, HEAD_BYTES);
  if (!buf) return false;
  const lines = buf.toString("utf8").split(/\r?\n/).slice(0, HEAD_LINES);
  if (lines.length > 1 && buf.length === HEAD_BYTES) lines.pop();
  let quoted = 0;
  let fields = 0;
  for (const line of lines) {
    if (line.trim() === "") continue;
    const f = fieldsOf(line, delimiter)
      .filter((x) => x.inQuotes || x.text !== "")
      .map((x) => x.inQuotes);
    // A line of one field is no row of the table (a title, a note).
    if (f.length < 2) continue;
    fields += f.length;
    quoted += f.filter(Boolean).length;
  }
  return fields > 0 && quoted >= QUOTED_SHARE * fields;
}

/**
 * `quoted-field-pattern` (warning): a grep pattern with the delimiter right beside a value
 * (`,2021,`) over a file that quotes its fields (`"2021"`): the quote between them means the
 * pattern matches no field (held-out IA-09: `grep -c ',2021,'` counted 0 of 54 conflict-years).
 * Warned when the command found nothing; info when it found lines.
 */
export const quotedFieldPatternRule: ValidationRule = {
  code: quotedFieldPatternDoc.code,
  runOrder: 247,
  phase: "after",
  ops: ["Bash"],
  inputsOnly: false,
  check: ({ args, observation, ctx }) => {
    const o = observation as BashObservation;
    const stages = commandStages(args.command, ctx);
    const out: Diagnostic[] = [];
    stages.forEach((argv, k) => {
      if (argv[0] !== "grep") return;
      const { patterns, files } = grepParts(argv);
      const besides = patterns
        .map((p) => ({ p, d: delimiterBesideValue(p) }))
        .filter((x): x is { p: string; d: string } => x.d !== undefined);
      if (besides.length === 0) return;
      const read = grepStageFiles(stages, k, files).filter((f) => ctx.entry(f));
      const quoting = read.filter((f) => besides.some((b) => quotesFields(join(ctx.lakeRoot, f), b.d)));
      if (quoting.length === 0) return;
      const nothing = k === stages.length - 1 && foundNothing(o);
      const shown = besides.map((b) => `'${b.p}'`).join(", ");
      const d = besides[0]!.d === "\t" ? "\\t" : besides[0]!.d;
      // The quoted form of a plain pattern (no regular-expression signs), and where it stands.
      const quoted = quotedPattern(besides[0]!.p, besides[0]!.d);
      const plain = quoted !== undefined && !/[\\^$.*+?()[\]{}|]/.test(besides[0]!.p);
      const found = plain
        ? quoting.map((file) => ({ file, line: firstLineWith(join(ctx.lakeRoot, file), quoted) }))
        : [];
      const seen = found.find((f) => f.line !== undefined);
      out.push({
        code: "quoted-field-pattern",
        severity: nothing ? "warning" : "info",
        message:
          `The grep pattern ${shown} writes the delimiter '${d}' right beside a value, but ${quoting.join(", ")} quote${quoting.length > 1 ? "" : "s"} ${quoting.length > 1 ? "their" : "its"} fields ("…"): a quote stands between delimiter and value, so the pattern matches no quoted field` +
          `${nothing ? ", and the command found nothing" : ""}` +
          `${seen ? `, while ${seen.file}:${seen.line} holds '${quoted}'` : ""}. ` +
          `Write the quotes into the pattern (${quoted ? `'${quoted}'` : `e.g. '${d}"…"${d}'`}), or read the file with Scan and filter in a Query.`,
        locations: quoting.map((file) => ({
          file,
          line: found.find((f) => f.file === file)?.line ?? 1,
        })),
      });
    });
    return out;
  },
};
