/**
 * The agent's `Bash` tool: read-only, shell-like commands over the data lake, without a shell.
 *
 * The command text comes from an untrusted LLM, so it never reaches /bin/sh. We tokenize it ourselves,
 * accept only `|` pipelines of allowlisted read-only programs, check every word that could name a file
 * against the lake (lexically and through symlinks), and spawn the programs directly with a scrubbed
 * environment. Anything we cannot vouch for is refused with a `BashDenied` that tells the agent what to
 * do instead, before any process starts.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { existsSync, readdirSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import picomatch from "picomatch";

export interface BashResult {
  stdout: string;
  stderr: string;
  /** The last stage's exit code; null when it was killed (timeout, abort, output flood). */
  exitCode: number | null;
  /** Every stage's exit code, in pipeline order (null: killed, e.g. by SIGPIPE when `head` was done). */
  exitCodes: (number | null)[];
  truncated: boolean;
  timedOut: boolean;
  /** The parsed pipeline actually executed: one argv per stage, after glob expansion. */
  argv: string[][];
}

export interface BashOptions {
  lakeRoot: string;
  timeoutMs?: number;
  maxOutputBytes?: number;
  signal?: AbortSignal;
  /** POSIX paths relative to the lake, used for glob expansion; when absent the lake is walked. */
  listLakeFiles?: () => string[];
}

/** A command the sandbox refuses to run. The message is for the agent: what, why, and what instead. */
export class BashDenied extends Error {
  override readonly name = "BashDenied";
  constructor(message: string) {
    super(message);
  }
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_OUTPUT_BYTES = 65_536;

export const ALLOWED_PROGRAMS = [
  "ls",
  "head",
  "tail",
  "wc",
  "grep",
  "cat",
  "file",
  "sort",
  "uniq",
  "cut",
  "tr",
  "nl",
  "stat",
  "du",
  "md5sum",
  "sha256sum",
  "tac",
  "find",
  "column",
] as const;
type AllowedProgram = (typeof ALLOWED_PROGRAMS)[number];

/** Only system directories: a program of the same name planted in the lake or elsewhere must never run. */
const PROGRAM_DIRS = ["/usr/bin", "/bin"];
/** Nothing from the extension host's environment (tokens, HOME, proxies) reaches the programs. */
const SAFE_ENV = { PATH: "/usr/bin:/bin", LC_ALL: "C.UTF-8" };
/** Past this much stdout the answer is useless to the agent anyway, so stop the pipeline. */
const FLOOD_FACTOR = 4;
/** Bounds the fs walk used for glob expansion, so a huge lake cannot stall the tool. */
const MAX_WALK_ENTRIES = 100_000;

const TOOL_LIST = ALLOWED_PROGRAMS.join(", ");
const READ_ONLY =
  "RADAR's Bash is read-only: one allowlisted program, or a `|` pipeline of them, inside the lake.";

export function parseBashCommand(
  command: string,
  options: { lakeRoot: string; listLakeFiles?: () => string[] },
): string[][] {
  return parsePipeline(command, options).map((stage) => stage.argv);
}

export async function runBash(command: string, options: BashOptions): Promise<BashResult> {
  const stages = parsePipeline(command, options);
  return runPipeline(stages, options);
}

// ---------------------------------------------------------------------------------------------------
// Tokenizer: a tiny subset of POSIX shell words. Every construct that would make a shell do more than
// split words (chaining, redirection, substitution, subshells, expansion) is refused, not interpreted.

interface Word {
  /** The word as the program receives it. */
  text: string;
  /** The same word as a picomatch pattern: quoted characters escaped, so only unquoted wildcards match. */
  pattern: string;
  /** An unquoted `*`, `?` or `[` appeared, so a shell would glob-expand the word. */
  glob: boolean;
}

const PIPE = Symbol("pipe");
type Token = Word | typeof PIPE;

function tokenize(command: string): Token[] {
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

function escapeGlob(text: string): string {
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

function splitStages(tokens: Token[]): Word[][] {
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
// The lake: its root (lexical and real) and, lazily, its entries for glob expansion.

interface Lake {
  root: string;
  /** The lake as the kernel sees it, so symlinked tmp dirs (macOS /var) compare correctly. */
  realRoot: string;
  entries: () => string[];
}

function openLake(options: { lakeRoot: string; listLakeFiles?: () => string[] }): Lake {
  const root = resolve(options.lakeRoot);
  let realRoot = root;
  try {
    realRoot = realpathSync.native(root);
  } catch {
    // A missing lake: keep the lexical root; spawning will fail with a clear error.
  }
  let cached: string[] | undefined;
  const entries = (): string[] =>
    (cached ??= withImpliedDirectories(options.listLakeFiles ? options.listLakeFiles() : walkLake(root)));
  return { root, realRoot, entries };
}

/** A file list names `a/b/c.csv` but a shell glob `a/*` must also see the directory `a/b`. */
function withImpliedDirectories(files: string[]): string[] {
  const all = new Set<string>();
  for (const file of files) {
    const parts = file.replace(/^(\.\/)+/, "").split("/");
    for (let n = 1; n <= parts.length; n += 1) all.add(parts.slice(0, n).join("/"));
  }
  all.delete("");
  return [...all];
}

/** Lists files and directories, not descending into symlinked directories (they may lead outside). */
function walkLake(root: string): string[] {
  const out: string[] = [];
  const pending = [""];
  for (let dir = pending.pop(); dir !== undefined && out.length < MAX_WALK_ENTRIES; dir = pending.pop()) {
    let dirents;
    try {
      dirents = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const dirent of dirents) {
      const rel = dir === "" ? dirent.name : `${dir}/${dirent.name}`;
      out.push(rel);
      if (dirent.isDirectory()) pending.push(rel);
    }
  }
  return out;
}

/** Bash semantics: matches sorted, and a pattern that matches nothing stays as typed. */
function expandWord(word: Word, lake: Lake): string[] {
  if (!word.glob) return [word.text];
  if (/(^|[^\\])\*\*/.test(word.pattern)) {
    throw new BashDenied(
      `Bash refused: '**' in '${word.text}' (recursive globs are not supported). Use \`find . -name '*.csv'\` instead.`,
    );
  }
  const anchored = anchorPattern(word.pattern, lake.root);
  if (!anchored) return [word.text];
  // `*/` matches directories only, and each match keeps its trailing slash, as in bash.
  const dirsOnly = anchored.pattern.endsWith("/");
  const isMatch = picomatch(anchored.pattern.replace(/\/+$/, ""), { dot: false });
  const matches = lake
    .entries()
    .filter((entry) => isMatch(entry) && (!dirsOnly || isDirectory(join(lake.root, entry))))
    .sort();
  const suffix = dirsOnly ? "/" : "";
  return matches.length > 0 ? matches.map((entry) => anchored.prefix + entry + suffix) : [word.text];
}

function isDirectory(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

/** Globs are matched against lake-relative entries: strip `./` or the lake's absolute path, if present. */
function anchorPattern(pattern: string, root: string): { prefix: string; pattern: string } | undefined {
  const dotSlash = /^(\.\/)+/.exec(pattern);
  if (dotSlash) return { prefix: dotSlash[0], pattern: pattern.slice(dotSlash[0].length) };
  const rootPrefix = `${escapeGlob(root)}/`;
  if (pattern.startsWith(rootPrefix)) {
    return { prefix: `${root}/`, pattern: pattern.slice(rootPrefix.length) };
  }
  // Absolute paths elsewhere and `../` patterns stay literal; the path check then refuses them.
  if (pattern.startsWith("/") || pattern.startsWith("../")) return undefined;
  return { prefix: "", pattern };
}

// ---------------------------------------------------------------------------------------------------
// Paths: a word that may name a file must stay in the lake, both as written and as the kernel resolves it.

function isInside(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

function checkPath(arg: string, lake: Lake): void {
  checkLexicalPath(arg, lake);
  const real = kernelRealpath(isAbsolute(arg) ? arg : `${lake.root}/${arg}`);
  if (real !== undefined && !isInside(real, lake.realRoot)) {
    throw new BashDenied(
      `Bash refused: path '${arg}' goes through a symlink that points outside the lake. Only files that really live in the lake can be read; pick another file (see \`ls -l\`).`,
    );
  }
}

function checkLexicalPath(arg: string, lake: Lake): void {
  if (arg.startsWith("~")) throw homeDirectory(arg);
  const abs = resolve(lake.root, arg);
  if (!isInside(abs, lake.root)) {
    throw new BashDenied(
      `Bash refused: path '${arg}' resolves outside the lake (${abs}). RADAR's Bash can only read inside the data lake; use paths relative to the lake root (run \`ls\` to see what is there).`,
    );
  }
}

/**
 * Where the kernel would land, `..` included: `link/../x` walks up from the symlink's *target*, which a
 * lexical resolve hides. For a path that does not exist, its deepest existing ancestor decides, because
 * the kernel stops there. Uses realpath(3) (`.native`): Node's JS realpath normalizes `..` first.
 */
function kernelRealpath(path: string): string | undefined {
  for (let candidate = path; ; candidate = dirname(candidate)) {
    try {
      return realpathSync.native(candidate);
    } catch {
      if (dirname(candidate) === candidate) return undefined;
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Programs and their options.

interface ProgramSpec {
  /** Options (exact spelling, `-n` / `--lines`) whose value is the next word or is attached. Must be exact:
   *  listing a flag here would let the following word skip the path check. */
  values?: readonly string[];
  /** Options whose value is a file the program reads: checked like a path. */
  pathValues?: readonly string[];
  /** Options refused outright, with the reason for the agent. Long ones also match GNU abbreviations. */
  denied?: Readonly<Record<string, string>>;
  /** How positional words are used: files (default), grep's pattern then files, or tr's character sets. */
  positionals?: "paths" | "grep" | "text";
  /** uniq: a second operand is an output file. */
  maxPositionals?: number;
  /** `head -5`, `grep -3`: digits inside a short-option cluster are a count. */
  numericShort?: boolean;
}

const DEREFERENCE = "follows symlinks while recursing, which can lead outside the lake";
const FILES0 = "reads file names from a file, bypassing the path check; pass the files as arguments";
const FOLLOW = "follows the file forever and never returns; use `tail -n 20 FILE`";
const CHECKSUM_LIST =
  "opens the files named inside a checksum list, bypassing the path check; hash the files directly";

/** Option lists are written as space-separated words to keep the table readable. */
function opts(...lists: string[]): readonly string[] {
  return lists.join(" ").split(" ");
}

const PROGRAM_SPECS: Readonly<Record<Exclude<AllowedProgram, "find">, ProgramSpec>> = {
  ls: {
    values: opts(
      "-w -I -T --block-size --format --hide --ignore --indicator-style --quoting-style --sort",
      "--tabsize --time --time-style --width",
    ),
    denied: { "-L": DEREFERENCE, "--dereference": DEREFERENCE },
  },
  head: { values: opts("-c -n --bytes --lines"), numericShort: true },
  tail: {
    values: opts("-c -n -s --bytes --lines --sleep-interval --pid --max-unchanged-stats"),
    numericShort: true,
    denied: { "-f": FOLLOW, "-F": FOLLOW, "--follow": FOLLOW },
  },
  wc: { denied: { "--files0-from": FILES0 } },
  grep: {
    values: opts(
      "-A -B -C -D -X -d -e -m --regexp --max-count --label --binary-files --directories",
      "--devices --include --exclude --exclude-dir --before-context --after-context --context",
      "--group-separator",
    ),
    pathValues: opts("-f --file --exclude-from"),
    positionals: "grep",
    numericShort: true,
    denied: {
      "-R": "follows every symlink while recursing, which can lead outside the lake; use -r (it does not)",
      "--dereference-recursive": "follows every symlink, which can lead outside the lake; use -r",
    },
  },
  cat: {},
  file: {
    values: opts("-e -F -P --exclude --exclude-quiet --separator --parameter"),
    denied: {
      // The names inside a list file would be opened unchecked: name the files as arguments instead.
      "-f": "reads file names from a list whose entries are not checked; name the files as arguments",
      "--files-from":
        "reads file names from a list whose entries are not checked; name the files as arguments",
      "-m": "loads custom magic files; the default magic database is enough",
      "--magic-file": "loads custom magic files; the default magic database is enough",
      "-C": "compiles a magic file and writes it to disk",
      "--compile": "compiles a magic file and writes it to disk",
      "-p": "rewrites file timestamps",
      "--preserve-date": "rewrites file timestamps",
      "-S": "disables file's own sandbox",
      "--no-sandbox": "disables file's own sandbox",
    },
  },
  sort: {
    values: opts("-k -S -t --key --buffer-size --field-separator --sort --parallel --batch-size"),
    pathValues: opts("--random-source"),
    denied: {
      "-o": "writes its output to a file; the result is shown to you directly, so drop -o",
      "--output": "writes its output to a file; the result is shown to you directly, so drop --output",
      "-T": "writes temporary files to a directory of your choice; drop it",
      "--temporary-directory": "writes temporary files to a directory of your choice; drop it",
      "--compress-program": "runs another program",
      "--files0-from": FILES0,
    },
  },
  uniq: {
    values: opts("-f -s -w --skip-fields --skip-chars --check-chars"),
    numericShort: true,
    maxPositionals: 1,
  },
  cut: {
    values: opts("-b -c -d -f --bytes --characters --delimiter --fields --output-delimiter"),
  },
  tr: { positionals: "text" },
  nl: {
    values: opts(
      "-b -d -f -h -i -l -n -s -v -w --body-numbering --section-delimiter --footer-numbering",
      "--header-numbering --line-increment --join-blank-lines --number-format --number-separator",
      "--starting-line-number --number-width",
    ),
  },
  stat: { values: opts("-c --format --printf --cached") },
  du: {
    values: opts("-B -d -t --block-size --max-depth --threshold --exclude --time-style"),
    pathValues: opts("-X --exclude-from"),
    denied: { "-L": DEREFERENCE, "--dereference": DEREFERENCE, "--files0-from": FILES0 },
  },
  md5sum: { denied: { "-c": CHECKSUM_LIST, "--check": CHECKSUM_LIST } },
  sha256sum: { denied: { "-c": CHECKSUM_LIST, "--check": CHECKSUM_LIST } },
  tac: { values: opts("-s --separator") },
  column: {
    values: opts(
      "-n -O -N -l -E -H -R -T -W -r -i -p -c -o -s --table-name --table-order --table-columns",
      "--table-columns-limit --table-noextreme --table-hide --table-right --table-truncate",
      "--table-wrap --tree --tree-id --tree-parent --output-width --output-separator --separator",
    ),
  },
};

interface Stage {
  argv: string[];
  programPath: string;
}

function parsePipeline(
  command: string,
  options: { lakeRoot: string; listLakeFiles?: () => string[] },
): Stage[] {
  const lake = openLake(options);
  return splitStages(tokenize(command)).map((words) => {
    const argv = words.flatMap((word) => expandWord(word, lake));
    return { argv, programPath: checkStage(argv, lake) };
  });
}

/** Validates one stage and returns the absolute path of its program. */
function checkStage(argv: string[], lake: Lake): string {
  const [program = "", ...args] = argv;
  const programPath = resolveProgram(program);
  if (program === "find") checkFindArgs(args, lake);
  else checkProgramArgs(program as Exclude<AllowedProgram, "find">, args, lake);
  return programPath;
}

function isAllowedProgram(name: string): name is AllowedProgram {
  return (ALLOWED_PROGRAMS as readonly string[]).includes(name);
}

function resolveProgram(name: string): string {
  if (name.includes("/")) {
    throw new BashDenied(
      `Bash refused: '${name}' is a program path; give the program by name (e.g. '${name.split("/").pop() ?? ""}'), and only these read-only tools are available: ${TOOL_LIST}.`,
    );
  }
  if (!isAllowedProgram(name)) {
    throw new BashDenied(
      `Bash refused: '${name}' is not an allowed program. ${READ_ONLY} Allowed: ${TOOL_LIST}. To compute over tables (filter, aggregate, join), use Query instead.`,
    );
  }
  for (const dir of PROGRAM_DIRS) {
    const candidate = `${dir}/${name}`;
    if (existsSync(candidate)) return candidate;
  }
  throw new BashDenied(
    `Bash refused: '${name}' is not installed on this machine. Try another of: ${TOOL_LIST}.`,
  );
}

interface ParsedOption {
  key: string;
  value: string | undefined;
}

function checkProgramArgs(program: Exclude<AllowedProgram, "find">, args: string[], lake: Lake): void {
  const spec = PROGRAM_SPECS[program];
  const { options, positionals } = parseOptions(program, spec, args);
  for (const option of options) checkOptionValue(spec, option, lake);
  if (spec.positionals === "text") return;
  if (spec.maxPositionals !== undefined && positionals.length > spec.maxPositionals) {
    throw new BashDenied(
      `Bash refused: ${program} was given ${positionals.length} files, but its second operand is an OUTPUT file it would overwrite. Give one input file, e.g. \`sort f | ${program} -c\`.`,
    );
  }
  const files = spec.positionals === "grep" ? withoutGrepPattern(options, positionals, lake) : positionals;
  for (const file of files) checkPath(file, lake);
}

/** GNU-style option parsing (options may follow operands; `--` ends them), refusing denied options. */
function parseOptions(
  program: string,
  spec: ProgramSpec,
  args: string[],
): { options: ParsedOption[]; positionals: string[] } {
  const options: ParsedOption[] = [];
  const positionals: string[] = [];
  const queue = [...args];
  for (let arg = queue.shift(); arg !== undefined; arg = queue.shift()) {
    if (arg === "--") {
      positionals.push(...queue.splice(0));
    } else if (arg.startsWith("--")) {
      options.push(parseLongOption(program, spec, arg, queue));
    } else if (arg.startsWith("-") && arg !== "-") {
      options.push(...parseShortCluster(program, spec, arg, queue));
    } else {
      positionals.push(arg);
    }
  }
  return { options, positionals };
}

function takesValue(spec: ProgramSpec, key: string): boolean {
  return Boolean(spec.values?.includes(key) || spec.pathValues?.includes(key));
}

/** Only an exact name consumes the next word: an abbreviation leaves it to be path-checked (safe side). */
function parseLongOption(program: string, spec: ProgramSpec, arg: string, queue: string[]): ParsedOption {
  const eq = arg.indexOf("=");
  const key = eq < 0 ? arg : arg.slice(0, eq);
  refuseDeniedOption(program, spec, key);
  if (eq >= 0) return { key, value: arg.slice(eq + 1) };
  return { key, value: takesValue(spec, key) ? queue.shift() : undefined };
}

function parseShortCluster(program: string, spec: ProgramSpec, arg: string, queue: string[]): ParsedOption[] {
  const options: ParsedOption[] = [];
  for (let j = 1; j < arg.length; j += 1) {
    const letter = arg.charAt(j);
    if (spec.numericShort && letter >= "0" && letter <= "9") continue;
    const key = `-${letter}`;
    refuseDeniedOption(program, spec, key);
    if (takesValue(spec, key)) {
      const attached = arg.slice(j + 1);
      options.push({ key, value: attached !== "" ? attached : queue.shift() });
      break;
    }
    options.push({ key, value: undefined });
  }
  return options;
}

/** GNU accepts unambiguous prefixes (`--out` = `--output`), so a denied long option denies its prefixes. */
function refuseDeniedOption(program: string, spec: ProgramSpec, key: string): void {
  for (const [denied, reason] of Object.entries(spec.denied ?? {})) {
    const hit = key.startsWith("--") ? key.length > 2 && denied.startsWith(key) : denied === key;
    if (hit) throw new BashDenied(`Bash refused: \`${program} ${key}\` ${reason}. ${READ_ONLY}`);
  }
}

/** A value we do not know to be harmless (an unknown `--opt=value`) is treated as a path. */
function checkOptionValue(spec: ProgramSpec, option: ParsedOption, lake: Lake): void {
  if (option.value === undefined) return;
  const harmless = spec.values?.includes(option.key) && !spec.pathValues?.includes(option.key);
  if (!harmless) checkPath(option.value, lake);
}

const GREP_PATTERN_OPTIONS = ["-e", "-f", "--regexp", "--file"];

/**
 * grep's first operand is the pattern unless -e/-f supplied one. A pattern is not opened, so `Florida`
 * must pass; only path-looking patterns get the lexical check. Any spelling that might be an
 * abbreviation of --regexp/--file makes every operand a file (checked), the safe reading.
 */
function withoutGrepPattern(options: ParsedOption[], positionals: string[], lake: Lake): string[] {
  const patternGiven = options.some(({ key }) =>
    GREP_PATTERN_OPTIONS.some((name) => name === key || (key.length > 2 && name.startsWith(key))),
  );
  if (patternGiven || positionals.length === 0) return positionals;
  const [pattern = "", ...files] = positionals;
  if (pattern.includes("/") || pattern.startsWith("~") || pattern === "..") checkLexicalPath(pattern, lake);
  return files;
}

const FIND_VALUE_TESTS = ["-name", "-iname", "-path", "-ipath", "-type", "-maxdepth", "-mindepth", "-size"];
const FIND_BARE_WORDS = ["-print", "!", "-not", "-a", "-and", "-o", "-or", "(", ")"];
const FIND_ALLOWED = [...FIND_VALUE_TESTS, "-newer", "-print"].join(" ");

/** find can run programs, delete and write files, so only a fixed set of tests is allowed. */
function checkFindArgs(args: string[], lake: Lake): void {
  const queue = [...args];
  while (/^-[PHLDO]/.test(queue[0] ?? "")) checkFindGlobalOption(queue.shift() ?? "");
  while (queue.length > 0 && !isFindExpression(queue[0] ?? "")) checkPath(queue.shift() ?? "", lake);
  for (let arg = queue.shift(); arg !== undefined; arg = queue.shift()) {
    if (FIND_VALUE_TESTS.includes(arg)) queue.shift();
    else if (arg === "-newer") checkPath(queue.shift() ?? "", lake);
    else if (!FIND_BARE_WORDS.includes(arg)) {
      throw new BashDenied(
        `Bash refused: \`find ${arg}\` is not allowed: find may only search (never run programs, delete or write files). Allowed tests: ${FIND_ALLOWED}, combined with ! -o -a ( ). To read what it finds, run a second Bash command on the printed paths.`,
      );
    }
  }
}

/** -P (the default: never follow symlinks) and -H (only start paths, which are checked) are harmless. */
function checkFindGlobalOption(option: string): void {
  if (option === "-P" || option === "-H") return;
  throw new BashDenied(
    `Bash refused: \`find ${option}\` is not allowed (-L ${DEREFERENCE}; -D/-O are debugging knobs). Use plain \`find . -name '*.csv'\`.`,
  );
}

function isFindExpression(arg: string): boolean {
  return arg.startsWith("-") || arg === "!" || arg === "(" || arg === ")";
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

function homeDirectory(word: string): BashDenied {
  return new BashDenied(
    `Bash refused: '${word}' refers to a home directory, which is outside the lake (and not expanded). Use paths relative to the lake root.`,
  );
}

// ---------------------------------------------------------------------------------------------------
// Execution.

/** Keeps the first `cap` bytes and counts the rest. */
class CappedOutput {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  total = 0;

  constructor(private readonly cap: number) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    const room = this.cap - this.kept;
    if (room <= 0) return;
    const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
    this.chunks.push(part);
    this.kept += part.length;
  }

  get truncated(): boolean {
    return this.total > this.cap;
  }

  text(): string {
    const bytes = Buffer.concat(this.chunks);
    return bytes.subarray(0, this.truncated ? utf8Boundary(bytes) : bytes.length).toString("utf8");
  }
}

/** Where to cut so a truncated buffer does not end in half a UTF-8 character. */
function utf8Boundary(bytes: Buffer): number {
  for (let start = bytes.length - 1; start >= Math.max(0, bytes.length - 4); start -= 1) {
    const byte = bytes[start] ?? 0;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead byte
    const width = byte < 0x80 ? 1 : byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
    return start + width <= bytes.length ? bytes.length : start;
  }
  return bytes.length;
}

function runPipeline(stages: Stage[], options: BashOptions): Promise<BashResult> {
  const cap = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  const argv = stages.map((stage) => stage.argv);
  const empty = {
    stdout: "",
    stderr: "",
    exitCode: null,
    exitCodes: stages.map(() => null),
    truncated: false,
    timedOut: false,
    argv,
  };
  if (options.signal?.aborted) return Promise.resolve(empty);

  const cwd = resolve(options.lakeRoot);
  const children = stages.map((stage, i) =>
    spawn(stage.programPath, stage.argv.slice(1), {
      // Error messages then say `ls: ...`, as the agent wrote it, not `/usr/bin/ls: ...`.
      argv0: stage.argv[0],
      shell: false,
      cwd,
      env: SAFE_ENV,
      // The first stage reads EOF: the agent has no stdin to give.
      stdio: [i === 0 ? "ignore" : "pipe", "pipe", "pipe"],
    }),
  );
  for (let i = 1; i < children.length; i += 1)
    connect(children[i - 1] as ChildProcess, children[i] as ChildProcess);

  const stdout = new CappedOutput(cap);
  const stderr = new CappedOutput(cap);
  let timedOut = false;
  const killAll = (): void => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  children.at(-1)?.stdout?.on("data", (chunk: Buffer) => {
    stdout.push(chunk);
    if (stdout.total > FLOOD_FACTOR * cap) killAll();
  });
  for (const child of children) child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));

  const timer = setTimeout(() => {
    timedOut = true;
    killAll();
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  options.signal?.addEventListener("abort", killAll, { once: true });

  const reportSpawnError = (error: Error): void => stderr.push(Buffer.from(`${error.message}\n`));
  return Promise.all(children.map((child) => waitForClose(child, reportSpawnError))).then((codes) => {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", killAll);
    const truncated = stdout.truncated || stderr.truncated;
    return {
      ...empty,
      stdout: stdout.text(),
      stderr: stderr.text(),
      exitCode: codes.at(-1) ?? null,
      exitCodes: codes,
      truncated,
      timedOut,
    };
  });
}

/**
 * Pipes one stage into the next through Node. When the downstream stage stops reading (`head` is done),
 * we close the upstream's stdout, so it gets SIGPIPE as in a shell instead of blocking on a full pipe.
 */
function connect(upstream: ChildProcess, downstream: ChildProcess): void {
  const source = upstream.stdout;
  const sink = downstream.stdin;
  if (!source || !sink) return;
  const stopUpstream = (): void => {
    source.unpipe(sink);
    source.destroy();
  };
  sink.on("error", stopUpstream);
  downstream.on("exit", stopUpstream);
  downstream.on("error", stopUpstream);
  source.pipe(sink);
}

function waitForClose(child: ChildProcess, onSpawnError: (error: Error) => void): Promise<number | null> {
  return new Promise((resolveCode) => {
    child.once("error", (error) => {
      // Only a failed spawn ends here without a later 'close'.
      if (child.pid === undefined) {
        onSpawnError(error);
        resolveCode(null);
      }
    });
    child.once("close", (code) => resolveCode(code));
  });
}
