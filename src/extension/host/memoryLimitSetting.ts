import { MEMORY_LIMIT_ENV, memoryBudget } from "../../core/engine/memoryBudget.ts";
import type { RadarLog } from "./radarLog.ts";

/** The environment variable as the user's shell set it, before the setting overrode it. */
const inherited = process.env[MEMORY_LIMIT_ENV];

/**
 * `radar.memoryLimit` → RADAR_MEMORY_LIMIT in the extension host's environment: the runtimes of
 * sessions read it when they open, and the map worker (a child process) inherits it. An empty
 * setting leaves the variable as the shell set it (else 1 GB); a size that cannot be read is
 * logged and ignored the same way.
 */
export function applyMemoryLimit(value: unknown, log: Pick<RadarLog, "warn">): void {
  const setting = typeof value === "string" ? value.trim() : "";
  const restore = (): void => {
    if (inherited === undefined) delete process.env[MEMORY_LIMIT_ENV];
    else process.env[MEMORY_LIMIT_ENV] = inherited;
  };
  if (!setting) return restore();
  try {
    memoryBudget(setting);
    process.env[MEMORY_LIMIT_ENV] = setting;
  } catch (error) {
    log.warn(`radar.memoryLimit: ${(error as Error).message}; using ${inherited ?? "1GB"}`);
    restore();
  }
}
