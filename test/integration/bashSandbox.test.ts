import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BashDenied } from "../../src/core/sandbox/bashDenied.ts";
import { parseBashCommand, runBash } from "../../src/core/sandbox/bashSandbox.ts";

// Layout: <base>/lake is the lake; <base>/outside.txt is a sentinel and <base>/secret/ holds what the
// symlinks inside the lake point at, so every escape has something real to reach.
let base = "";
let lakeRoot = "";
let sentinel = "";
const SENTINEL_TEXT = "do not touch\n";
const DATA = "state,amount\nFlorida,$5,000\nTexas,100\nFlorida,200\nTexas,100\n";

function makeLake(): void {
  base = mkdtempSync(join(tmpdir(), "radar-bash-"));
  lakeRoot = join(base, "lake");
  sentinel = join(base, "outside.txt");
  writeFileSync(sentinel, SENTINEL_TEXT);
  mkdirSync(join(base, "secret"));
  writeFileSync(join(base, "secret", "secret.txt"), "TOP SECRET\n");

  mkdirSync(join(lakeRoot, "sub"), { recursive: true });
  mkdirSync(join(lakeRoot, "State MSA"));
  mkdirSync(join(lakeRoot, "pipes"));
  writeFileSync(join(lakeRoot, "data.csv"), DATA);
  writeFileSync(join(lakeRoot, "State MSA", "a b.csv"), "msa,pop\nMiami,6\nTampa,3\n");
  writeFileSync(join(lakeRoot, "sub", "x.csv"), "1\n2\n");
  writeFileSync(join(lakeRoot, "sub", "y.csv"), "3\n");
  writeFileSync(join(lakeRoot, "sub", "notes.txt"), "notes\n");
  const row = "row,some text payload for the size tests\n";
  writeFileSync(join(lakeRoot, "big.csv"), row.repeat(100_000));
  symlinkSync(join(base, "secret", "secret.txt"), join(lakeRoot, "link-to-outside"));
  symlinkSync(join(base, "secret"), join(lakeRoot, "linkdir"));
  // A FIFO nobody writes to: `cat` on it blocks forever, a deterministic way to exercise timeout and abort.
  execFileSync("mkfifo", [join(lakeRoot, "pipes", "wait.fifo")]);
}

/** Every path in the lake with its size and mtime, to prove refused commands changed nothing. */
function snapshot(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((dirent) => {
    const rel = `${prefix}${dirent.name}`;
    const full = join(dir, dirent.name);
    const stat = statSync(full, { throwIfNoEntry: false });
    const line = `${rel} ${stat?.size ?? "?"} ${stat?.mtimeMs ?? "?"}`;
    return dirent.isDirectory() ? [line, ...snapshot(full, `${rel}/`)] : [line];
  });
}

before(makeLake);
after(() => rmSync(base, { recursive: true, force: true }));

describe("parseBashCommand", () => {
  it("splits a pipeline into argv arrays, honouring quotes and escapes", () => {
    const stages = parseBashCommand(`grep -c "a \\"b\\" \\$x" 'c d' x\\ y | sort -r`, { lakeRoot });
    assert.deepEqual(stages, [
      ["grep", "-c", 'a "b" $x', "c d", "x y"],
      ["sort", "-r"],
    ]);
  });

  it("keeps $ and other metacharacters literal inside single quotes", () => {
    assert.deepEqual(parseBashCommand("grep '$5,000; (a|b) > `x`' data.csv", { lakeRoot }), [
      ["grep", "$5,000; (a|b) > `x`", "data.csv"],
    ]);
  });

  it("expands globs against the lake, sorted, and keeps a non-matching glob literally", () => {
    assert.deepEqual(parseBashCommand("wc -l sub/*.csv", { lakeRoot }), [
      ["wc", "-l", "sub/x.csv", "sub/y.csv"],
    ]);
    assert.deepEqual(parseBashCommand("ls sub/*.parquet", { lakeRoot }), [["ls", "sub/*.parquet"]]);
    assert.deepEqual(parseBashCommand("ls 'sub/*.csv'", { lakeRoot }), [["ls", "sub/*.csv"]]);
    assert.deepEqual(parseBashCommand('wc -l "State MSA"/*', { lakeRoot }), [
      ["wc", "-l", "State MSA/a b.csv"],
    ]);
  });

  it("uses listLakeFiles for glob expansion when given", () => {
    const stages = parseBashCommand("wc -l ./sub/*.csv", { lakeRoot, listLakeFiles: () => ["sub/y.csv"] });
    assert.deepEqual(stages, [["wc", "-l", "./sub/y.csv"]]);
  });

  it("lets grep patterns through, path-looking ones too (a pattern is never opened), and checks its files", () => {
    assert.deepEqual(parseBashCommand("grep Florida data.csv", { lakeRoot }), [
      ["grep", "Florida", "data.csv"],
    ]);
    assert.throws(() => parseBashCommand("grep x /etc/passwd", { lakeRoot }), BashDenied);
    // A quoted tilde is text (USDA files wrap text in '~'): nothing expands it, and grep reads no file by it.
    assert.deepEqual(parseBashCommand("grep -n '~3387' data.csv", { lakeRoot }), [
      ["grep", "-n", "~3387", "data.csv"],
    ]);
    assert.deepEqual(parseBashCommand("grep -n '~/.ssh' data.csv", { lakeRoot }), [
      ["grep", "-n", "~/.ssh", "data.csv"],
    ]);
    // A year after a slash (held-out HL-09): a regular expression, not a path outside the lake.
    assert.deepEqual(parseBashCommand("grep -cE '/(19|20)?[0-9]{2},' data.csv", { lakeRoot }), [
      ["grep", "-cE", "/(19|20)?[0-9]{2},", "data.csv"],
    ]);
    assert.throws(() => parseBashCommand("grep -n x ../outside.csv", { lakeRoot }), BashDenied);
    assert.throws(() => parseBashCommand("grep -e x link-to-outside", { lakeRoot }), /symlink/);
  });

  it("allows absolute paths inside the lake and the lake root itself", () => {
    assert.deepEqual(parseBashCommand(`ls ${lakeRoot} ${join(lakeRoot, "sub")}`, { lakeRoot }), [
      ["ls", lakeRoot, join(lakeRoot, "sub")],
    ]);
  });
});

describe("runBash: allowed commands", () => {
  it("ls lists the lake", async () => {
    const result = await runBash("ls", { lakeRoot });
    assert.equal(result.exitCode, 0);
    assert.match(result.stdout, /^data\.csv$/m);
    assert.match(result.stdout, /^State MSA$/m);
  });

  it("head -n 2", async () => {
    const result = await runBash("head -n 2 data.csv", { lakeRoot });
    assert.equal(result.stdout, "state,amount\nFlorida,$5,000\n");
  });

  it("wc -l on a quoted name with spaces", async () => {
    const result = await runBash('wc -l "State MSA/a b.csv"', { lakeRoot });
    assert.equal(result.stdout.trim(), "3 State MSA/a b.csv");
  });

  it("grep -c", async () => {
    const result = await runBash("grep -c Florida data.csv", { lakeRoot });
    assert.equal(result.stdout, "2\n");
  });

  it("a three-stage pipeline", async () => {
    const result = await runBash("cat data.csv | sort | uniq -c", { lakeRoot });
    assert.equal(result.exitCode, 0);
    assert.deepEqual(result.argv, [["cat", "data.csv"], ["sort"], ["uniq", "-c"]]);
    assert.match(result.stdout, /^\s+2 Texas,100$/m);
  });

  it("grep with a single-quoted $", async () => {
    const result = await runBash("grep '$5,000' data.csv", { lakeRoot });
    assert.equal(result.stdout, "Florida,$5,000\n");
  });

  it("glob expansion", async () => {
    const result = await runBash("wc -l sub/*.csv", { lakeRoot });
    assert.deepEqual(result.argv, [["wc", "-l", "sub/x.csv", "sub/y.csv"]]);
    assert.match(result.stdout, /3 total/);
  });

  it("find with -name, and tr with a '/' set", async () => {
    const found = await runBash("find sub -name '*.csv' -type f", { lakeRoot });
    assert.deepEqual(found.stdout.split("\n").filter(Boolean).sort(), ["sub/x.csv", "sub/y.csv"]);
    const tr = await runBash("cat sub/x.csv | tr 12 /_", { lakeRoot });
    assert.equal(tr.stdout, "/\n_\n");
  });

  it("stops the upstream when the downstream is done, like SIGPIPE", async () => {
    // An upstream left running blocks on the full pipe until the timeout kills it: not timing out
    // is the proof, so the timeout is generous (a loaded machine must not reach it) and no
    // wall-clock bound is needed.
    const result = await runBash("cat big.csv | head -n 1", { lakeRoot, timeoutMs: 60_000 });
    assert.equal(result.exitCode, 0);
    assert.equal(result.timedOut, false);
    assert.equal(result.stdout, "row,some text payload for the size tests\n");
  });

  it("reports program errors on stderr with a nonzero exit code", async () => {
    const result = await runBash("cat missing.csv", { lakeRoot });
    assert.notEqual(result.exitCode, 0);
    assert.match(result.stderr, /^cat: missing\.csv/);
  });
});

/** Escape attempts, each with what the refusal must mention. */
const ESCAPES: [command: string, mention: RegExp][] = [
  ["cat /etc/passwd", /'\/etc\/passwd' resolves outside the lake/],
  ["cat ../outside.txt", /'\.\.\/outside\.txt' resolves outside the lake/],
  ["cat link-to-outside", /'link-to-outside' goes through a symlink/],
  ["cat linkdir/secret.txt", /symlink/],
  ["cat linkdir/../outside.txt", /symlink/],
  ["cat *", /'link-to-outside' goes through a symlink/],
  ["head -n 1 sub/../../x", /'sub\/\.\.\/\.\.\/x' resolves outside the lake/],
  ["ls; rm -rf /", /';' chains commands/],
  ["ls && cat /etc/passwd", /'&&' chains commands/],
  ["ls || ls", /'\|\|' chains commands/],
  ["ls &", /'&' runs a command in the background/],
  ["ls\ncat /etc/passwd", /a newline chains commands/],
  ["ls > out.txt", /redirection '>'/],
  ["ls >> out.txt", /redirection '>>'/],
  ["ls 2> err.txt", /redirection '2>'/],
  ["sort < data.csv", /input redirection '<'/],
  ["cat $(echo /etc/passwd)", /'\$\(' is command\/variable substitution/],
  ["cat `echo /etc/passwd`", /'`' is command\/variable substitution/],
  ['cat "$HOME"', /'\$HOME' inside double quotes/],
  ["ls ${HOME}", /'\$\{'/],
  ["ls (sub)", /'\(' \(subshell/],
  ["echo hi", /'echo' is not an allowed program/],
  ["python3 -c 'print(1)'", /'python3' is not an allowed program/],
  ["sh -c 'cat /etc/passwd'", /'sh' is not an allowed program/],
  ["cat data.csv | sh", /'sh' is not an allowed program/],
  ["/bin/cat data.csv", /'\/bin\/cat' is a program path/],
  ["sort -o out.txt data.csv", /`sort -o` writes its output to a file/],
  ["sort --out=out.txt data.csv", /`sort --out` writes its output to a file/],
  ["uniq data.csv out.txt", /OUTPUT file/],
  ["find . -exec rm {} ;", /';' chains commands/],
  ["find . -exec rm {} \\;", /`find -exec` is not allowed/],
  ["find . -delete", /`find -delete` is not allowed/],
  ["find -L . -name x", /`find -L` is not allowed/],
  ["find / -name passwd", /'\/' resolves outside the lake/],
  ["tail -f data.csv", /`tail -f` follows the file forever/],
  ["tail -5f data.csv", /`tail -f`/],
  ["cat ~/.bashrc", /'~' refers to a home directory/],
  ["cat '~/.bashrc'", /'~\/\.bashrc' refers to a home directory/],
  ["grep -f /etc/passwd data.csv", /'\/etc\/passwd' resolves outside the lake/],
  ["grep --regex=x link-to-outside", /symlink/],
  ["grep -R SECRET .", /`grep -R` follows every symlink/],
  ["wc --files0-from=list.txt", /`wc --files0-from` reads file names from a file/],
  ["md5sum -c sums.txt", /`md5sum -c`/],
  ["file -C -m magic", /`file -C` compiles a magic file/],
  ["ls | | wc", /'\|' has no command/],
];

describe("runBash: escape attempts", () => {
  it(`refuses ${ESCAPES.length} escape attempts before running anything`, async () => {
    const lakeBefore = snapshot(lakeRoot);
    for (const [command, mention] of ESCAPES) {
      await assert.rejects(
        runBash(command, { lakeRoot }),
        (error: unknown) => {
          assert.ok(error instanceof BashDenied, `${command}: expected BashDenied, got ${String(error)}`);
          assert.match(error.message, /^Bash refused: /, command);
          assert.match(error.message, mention, command);
          return true;
        },
        command,
      );
    }
    assert.deepEqual(snapshot(lakeRoot), lakeBefore, "no file appeared or changed in the lake");
    assert.equal(readFileSync(sentinel, "utf8"), SENTINEL_TEXT, "the sentinel outside the lake is unchanged");
  });

  it("tells the agent what to use instead", () => {
    assert.throws(() => parseBashCommand("ls > out.txt", { lakeRoot }), /Use Query/);
    assert.throws(() => parseBashCommand("echo hi", { lakeRoot }), /Allowed: ls, head, tail/);
    assert.throws(() => parseBashCommand("cat $(x)", { lakeRoot }), /single quotes/);
  });
});

describe("runBash: limits", () => {
  it("kills the pipeline on timeout", async (t) => {
    // Fake timers step the clock to the timeout: `cat` on a FIFO no one writes to blocks for ever,
    // so the pipeline ends only if the timeout kills it — no wall-clock bound to flake on.
    t.mock.timers.enable({ apis: ["setTimeout"] });
    let settled = false;
    const running = runBash("cat pipes/wait.fifo", { lakeRoot, timeoutMs: 200 });
    void running.finally(() => (settled = true));
    t.mock.timers.tick(199);
    await new Promise((r) => setImmediate(r));
    assert.equal(settled, false, "still running before the timeout");
    t.mock.timers.tick(1);
    const result = await running;
    assert.equal(result.timedOut, true);
    assert.equal(result.exitCode, null);
  });

  it("a tiny timeout on a big sort either finishes or times out, without hanging", async () => {
    const result = await runBash("sort big.csv | uniq -c", { lakeRoot, timeoutMs: 1 });
    assert.ok(result.timedOut || result.exitCode === 0);
  });

  it("kills the pipeline on abort", async () => {
    // Aborted once the pipeline runs, not after a guessed delay. `cat` blocks on a FIFO no one
    // writes to: were the abort not to kill it, the 5 s timeout would, and report timedOut.
    const controller = new AbortController();
    const running = runBash("cat pipes/wait.fifo", {
      lakeRoot,
      signal: controller.signal,
      timeoutMs: 5000,
    });
    controller.abort();
    const result = await running;
    assert.equal(result.exitCode, null);
    assert.equal(result.timedOut, false);
  });

  it("caps the output", async () => {
    const cap = 1000;
    const result = await runBash("cat big.csv", { lakeRoot, maxOutputBytes: cap });
    assert.equal(result.truncated, true);
    assert.ok(Buffer.byteLength(result.stdout) <= cap);
    assert.ok(result.stdout.startsWith("row,some text payload"));
  });
});
