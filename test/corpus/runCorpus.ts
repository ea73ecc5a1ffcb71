import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { SourceEntry } from "../../src/core/sourceMap/sourceEntry.ts";
import type { CaseResult, CorpusCase, FileExpectation, Outcome, TableExpectation } from "./corpusCase.ts";

/**
 * Runs corpus cases the way a user meets them: each case's lake is written to a temporary folder
 * and mapped by the built CLI (`radar map --json`) in a child process, so a hang is cut off at the
 * case's time limit and counted, and a crash is an exit status, not a crashed harness.
 */
export interface RunOptions {
  /** The built CLI (dist/cli.cjs). */
  cli: string;
  /** Cases mapped at once (each in its own process). */
  concurrency?: number;
  onResult?: (result: CaseResult) => void;
}

const DEFAULT_TIMEOUT_MS = 60_000;

export async function runCorpus(cases: CorpusCase[], options: RunOptions): Promise<CaseResult[]> {
  const results: CaseResult[] = new Array(cases.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < cases.length) {
      const i = next++;
      results[i] = await runCase(cases[i]!, options.cli);
      options.onResult?.(results[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 2) }, worker));
  return results;
}

export async function runCase(c: CorpusCase, cli: string): Promise<CaseResult> {
  const skip = c.skipIf?.();
  if (skip) return { name: c.name, owner: c.owner, outcome: "skipped", right: true, problems: [skip], ms: 0 };
  const lake = mkdtempSync(join(tmpdir(), `radar-corpus-${c.name}-`));
  const state = mkdtempSync(join(tmpdir(), "radar-corpus-state-"));
  const started = performance.now();
  const done = (outcome: Outcome, problems: string[], right = false): CaseResult => ({
    name: c.name,
    owner: c.owner,
    outcome,
    right,
    problems,
    ms: Math.round(performance.now() - started),
    ...(c.pending ? { pending: c.pending } : {}),
  });
  try {
    for (const [path, body] of Object.entries(c.files)) {
      const target = join(lake, path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, typeof body === "function" ? await body() : body);
    }
    const asNobody = c.unprivileged === true && process.getuid?.() === 0;
    if (asNobody) {
      // mkdtemp folders are the creator's alone: let `nobody` read the lake and write the state.
      chmodSync(lake, 0o755);
      chmodSync(state, 0o777);
    }
    c.setup?.(lake);
    const run = await runCli(cli, lake, state, c.timeoutMs ?? DEFAULT_TIMEOUT_MS, asNobody);
    if (run.timedOut) return done("hung", [`no map after ${c.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms`]);
    let files: SourceEntry[];
    try {
      if (run.code !== 0) throw new Error(`exit ${run.code}`);
      files = (JSON.parse(run.stdout) as { files: SourceEntry[] }).files;
    } catch (error) {
      return done("crashed", [
        `${(error as Error).message}: ${run.stderr.trim().split("\n").slice(-3).join(" / ")}`,
      ]);
    }
    return judge(c, files, done);
  } finally {
    // A case may have removed its own permissions (unreadable folders): give them back first.
    spawnSync("chmod", ["-R", "u+rwx", lake], { stdio: "ignore" });
    rmSync(lake, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  }
}

function judge(
  c: CorpusCase,
  files: SourceEntry[],
  done: (outcome: Outcome, problems: string[], right?: boolean) => CaseResult,
): CaseResult {
  const problems: string[] = [];
  const outcomes: Outcome[] = [];
  let unexpectedFlag = false;
  for (const expectation of c.expect) {
    const entry = files.find((f) => f.path === expectation.file);
    if (!entry) {
      outcomes.push("crashed");
      problems.push(`${expectation.file}: missing from the map`);
      continue;
    }
    const { outcome, problem, unexpected } = judgeFile(expectation, entry);
    outcomes.push(outcome);
    if (unexpected) unexpectedFlag = true;
    if (problem) problems.push(`${expectation.file}: ${problem}`);
  }
  const mapProblem = c.checkMap?.(files);
  if (mapProblem) {
    outcomes.push("wrong");
    problems.push(mapProblem);
  }
  const order: Outcome[] = ["crashed", "hung", "wrong", "flagged", "mapped"];
  const worst = order.find((o) => outcomes.includes(o)) ?? "mapped";
  return done(worst, problems, problems.length === 0 && !unexpectedFlag);
}

function judgeFile(
  expectation: FileExpectation,
  entry: SourceEntry,
): { outcome: Outcome; problem?: string; unexpected?: boolean } {
  const tables = entry.tables ?? [];
  const reason = entry.error ?? (tables.length === 0 ? `no table (${entry.format})` : undefined);
  if (expectation.flag) {
    if (tables.length > 0 && !entry.error)
      return { outcome: "wrong", problem: `read as a table where the input holds none (${entry.format})` };
    if (!expectation.flag.test(reason ?? ""))
      return { outcome: "wrong", problem: `flagged with "${reason}", expected ${String(expectation.flag)}` };
    return { outcome: "flagged" };
  }
  if (expectation.text) {
    if (entry.error) return { outcome: "flagged", problem: `flagged: ${entry.error}`, unexpected: true };
    if (tables.length > 0 || !entry.firstLines?.length)
      return {
        outcome: "wrong",
        problem: `expected a text file, got ${entry.format} with ${tables.length} table(s)`,
      };
    return { outcome: "mapped" };
  }
  if (reason)
    return { outcome: "flagged", problem: `expected a table, flagged: ${reason}`, unexpected: true };
  const problem = expectation.table ? compareTable(expectation.table, entry) : undefined;
  return problem ? { outcome: "wrong", problem } : { outcome: "mapped" };
}

function compareTable(want: TableExpectation, entry: SourceEntry): string | undefined {
  const tables = entry.tables ?? [];
  const problems: string[] = [];
  if (want.sheets) {
    const got = tables.map((t) => t.sheet ?? "");
    if (JSON.stringify(got) !== JSON.stringify(want.sheets))
      problems.push(`tables ${JSON.stringify(got)}, expected ${JSON.stringify(want.sheets)}`);
  }
  const table = want.sheet === undefined ? tables[0] : tables.find((t) => t.sheet === want.sheet);
  if (!table) return [...problems, `no table "${want.sheet}"`].join("; ");
  const field = <T>(label: string, got: T, expected: T | undefined): void => {
    if (expected !== undefined && JSON.stringify(got) !== JSON.stringify(expected))
      problems.push(`${label} ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`);
  };
  field("rows", table.rowCount, want.rows);
  field("header line", table.headerLine, want.headerLine);
  if (want.columns) {
    // `name:TYPE` checks the type too; a plain name checks the name only.
    const typed = (c: string): boolean => /:[A-Z][A-Z0-9_]*$/.test(c);
    field(
      "columns",
      table.columns.map((c, i) => (typed(want.columns![i] ?? "") ? `${c.name}:${c.type}` : c.name)),
      want.columns,
    );
  }
  field("encoding", entry.encoding ?? "utf-8", want.encoding);
  field("title lines", table.titleLines, want.titleLines);
  field("footer", table.footer?.lines ?? [], want.footer);
  const extra = want.check?.(table, entry);
  if (extra) problems.push(extra);
  return problems.length ? problems.join("; ") : undefined;
}

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

function runCli(
  cli: string,
  lake: string,
  stateDir: string,
  timeoutMs: number,
  asNobody = false,
): Promise<CliRun> {
  return new Promise((resolve) => {
    const command = [process.execPath, cli, "map", "--lake", lake, "--json"];
    const [program, ...args] = asNobody
      ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--", ...command]
      : command;
    const child = spawn(program!, args, {
      env: { ...process.env, RADAR_STATE_DIR: stateDir, ...(asNobody ? { HOME: stateDir } : {}) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => err.push(b));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({
        code,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
        timedOut,
      });
    });
  });
}

/** `mapped · flagged · crashed · hung · wrong`, with the flags that were not expected called out. */
export function summarize(results: CaseResult[]): string {
  const count = (o: Outcome): number => results.filter((r) => r.outcome === o).length;
  const unexpected = results.filter((r) => r.outcome === "flagged" && !r.right).length;
  return (
    `${count("mapped")} mapped · ${count("flagged")} flagged${unexpected ? ` (${unexpected} where a table was expected)` : ""}` +
    ` · ${count("crashed")} crashed · ${count("hung")} hung · ${count("wrong")} wrong` +
    `  (${results.filter((r) => r.right && r.outcome !== "skipped").length}/${results.filter((r) => r.outcome !== "skipped").length} as expected` +
    `${count("skipped") ? `, ${count("skipped")} skipped` : ""})`
  );
}
