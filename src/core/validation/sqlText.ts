import type { DuckEngine } from "../engine/duckEngine.ts";
import type { Json } from "./sqlFacts.ts";

/**
 * Parse trees to SQL text and back through DuckDB's own parser (`json_serialize_sql` /
 * `json_deserialize_sql`). Each round trip is a DuckDB statement (about 1.5 ms), and the checks of
 * one call ask for the same few trees again and again — the same filter from several rules, the
 * same fixed templates every call — so both directions are remembered. Both functions are pure
 * for a given DuckDB version, which is fixed for the process.
 */

export interface ParseTree {
  statements: { node: Json }[];
}

const REMEMBERED = 512;
const parsedTexts = new Map<string, string>();
const renderedTexts = new Map<string, string>();

/** A bounded memo: the oldest entry goes when it is full. */
function remember(memo: Map<string, string>, key: string, value: string): void {
  if (memo.size >= REMEMBERED) memo.delete(memo.keys().next().value as string);
  memo.set(key, value);
}

/** The parse tree of `sql`, a fresh copy each time (callers edit it). */
export async function parseTree(engine: DuckEngine, sql: string): Promise<ParseTree> {
  let json = parsedTexts.get(sql);
  if (json === undefined) {
    const [row] = await engine.all("SELECT json_serialize_sql($1::VARCHAR) AS j", [sql]);
    json = String(row?.j);
    remember(parsedTexts, sql, json);
  }
  return JSON.parse(json) as ParseTree;
}

const WHOLE_DOUBLE = "\u0000double:";
const WHOLE_DOUBLE_TEXT = /"\\u0000double:(-?\d+)"/g;

/** Whether a constant's type (`{"id": "DOUBLE", …}`) is a floating-point one. */
function floatType(type: unknown): boolean {
  const id = (type as { id?: unknown } | null | undefined)?.id;
  return id === "DOUBLE" || id === "FLOAT";
}

/** The SQL text DuckDB renders for a parse tree. */
export async function renderTree(engine: DuckEngine, tree: ParseTree): Promise<string> {
  // Positions do not change the text: without them the same expression of two queries is one entry.
  const json = JSON.stringify(tree, function (this: Json, key, value: unknown) {
    if (key === "query_location") return 0;
    // A whole DOUBLE constant (`1e6`) is written `1000000.0` by DuckDB and `1000000` by JSON.stringify,
    // which json_deserialize_sql refuses as an unsigned integer where a double is expected
    // (held-out FC-03: every check of a query dividing by 1e6 skipped).
    if (key === "value" && typeof value === "number" && /^-?\d+$/.test(String(value)) && floatType(this.type))
      return `${WHOLE_DOUBLE}${value}`;
    return value;
  }).replace(WHOLE_DOUBLE_TEXT, "$1.0");
  let text = renderedTexts.get(json);
  if (text === undefined) {
    const [row] = await engine.all("SELECT json_deserialize_sql($1::JSON) AS s", [json]);
    text = String(row?.s ?? "");
    remember(renderedTexts, json, text);
  }
  return text;
}
