import type * as RuntimeBundleModule from "./runtimeBundle.ts";

/**
 * Loads the runtime bundle on first use. esbuild maps this import to the separate
 * `dist/runtimeBundle.cjs` (see scripts/build.mjs), so DuckDB's native binary and the agent are
 * read only when a run or the Source Map needs them, never at activation.
 */
export type RuntimeBundle = typeof RuntimeBundleModule;

let loading: Promise<RuntimeBundle> | undefined;

export function loadRuntime(): Promise<RuntimeBundle> {
  loading ??= import("./runtimeBundle.ts").catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
