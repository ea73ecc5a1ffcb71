import type { MapProgress } from "../sourceMap/crawl/buildSourceMap.ts";
import type { ValidationBudget } from "../validation/validate.ts";

/** How a host opens a Runtime (`Runtime.open(lake, options)`). */
export interface RuntimeOptions {
  /**
   * Whether the Bash operator may run (default true). A function is asked at every call, for a
   * host whose answer can change during a session (an editor's workspace trust).
   */
  allowBash?: boolean | (() => boolean);
  onMapProgress?: (progress: MapProgress) => void;
  /**
   * The lake's state directory — Source Map cache, sessions, traces — as a host chooses it
   * (default: a folder per lake under the user's cache directory; see radarDir.ts).
   */
  radarDir?: string;
  /** The same as `radarDir` (the name the CLI's `--state-dir` uses). */
  stateDir?: string;
  /**
   * A named session: its tables, coverage and runs persist in the state directory, and the next
   * runtime opened with the same name goes on with them. Without one, state lives only in memory.
   */
  session?: string;
  /** What holds the session, shown to another process that wants it (`radar batch calls.json`). */
  owner?: string;
  threads?: number;
  /**
   * The process's memory budget (`1GB`, `512MB`; see memoryBudget.ts): DuckDB gets its share as
   * `memory_limit` and spills to the state folder. Default: RADAR_MEMORY_LIMIT, then 1 GB.
   */
  memoryLimit?: string;
  question?: string;
  /** Run the checks after execution (default true). Before-execution checks — the sandbox — always run. */
  validate?: boolean;
  /**
   * How long after-execution checks may take per call (default DEFAULT_VALIDATION_BUDGET: for
   * calls over a million rows, the larger of 200 ms and 20 % of the call's own time); `false` for
   * no limit.
   */
  validationBudget?: ValidationBudget | false;
  /**
   * Start a Query's checks that read only its inputs while it executes (default true): they run
   * on the checks' own connection, so what validation adds to the call is mostly the checks that
   * read its result. `false` runs every check after execution.
   */
  checksAlongside?: boolean;
  /** How long one call's own DuckDB work may take (see executionBudget.ts); `false` for no limit. */
  executionBudgetMs?: number | false;
  /** Calls of a batch that may run at once when they do not depend on each other (default 2). */
  concurrency?: number;
}
