/**
 * A grep pattern as a JavaScript RegExp, for checks that ask what a grep would match on lines they
 * read themselves (line-end-anchor: would the pattern match once the CR is gone?). Basic (BRE) and
 * extended (ERE) syntax as GNU grep reads them; undefined for what this does not translate
 * (back-references, equivalence classes), so the caller keeps its own judgement.
 */

const POSIX_CLASSES: Record<string, string> = {
  alnum: "A-Za-z0-9",
  alpha: "A-Za-z",
  blank: " \\t",
  cntrl: "\\x00-\\x1f\\x7f",
  digit: "0-9",
  graph: "\\x21-\\x7e",
  lower: "a-z",
  print: "\\x20-\\x7e",
  punct: "!-\\/:-@\\[-`{-~",
  space: " \\t\\n\\r\\f\\v",
  upper: "A-Z",
  xdigit: "0-9A-Fa-f",
};

/** The flags of a grep command line that change what a pattern matches. */
export interface GrepFlags {
  extended: boolean;
  ignoreCase: boolean;
  invert: boolean;
  wholeLine: boolean;
  wholeWord: boolean;
}

/** Reads the matching flags of a grep's argv (`-E`, `-i`, `-v`, `-x`, `-w`, combined as `-Ei`). */
export function grepFlags(argv: string[]): GrepFlags {
  const flags: GrepFlags = {
    extended: argv[0] === "egrep",
    ignoreCase: false,
    invert: false,
    wholeLine: false,
    wholeWord: false,
  };
  for (const a of argv.slice(1)) {
    if (a === "--") break;
    if (a === "--extended-regexp") flags.extended = true;
    else if (a === "--ignore-case") flags.ignoreCase = true;
    else if (a === "--invert-match") flags.invert = true;
    else if (a === "--line-regexp") flags.wholeLine = true;
    else if (a === "--word-regexp") flags.wholeWord = true;
    else if (/^-[A-Za-z]+$/.test(a)) {
      if (a.includes("E")) flags.extended = true;
      if (a.includes("i")) flags.ignoreCase = true;
      if (a.includes("v")) flags.invert = true;
      if (a.includes("x")) flags.wholeLine = true;
      if (a.includes("w")) flags.wholeWord = true;
    }
  }
  return flags;
}

/** A bracket expression starting at `start` (`[`), as a JS class, and the index after it. */
function bracket(p: string, start: number): { text: string; end: number } | undefined {
  let i = start + 1;
  let out = "[";
  if (p[i] === "^") {
    out += "^";
    i++;
  }
  // A `]` first in the list is a member, not the end.
  if (p[i] === "]") {
    out += "\\]";
    i++;
  }
  for (; i < p.length; i++) {
    const ch = p[i]!;
    if (ch === "]") return { text: `${out}]`, end: i + 1 };
    if (ch === "[" && p[i + 1] === ":") {
      const close = p.indexOf(":]", i + 2);
      const cls = close < 0 ? undefined : POSIX_CLASSES[p.slice(i + 2, close)];
      if (cls === undefined) return undefined;
      out += cls;
      i = close + 1;
    } else if (ch === "[" && (p[i + 1] === "=" || p[i + 1] === ".")) return undefined;
    // Inside a POSIX bracket a backslash is itself; JS needs it (and `[`) escaped.
    else if (ch === "\\" || ch === "[") out += `\\${ch}`;
    else out += ch;
  }
  return undefined;
}

/** The pattern as a RegExp, or undefined when it holds syntax this does not translate. */
export function grepRegExp(pattern: string, flags: GrepFlags): RegExp | undefined {
  const ere = flags.extended;
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === "[") {
      const b = bracket(pattern, i);
      if (!b) return undefined;
      out += b.text;
      i = b.end - 1;
    } else if (ch === "\\") {
      const next = pattern[i + 1];
      i++;
      if (next === undefined) return undefined;
      if (/[1-9]/.test(next)) return undefined;
      if (next === "<" || next === ">") out += "\\b";
      else if (!ere && "(){}|+?".includes(next)) out += next;
      else if (/[wWsSbB]/.test(next)) out += `\\${next}`;
      else out += /[A-Za-z0-9]/.test(next) ? next : `\\${next}`;
    } else if (!ere && "(){}|+?".includes(ch)) out += `\\${ch}`;
    else if (!ere && ch === "*" && (out === "" || out === "^")) out += "\\*";
    else if (ch === "/") out += "\\/";
    else out += ch;
  }
  if (flags.wholeLine) out = `^(?:${out})$`;
  else if (flags.wholeWord) out = `\\b(?:${out})\\b`;
  try {
    // grep's `.` matches any character of a line, a CR too; JavaScript's stops at CR without `s`.
    return new RegExp(out, flags.ignoreCase ? "is" : "s");
  } catch {
    return undefined;
  }
}
