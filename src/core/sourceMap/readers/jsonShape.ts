import { closeSync, createReadStream, openSync, readSync } from "node:fs";
import { createGunzip } from "node:zlib";
import { jsonNumberSql } from "../typing/jsonNumbers.ts";
import { jsonDateSql } from "../typing/jsonDates.ts";
import type { Readable } from "node:stream";
import type { DuckEngine } from "../../engine/duckEngine.ts";
import { sqlIdent, sqlString } from "../../engine/duckEngine.ts";
import { Uint32List } from "../../uint32List.ts";
import type { JsonRead, JsonShape } from "../sourceEntry.ts";

/**
 * JSON documents as tables. An array (or lines) of records is read by DuckDB's read_json as it is;
 * a top-level object becomes a table by its shape — scalars → (key, value); records →
 * (key, fields…); arrays of records → (key, fields…) or a table per member when the arrays hold
 * different kinds of records. Nested record fields are flattened to dotted names (`geo.lat`).
 */

const SCALAR_TYPES = new Set(["VARCHAR", "BIGINT", "UBIGINT", "DOUBLE", "BOOLEAN", "NULL"]);
/** Nested fields past this depth stay a STRUCT column. */
const FLATTEN_DEPTH = 6;
const FLATTEN_COLUMNS = 2000;

/** DuckDB's read_json_objects holds a document whole: allow the file's (uncompressed) size. */
function maxObjectSize(absPath: string, bytes: number, compression: string | undefined): number {
  const size = compression === undefined ? bytes : (gzipSize(absPath, bytes, compression) ?? bytes * 64);
  return Math.min(0xffffffff, Math.max(16 << 20, size + 1));
}

/**
 * A gzip file's uncompressed size from its trailer (ISIZE: the size modulo 4 GiB). DuckDB
 * allocates the whole maximum_object_size up front, so asking for 4 GB for a 9 MB file fails
 * under any memory budget; a trailer smaller than the compressed file has wrapped (or the file
 * holds several members) and is not used.
 */
function gzipSize(absPath: string, bytes: number, compression: string): number | undefined {
  if (!/^(gzip|auto_detect)$/i.test(compression) && !/\.gz$/i.test(absPath)) return undefined;
  try {
    const fd = openSync(absPath, "r");
    try {
      const trailer = Buffer.alloc(4);
      if (readSync(fd, trailer, 0, 4, bytes - 4) !== 4) return undefined;
      const size = trailer.readUInt32LE(0);
      return size >= bytes ? size : undefined;
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

function compressionArg(read: Pick<JsonRead, "compression">): string {
  return read.compression ? `, compression=${sqlString(read.compression)}` : "";
}

function documentSql(absPath: string, bytes: number, read: Pick<JsonRead, "compression">): string {
  return `read_json_objects(${sqlString(absPath)}, format='unstructured', maximum_object_size=${maxObjectSize(absPath, bytes, read.compression)}${compressionArg(read)})`;
}

/**
 * The top-level object's members as rows `__m(key, value, id)`, in document order. Unnested from a
 * MAP in the select list, not by a lateral json_each: DuckDB's lateral join carries the whole
 * document (or array) along with each row it yields, so a 618 KB GeoJSON of 2,548 features needed
 * more than 700 MiB (held-out HA-01), where the unnest reads it in a few MiB.
 */
function membersSql(absPath: string, bytes: number, read: Pick<JsonRead, "compression">): string {
  return (
    `(SELECT unnest(map_keys(__o)) AS key, unnest(map_values(__o)) AS value, unnest(range(cardinality(__o)::BIGINT)) AS id ` +
    `FROM (SELECT CAST(json AS MAP(VARCHAR, JSON)) AS __o FROM ${documentSql(absPath, bytes, read)})) AS __m`
  );
}

/** The elements of the members that are arrays, as rows `__e(key, id, value, eid)`, in document order. */
function elementsSql(members: string, where = "TRUE"): string {
  return (
    `(SELECT __m.key, __m.id, unnest(CAST(__m.value AS JSON[])) AS value, unnest(range(json_array_length(__m.value)::BIGINT)) AS eid ` +
    `FROM ${members} WHERE json_type(__m.value) = 'ARRAY' AND ${where}) AS __e`
  );
}

/**
 * A structure for json_transform: all-null fields read as text rather than a NULL type, and
 * whole numbers as BIGINT as read_json types them (UBIGINT arithmetic fails below zero).
 */
export function usableStructure(structure: unknown): unknown {
  if (structure === "NULL") return "VARCHAR";
  if (structure === "UBIGINT" || structure === "HUGEINT") return "BIGINT";
  if (Array.isArray(structure)) return structure.map(usableStructure);
  if (structure && typeof structure === "object")
    return Object.fromEntries(Object.entries(structure).map(([k, v]) => [k, usableStructure(v)]));
  return structure;
}

function fieldNames(structure: unknown): string[] {
  return structure && typeof structure === "object" && !Array.isArray(structure)
    ? Object.keys(structure)
    : [];
}

/** Each JSON line as a JSON value, or NULL where the line is not valid JSON. */
export function jsonRecordsSql(absPath: string, read: Pick<JsonRead, "compression">): string {
  return `read_json_objects(${sqlString(absPath)}, format='newline_delimited', ignore_errors=true${compressionArg(read)})`;
}

export const GOOD_RECORD = "json IS NOT NULL AND json_type(json) = 'OBJECT'";

/** The shape(s) of a top-level JSON object: one shape per table the file yields. */
export async function detectObjectShapes(
  engine: DuckEngine,
  absPath: string,
  bytes: number,
  read: Pick<JsonRead, "compression">,
): Promise<{ shapes: JsonShape[]; others: string[] }> {
  const members = membersSql(absPath, bytes, read);
  const kinds = await engine.all(
    `SELECT json_type(__m.value) AS t, count(*) AS n, json_group_structure(__m.value) AS s FROM ${members} GROUP BY t`,
  );
  const total = kinds.reduce((sum, k) => sum + Number(k.n), 0);
  if (total === 0) throw new Error("the JSON document is an empty object ({}): it holds no table");
  const types = new Set(kinds.map((k) => String(k.t)));
  const structureOf = (t: string): unknown => JSON.parse(String(kinds.find((k) => k.t === t)?.s ?? '"JSON"'));
  if ([...types].every((t) => SCALAR_TYPES.has(t)))
    return {
      shapes: [
        {
          kind: "keyValue",
          members: total,
          structure: JSON.stringify(usableStructure(structureOf(kinds[0]!.t as string))),
        },
      ],
      others: [],
    };
  if (types.size === 1 && types.has("OBJECT"))
    return {
      shapes: [
        {
          kind: "keyedRecords",
          members: total,
          structure: JSON.stringify(usableStructure(structureOf("OBJECT"))),
        },
      ],
      others: [],
    };
  const arrays = types.has("ARRAY")
    ? await engine.all(
        `SELECT __m.key AS k, json_group_structure(__m.value) AS s, json_array_length(any_value(__m.value)) AS n FROM ${members} WHERE json_type(__m.value) = 'ARRAY' GROUP BY __m.key ORDER BY min(__m.id)`,
      )
    : [];
  if (arrays.length === 0)
    // Scalars and objects mixed (a settings file): one row per member, objects as JSON text.
    return { shapes: [{ kind: "keyValue", members: total, structure: '"JSON"' }], others: [] };
  const elementStructures = arrays.map((a) => {
    const s = JSON.parse(String(a.s)) as unknown;
    return Array.isArray(s) ? s[0] : "JSON";
  });
  const fieldSets = elementStructures.map(fieldNames);
  const union = new Set(fieldSets.flat());
  const compatible =
    types.size === 1 &&
    fieldSets.every((f) => f.length > 0 && f.length >= 0.5 * union.size) &&
    (union.size > 0 || elementStructures.every((s) => typeof s === "string"));
  if (compatible || (types.size === 1 && elementStructures.every((s) => typeof s === "string"))) {
    const merged = await engine.all(
      `SELECT json_group_structure(__e.value) AS s FROM ${elementsSql(members)}`,
    );
    return {
      shapes: [
        {
          kind: "keyedArrays",
          members: arrays.length,
          structure: JSON.stringify(usableStructure(JSON.parse(String(merged[0]?.s ?? '"JSON"')))),
        },
      ],
      others: [],
    };
  }
  // Arrays of different records (or next to other members): a table per array member.
  const shapes: JsonShape[] = arrays.map((a, i) => {
    const element = elementStructures[i] ?? "JSON";
    // Arrays of records within the array (records listed by group): the records are the rows.
    const inner =
      Array.isArray(element) && fieldNames(element[0]).length > 0 ? (element[0] as unknown) : undefined;
    return {
      kind: "member",
      member: String(a.k),
      members: Number(a.n ?? 0),
      structure: JSON.stringify(usableStructure(inner ?? element)),
      ...(inner ? { nested: true as const } : {}),
    };
  });
  const others = await engine.all(
    `SELECT __m.key AS k, json_type(__m.value) AS t, left(CAST(__m.value AS VARCHAR), 200) AS v FROM ${members} WHERE json_type(__m.value) <> 'ARRAY' ORDER BY __m.id LIMIT 50`,
  );
  return { shapes, others: others.map((o) => `${String(o.k)} = ${String(o.v)}`) };
}

/** The SELECT producing a shape's rows before flattening (columns `key` and/or `__rec`/`value`). */
function shapeSql(absPath: string, bytes: number, read: JsonRead & { shape: JsonShape }): string {
  const members = membersSql(absPath, bytes, read);
  const shape = read.shape;
  const structure = sqlString(shape.structure);
  const isRecord = shape.structure.startsWith("{");
  const valueAlias = isRecord ? "__rec" : "value";
  // Rows in document order: members by their id, array elements by theirs.
  switch (shape.kind) {
    case "keyValue":
      return `SELECT __m.key AS "key", json_transform(__m.value, ${structure}) AS "value" FROM ${members} ORDER BY __m.id`;
    case "keyedRecords":
      return `SELECT __m.key AS "key", json_transform(__m.value, ${structure}) AS __rec FROM ${members} ORDER BY __m.id`;
    case "keyedArrays":
      return `SELECT __e.key AS "key", json_transform(__e.value, ${structure}) AS ${sqlIdent(valueAlias)} FROM ${elementsSql(members)} ORDER BY __e.id, __e.eid`;
    case "member":
      if (shape.nested)
        return (
          `SELECT __i.eid + 1 AS list_index, json_transform(__i.value, ${structure}) AS ${sqlIdent(valueAlias)} ` +
          `FROM (SELECT __e.eid, unnest(CAST(__e.value AS JSON[])) AS value, unnest(range(json_array_length(__e.value)::BIGINT)) AS iid ` +
          `FROM ${elementsSql(members, `__m.key = ${sqlString(shape.member)}`)} WHERE json_type(__e.value) = 'ARRAY') AS __i ORDER BY __i.eid, __i.iid`
        );
      return `SELECT json_transform(__e.value, ${structure}) AS ${sqlIdent(valueAlias)} FROM ${elementsSql(members, `__m.key = ${sqlString(shape.member)}`)} ORDER BY __e.eid`;
  }
}

/** The fields of a DuckDB STRUCT type string (`STRUCT("name" VARCHAR, geo STRUCT(lat DOUBLE))`). */
export function structFields(type: string): { name: string; type: string }[] | undefined {
  if (!type.startsWith("STRUCT(") || !type.endsWith(")")) return undefined;
  const inner = type.slice("STRUCT(".length, -1);
  const fields: { name: string; type: string }[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  const take = (end: number): void => {
    const part = inner.slice(start, end).trim();
    if (!part) return;
    let name: string;
    let rest: string;
    if (part.startsWith('"')) {
      let i = 1;
      let n = "";
      for (; i < part.length; i++) {
        if (part[i] === '"' && part[i + 1] === '"') {
          n += '"';
          i++;
        } else if (part[i] === '"') break;
        else n += part[i];
      }
      name = n;
      rest = part.slice(i + 1).trim();
    } else {
      const space = part.indexOf(" ");
      name = part.slice(0, space);
      rest = part.slice(space + 1).trim();
    }
    fields.push({ name, type: rest });
  };
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i];
    if (ch === '"') {
      if (quoted && inner[i + 1] === '"') i++;
      else quoted = !quoted;
    } else if (!quoted && ch === "(") depth++;
    else if (!quoted && ch === ")") depth--;
    else if (!quoted && depth === 0 && ch === ",") {
      take(i);
      start = i + 1;
    }
  }
  take(inner.length);
  return fields;
}

/**
 * A projection of `columns` with STRUCT columns spread into dotted columns (`spread` ones into
 * their bare field names); undefined when nothing is nested. `dotted`: some name got a dot.
 */
export function flattenedProjection(
  columns: { name: string; type: string }[],
  spread: Set<string> = new Set(),
): { projection: string; dotted: boolean } | undefined {
  const out: { expr: string; name: string }[] = [];
  let nested = false;
  let dotted = false;
  const walk = (expr: string, name: string, type: string, depth: number, hideName: boolean): void => {
    const fields = depth < FLATTEN_DEPTH ? structFields(type) : undefined;
    if (!fields || fields.length === 0 || out.length + fields.length > FLATTEN_COLUMNS) {
      out.push({ expr, name });
      return;
    }
    nested = true;
    if (!hideName) dotted = true;
    for (const f of fields)
      walk(`${expr}.${sqlIdent(f.name)}`, hideName ? f.name : `${name}.${f.name}`, f.type, depth + 1, false);
  };
  for (const c of columns) walk(sqlIdent(c.name), c.name, c.type, 0, spread.has(c.name));
  if (!nested) return undefined;
  const seen = new Map<string, number>();
  const projection = out
    .map(({ expr, name }) => {
      const n = (seen.get(name.toLowerCase()) ?? 0) + 1;
      seen.set(name.toLowerCase(), n);
      return `${expr} AS ${sqlIdent(n > 1 ? `${name}_${n}` : name)}`;
    })
    .join(", ");
  return { projection, dotted };
}

/** Column types a pinned read_json gives as its own sniffing does (see jsonTableSql's `pinned`). */
const PINNABLE_TYPES = new Set([
  "BIGINT",
  "UBIGINT",
  "HUGEINT",
  "DOUBLE",
  "VARCHAR",
  "BOOLEAN",
  "DATE",
  "TIMESTAMP",
  "TIME",
  "JSON",
]);

export interface JsonTable {
  /** What to read the table FROM (a table function or a parenthesised SELECT), flattened. */
  from: string;
  flattened: boolean;
  /** The columns of `from` as DuckDB described them. */
  columns: { name: string; type: string }[];
  /**
   * The same read with the sniffed columns pinned (`columns={…}`, `records=true`), for plain records
   * of scalar fields: read_json then skips sniffing the first records again at every statement.
   * Where the pinned types do not fit a record (a later date in another format, a line that is no
   * object) it fails rather than reading otherwise; the caller then reads `from` as before.
   */
  pinned?: string;
}

export async function jsonTableSql(
  engine: DuckEngine,
  absPath: string,
  bytes: number,
  read: JsonRead,
  fullSample = false,
): Promise<JsonTable> {
  let base: string;
  const spread = new Set<string>();
  let plain = false;
  if (read.shape) {
    base = `(${shapeSql(absPath, bytes, read as JsonRead & { shape: JsonShape })})`;
    spread.add("__rec");
  } else if (read.badLines?.length && read.structure) {
    // DuckDB's ignore_errors turns a bad line into a row of NULLs: read the good records only.
    base = `(SELECT json_transform(json, ${sqlString(read.structure)}) AS __rec FROM ${jsonRecordsSql(absPath, read)} WHERE ${GOOD_RECORD})`;
    spread.add("__rec");
  } else {
    base = `read_json(${sqlString(absPath)}, format=${sqlString(read.format)}${fullSample ? ", sample_size=-1" : ""}${compressionArg(read)})`;
    plain = !fullSample;
  }
  const table = await jsonTable(engine, absPath, read, base, spread, plain);
  if (!read.numbers?.length && !read.dates?.length) return table;
  // Fields of numbers and blank strings, read as numbers: a blank string is no value (jsonNumbers.ts);
  // text fields of dates, read as dates (jsonDates.ts).
  const replaced = [
    ...(read.numbers ?? []).map((n) => `${jsonNumberSql(sqlIdent(n.name), n.type)} AS ${sqlIdent(n.name)}`),
    ...(read.dates ?? []).map((d) => `${jsonDateSql(sqlIdent(d.name), d)} AS ${sqlIdent(d.name)}`),
  ];
  const from = `(SELECT * REPLACE (${replaced.join(", ")}) FROM ${table.from})`;
  return { from, flattened: table.flattened, columns: await engine.describe(`SELECT * FROM ${from}`) };
}

/** jsonTableSql's table as DuckDB reads it, before any field is read as numbers or dates. */
async function jsonTable(
  engine: DuckEngine,
  absPath: string,
  read: JsonRead,
  base: string,
  spread: Set<string>,
  plain: boolean,
): Promise<JsonTable> {
  const columns = await engine.describe(`SELECT * FROM ${base}`);
  const flat = flattenedProjection(columns, spread);
  if (flat) return { from: `(SELECT ${flat.projection} FROM ${base})`, flattened: flat.dotted, columns };
  const names = new Set(columns.map((c) => c.name.toLowerCase()));
  // A lone "json" column is how read_json reads lines that are no records.
  const pinnable =
    plain &&
    columns.length > 0 &&
    names.size === columns.length &&
    !(columns.length === 1 && columns[0]!.name === "json") &&
    columns.every((c) => PINNABLE_TYPES.has(c.type));
  const pinned = pinnable
    ? `read_json(${sqlString(absPath)}, format=${sqlString(read.format)}, records=true, columns={${columns
        .map((c) => `${sqlString(c.name)}: ${sqlString(c.type)}`)
        .join(", ")}}${compressionArg(read)})`
    : undefined;
  return { from: base, flattened: false, columns, ...(pinned ? { pinned } : {}) };
}

function openText(absPath: string, gzip: boolean): Readable {
  const raw = createReadStream(absPath, { highWaterMark: 1 << 20 });
  if (!gzip) return raw;
  const gunzip = createGunzip();
  raw.on("error", (e) => gunzip.destroy(e));
  return raw.pipe(gunzip);
}

/**
 * The line of each row of an object shape, in row order, by one streaming pass over the bytes:
 * the line of each top-level member (key/value, keyed records), or of each element of the arrays
 * under the top-level members (keyed arrays, or the one member named).
 */
export async function objectShapeLines(
  absPath: string,
  shape: JsonShape,
  gzip = false,
): Promise<Uint32Array> {
  const lines = new Uint32List();
  let line = 1;
  const stack: number[] = []; // 0x7b object, 0x5b array
  let inString = false;
  let escaped = false;
  let expectKey = false;
  let keyBytes: number[] | null = null;
  let topKey = "";
  let valuePending = false; // a value may start (after ':' or ',' or '[')
  const perMember = shape.kind === "keyValue" || shape.kind === "keyedRecords";
  for await (const chunk of openText(absPath, gzip) as AsyncIterable<Buffer>) {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (b === 0x0a) line++;
      if (inString) {
        if (keyBytes) keyBytes.push(b);
        if (escaped) escaped = false;
        else if (b === 0x5c) escaped = true;
        else if (b === 0x22) {
          inString = false;
          if (keyBytes) {
            keyBytes.pop();
            topKey = JSON.parse(`"${Buffer.from(keyBytes).toString("utf8")}"`) as string;
            keyBytes = null;
          }
        }
        continue;
      }
      if (b <= 0x20) continue;
      const depth = stack.length;
      const top = stack[depth - 1];
      // A value starting inside a top-level member's array is a row (keyed arrays, one member);
      // for a member of nested lists, a value inside one of its lists.
      const nested = shape.kind === "member" && shape.nested === true;
      if (valuePending && depth === (nested ? 3 : 2) && top === 0x5b && b !== 0x5d) {
        if (shape.kind === "keyedArrays" || (shape.kind === "member" && topKey === shape.member))
          lines.push(line);
      }
      valuePending = false;
      if (b === 0x22) {
        inString = true;
        if (depth === 1 && top === 0x7b && expectKey) {
          keyBytes = [];
          if (perMember) lines.push(line);
        }
        expectKey = false;
      } else if (b === 0x7b || b === 0x5b) {
        stack.push(b);
        expectKey = b === 0x7b;
        valuePending = b === 0x5b;
      } else if (b === 0x7d || b === 0x5d) {
        stack.pop();
      } else if (b === 0x2c) {
        expectKey = top === 0x7b;
        valuePending = top === 0x5b;
      } else if (b === 0x3a) {
        valuePending = false;
      }
    }
  }
  return lines.slice();
}
