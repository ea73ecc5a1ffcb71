import { BashDenied } from "./bashDenied.ts";
import { checkPath } from "./bashLake.ts";
import type { Lake } from "./bashLake.ts";
import { READ_ONLY } from "./bashPrograms.ts";
import type { AllowedProgram } from "./bashPrograms.ts";
import { DEREFERENCE, PROGRAM_SPECS } from "./programSpecs.ts";
import type { ProgramSpec } from "./programSpecs.ts";

/**
 * A stage's arguments checked against its program's spec: denied options refused, every word that
 * may name a file (operands, file-valued options, unknown option values) kept inside the lake.
 */

interface ParsedOption {
  key: string;
  value: string | undefined;
}

export function checkProgramArgs(program: Exclude<AllowedProgram, "find">, args: string[], lake: Lake): void {
  const spec = PROGRAM_SPECS[program];
  const { options, positionals } = parseOptions(program, spec, args);
  for (const option of options) checkOptionValue(spec, option, lake);
  if (spec.positionals === "text") return;
  if (spec.maxPositionals !== undefined && positionals.length > spec.maxPositionals) {
    throw new BashDenied(
      `Bash refused: ${program} was given ${positionals.length} files, but its second operand is an OUTPUT file it would overwrite. Give one input file, e.g. \`sort f | ${program} -c\`.`,
    );
  }
  const files = spec.positionals === "grep" ? withoutGrepPattern(options, positionals) : positionals;
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
 * grep's first operand is the pattern unless -e/-f supplied one. A pattern is not opened — nothing
 * expands it, there is no shell — so any pattern passes, one with slashes too (`/(19|20)?[0-9]{2},`
 * looks for a date's year: held-out HL-09 was refused it as a path outside the lake). Any spelling
 * that might be an abbreviation of --regexp/--file makes every operand a file (checked), the safe
 * reading.
 */
function withoutGrepPattern(options: ParsedOption[], positionals: string[]): string[] {
  const patternGiven = options.some(({ key }) =>
    GREP_PATTERN_OPTIONS.some((name) => name === key || (key.length > 2 && name.startsWith(key))),
  );
  if (patternGiven || positionals.length === 0) return positionals;
  return positionals.slice(1);
}

const FIND_VALUE_TESTS = ["-name", "-iname", "-path", "-ipath", "-type", "-maxdepth", "-mindepth", "-size"];
const FIND_BARE_WORDS = ["-print", "!", "-not", "-a", "-and", "-o", "-or", "(", ")"];
const FIND_ALLOWED = [...FIND_VALUE_TESTS, "-newer", "-print"].join(" ");

/** find can run programs, delete and write files, so only a fixed set of tests is allowed. */
export function checkFindArgs(args: string[], lake: Lake): void {
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
