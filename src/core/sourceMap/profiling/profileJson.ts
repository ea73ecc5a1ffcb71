import type { DuckEngine } from "../../engine/duckEngine.ts";
import { scanRecordStarts } from "../../origins/recordStarts.ts";
import { detectObjectShapes, GOOD_RECORD, jsonRecordsSql, usableStructure } from "../readers/jsonShape.ts";
import { profileNative } from "./profileNative.ts";
import type { JsonRead, JsonShape, TableProfile } from "../sourceEntry.ts";
import { plural } from "../../text.ts";

/**
 * DuckDB reads a top-level JSON object whole and expands its members and arrays in memory, far
 * past the document's size. Measured with the members and elements unnested (jsonShape.ts), under
 * the 703 MiB that a 1 GB budget gives DuckDB: objects holding one array of records of 3.3, 6.7 and
 * 13.4 MB were read; one of 27 MB was not (a factor of about 26). An object larger than DuckDB's
 * share divided by this is reported as too large before anything is read; JSON lines are read
 * record by record and are not limited. (With a lateral json_each it was 1024: a 1.3 MB object failed.)
 */
const MEMORY_PER_OBJECT_BYTE = 48;

/** Thrown for a file RADAR will not read under its memory budget; its message is the entry's error. */
export class TooLargeToReadError extends Error {}

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** DuckDB's memory_limit in bytes (`703.0 MiB`), or undefined when it cannot be told. */
async function duckdbMemoryLimit(engine: DuckEngine): Promise<number | undefined> {
  const [row] = await engine.all("SELECT current_setting('memory_limit') AS m");
  const match = /^(\d+(?:\.\d+)?)\s*([KMGT]i?B)$/i.exec(String(row?.m ?? "").trim());
  if (!match) return undefined;
  const unit = match[2]!.toUpperCase();
  const base = unit.includes("I") ? 1024 : 1000;
  return Number(match[1]) * base ** ("KMGT".indexOf(unit[0]!) + 1);
}

async function refuseLargeObject(engine: DuckEngine, bytes: number): Promise<void> {
  const limit = await duckdbMemoryLimit(engine);
  if (limit === undefined || bytes <= limit / MEMORY_PER_OBJECT_BYTE) return;
  throw new TooLargeToReadError(
    `not mapped: reading it needs more memory than RADAR's memory budget gives DuckDB: a single JSON object of ${megabytes(bytes)} is read whole, ` +
      `its members and arrays expanded in memory, and DuckDB's share of the budget (${Math.round(limit / 2 ** 20)} MiB) reads objects of at most ` +
      `${megabytes(limit / MEMORY_PER_OBJECT_BYTE)}; nothing was read, the rest of the lake was mapped. Convert it to JSON lines, one record per line ` +
      "(jq -c '.member[]' FILE > FILE.jsonl), which are read in bounded memory, or raise the budget (radar map --memory-limit 4GB, " +
      "RADAR_MEMORY_LIMIT=4GB, or the radar.memoryLimit setting)",
  );
}

/** More bad lines than this (or more bad than good) and the file is not JSON lines. */
const MAX_BAD_LINES = 1000;

function listed(values: (string | number)[], max = 10): string {
  return values.length > max
    ? `${values.slice(0, max).join(", ")} … (${values.length - max} more)`
    : values.join(", ");
}

function shapeNote(shape: JsonShape): string {
  switch (shape.kind) {
    case "keyValue":
      return `A JSON object of ${plural(shape.members, "member")} with single values, read as a two-column table: the member name in "key", its value in "value".`;
    case "keyedRecords":
      return `A JSON object of ${plural(shape.members, "record")} keyed by name, read as one table: the member name in "key", then the record's fields.`;
    case "keyedArrays":
      return shape.structure.startsWith("{")
        ? `A JSON object of ${plural(shape.members, "array")} of like records, read as one table: the member name in "key", one row per array element.`
        : `A JSON object of ${plural(shape.members, "array")} of values, read as one table: the member name in "key", one row per element, its value in "value".`;
    case "member":
      return shape.nested
        ? `Member "${shape.member}" of the top-level JSON object: its array of ${plural(shape.members, "list")} of records, one row per record; list_index (1-based) says which list a row is in (each array member of the object is a table of its own).`
        : `Member "${shape.member}" of the top-level JSON object: its array of ${plural(shape.members, "element")}, one row each (each array member of the object is a table of its own).`;
  }
}

function flattenedNote(t: TableProfile): string {
  const example = t.columns.find((c) => c.name.includes("."))?.name;
  const dot = example?.lastIndexOf(".") ?? -1;
  return example && dot > 0
    ? `Nested records are spread into columns with dotted names (${example} is field ${example.slice(dot + 1)} of ${example.slice(0, dot)}).`
    : "Nested records are spread into columns with dotted names.";
}

/** JSON documents (an array, or a top-level object by its shape) and JSON lines. */
export async function profileJson(
  engine: DuckEngine,
  absPath: string,
  bytes: number,
  lines: boolean,
  firstChar: string,
  compression?: "gzip",
): Promise<TableProfile[]> {
  const base = compression ? { compression } : {};
  const withNotes = (t: TableProfile, notes: string[]): TableProfile => {
    const all = [...notes, ...(t.read.kind === "json" && t.read.flattened ? [flattenedNote(t)] : [])];
    return all.length ? { ...t, notes: [...(t.notes ?? []), ...all] } : t;
  };
  if (!lines && firstChar === "{") {
    // Compressed, the file's size is a lower bound of the document's.
    await refuseLargeObject(engine, bytes);
    const { shapes, others } = await detectObjectShapes(engine, absPath, bytes, base);
    const tables: TableProfile[] = [];
    for (const shape of shapes) {
      const read: JsonRead = { kind: "json", format: "array", shape, ...base };
      const t = await profileNative(engine, absPath, read, bytes);
      tables.push(
        withNotes(shape.kind === "member" ? { ...t, sheet: shape.member } : t, [
          shapeNote(shape),
          ...(others.length ? [`The object's other members are not tables: ${listed(others, 5)}.`] : []),
        ]),
      );
    }
    return tables;
  }
  const read: JsonRead = { kind: "json", format: lines ? "newline_delimited" : "array", ...base };
  if (!lines) return [withNotes(await profileNative(engine, absPath, read, bytes), [])];
  try {
    return [withNotes(await profileNative(engine, absPath, read, bytes), [])];
  } catch (error) {
    if (!/Malformed JSON|Expected OBJECT|JSON/i.test((error as Error).message)) throw error;
    return [withNotes(await profileJsonLinesWithBadLines(engine, absPath, bytes, read, error), [])];
  }
}

/** JSON lines with lines that are not JSON records: the good ones mapped, the bad ones named. */
async function profileJsonLinesWithBadLines(
  engine: DuckEngine,
  absPath: string,
  bytes: number,
  read: JsonRead,
  original: unknown,
): Promise<TableProfile> {
  const records = jsonRecordsSql(absPath, read);
  const [counts] = await engine.all(
    `SELECT count(*) AS total, count(*) FILTER (WHERE json IS NULL OR NOT (${GOOD_RECORD})) AS bad, (SELECT json_group_structure(json) FROM ${records} WHERE ${GOOD_RECORD}) AS s FROM ${records}`,
  );
  const total = Number(counts?.total ?? 0);
  const bad = Number(counts?.bad ?? 0);
  if (bad === 0) throw original;
  const ordinals = await engine.all(
    `SELECT ordinality AS k FROM ${records} WITH ORDINALITY WHERE json IS NULL OR NOT (${GOOD_RECORD}) ORDER BY ordinality LIMIT ${MAX_BAD_LINES + 1}`,
  );
  const starts = await scanRecordStarts(absPath, {
    mode: "lines",
    ...(read.compression ? { gzip: true } : {}),
  });
  const badLines = ordinals.map((r) => starts[Number(r.k) - 1] ?? 0);
  if (bad > MAX_BAD_LINES || bad * 2 > total)
    throw new Error(
      `not JSON lines: ${bad} of ${total} lines are not JSON records (lines ${listed(badLines)}); if it is one JSON document, check that it starts with [ or {`,
    );
  read.badLines = badLines;
  read.structure = JSON.stringify(usableStructure(JSON.parse(String(counts?.s ?? '"JSON"'))));
  const t = await profileNative(engine, absPath, read, bytes);
  return {
    ...t,
    notes: [
      `${bad === 1 ? "1 line is not a valid JSON record and is" : `${bad} lines are not valid JSON records and are`} left out: line${bad === 1 ? "" : "s"} ${listed(badLines)}. The other ${plural(total - bad, "line is", "lines are")} read.`,
    ],
  };
}
