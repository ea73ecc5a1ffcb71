import type { Diagnostic } from "../core/diagnostic.ts";
import type { CallEvent } from "../core/trace/traceEvents.ts";

const STATUS_MARK: Record<string, string> = {
  ok: "ok",
  rejected: "REJECTED",
  failed: "FAILED",
  skipped: "skipped",
};

function argsText(call: CallEvent): string {
  const a = call.args;
  switch (call.op) {
    case "Query":
      return `${String(a.output)} ← ${String(a.sql).replace(/\s+/g, " ").slice(0, 160)}`;
    case "Scan":
      return `${String(a.file)}${a.sheet ? ` [${String(a.sheet)}]` : ""}${a.output ? ` → ${String(a.output)}` : ""}`;
    case "UnionScan":
      return `${JSON.stringify(a.files)} → ${String(a.output)}`;
    case "Probe":
      return `${String(a.table)} ${JSON.stringify(a.columns)}`;
    case "Discover":
      return JSON.stringify(a.query);
    case "Bash":
      return String(a.command);
    default:
      return JSON.stringify(a);
  }
}

export function formatDiagnostic(d: Diagnostic): string {
  const where = d.locations.length
    ? ` @ ${d.locations
        .slice(0, 3)
        .map((l) => `${l.file}:${l.line}${l.sheet ? ` [${l.sheet}]` : ""}`)
        .join(", ")}${d.locations.length > 3 ? ` (+${d.locations.length - 3})` : ""}`
    : "";
  return `${d.severity} ${d.code}: ${d.message}${where}`;
}

function previewLines(observation: unknown): string[] {
  const o = observation as { preview?: Preview; records?: Preview } | undefined;
  const p = o?.records ?? o?.preview;
  if (!p || p.rows.length === 0) return [];
  const cells = [p.columns, ...p.rows.map((r) => r.map((v) => (v === null ? "NULL" : String(v))))];
  const widths = p.columns.map((_, i) => Math.min(28, Math.max(...cells.map((r) => (r[i] ?? "").length))));
  const line = (r: string[], origin: string): string =>
    r
      .map((c, i) => (c.length > widths[i]! ? `${c.slice(0, widths[i]! - 1)}…` : c.padEnd(widths[i]!)))
      .join(" │ ") + origin;
  return [
    line(p.columns, ""),
    ...p.rows.map((r, k) => {
      const o = p.origins[k];
      return line(cells[k + 1]!, o ? `   ← ${o.file}:${o.line}` : "");
    }),
  ];
}

interface Preview {
  columns: string[];
  rows: unknown[][];
  origins: ({ file: string; line: number } | null)[];
}

/** The readable form of one call: status, operator, arguments, summary, diagnostics, preview. */
export function formatCall(call: CallEvent, withPreview = true): string {
  const head = `#${call.index} ${call.op.padEnd(9)} ${STATUS_MARK[call.status] ?? call.status}  ${argsText(call)}  (${call.durationMs} ms)`;
  const lines = [head];
  if (call.summary) lines.push(`    → ${call.summary}`);
  if (call.error) lines.push(`    ! ${call.error}`);
  for (const d of call.diagnostics) lines.push(`    ${formatDiagnostic(d)}`);
  if (withPreview && call.status === "ok")
    for (const l of previewLines(call.observation)) lines.push(`      ${l}`);
  return lines.join("\n");
}
