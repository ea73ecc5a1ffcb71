import type { BuildStats, MapProgress } from "../../core/sourceMap/crawl/buildSourceMap.ts";

/**
 * The messages between the extension host and the child process that builds a Source Map
 * (mapWorker.ts). Mapping runs out of the extension host so that reading a large workbook or
 * sniffing hundreds of megabytes never stalls the editor's other extensions, and at a lower CPU
 * priority than the window. Plain JSON over Node's IPC channel.
 */

/** Parent → child. */
export type ToMapWorker = { type: "cancel" };

/** Child → parent, in order: progress per file (with its entry), then one of the endings. */
export type FromMapWorker =
  | ({ type: "progress" } & MapProgress)
  | { type: "done"; root: string; builtAt: string; stats: BuildStats }
  | { type: "cancelled"; filesDone: number }
  | { type: "error"; message: string };

/** The child's command line: the lake folder and the state folder. */
export interface MapWorkerArgs {
  lake: string;
  stateDir: string;
}
