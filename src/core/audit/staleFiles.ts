import { join } from "node:path";
import { factsOfCall } from "../operators/factsRegistry.ts";
import type { CallEvent } from "../trace/traceEvents.ts";
import { isKnownCall } from "../trace/traceEvents.ts";
import { fingerprintNow, sameFingerprint } from "./fileFingerprint.ts";
import type { FileFingerprint } from "./fileFingerprint.ts";

/**
 * The lake files a run's successful calls read (Scans, UnionScans, Bash tables: each operator's
 * `recordedFiles`), as they were when read (undefined for a trace written before files were
 * fingerprinted).
 */
export function filesRead(calls: CallEvent[]): Map<string, FileFingerprint | undefined> {
  const out = new Map<string, FileFingerprint | undefined>();
  for (const call of calls) {
    if (call.status !== "ok" || !isKnownCall(call) || call.observation === undefined) continue;
    for (const f of factsOfCall(call).recordedFiles?.(call.observation) ?? [])
      if (f.fingerprint) out.set(f.file, f.fingerprint);
  }
  return out;
}

/**
 * Files of `read` that are not as recorded now (changed or gone): a stat each, no read, so the
 * editor can mark a run stale as it draws it. Its answer may have moved; `radar verify` says.
 */
export function changedFiles(read: Map<string, FileFingerprint | undefined>, lakeRoot: string): string[] {
  const out: string[] = [];
  for (const [path, before] of read) {
    if (!before) continue;
    const now = fingerprintNow(join(lakeRoot, path));
    if (!now || !sameFingerprint(before, now)) out.push(path);
  }
  return out.sort();
}
