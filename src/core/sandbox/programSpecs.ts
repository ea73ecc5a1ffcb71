import type { AllowedProgram } from "./bashPrograms.ts";

/** What each allowed program (but find) accepts: options with values, file-valued options, denied options. */

export interface ProgramSpec {
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

export const DEREFERENCE = "follows symlinks while recursing, which can lead outside the lake";
const FILES0 = "reads file names from a file, bypassing the path check; pass the files as arguments";
const FOLLOW = "follows the file forever and never returns; use `tail -n 20 FILE`";
const CHECKSUM_LIST =
  "opens the files named inside a checksum list, bypassing the path check; hash the files directly";

/** Option lists are written as space-separated words to keep the table readable. */
function opts(...lists: string[]): readonly string[] {
  return lists.join(" ").split(" ");
}

export const PROGRAM_SPECS: Readonly<Record<Exclude<AllowedProgram, "find">, ProgramSpec>> = {
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
