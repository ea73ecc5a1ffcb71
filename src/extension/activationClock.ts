/**
 * When the extension's bundle began to load: esbuild's banner stamps `__radarLoadStart` as the
 * first statement of dist/extension.cjs (scripts/build.mjs), so activation time covers parsing and
 * evaluating the bundle, not only `activate()`.
 */
export function loadStartedAt(): number {
  const stamped = (globalThis as { __radarLoadStart?: unknown }).__radarLoadStart;
  return typeof stamped === "number" ? stamped : performance.now();
}
