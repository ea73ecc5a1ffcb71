import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { TraceEvent } from "./traceEvents.ts";

/**
 * Appends each event as one JSON line to `.radar/runs/<run-id>.jsonl` and syncs it to disk, so a
 * crash loses at most the call in flight.
 */
export class TraceFile {
  readonly path: string;
  private readonly fd: number;

  constructor(radarDir: string, runId: string) {
    const dir = join(radarDir, "runs");
    mkdirSync(dir, { recursive: true });
    this.path = join(dir, `${runId}.jsonl`);
    this.fd = openSync(this.path, "a");
  }

  append(event: TraceEvent): void {
    writeSync(this.fd, `${JSON.stringify(event)}\n`);
    fsyncSync(this.fd);
  }

  close(): void {
    closeSync(this.fd);
  }
}

export function readTrace(path: string): TraceEvent[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as TraceEvent);
}

export function newRunId(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return `${stamp}-${Math.random().toString(36).slice(2, 8)}`;
}
