import { join } from "node:path";
import type { CallEvent } from "../trace/traceEvents.ts";
import { fingerprintNow, sameFingerprint } from "./fileFingerprint.ts";
import type { FileFingerprint } from "./fileFingerprint.ts";

/**
 * The lake files a run's successful Scans, UnionScans and Bash tables read, as they were when read (undefined
 * for a trace written before files were fingerprinted).
 */
export function filesRead(calls: CallEvent[]): Map<string, FileFingerprint | undefined> {
  const out = new Map<string, FileFingerprint | undefined>();
  for (const call of calls) {
    if (call.status !== "ok") continue;
    const o = call.observation as
      | {
          provenance?: { file?: string; fingerprint?: FileFingerprint };
          sources?: { file: string; fingerprint?: FileFingerprint }[];
          read?: { files?: { file: string; fingerprint?: FileFingerprint }[] };
        }
      | undefined;
    if (call.op === "Scan" && o?.provenance?.file && o.provenance.fingerprint)
      out.set(o.provenance.file, o.provenance.fingerprint);
    if (call.op === "UnionScan")
      for (const s of o?.sources ?? []) if (s.fingerprint) out.set(s.file, s.fingerprint);
    // A Bash call whose output became a table read the files its command named.
    if (call.op === "Bash")
      for (const s of o?.read?.files ?? []) if (s.fingerprint) out.set(s.file, s.fingerprint);
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
