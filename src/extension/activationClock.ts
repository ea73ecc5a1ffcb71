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
}

function stamp(name: "__radarLoadStart" | "__radarLoadEnd"): number | undefined {
  const value = (globalThis as Record<string, unknown>)[name];
  return typeof value === "number" ? value : undefined;
}

const round = (ms: number): number => Math.round(ms * 10) / 10;

export function activationTimes(activateStart: number, activateEnd: number): ActivationTimes {
  const loadStart = stamp("__radarLoadStart") ?? activateStart;
  const loadEnd = stamp("__radarLoadEnd") ?? activateStart;
  const loadMs = Math.max(0, loadEnd - loadStart);
  const activateMs = activateEnd - activateStart;
  return {
    loadMs: round(loadMs),
    activateMs: round(activateMs),
    totalMs: round(loadMs + activateMs),
    hostWaitMs: round(Math.max(0, activateStart - loadEnd)),
  };
}
