import type { Diagnostic } from "../core/diagnostic.ts";
import { messageWithEffect } from "../core/diagnostic.ts";
import { factsOf } from "../core/operators/facts/factsRegistry.ts";
import type { ProbeObservation } from "../core/operators/probeObservation.ts";
import type { CallEvent } from "../core/trace/traceEvents.ts";
import type { LinePage } from "./callResult.ts";

const STATUS_MARK: Record<string, string> = {
  ok: "ok",
  rejected: "REJECTED",
  failed: "FAILED",
  skipped: "skipped",
};

/** Lines of Bash output shown before "… N more lines". */
const OUTPUT_LINES = 12;
/** Frequent values shown per probed column. */
const TOP_SHOWN = 8;

/** The call's arguments in one line, as its operator's definition words them for the CLI. */
function argsText(call: CallEvent): string {
  return factsOf(call.op)?.argText(call.args, "cli") ?? JSON.stringify(call.args);
}

export function formatDiagnostic(d: Diagnostic): string {
  const where = d.locations.length
    ? ` @ ${d.locations
        .slice(0, 3)
        .map((l) => `${l.file}:${l.line}${l.sheet ? ` [${l.sheet}]` : ""}`)
        .join(", ")}${d.locations.length > 3 ? ` (+${d.locations.length - 3})` : ""}`
    : "";
  return `${d.severity} ${d.code}: ${messageWithEffect(d)}${where}`;
}

interface Preview {
  columns: string[];
  rows: unknown[][];
  origins: ({ file: string; line: number; sheet?: string; command?: string } | null)[];
  offset?: number;
  truncated?: boolean;
}

/** A value as a cell of a text table: NULL spelled out, text as it is, the rest as JSON. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return "NULL";
  return typeof v === "string" ? v : JSON.stringify(v);
}

/** Rows as an aligned text table, each with its source line. */
export function tableLines(p: Preview, maxWidth = 28): string[] {
  const cells = [p.columns, ...p.rows.map((r) => r.map(cellText))];
  const widths = p.columns.map((_, i) =>
    Math.min(maxWidth, Math.max(...cells.map((r) => (r[i] ?? "").replace(/\n/g, "⏎").length))),
  );
  const line = (r: string[], origin: string): string =>
    r
      .map((raw, i) => {
        const c = raw.replace(/\n/g, "⏎");
        return c.length > widths[i]! ? `${c.slice(0, widths[i]! - 1)}…` : c.padEnd(widths[i]!);
      })
      .join(" │ ") + origin;
  return [
    line(p.columns, ""),
    ...p.rows.map((r, k) => {
      const o = p.origins[k];
      const at = o?.command !== undefined ? `output line ${o.line}` : o ? `${o.file}:${o.line}` : "";
      return line(cells[k + 1]!, o ? `   ← ${at}${o.sheet ? ` [${o.sheet}]` : ""}` : "");
    }),
  ];
}

function previewLines(observation: unknown, rowCount: number | undefined): string[] {
  const o = observation as { preview?: Preview; records?: Preview } | undefined;
  const p = o?.records ?? o?.preview;
  if (!p || p.rows.length === 0) return [];
  const first = (p.offset ?? 0) + 1;
  const last = (p.offset ?? 0) + p.rows.length;
  const more =
    p.truncated && rowCount !== undefined
      ? [`(rows ${first}–${last} of ${rowCount}; radar show TABLE --session NAME --offset ${last} for more)`]
      : [];
  return [...tableLines(p), ...more];
}

/**
 * Lines of a command's output from `page.offset` (the first ones unless paged), then how many more
 * there are and how to see them.
 */
function outputLines(
  label: string,
  text: string,
  page?: LinePage,
  kept?: { offset: number; total: number },
): string[] {
  const lines = text.replace(/\n$/, "").split("\n");
  // The operator paged the output itself (`offset`): `text` starts at that line of `total`.
  const base = kept?.offset ?? 0;
  const total = kept?.total ?? lines.length;
  if (text === "")
    return kept && base > 0 ? [`${label} (no lines from line ${base + 1}: the output has ${total})`] : [];
  const offset = kept ? 0 : (page?.offset ?? 0);
  const count = page ? (page.lines ?? lines.length) : OUTPUT_LINES;
  const shown = lines.slice(offset, offset + count).map((l) => `${label} ${l}`);
  const first = base + offset;
  const rest = total - first - shown.length;
  const range = page ? `lines ${first + 1}–${first + shown.length} of ${total}; ` : "";
  return rest > 0
    ? [...shown, `${label} … ${range}${rest} more lines${page ? ` (--offset ${first + shown.length})` : ""}`]
    : shown;
}

function bashLines(observation: unknown, page?: LinePage): string[] {
  const o = observation as {
    stdout?: string;
    stderr?: string;
    truncated?: boolean;
    timedOut?: boolean;
    table?: string;
    rowCount?: number;
    offset?: number;
    stdoutLines?: number;
  };
  const kept = o.offset !== undefined ? { offset: o.offset, total: o.stdoutLines ?? 0 } : undefined;
  return [
    // Its output registered as a table: the table's rows, each with its origin.
    ...(o.table !== undefined ? previewLines(o, o.rowCount) : outputLines("│", o.stdout ?? "", page, kept)),
    ...outputLines("! stderr:", o.stderr ?? ""),
    ...(o.truncated ? ["(output cut by the sandbox's size limit)"] : []),
    ...(o.timedOut ? ["(the command was stopped: time limit)"] : []),
  ];
}

function probeLines(observation: unknown): string[] {
  const o = observation as {
    rowCount: number;
    columns: {
      column: string;
      type: string;
      nullRate: number;
      nulls: number;
      distinct: number;
      min: unknown;
      max: unknown;
      top: { value: unknown; count: number }[];
      parsed?: ProbeObservation["columns"][number]["parsed"];
    }[];
  };
  const lines: string[] = [];
  for (const c of o.columns ?? []) {
    const nulls = `${c.nulls} null (${(c.nullRate * 100).toFixed(c.nullRate > 0 && c.nullRate < 0.01 ? 2 : 1)}%)`;
    lines.push(
      `${c.column} ${c.type}: ${c.distinct} distinct, ${nulls}, range ${cellText(c.min)} … ${cellText(c.max)}${c.parsed ? ` (${parsedText(c.parsed)})` : ""}`,
    );
    if (c.top.length)
      lines.push(
        `    top: ${c.top
          .slice(0, TOP_SHOWN)
          .map((t) => `${cellText(t.value)} ×${t.count}`)
          .join(
            ", ",
          )}${c.distinct > TOP_SHOWN ? `, … (${c.distinct - Math.min(TOP_SHOWN, c.top.length)} more values)` : ""}`,
      );
  }
  return lines;
}

/** How a range of numbers stored as text was read: `numbers stored as text, parsed (%): 0.5 … 20.91 %, by value`. */
function parsedText(p: NonNullable<ProbeObservation["columns"][number]["parsed"]>): string {
  const unit = p.unit === "%" ? " %" : p.unit ? ` ${p.unit}` : "";
  const none = p.notNumbers.reduce((n, v) => n + v.count, 0);
  return (
    `numbers stored as text, parsed${p.stripped.length ? ` (${p.stripped.join(", ")})` : ""}: ${p.min} … ${p.max}${unit}, by value, not text order` +
    (none
      ? `; ${none} value(s) standing for no number left out (${p.notNumbers.map((v) => JSON.stringify(v.value)).join(", ")})`
      : "")
  );
}

function discoverLines(observation: unknown): string[] {
  const o = observation as { hits?: { path: string; score: number; rows?: number; format?: string }[] };
  return (o.hits ?? []).map(
    (h, i) =>
      `${String(i + 1).padStart(2)}. ${h.path}${h.format ? ` [${h.format}${h.rows !== undefined ? `, ${h.rows} rows` : ""}]` : ""}  (${h.score.toFixed(2)})`,
  );
}

/** What the call observed, as lines a person reads: rows, command output, profiles, hits. */
function observationLines(call: CallEvent, page?: LinePage): string[] {
  // A failed call that ran (Bash's non-zero exit status) keeps what it observed.
  if (call.status !== "ok" && !(call.status === "failed" && call.observation !== undefined)) return [];
  switch (call.op) {
    case "Bash":
      return bashLines(call.observation, page);
    case "Probe":
      return probeLines(call.observation);
    case "Discover":
      return discoverLines(call.observation);
    default:
      return previewLines(
        call.observation,
        (call.observation as { rowCount?: number } | undefined)?.rowCount,
      );
  }
}

/**
 * The readable form of one call: status, operator, arguments, summary, diagnostics, what it
 * observed; `where` (`batch.sql:12`) says which line of a batch file wrote it.
 */
export function formatCall(call: CallEvent, withObservation = true, where?: string, page?: LinePage): string {
  const head = `#${call.index} ${call.op.padEnd(9)} ${STATUS_MARK[call.status] ?? call.status}  ${argsText(call)}  (${call.durationMs} ms)${where ? `  [${where}]` : ""}`;
  const lines = [head];
  if (call.summary) lines.push(`    → ${call.summary}`);
  if (call.reused)
    lines.push(
      call.reused.how === "batch"
        ? `    (the same call as #${call.reused.from?.index}: ran once)`
        : `    (not read again: table ${call.reused.table} already holds these files, unchanged since call #${call.reused.from?.index ?? "?"} of run ${call.reused.from?.runId ?? "?"}${call.reused.how === "copied" ? "; copied" : ""})`,
    );
  if (call.replaced)
    lines.push(
      `    (replaced the earlier table ${call.replaced.name}: ${call.replaced.rowCount} rows; its lineage is in the trace)`,
    );
  if (call.error && !call.diagnostics.some((d) => d.severity === "error")) lines.push(`    ! ${call.error}`);
  for (const d of call.diagnostics) lines.push(`    ${formatDiagnostic(d)}`);
  if (withObservation) for (const l of observationLines(call, page)) lines.push(`      ${l}`);
  return lines.join("\n");
}
