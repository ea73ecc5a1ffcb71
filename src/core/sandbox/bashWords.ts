import { BashDenied } from "./bashDenied.ts";
import { READ_ONLY, TOOL_LIST } from "./bashPrograms.ts";

/**
 * The Bash tokenizer: a tiny subset of POSIX shell words. Every construct that would make a shell do more
 * than split words (chaining, redirection, substitution, subshells, expansion) is refused, not interpreted.
 */

export interface Word {
  /** The word as the program receives it. */
  text: string;
  /** The same word as a picomatch pattern: quoted characters escaped, so only unquoted wildcards match. */
  pattern: string;
  /** An unquoted `*`, `?` or `[` appeared, so a shell would glob-expand the word. */
  glob: boolean;
}

const PIPE = Symbol("pipe");
type Token = Word | typeof PIPE;

export function tokenize(command: string): Token[] {
  if (command.includes("\0"))
    throw new BashDenied("Bash refused: the command contains a NUL byte. Remove it.");
  const tokens: Token[] = [];
  let word: Word | undefined;
  const current = (): Word => (word ??= { text: "", pattern: "", glob: false });
  const endWord = (): void => {
    if (word) tokens.push(word);
    word = undefined;
  };
  let i = 0;
  while (i < command.length) {
    const ch = command.charAt(i);
    if (ch === " " || ch === "\t") {
      endWord();
      i += 1;
    } else if (ch === "|") {
      refusePipeVariant(command.charAt(i + 1));
      endWord();
      tokens.push(PIPE);
      i += 1;
    } else if (ch === "'") {
      i = readSingleQuoted(command, i, current());
    } else if (ch === '"') {
      i = readDoubleQuoted(command, i, current());
    } else if (ch === "\\") {
      i = readEscaped(command, i, current());
    } else {
      refuseMetacharacter(command, i, word);
      addUnquoted(current(), ch, command.charAt(i - 1));
      i += 1;
    }
  }
  endWord();
  return tokens;
}

function readSingleQuoted(command: string, open: number, word: Word): number {
  const close = command.indexOf("'", open + 1);
  if (close < 0) throw new BashDenied("Bash refused: unterminated single quote. Close every ' you open.");
  addLiteral(word, command.slice(open + 1, close));
  return close + 1;
}

/** Inside double quotes a shell still expands `$` and backticks; we do no expansion, so we refuse them. */
function readDoubleQuoted(command: string, open: number, word: Word): number {
  let i = open + 1;
  while (i < command.length) {
    const ch = command.charAt(i);
    if (ch === '"') return i + 1;
    if (ch === "$") throw substitution(dollarToken(command, i), "inside double quotes");
    if (ch === "`") throw substitution("`", "inside double quotes");
    const next = command.charAt(i + 1);
    if (ch === "\\" && '"\\$`'.includes(next) && next !== "") {
      addLiteral(word, next);
      i += 2;
    } else {
      addLiteral(word, ch);
      i += 1;
    }
  }
  throw new BashDenied('Bash refused: unterminated double quote. Close every " you open.');
}

function readEscaped(command: string, backslash: number, word: Word): number {
  const next = command.charAt(backslash + 1);
  if (next === "") throw new BashDenied("Bash refused: the command ends with a lone backslash. Remove it.");
  if (next === "\n" || next === "\r") throw chaining("a newline");
  addLiteral(word, next);
  return backslash + 2;
}

function refusePipeVariant(next: string): void {
  if (next === "|") throw chaining("'||'");
  if (next === "&") throw redirection("|&");
}

/** Unquoted shell syntax we refuse. `wordSoFar` is the word being built, if any (for `2>`, `~`, `#`). */
function refuseMetacharacter(command: string, i: number, wordSoFar: Word | undefined): void {
  const ch = command.charAt(i);
  const next = command.charAt(i + 1);
  switch (ch) {
    case "\n":
    case "\r":
      throw chaining("a newline");
    case ";":
      throw chaining("';'");
    case "&":
      if (next === "&") throw chaining("'&&'");
      if (next === ">") throw redirection("&>");
      throw new BashDenied(
        `Bash refused: '&' runs a command in the background; ${READ_ONLY} Remove the '&' (quote it if it is part of a pattern, e.g. grep 'A&B').`,
      );
    case ">":
      throw redirection(outputRedirectionToken(wordSoFar, next));
    case "<":
      throw new BashDenied(
        `Bash refused: input redirection '${next === "<" || next === "(" ? ch + next : ch}'; ${READ_ONLY} Pass the file as an argument instead, e.g. \`sort data.csv\`; if '<' is text you are searching for, quote it, e.g. grep -c '<' data.csv.`,
      );
    case "(":
    case ")":
      throw new BashDenied(
        `Bash refused: '${ch}' (subshell or grouping); ${READ_ONLY} If it is literal text, quote it, e.g. grep '(total)'.`,
      );
    case "`":
      throw substitution("`", "");
    case "$":
      // A trailing `$` (e.g. `grep x$`) is literal even in a shell; anything else would expand.
      if (next === "" || next === " " || next === "\t" || next === "|") return;
      throw substitution(dollarToken(command, i), "");
    case "~":
      if (wordSoFar === undefined) throw homeDirectory("~");
      return;
    case "#":
      if (wordSoFar === undefined) {
        throw new BashDenied(
          "Bash refused: '#' starts a shell comment. Remove the comment, or quote '#' if it is part of a pattern.",
        );
      }
      return;
  }
}

function outputRedirectionToken(wordSoFar: Word | undefined, next: string): string {
  const fd = wordSoFar && /^\d+$/.test(wordSoFar.text) ? wordSoFar.text : "";
  return `${fd}>${">|&".includes(next) && next !== "" ? next : ""}`;
}

/** Names the expansion the agent wrote: `$(`, `${`, `$HOME`, `$1`, `$'`... */
function dollarToken(command: string, i: number): string {
  const next = command.charAt(i + 1);
  if (next === "(" || next === "{") return `$${next}`;
  const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(command.slice(i + 1));
  return name ? `$${name[0]}` : `$${next}`;
}

const GLOB_SPECIALS = /[\\*?[\]{}()!+@]/g;

export function escapeGlob(text: string): string {
  return text.replace(GLOB_SPECIALS, "\\$&");
}

function addLiteral(word: Word, text: string): void {
  word.text += text;
  word.pattern += escapeGlob(text);
}

function addUnquoted(word: Word, ch: string, previous: string): void {
  word.text += ch;
  if (ch === "*" || ch === "?" || ch === "[") {
    word.glob = true;
    word.pattern += ch;
  } else if (ch === "]" || (ch === "!" && previous === "[")) {
    // Bracket-expression syntax stays live, like in a shell: `[0-9]`, `[!a]`.
    word.pattern += ch;
  } else {
    word.pattern += escapeGlob(ch);
  }
}

export function splitStages(tokens: Token[]): Word[][] {
  const stages: Word[][] = [[]];
  for (const token of tokens) {
    if (token === PIPE) stages.push([]);
    else stages[stages.length - 1]?.push(token);
  }
  if (stages.length === 1 && stages[0]?.length === 0) {
    throw new BashDenied(`Bash refused: empty command. Give one of: ${TOOL_LIST}.`);
  }
  if (stages.some((stage) => stage.length === 0)) {
    throw new BashDenied("Bash refused: a '|' has no command on one side. Write `prog args | prog args`.");
  }
  return stages;
}

// ---------------------------------------------------------------------------------------------------
// Denial messages shared by the tokenizer.

function chaining(token: string): BashDenied {
  return new BashDenied(
    `Bash refused: ${token} chains commands; ${READ_ONLY} Run each command in its own Bash call.`,
  );
}

function redirection(token: string): BashDenied {
  return new BashDenied(
    `Bash refused: redirection '${token}' writes or redirects files; ${READ_ONLY} Drop the redirection: the output is returned to you. Use Query to derive or save tables. If '>' is text you are searching for, quote it, e.g. grep '>' data.csv.`,
  );
}

function substitution(token: string, where: string): BashDenied {
  const place = where === "" ? "" : ` ${where}`;
  return new BashDenied(
    `Bash refused: '${token}'${place} is command/variable substitution; RADAR's Bash does no expansion. Write the literal value, and put text containing '$' or '\`' in single quotes (e.g. grep '$5,000' file).`,
  );
}

export function homeDirectory(word: string): BashDenied {
  return new BashDenied(
    `Bash refused: '${word}' refers to a home directory, which is outside the lake (and not expanded). Use paths relative to the lake root.`,
  );
}
