import { isUtf8 } from "node:buffer";
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { resolve } from "node:path";
import type { BashOptions, BashResult } from "./bashSandbox.ts";

/**
 * Runs a checked pipeline: each program spawned directly (no shell) with a scrubbed environment, stages
 * piped through Node, output capped, the whole killed on timeout, abort or an output flood.
 */

/** Nothing from the extension host's environment (tokens, HOME, proxies) reaches the programs. */
const SAFE_ENV = { PATH: "/usr/bin:/bin", LC_ALL: "C.UTF-8" };
/** Past this much stdout the answer is useless to the agent anyway, so stop the pipeline. */
const FLOOD_FACTOR = 4;

/** One stage of a checked pipeline: its argv after glob expansion, and the program's absolute path. */
export interface Stage {
  argv: string[];
  programPath: string;
}

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

  text(decode?: (bytes: Buffer) => string | undefined): string {
    const bytes = Buffer.concat(this.chunks);
    const decoded = decode && !isUtf8(bytes) ? decode(bytes) : undefined;
    return decoded ?? bytes.subarray(0, this.truncated ? utf8Boundary(bytes) : bytes.length).toString("utf8");
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

export function runPipeline(
  stages: Stage[],
  options: BashOptions,
  limits: { maxOutputBytes: number; timeoutMs: number },
): Promise<BashResult> {
  const cap = limits.maxOutputBytes;
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
  }, limits.timeoutMs);
  options.signal?.addEventListener("abort", killAll, { once: true });

  const reportSpawnError = (error: Error): void => stderr.push(Buffer.from(`${error.message}\n`));
  return Promise.all(children.map((child) => waitForClose(child, reportSpawnError))).then((codes) => {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", killAll);
    const truncated = stdout.truncated || stderr.truncated;
    return {
      ...empty,
      stdout: stdout.text(options.decodeStdout && ((bytes) => options.decodeStdout!(argv, bytes))),
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
