import { statSync } from "node:fs";
import { join } from "node:path";
import type { Diagnostic } from "../diagnostic.ts";
import type { SharedState, TableInfo } from "../state/sharedState.ts";

/**
 * Why a table may no longer match its files — a file changed or gone since it was read — or
 * undefined when every file is as it was.
 */
export function staleness(lakeRoot: string, info: TableInfo): string | undefined {
  const changed: string[] = [];
  for (const s of info.sources ?? []) {
    const now = statSync(join(lakeRoot, s.path), { throwIfNoEntry: false });
    if (!now) changed.push(`${s.path} is gone`);
    else if (now.size !== s.bytes || now.mtimeMs !== s.mtimeMs)
      changed.push(
        `${s.path} changed (${s.bytes} → ${now.size} bytes, modified ${new Date(now.mtimeMs).toISOString()})`,
      );
  }
  if (changed.length === 0) return undefined;
  const shown =
    changed.slice(0, 3).join("; ") + (changed.length > 3 ? `; and ${changed.length - 3} more` : "");
  return `${shown} since ${info.provenance.kind === "query" ? "the tables it was derived from were read" : "it was read"}`;
}

/** `stale-table` warnings for the tables a call reads. */
export function staleFindings(lakeRoot: string, state: SharedState, names: string[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const name of new Set(names.map((n) => n.toLowerCase()))) {
    const info = state.table(name);
    const why = info ? staleness(lakeRoot, info) : undefined;
    if (!info || !why) continue;
    const refresh =
      info.provenance.kind === "query"
        ? `Scan the changed files again (same output names), then repeat the Query that made ${info.name}.`
        : info.provenance.kind === "bash"
          ? `Run its Bash command again with "replace": true to read the files as they are now.`
          : `Scan it again under the same name to read the files as they are now.`;
    out.push({
      code: "stale-table",
      severity: "warning",
      message: `Table ${info.name} may no longer match its files: ${why}. Its rows are the files as they were then. ${refresh}`,
      locations: (info.sources ?? []).slice(0, 3).map((s) => ({ file: s.path, line: 1 })),
    });
  }
  return out;
}
