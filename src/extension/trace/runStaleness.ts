import { join } from "node:path";
import { fingerprintNow } from "../../core/audit/fileFingerprint.ts";
import type { FileFingerprint } from "../../core/audit/fileFingerprint.ts";
import { changedFiles, filesRead } from "../../core/audit/staleFiles.ts";
import type { CallEvent } from "../../core/trace/traceEvents.ts";
import { allCalls } from "./traceModel.ts";
import type { TraceRun } from "./traceModel.ts";

/**
 * Which finished runs read files that have changed since (a stat per file, no read): the Trace
 * view marks them stale and offers "Re-verify". A run verified unchanged is measured against the
 * files as they were at that verification from then on.
 */
export class RunStaleness {
  private readonly verified = new Map<string, Map<string, FileFingerprint | undefined>>();
  private used = false;

  /** `onFirstUse`: start watching the folder only once a finished run is drawn. */
  constructor(private readonly onFirstUse: () => void) {}

  changed(run: TraceRun): string[] {
    if (run.status === "running") return [];
    const read = this.verified.get(run.runId) ?? filesOf(run);
    if (read.size === 0) return [];
    if (!this.used) {
      this.used = true;
      this.onFirstUse();
    }
    return changedFiles(read, run.lake);
  }

  /** The run re-verified unchanged: its files as they are now are its new baseline. */
  markVerified(run: TraceRun): void {
    const read = filesOf(run);
    const now = new Map<string, FileFingerprint | undefined>();
    for (const path of read.keys()) {
      const fp = fingerprintNow(join(run.lake, path));
      if (fp) now.set(path, fp);
    }
    this.verified.set(run.runId, now);
  }
}

function filesOf(run: TraceRun): Map<string, FileFingerprint | undefined> {
  return filesRead(allCalls(run).flatMap((c) => (c.event ? [c.event as CallEvent] : [])));
}
