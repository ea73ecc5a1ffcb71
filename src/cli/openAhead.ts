import { openAhead } from "../core/engine/duckEngine.ts";
import { startupMark } from "../core/startupProfile.ts";

// Imported first by main.ts, so this runs before the rest of the CLI's modules are evaluated: a
// command that will open an in-memory DuckDB (map, discover, batch without --session) starts it
// now, and DuckDB's start-up runs on its own thread while those modules load (see openAhead).
const args = process.argv.slice(2);
const command = args[0];
const inMemory =
  (command === "batch" || command === "map" || command === "discover") &&
  !args.some((a) => a === "--session" || a.startsWith("--session=") || a === "-h" || a === "--help");
if (inMemory) openAhead();
startupMark(inMemory ? "DuckDB started ahead" : "first modules loaded");
