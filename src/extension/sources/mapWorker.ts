import { realpathSync } from "node:fs";
import { availableParallelism } from "node:os";
import { DuckEngine } from "../../core/engine/duckEngine.ts";
import { memoryBudget, spillDir } from "../../core/engine/memoryBudget.ts";
import { MapCancelled, buildSourceMap } from "../../core/sourceMap/crawl/buildSourceMap.ts";
import type { FromMapWorker, ToMapWorker } from "./mapProtocol.ts";
import { errorText } from "../../core/text.ts";

/**
 * The child process that builds a lake's Source Map for the editor (built to dist/mapWorker.cjs,
 * started by sourceMapper.ts): `mapWorker.cjs LAKE STATE_DIR`. It sends each file's entry as it
 * is mapped and stops between files on "cancel" (interrupting a DuckDB statement in flight),
 * keeping what it mapped in the cache.
 */
function send(message: FromMapWorker): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, undefined, () => resolve());
  });
}

async function main(): Promise<void> {
  const [lake, stateDir] = process.argv.slice(2);
  if (!lake || !stateDir) throw new Error("usage: mapWorker LAKE STATE_DIR");
  const root = realpathSync(lake);
  const state = realpathSync(stateDir);
  const abort = new AbortController();
  const engine = await DuckEngine.open(root, {
    extraReadDirs: state.startsWith(`${root}/`) ? [] : [state],
    // One core stays with the window: the map is background work (and runs niced, see sourceMapper.ts).
    threads: Math.max(1, availableParallelism() - 1),
    // The budget the extension host passed on from radar.memoryLimit (memoryLimitSetting.ts).
    memoryLimit: memoryBudget().duckdbLimit,
    tempDirectory: spillDir(state),
  });
  process.on("message", (message: ToMapWorker) => {
    if (message?.type !== "cancel") return;
    abort.abort();
    engine.interrupt();
  });
  // The parent going away (window closed, extension host restarted) ends the mapping too.
  process.on("disconnect", () => {
    abort.abort();
    engine.interrupt();
  });
  try {
    const { map, stats } = await buildSourceMap(engine, {
      cacheDir: state,
      signal: abort.signal,
      onProgress: (p) => void send({ type: "progress", ...p }),
    });
    await send({ type: "done", root: map.root, builtAt: map.builtAt, stats });
  } catch (error) {
    if (error instanceof MapCancelled) await send({ type: "cancelled", filesDone: error.filesDone });
    else throw error;
  } finally {
    engine.close();
  }
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    await send({ type: "error", message: errorText(error) });
    process.exit(1);
  },
);
