import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseBusy, DuckEngine } from "../engine/duckEngine.ts";
import { memoryBudget, spillDir } from "../engine/memoryBudget.ts";
import { readMapInputs } from "../sourceMap/crawl/buildSourceMap.ts";
import type { MapInputs } from "../sourceMap/crawl/buildSourceMap.ts";
import { busyError, sessionDatabase, sessionDir } from "../state/sessionStore.ts";
import { startupMark } from "../startupProfile.ts";
import type { RuntimeOptions } from "./runtimeOptions.ts";

/** The locked-down engine over a lake, and the Source Map's inputs read while it opened. */
export interface OpenedLake {
  engine: DuckEngine;
  /** The crawl and the cache read, for the Source Map to await. */
  inputs: Promise<MapInputs>;
}

/**
 * Opens DuckDB over the lake — on the named session's database when there is one, within the
 * memory budget, spilling to the state folder — while the lake is crawled and the Source Map
 * cache read. A session another process holds fails with a SessionError (`session-busy`).
 */
export async function openLakeEngine(
  lakeRoot: string,
  stateDir: string,
  session: string | undefined,
  options: RuntimeOptions,
): Promise<OpenedLake> {
  // DuckDB reads the lake and RADAR's UTF-8 copies of legacy-encoded files, nothing else of
  // the state directory (not the sessions' databases, not the traces).
  const utf8 = join(stateDir, "utf8");
  mkdirSync(utf8, { recursive: true });
  const inLake = utf8.startsWith(`${lakeRoot}/`);
  if (session) mkdirSync(sessionDir(stateDir, session), { recursive: true });
  // The crawl and the cache read run while DuckDB opens (its start-up is on its own thread).
  const inputs = readMapInputs(lakeRoot, stateDir);
  inputs.catch(() => undefined); // an error surfaces when the map awaits it
  const budget = memoryBudget(options.memoryLimit);
  let engine: DuckEngine;
  try {
    engine = await DuckEngine.open(lakeRoot, {
      extraReadDirs: inLake ? [] : [utf8],
      ...(options.threads ? { threads: options.threads } : {}),
      memoryLimit: budget.duckdbLimit,
      tempDirectory: spillDir(stateDir),
      ...(session ? { database: sessionDatabase(stateDir, session) } : {}),
    });
  } catch (error) {
    if (error instanceof DatabaseBusy && session) throw busyError(stateDir, session, error.pid);
    throw error;
  }
  startupMark("DuckDB open");
  return { engine, inputs };
}
