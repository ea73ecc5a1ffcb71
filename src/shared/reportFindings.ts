import type { ReportDiagnostic, ReportLocation, ReportSeverity } from "./reportProtocol.ts";

/**
 * The report's findings as a long run needs them: one group per rule, worst first, and within a
 * rule one entry per source location — a file scanned five times raises the same header finding
 * five times; the reader needs it once, with the calls that raised it. Pure, so both the webview
 * and the tests use it.
 */
export interface FindingEntry {
  severity: ReportSeverity;
  message: string;
  locations: ReportLocation[];
  /** For a finding that names no row: the header row of a file its call read. */
  at?: ReportLocation;
  /** `#4 Query`, one per call that raised it here (whole-run checks: `final check`). */
  origins: string[];
}

export interface FindingGroup {
  code: string;
  /** The worst severity among its entries. */
  severity: ReportSeverity;
  /** Findings as raised, before merging per location. */
  raised: number;
  entries: FindingEntry[];
}

const RANK: Record<ReportSeverity, number> = { error: 0, warning: 1, info: 2 };

export function groupFindings(diagnostics: readonly ReportDiagnostic[]): FindingGroup[] {
  const groups = new Map<string, { group: FindingGroup; byPlace: Map<string, FindingEntry> }>();
  for (const d of diagnostics) {
    let slot = groups.get(d.code);
    if (!slot) {
      slot = { group: { code: d.code, severity: d.severity, raised: 0, entries: [] }, byPlace: new Map() };
      groups.set(d.code, slot);
    }
    const { group, byPlace } = slot;
    group.raised++;
    if (RANK[d.severity] < RANK[group.severity]) group.severity = d.severity;
    // A finding that names no row sits where Problems puts it (a header row of a file its call
    // read); one with no file at all (a whole-run check) is told apart by its message.
    const first = d.locations[0] ?? d.at;
    const place = first ? `${first.file}\u0000${first.sheet ?? ""}\u0000${first.line}` : `\u0001${d.message}`;
    const origin = d.callIndex !== undefined ? `#${d.callIndex} ${d.op ?? ""}`.trim() : "final check";
    const seen = byPlace.get(place);
    if (seen) {
      if (!seen.origins.includes(origin)) seen.origins.push(origin);
      if (RANK[d.severity] < RANK[seen.severity]) seen.severity = d.severity;
      continue;
    }
    const entry: FindingEntry = {
      severity: d.severity,
      message: d.message,
      locations: d.locations,
      ...(d.at ? { at: d.at } : {}),
      origins: [origin],
    };
    byPlace.set(place, entry);
    group.entries.push(entry);
  }
  return [...groups.values()]
    .map((g) => g.group)
    .sort(
      (a, b) =>
        RANK[a.severity] - RANK[b.severity] ||
        b.entries.length - a.entries.length ||
        a.code.localeCompare(b.code),
    );
}

/** Counts for the report's summary line. */
export function severityCounts(groups: readonly FindingGroup[]): Record<ReportSeverity, number> {
  const counts: Record<ReportSeverity, number> = { error: 0, warning: 0, info: 0 };
  for (const g of groups) for (const e of g.entries) counts[e.severity]++;
  return counts;
}
