// Makes the CLI bundle pure ASCII, so the launcher reads it as latin1: a one-byte string, no UTF-8
// decoding of ~2 MB at every start (measured: a fifth of the launcher's time). esbuild's
// `charset: "ascii"` already escapes strings and templates; it leaves non-ASCII characters in
// regular expression literals and in String.raw templates (whose raw text it cannot change). Those
// two are rewritten here with the same meaning:
//   /[$€]/        →  /[$\u20AC]/            (an escape in a regex is the character itself, with or without /u)
//   String.raw`€` →  String.raw`${"\u20AC"}` (String.raw puts a substitution's value in place)
// Anything else non-ASCII (or a case not covered) leaves the text as it was: the launcher then reads
// it as UTF-8, which is slower but the same program.
import ts from "typescript";

const NON_ASCII = /[\u0080-\u{10ffff}]/u;

/** `\uXXXX` for each UTF-16 unit of the character (a surrogate pair for astral ones). */
function escapeUnits(char) {
  let out = "";
  for (let i = 0; i < char.length; i++)
    out += `\\u${char.charCodeAt(i).toString(16).toUpperCase().padStart(4, "0")}`;
  return out;
}

/** Backslashes immediately before `at` in `text`. */
function backslashesBefore(text, at) {
  let n = 0;
  while (at - 1 - n >= 0 && text[at - 1 - n] === "\\") n++;
  return n;
}

function rewriteRegex(literal) {
  let out = "";
  for (const char of literal) {
    if (!NON_ASCII.test(char)) {
      out += char;
      continue;
    }
    // `\—` (an identity escape, without /u) is the character itself: drop the backslash too.
    if (backslashesBefore(out, out.length) % 2 === 1) out = out.slice(0, -1);
    out += escapeUnits(char);
  }
  return out;
}

/** A String.raw template part (text between `, ${ and }): each character becomes a substitution. */
function rewriteRawPart(part) {
  let out = "";
  for (const char of part) {
    if (!NON_ASCII.test(char)) {
      out += char;
      continue;
    }
    // A backslash before it would escape the `$` of the substitution: not rewritten.
    if (backslashesBefore(out, out.length) % 2 === 1) return undefined;
    out += `\${"${escapeUnits(char)}"}`;
  }
  return out;
}

/**
 * The bundle with its regex literals and String.raw templates written in ASCII, and whether the
 * result is ASCII throughout.
 */
export function asciiBundle(text) {
  if (!NON_ASCII.test(text)) return { text, ascii: true, rewritten: 0 };
  const file = ts.createSourceFile("bundle.js", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const edits = [];
  const visit = (node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const start = node.getStart(file);
      const literal = text.slice(start, node.end);
      if (NON_ASCII.test(literal)) edits.push({ start, end: node.end, text: rewriteRegex(literal) });
      return;
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(file) === "String.raw") {
      const parts = ts.isNoSubstitutionTemplateLiteral(node.template)
        ? [node.template]
        : [node.template.head, ...node.template.templateSpans.map((s) => s.literal)];
      for (const part of parts) {
        // The part's text between its delimiters: ` or } before, ` or ${ after.
        const start = part.getStart(file) + 1;
        const end =
          part.end -
          (part.kind === ts.SyntaxKind.TemplateHead || part.kind === ts.SyntaxKind.TemplateMiddle ? 2 : 1);
        const raw = text.slice(start, end);
        if (!NON_ASCII.test(raw)) continue;
        const rewritten = rewriteRawPart(raw);
        if (rewritten !== undefined) edits.push({ start, end, text: rewritten });
      }
      if (!ts.isNoSubstitutionTemplateLiteral(node.template))
        for (const span of node.template.templateSpans) visit(span.expression);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = "";
  let at = 0;
  for (const edit of edits.sort((a, b) => a.start - b.start)) {
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  out += text.slice(at);
  return NON_ASCII.test(out)
    ? {
        text,
        ascii: false,
        rewritten: 0,
        left: out.match(new RegExp(`.{0,40}${NON_ASCII.source}.{0,20}`, "u"))?.[0],
      }
    : { text: out, ascii: true, rewritten: edits.length };
}
