import { fork } from "node:child_process";
import { keepFreedPages } from "../../core/engine/allocatorSettings.ts";
import { setPriority } from "node:os";
import type { BuildStats, MapProgress } from "../../core/sourceMap/crawl/buildSourceMap.ts";
import type { SourceEntry, SourceMap } from "../../core/sourceMap/sourceEntry.ts";
import type { FromMapWorker, ToMapWorker } from "./mapProtocol.ts";

export interface MapRequest {
  lake: string;
  stateDir: string;
  /** dist/mapWorker.cjs. */
  workerPath: string;
  /** The Node to run it on: the extension host's own (Electron as Node on the desktop). */
  execPath?: string;
  onProgress?: (progress: MapProgress & { entry: SourceEntry }) => void;
  signal?: AbortSignal;
  /** Niceness of the child (0–19): the window's processes go first. */
  niceness?: number;
}

export interface MapOutcome {
  status: "done" | "cancelled";
  /** Every file when done; the files mapped before the stop when cancelled. */
  map: SourceMap;
  stats?: BuildStats;
  ms: number;
}

const DEFAULT_NICENESS = 10;
/** After "cancel", how long the child gets to save what it mapped before it is killed. */
const CANCEL_GRACE_MS = 5000;

/**
 * Builds a lake's Source Map in a child process (mapWorker.ts), streaming each file's entry as it
 * is mapped. Cancelling asks the child to stop between files (it keeps what it mapped in the
 * cache), and kills it if it does not within a few seconds.
 */
export function mapInChild(request: MapRequest): Promise<MapOutcome> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = fork(request.workerPath, [request.lake, request.stateDir], {
      execPath: request.execPath ?? process.execPath,
      // Under Electron (desktop VS Code) the binary runs as plain Node only with this set; DuckDB's
      // allocator keeps freed pages for the child's run (allocatorSettings.ts).
      env: keepFreedPages({ ...process.env, ELECTRON_RUN_AS_NODE: "1" }),
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      serialization: "json",
    });
    try {
      if (child.pid !== undefined) setPriority(child.pid, request.niceness ?? DEFAULT_NICENESS);
    } catch {
      // Not permitted on this system: the child runs at normal priority.
    }
    const files: SourceEntry[] = [];
    let stderr = "";
    let ending: FromMapWorker | undefined;
    let killTimer: ReturnType<typeof setTimeout> | undefined;
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    const onAbort = (): void => {
      if (!child.connected) return;
      child.send({ type: "cancel" } satisfies ToMapWorker);
      killTimer = setTimeout(() => child.kill("SIGKILL"), CANCEL_GRACE_MS);
    };
    if (request.signal?.aborted) onAbort();
    else request.signal?.addEventListener("abort", onAbort, { once: true });
    child.on("message", (message: FromMapWorker) => {
      if (message.type === "progress") {
        if (!message.entry) return;
        files.push(message.entry);
        request.onProgress?.({ ...message, entry: message.entry });
      } else ending = message;
    });
    child.on("error", (error) => {
      request.signal?.removeEventListener("abort", onAbort);
      reject(error);
    });
    child.on("exit", (code, signal) => {
      if (killTimer) clearTimeout(killTimer);
      request.signal?.removeEventListener("abort", onAbort);
      const ms = Math.round(performance.now() - started);
      const map = (root: string, builtAt = new Date().toISOString()): SourceMap => ({ root, builtAt, files });
      if (ending?.type === "done")
        resolve({ status: "done", map: map(ending.root, ending.builtAt), stats: ending.stats, ms });
      else if (ending?.type === "cancelled" || request.signal?.aborted)
        resolve({ status: "cancelled", map: map(request.lake), ms });
      else if (ending?.type === "error") reject(new Error(ending.message));
      else
        reject(
          new Error(
            `the Source Map process ended (${signal ?? `exit ${code}`})${stderr ? `: ${stderr.trim().split("\n").slice(-3).join(" — ")}` : ""}`,
          ),
        );
    });
  });
}
