// Reading SQL text the way DuckDB's parser would without running it: where a statement ends and
// which names it mentions, with quotes ('…', E'…\'…', "…"), dollar quotes ($$…$$, $tag$…$tag$)
// and comments (-- …, /* … */) respected, so a `;` or a name inside them counts for nothing.

/** A piece of a SQL file: statement text, or a whole-line `--` comment. */
export interface SqlPiece {
  kind: "statement" | "comment";
  text: string;
  /** 1-based line the piece starts on. */
  line: number;
  /** 1-based line it ends on. */
  endLine: number;
}

export class SqlTextError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

const DOLLAR = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/;

/** Where the quoted part, comment or dollar-quoted body starting at `i` ends (index after it). */
function skipQuoted(sql: string, i: number, lineAt: (i: number) => number): number {
  const c = sql[i]!;
  if (c === "-" && sql[i + 1] === "-") {
    const end = sql.indexOf("\n", i);
    return end < 0 ? sql.length : end;
  }
  if (c === "/" && sql[i + 1] === "*") {
    const end = sql.indexOf("*/", i + 2);
    if (end < 0) throw new SqlTextError("a /* comment is not closed", lineAt(i));
    return end + 2;
  }
  if (c === "$") {
    const tag = DOLLAR.exec(sql.slice(i, i + 66))?.[0];
    if (!tag) return i + 1;
    const end = sql.indexOf(tag, i + tag.length);
    if (end < 0) throw new SqlTextError(`a ${tag}-quoted string is not closed`, lineAt(i));
    return end + tag.length;
  }
  if (c === "'" || c === '"') {
    // E'…' strings take backslash escapes; elsewhere a quote is escaped by doubling it.
    const escapes = c === "'" && /[Ee]/.test(sql[i - 1] ?? "") && !/[A-Za-z0-9_]/.test(sql[i - 2] ?? "");
    let j = i + 1;
    for (;;) {
      if (j >= sql.length)
        throw new SqlTextError(`a ${c === "'" ? "string" : "quoted name"} (${c}…) is not closed`, lineAt(i));
      if (escapes && sql[j] === "\\") j += 2;
      else if (sql[j] === c && sql[j + 1] === c) j += 2;
      else if (sql[j] === c) return j + 1;
      else j += 1;
    }
  }
  return i + 1;
}

function lineIndex(sql: string): (i: number) => number {
  const starts = [0];
  for (let i = 0; i < sql.length; i += 1) if (sql[i] === "\n") starts.push(i + 1);
  return (i) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= i) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/**
 * A SQL file as statements (split at `;` outside quotes and comments) and the whole-line comments
 * between them, in file order. A comment line inside a statement stays part of its text and is
 * also given as a comment piece (directives are read from those). Blank statements are left out.
 */
export function splitSql(sql: string): SqlPiece[] {
  const lineAt = lineIndex(sql);
  const pieces: SqlPiece[] = [];
  let start = 0;
  let i = 0;
  const endStatement = (end: number): void => {
    // The statement starts at its first character that is neither blank nor in a comment.
    let k = start;
    while (k < end) {
      if (/\s/.test(sql[k]!)) k += 1;
      else if ((sql[k] === "-" && sql[k + 1] === "-") || (sql[k] === "/" && sql[k + 1] === "*"))
        k = skipQuoted(sql, k, lineAt);
      else break;
    }
    // …and ends at its last such character: comment lines after it (directives of the next call
    // when the statement has no ";") are not part of it.
    let last = -1;
    for (let j = k; j < end;) {
      const c = sql[j]!;
      if ((c === "-" && sql[j + 1] === "-") || (c === "/" && sql[j + 1] === "*"))
        j = skipQuoted(sql, j, lineAt);
      else if (c === "'" || c === '"' || c === "$") {
        const after = skipQuoted(sql, j, lineAt);
        last = after - 1;
        j = after;
      } else {
        if (!/\s/.test(c)) last = j;
        j += 1;
      }
    }
    if (last >= k)
      pieces.push({
        kind: "statement",
        text: sql.slice(k, last + 1),
        line: lineAt(k),
        endLine: lineAt(last),
      });
  };
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === "-" && sql[i + 1] === "-") {
      const lineStart = sql.lastIndexOf("\n", i - 1) + 1;
      const end = skipQuoted(sql, i, lineAt);
      if (sql.slice(lineStart, i).trim() === "")
        pieces.push({
          kind: "comment",
          text: sql.slice(i + 2, end).trim(),
          line: lineAt(i),
          endLine: lineAt(i),
        });
      i = end;
    } else if (c === "'" || c === '"' || c === "$" || (c === "/" && sql[i + 1] === "*")) {
      i = skipQuoted(sql, i, lineAt);
    } else if (c === ";") {
      endStatement(i);
      i += 1;
      start = i;
    } else i += 1;
  }
  endStatement(sql.length);
  // Statements are recorded when they end: put every piece back in the order of its first line.
  return pieces.sort((a, b) => a.line - b.line || (a.kind === "comment" ? -1 : 1));
}

/**
 * The names a SQL text mentions outside strings and comments: bare words (lower-cased, as DuckDB
 * folds them) and double-quoted names (as written). Used to find the tables a Query reads.
 */
export function namesIn(sql: string): string[] {
  const lineAt = lineIndex(sql);
  const names: string[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === '"') {
      const end = skipQuoted(sql, i, lineAt);
      names.push(sql.slice(i + 1, end - 1).replaceAll('""', '"'));
      i = end;
    } else if (
      c === "'" ||
      c === "$" ||
      (c === "-" && sql[i + 1] === "-") ||
      (c === "/" && sql[i + 1] === "*")
    ) {
      i = skipQuoted(sql, i, lineAt);
    } else if (/[A-Za-z_]/.test(c)) {
      const word = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(sql.slice(i, i + 200))![0];
      names.push(word.toLowerCase());
      i += word.length;
    } else i += 1;
  }
  return names;
}
