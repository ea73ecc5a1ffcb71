/**
 * The cost of activating RADAR, as the extension host spends it in RADAR's own code: evaluating
 * the bundle (esbuild's banner stamps `__radarLoadStart` as its first statement and its footer
 * `__radarLoadEnd` as its last, see scripts/build.mjs) plus running `activate()`. The host's own
 * wait between the two — it loads the extension's storage and context before calling `activate`,
 * and on a busy machine that wait is most of the wall time — is reported apart, not hidden.
 */
export interface ActivationTimes {
  /** Evaluating dist/extension.cjs. */
  loadMs: number;
  /** Running `activate()` to its return. */
  activateMs: number;
  /** The two together: what RADAR's code costs the extension host at activation. */
  totalMs: number;
  /** From the end of the bundle's evaluation to the call of `activate()`: the host's work. */
  hostWaitMs: number;
  /**
   * CPU time of the extension host's main thread (of the process, where Node lacks
   * `process.threadCpuUsage`) over the bundle's evaluation and `activate()`: on a busy machine the
   * wall times above include time spent waiting for a core; this does not.
   */
  cpuMs: number;
}

function stamp(name: "__radarLoadStart" | "__radarLoadEnd"): number | undefined {
  const value = (globalThis as Record<string, unknown>)[name];
  return typeof value === "number" ? value : undefined;
}

const round = (ms: number): number => Math.round(ms * 10) / 10;

export function activationTimes(
  activateStart: number,
  activateEnd: number,
  activateCpu?: NodeJS.CpuUsage,
): ActivationTimes {
  const loadStart = stamp("__radarLoadStart") ?? activateStart;
  const loadEnd = stamp("__radarLoadEnd") ?? activateStart;
  const loadMs = Math.max(0, loadEnd - loadStart);
  const activateMs = activateEnd - activateStart;
  return {
    loadMs: round(loadMs),
    activateMs: round(activateMs),
    totalMs: round(loadMs + activateMs),
    hostWaitMs: round(Math.max(0, activateStart - loadEnd)),
    cpuMs: round(
      (cpuMs((globalThis as Record<string, unknown>).__radarLoadCpu) ?? 0) + (cpuMs(activateCpu) ?? 0),
    ),
  };
}

function cpuMs(usage: unknown): number | undefined {
  const u = usage as NodeJS.CpuUsage | undefined;
  return u && typeof u.user === "number" ? (u.user + u.system) / 1000 : undefined;
}

type CpuClock = (previous?: NodeJS.CpuUsage) => NodeJS.CpuUsage;

/** The main thread's CPU clock where Node has one (≥ 23.9), else the process's. */
const cpuClock: CpuClock =
  (process as unknown as { threadCpuUsage?: CpuClock }).threadCpuUsage?.bind(process) ??
  process.cpuUsage.bind(process);

export function cpuNow(): NodeJS.CpuUsage {
  return cpuClock();
}

export function cpuSince(start: NodeJS.CpuUsage): NodeJS.CpuUsage {
  return cpuClock(start);
}
