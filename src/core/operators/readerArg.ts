import { statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { reject } from "../diagnostic.ts";
import { profileFile } from "../sourceMap/profiling/profileFile.ts";
import { ReaderOptionsError, profileWithReader } from "../sourceMap/profiling/profileWithReader.ts";
import type { ReaderOptions } from "../sourceMap/readers/readerOptions.ts";
import { sameReaderOptions } from "../sourceMap/readers/readerOptions.ts";
import { rememberReader } from "../sourceMap/readers/readerStore.ts";
import type { SourceEntry, TableProfile } from "../sourceMap/sourceEntry.ts";
import type { OperatorContext } from "./operator.ts";

/**
 * Scan's and UnionScan's `reader` argument: how to read a text file, where the map read it wrong.
 * One schema for every host (agent tools, MCP, LM tools, the manifest derive from it).
 */
export const readerArg = z
  .object({
    delimiter: z
      .string()
      .min(1, 'give the field delimiter, e.g. ";" or "\\t" for tabs')
      .max(4, "a delimiter is one to four characters")
      .optional()
      .describe('Field delimiter, e.g. ";" or "\\t" (tab) or "|".'),
    quote: z
      .string()
      .max(1, 'a quote is one character, or "" for none')
      .optional()
      .describe('Quote character (default "); "" reads quotes as ordinary characters.'),
    widths: z
      .array(z.number().int("widths are whole numbers of characters").min(1, "each width is at least 1"))
      .min(1, "give the width of every column, from the start of the line")
      .max(2000)
      .optional()
      .describe("Fixed-width columns: each column's width in characters, from the start of the line."),
    whitespace: z
      .boolean()
      .optional()
      .describe("Values separated by runs of spaces or tabs (aligned columns)."),
    header: z
      .number()
      .int("header is a whole number of lines")
      .min(0, "header is 0 (no header line) or more")
      .max(50, "at most 50 header lines")
      .optional()
      .describe(
        "Header lines after the skipped ones (default 1): several are joined into one name per column; 0: no header (columns named column0, column1… or by `names`).",
      ),
    skip: z
      .number()
      .int("skip is a whole number of lines")
      .min(0, "skip is 0 or more lines")
      .optional()
      .describe("Lines at the top of the file to skip before the header (titles, notes)."),
    comment: z
      .string()
      .min(1, 'give the comment prefix, e.g. "#"')
      .max(8, "a comment prefix is at most 8 characters")
      .optional()
      .describe('Lines starting with this prefix (after spaces) are comments, not records, e.g. "#".'),
    missing: z
      .array(z.string().max(50, "a missing-value marker is at most 50 characters"))
      .max(50, "at most 50 missing-value markers")
      .optional()
      .describe('Cell texts read as NULL (missing values), e.g. ["NA", "-", "M"].'),
    names: z
      .array(z.string().trim().min(1, "a column name cannot be empty"))
      .min(1)
      .max(5000)
      .optional()
      .describe("Column names, in order, in place of the header's (or the positional ones)."),
  })
  .strict()
  .superRefine((o, ctx) => {
    const layouts = [
      o.delimiter !== undefined && "delimiter",
      o.widths !== undefined && "widths",
      o.whitespace === true && "whitespace",
    ].filter((x): x is string => typeof x === "string");
    if (layouts.length > 1)
      ctx.addIssue({
        code: "custom",
        path: [layouts[1]!],
        message: `give one way to cut lines: ${layouts.join(" and ")} exclude each other`,
      });
    if (o.quote !== undefined && (o.widths !== undefined || o.whitespace === true))
      ctx.addIssue({
        code: "custom",
        path: ["quote"],
        message:
          "a quote applies to delimited files; fixed-width and whitespace-aligned lines are read whole",
      });
    if (o.quote && o.delimiter?.includes(o.quote))
      ctx.addIssue({ code: "custom", path: ["quote"], message: "the quote cannot be part of the delimiter" });
    if (o.comment !== undefined && o.comment.trim() === "")
      ctx.addIssue({ code: "custom", path: ["comment"], message: "a comment prefix cannot be blank" });
    const seen = new Set<string>();
    for (const [i, n] of (o.names ?? []).entries()) {
      if (seen.has(n.toLowerCase()))
        ctx.addIssue({ code: "custom", path: ["names", i], message: `the name "${n}" is given twice` });
      seen.add(n.toLowerCase());
    }
  })
  .optional()
  .describe(
    "How to read a text file when the map read it wrong (delimiter, quote, widths or whitespace, header lines, skip, comment prefix, missing-value markers, names). Remembered for the file: later Scans and maps read it so. {} forgets them and reads the file as the map finds it.",
  );

/** Whether options are given at all ({} asks to forget them). */
function isEmpty(reader: ReaderOptions): boolean {
  return Object.keys(reader).length === 0;
}

/**
 * The entry to read, with the user's reader options applied: given options re-map the file with
 * them (remembered in the state folder, and the map's entry updated in place so Discover, Probe and
 * later calls of the session see it); `{}` forgets earlier ones and maps the file afresh; no
 * argument reads the entry as mapped (with options remembered before, if any).
 */
export async function entryWithReader(
  ctx: OperatorContext,
  entry: SourceEntry,
  reader: ReaderOptions | undefined,
  argument: string,
): Promise<SourceEntry> {
  if (reader === undefined) return entry;
  if (isEmpty(reader)) {
    if (entry.reader === undefined) return entry;
    const fresh = await profileFile(ctx.engine, crawled(ctx, entry), ctx.radarDir);
    await rememberReader(ctx.radarDir, entry.path, undefined);
    replaceEntry(entry, fresh);
    return entry;
  }
  if (entry.folder)
    reject("not-a-table", `${entry.path} is an empty folder: the lake holds no file in it or below it.`, [
      { file: entry.path, line: 1 },
    ]);
  if (sameReaderOptions(entry.reader, reader) && !entry.error) return entry;
  let read: Awaited<ReturnType<typeof profileWithReader>>;
  try {
    read = await profileWithReader(ctx.engine, crawled(ctx, entry), ctx.radarDir, reader);
  } catch (error) {
    if (error instanceof ReaderOptionsError)
      reject("invalid-argument", `${argument}: ${error.message}.`, [{ file: entry.path, line: 1 }]);
    reject(
      "invalid-argument",
      `${argument}: ${entry.path} could not be read with these options: ${(error as Error).message.split("\n")[0]}. Check them against the file's first lines (Bash: head).`,
      [{ file: entry.path, line: 1 }],
    );
  }
  await rememberReader(ctx.radarDir, entry.path, reader);
  replaceEntry(entry, { path: entry.path, bytes: entry.bytes, mtimeMs: entry.mtimeMs, ...read, reader });
  return entry;
}

function crawled(ctx: OperatorContext, entry: SourceEntry) {
  const absPath = join(ctx.lakeRoot, entry.path);
  const { size, mtimeMs } = statSync(absPath);
  return { path: entry.path, absPath, bytes: size, mtimeMs };
}

/** The map's entry object takes the new content (the runtime's index holds the same object). */
function replaceEntry(entry: SourceEntry, next: SourceEntry): void {
  const keep = { fingerprint: entry.fingerprint, headTerms: entry.headTerms, relations: entry.relations };
  for (const key of Object.keys(entry)) delete (entry as unknown as Record<string, unknown>)[key];
  Object.assign(entry, next);
  for (const [k, v] of Object.entries(keep))
    if (v !== undefined && (next as unknown as Record<string, unknown>)[k] === undefined)
      (entry as unknown as Record<string, unknown>)[k] = v;
  delete entry.profileMs;
}

/** What Scan's observation says of the reader options a table was read with. */
export function readerProvenance(
  entry: SourceEntry,
  table: TableProfile,
  given: boolean,
): { options: ReaderOptions; given: boolean; found: Record<string, string> } {
  const read = table.read;
  const found: Record<string, string> = {};
  if (read.kind === "csv") {
    found.encoding = read.encoding;
    if (entry.reader?.delimiter === undefined && !read.fixedWidth)
      found.delimiter = read.whitespace ? "runs of spaces" : read.delimiter;
    if (entry.reader?.quote === undefined && !read.fixedWidth && !read.whitespace) found.quote = '"';
  }
  return { options: entry.reader ?? {}, given, found };
}
