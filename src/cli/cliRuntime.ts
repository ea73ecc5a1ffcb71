import { resolve } from "node:path";
import { Runtime } from "../core/runtime.ts";
import type { RuntimeOptions } from "../core/runtime/runtimeOptions.ts";
import type { MapProgress } from "../core/sourceMap/crawl/buildSourceMap.ts";

/** What every command that opens the runtime takes from the command line. */
export interface LakeOptions {
  lake?: string;
  stateDir?: string;
  session?: string;
  quiet?: boolean;
}

/** A usage error: exit status 2 and the usage text. */
export class UsageError extends Error {}

/**
 * Map progress on stderr, only on a terminal (and not with --quiet): piped output and agents
 * reading it get no progress lines.
 */
export function progressPrinter(quiet = false): ((p: MapProgress) => void) | undefined {
  if (quiet || !process.stderr.isTTY) return undefined;
  let started: number | undefined;
  let last = 0;
  let shown = false;
  return (p) => {
    const now = Date.now();
    started ??= now;
    const done = p.filesDone === p.filesTotal;
    // A map from the cache is done before anything needs saying.
    if (!shown && (done || now - started < 300)) return;
    if (!done && now - last < 200) return;
    last = now;
    shown = true;
    const mb = (n: number): string => (n / 1e6).toFixed(1);
    process.stderr.write(
      `\rmapping ${p.filesDone}/${p.filesTotal} files, ${mb(p.bytesDone)}/${mb(p.bytesTotal)} MB${done ? "\n" : ""}`,
    );
  };
}

export async function openRuntime(
  options: LakeOptions,
  extra: Omit<RuntimeOptions, "stateDir" | "session" | "onMapProgress"> = {},
): Promise<Runtime> {
  const progress = progressPrinter(options.quiet);
  return Runtime.open(resolve(options.lake ?? "."), {
    ...extra,
    owner: `radar ${process.argv.slice(2).join(" ")}`.slice(0, 200),
    ...(options.stateDir ? { stateDir: options.stateDir } : {}),
    ...(options.session !== undefined ? { session: options.session } : {}),
    ...(progress ? { onMapProgress: progress } : {}),
  });
}
