import { join } from "node:path";

/**
 * RADAR's memory budget: what one process that maps a lake or runs a session may hold (issue 27:
 * a cold map of a 1,500-file lake peaked at 2.1 GB, and in the editor that is a child process on
 * the user's laptop). DuckDB's own default is 80 % of the machine's memory.
 *
 * Where it comes from, first found wins: the host's option (`radar map --memory-limit`, the
 * editor's `radar.memoryLimit` setting, which the extension passes on as the variable), the
 * RADAR_MEMORY_LIMIT environment variable, then 1 GB.
 */
export const MEMORY_LIMIT_ENV = "RADAR_MEMORY_LIMIT";
export const DEFAULT_MEMORY_BUDGET = "1GB";

/**
 * DuckDB's `memory_limit` bounds its buffer manager only; the rest of the process — Node's heap,
 * the V8 code, DuckDB's library and per-thread state — sits outside it: about 250 MB while a map
 * runs (measured with `npm run bench:lake`). DuckDB gets the budget less that, and never less than
 * half the budget.
 */
const OUTSIDE_DUCKDB = 250 * 1024 * 1024;
/** Below this DuckDB cannot even read a 16 MB JSON document with its buffers. */
const MIN_BUDGET = 256 * 1024 * 1024;

export interface MemoryBudget {
  /** The budget in bytes, and as the user wrote it. */
  bytes: number;
  text: string;
  /** Where it came from, for messages that tell the user how to change it. */
  source: "option" | "environment" | "default";
  /** DuckDB's `memory_limit` in its syntax (`768MiB`). */
  duckdbLimit: string;
}

export class MemoryBudgetError extends Error {}

/** `1GB`, `1.5GB`, `512MB`, `2GiB`, `800MiB`, or a plain byte count; GB is 10^9, GiB 2^30. */
export function parseMemorySize(text: string, what: string): number {
  const trimmed = text.trim();
  const plain = Number(trimmed);
  const match = /^(\d+(?:\.\d+)?)\s*([kmgt])(i?)b$/i.exec(trimmed);
  const bytes =
    trimmed !== "" && Number.isFinite(plain)
      ? plain
      : match
        ? Number(match[1]) * (match[3] ? 1024 : 1000) ** ("kmgt".indexOf(match[2]!.toLowerCase()) + 1)
        : NaN;
  if (!Number.isFinite(bytes) || bytes <= 0)
    throw new MemoryBudgetError(`${what}: "${text}" is not a memory size (write it as 1GB, 512MB or 2GiB)`);
  if (bytes < MIN_BUDGET)
    throw new MemoryBudgetError(`${what}: ${text} is below the smallest budget RADAR can map with (256MiB)`);
  return Math.round(bytes);
}

export function memoryBudget(option?: string, env: NodeJS.ProcessEnv = process.env): MemoryBudget {
  const fromEnv = env[MEMORY_LIMIT_ENV]?.trim();
  const [text, source, what] =
    option !== undefined
      ? [option, "option" as const, "--memory-limit"]
      : fromEnv
        ? [fromEnv, "environment" as const, MEMORY_LIMIT_ENV]
        : [DEFAULT_MEMORY_BUDGET, "default" as const, "memory budget"];
  const bytes = parseMemorySize(text, what);
  const duck = Math.max(bytes / 2, bytes - OUTSIDE_DUCKDB);
  return { bytes, text, source, duckdbLimit: `${Math.floor(duck / (1024 * 1024))}MiB` };
}

/** DuckDB spills here (hash tables, sorts) instead of failing when its share is full. */
export function spillDir(stateDir: string): string {
  return join(stateDir, "duckdb-tmp");
}

/** What a map entry says when DuckDB ran out of its share of the budget (the rest of the lake is mapped). */
export function outOfMemoryAdvice(): string {
  return "reading it needs more memory than RADAR's memory budget gives DuckDB; the rest of the lake was mapped. Raise the budget (radar map --memory-limit 4GB, RADAR_MEMORY_LIMIT=4GB, or the radar.memoryLimit setting) or split the file";
}

export function isOutOfMemory(message: string): boolean {
  return /Out of Memory Error|failed to allocate data of size|could not allocate block/i.test(message);
}

/** Added to a call's failure when DuckDB ran out of its share of the budget during a session. */
export const OUT_OF_MEMORY_HINT =
  "DuckDB reached its share of RADAR's memory budget: filter or aggregate before joining, or raise the budget (--memory-limit, RADAR_MEMORY_LIMIT, or the radar.memoryLimit setting)";
