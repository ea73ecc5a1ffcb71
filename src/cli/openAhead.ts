import { openAhead } from "../core/engine/duckEngine.ts";
import { memoryBudget } from "../core/engine/memoryBudget.ts";
import { startupMark } from "../core/startupProfile.ts";

// Imported first by main.ts, so this runs before the rest of the CLI's modules are evaluated: a
// command that will open an in-memory DuckDB (map, discover, batch without --session) starts it
// now, and DuckDB's start-up runs on its own thread while those modules load (see openAhead).
const args = process.argv.slice(2);
const command = args[0];
const inMemory =
  (command === "batch" || command === "map" || command === "discover") &&
  !args.some((a) => a === "--session" || a.startsWith("--session=") || a === "-h" || a === "--help");
/** The same memory limit the runtime will ask for (a different configuration is not taken). */
function aheadLimit(): string | undefined {
  const at = args.findIndex((a) => a === "--memory-limit" || a.startsWith("--memory-limit="));
  const flag = at < 0 ? undefined : args[at]!.includes("=") ? args[at]!.split("=")[1] : args[at + 1];
  try {
    return memoryBudget(flag).duckdbLimit;
  } catch {
    return undefined; // a bad size is reported by the command itself
  }
}
const limit = inMemory ? aheadLimit() : undefined;
if (limit) openAhead({ memoryLimit: limit });
startupMark(inMemory ? "DuckDB started ahead" : "first modules loaded");
