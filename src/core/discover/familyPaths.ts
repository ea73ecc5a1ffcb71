import picomatch from "picomatch";
import { monthNumber } from "./questionPeriods.ts";

/**
 * A path as file families read it (fileFamilies.ts): split into dates, numbers, month names, words
 * and separators, compared part by part, and written back as a glob that matches exactly the
 * family's members.
 */

export type TokenKind = "date" | "num" | "word" | "month" | "sep";

export interface Token {
  kind: TokenKind;
  text: string;
}

/** `slot`: a part that may vary between members — a number, a date, a month name or a short word. */
export type PathToken = Token & { slot?: boolean };

// Dates as names write them (`2019-03-04`, `20190304`, `2019_03`) and as dated folders do
// (`2019/03/04`: one date, not a year and two numbers, so a member's name says its day).
const DATE_TOKEN =
  /^(?:(?:1[89]|20)\d\d[-_.](?:0[1-9]|1[0-2])[-_.](?:0[1-9]|[12]\d|3[01])|(?:1[89]|20)\d\d\/(?:0[1-9]|1[0-2])\/(?:0[1-9]|[12]\d|3[01])|(?:1[89]|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])|(?:1[89]|20)\d\d[-_](?:0[1-9]|1[0-2]))(?!\d)/;

/** Splits a path into dates, numbers, words and separators; the file extension stays one literal. */
export function pathTokens(path: string): PathToken[] {
  const slash = path.lastIndexOf("/");
  const dot = path.lastIndexOf(".");
  const ext = dot > slash + 1 ? path.slice(dot) : "";
  const body = ext ? path.slice(0, dot) : path;
  const out: PathToken[] = [];
  let i = 0;
  while (i < body.length) {
    const rest = body.slice(i);
    const prevDigit = i > 0 && /\d/.test(body[i - 1] ?? "");
    const date = prevDigit ? null : DATE_TOKEN.exec(rest);
    if (date) {
      out.push({ kind: "date", text: date[0], slot: true });
      i += date[0].length;
      continue;
    }
    const num = /^\d+/.exec(rest);
    if (num) {
      out.push({ kind: "num", text: num[0], slot: true });
      i += num[0].length;
      continue;
    }
    const word = /^\p{L}+/u.exec(rest);
    if (word) {
      const text = word[0];
      if (monthNumber(text) > 0 && (text.length === 3 || text.length >= 4)) {
        out.push({ kind: "month", text, slot: true });
      } else out.push({ kind: "word", text, slot: text.length <= 3 });
      i += text.length;
      continue;
    }
    const sep = /^[^\p{L}\d]+/u.exec(rest);
    const text = sep ? sep[0] : (rest[0] ?? "");
    out.push({ kind: "sep", text });
    i += text.length;
  }
  if (ext) out.push({ kind: "sep", text: ext });
  return out;
}

/** The same layout of path: literal parts equal (any letter case), slots of the same kinds. */
export function signature(tokens: PathToken[]): string {
  return tokens
    .map((t) => {
      if (!t.slot) return t.text.toLowerCase();
      if (t.kind === "date") return `\u0000D${t.text.replace(/\d/g, "9")}`;
      if (t.kind === "num") return "\u0000N";
      if (t.kind === "month") return "\u0000M";
      return "\u0000C";
    })
    .join("\u0001");
}

/** Glob characters in literal parts are escaped so that the family's pattern means exactly them. */
export function globEscape(text: string): string {
  return text.replace(/[*?[\]{}()!+@\\,]/g, "\\$&");
}

function naturalCompare(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (/^\d+$/.test(a) && /^\d+$/.test(b) && na !== nb) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareValues(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = naturalCompare(a[i] ?? "", b[i] ?? "");
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

export function classFor(values: string[], kind: TokenKind): string {
  const sameLength = values.every((v) => v.length === values[0]?.length);
  if (kind === "num") return sameLength ? "[0-9]".repeat(values[0]?.length ?? 1) : "+([0-9])";
  if (kind === "date")
    return (values[0] ?? "").replace(/\d/g, "[0-9]").replace(/[-_.]/g, (s) => globEscape(s));
  return sameLength ? "[a-zA-Z]".repeat(values[0]?.length ?? 1) : "+([a-zA-Z])";
}

export function matchesExactly(glob: string, allPaths: readonly string[], members: Set<string>): boolean {
  const isMatch = picomatch(glob, { nocase: true, dot: false });
  let matched = 0;
  for (const path of allPaths) {
    if (!isMatch(path)) continue;
    if (!members.has(path)) return false;
    matched++;
  }
  return matched === members.size;
}

/** The glob of the members' keys in braces between the parts before and after them, when it matches exactly the members. */
export function listGlob(
  tokens: PathToken[],
  keyStart: number,
  lastAt: number,
  keys: string[],
  allPaths: readonly string[],
  members: Set<string>,
): string | undefined {
  const before = tokens
    .slice(0, keyStart)
    .map((t) => globEscape(t.text))
    .join("");
  const after = tokens
    .slice(lastAt + 1)
    .map((t) => globEscape(t.text))
    .join("");
  const list = keys.length === 1 ? globEscape(keys[0] ?? "") : `{${keys.map(globEscape).join(",")}}`;
  const glob = `${before}${list}${after}`;
  return matchesExactly(glob, allPaths, members) ? glob : undefined;
}
