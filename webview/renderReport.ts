import { groupFindings, severityCounts } from "../src/shared/reportFindings.ts";
import type { FindingEntry, FindingGroup } from "../src/shared/reportFindings.ts";
import type {
  EvidenceNode,
  ReportCall,
  ReportLocation,
  ReportRun,
  ReportState,
  ReportStep,
  ReportTable,
} from "../src/shared/reportProtocol.ts";
import { html, nothing, render } from "lit-html";
import type { TemplateResult } from "lit-html";
import { keyed } from "lit-html/directives/keyed.js";
import { repeat } from "lit-html/directives/repeat.js";

/** What the rendered page asks of the host: open a source row, the trace file, a new question. */
export interface ReportActions {
  openSource(location: ReportLocation): void;
  openTrace(): void;
  exportSql(): void;
  ask(): void;
}

const STATUS_TEXT: Record<ReportRun["status"], string> = {
  running: "running…",
  answered: "answered",
  "step-limit": "no answer (step limit)",
  cancelled: "cancelled",
  failed: "failed",
};

/** Beyond this many steps, routine steps (every call ok) start closed. */
const OPEN_ALL_STEPS = 4;
/** Beyond this many findings in all, a rule's group of info findings starts closed. */
const OPEN_ALL_FINDINGS = 12;
const DETAIL_CHARS = 160;
const ARG_CHARS = 140;

/**
 * The report page. A run's state arrives up to five times a second while it works, so the page is
 * updated in place with lit-html's `render`: only the text and attributes whose values changed
 * are touched, and each call, step and group of findings keeps its element (keyed by call, step
 * and rule). What the reader opened or closed, the scroll position and a text selection survive
 * updates. Long runs read by step (the model's note, its calls, what went wrong) and by rule (one
 * line per source row, with the calls that raised it).
 */
export class ReportView {
  private runId: string | undefined;
  /**
   * Whether each step, group and call was open when it first appeared. The bound value changes
   * only when a step turns notable (it opens then); otherwise lit-html leaves the `open`
   * attribute to the reader.
   */
  private steps = new Map<number, { open: boolean; notable: boolean }>();
  private groups = new Map<string, boolean>();
  private calls = new Map<string, boolean>();

  constructor(
    private readonly root: HTMLElement,
    private readonly actions: ReportActions,
  ) {}

  render(state: ReportState): void {
    const run = state.run;
    if (!run) {
      this.reset(undefined);
      render(emptyView(this.actions), this.root);
      return;
    }
    if (run.runId !== this.runId) this.reset(run.runId);
    const groups = groupFindings(run.diagnostics);
    // Another run gets fresh elements: its step 1 must not inherit the last run's open step 1.
    render(
      keyed(
        run.runId,
        html`<main data-run=${run.runId} data-status=${run.status}>
          ${header(run, this.actions)}${summary(run, groups)}${answerSection(run)}${evidenceSection(run, this.actions)}${this.findingsSection(run, groups)}${this.callsSection(run)}
        </main>`,
      ),
      this.root,
    );
  }

  private reset(runId: string | undefined): void {
    this.runId = runId;
    this.calls = new Map();
    this.steps = new Map();
    this.groups = new Map();
  }

  private findingsSection(run: ReportRun, groups: FindingGroup[]): TemplateResult {
    const places = groups.reduce((n, g) => n + g.entries.length, 0);
    const many = places > OPEN_ALL_FINDINGS;
    const note =
      places !== run.diagnostics.length
        ? html`<span class="count-note"> at ${places} place${places === 1 ? "" : "s"}</span>`
        : nothing;
    return html`<section id="diagnostics">
      <h2>Diagnostics (${run.diagnostics.length})${note}</h2>
      ${
        groups.length === 0
          ? html`<p class="hint">No findings.</p>`
          : repeat(
              groups,
              (g) => g.code,
              (g) => this.groupView(g, many),
            )
      }
    </section>`;
  }

  private groupView(group: FindingGroup, many: boolean): TemplateResult {
    let open = this.groups.get(group.code);
    if (open === undefined) {
      open = !many || group.severity !== "info";
      this.groups.set(group.code, open);
    }
    const places = group.entries.length;
    const icon = group.severity === "info" ? "info" : group.severity;
    return html`<details class="finding-group ${group.severity}" data-code=${group.code} ?open=${open}>
      <summary>
        <vscode-icon name=${icon}></vscode-icon><code class="code">${group.code}</code
        ><span class="group-count"
          >${places}
          place${places === 1 ? "" : "s"}${group.raised > places ? ` · raised ${group.raised} times` : ""}</span
        >
      </summary>
      <ul class="diagnostics">
        ${group.entries.map((e) => findingItem(group.code, e, this.actions))}
      </ul>
    </details>`;
  }

  private callsSection(run: ReportRun): TemplateResult {
    const byStep = new Map<number, ReportCall[]>();
    for (const c of run.calls) byStep.set(c.step, [...(byStep.get(c.step) ?? []), c]);
    const turns = new Map((run.turns ?? []).map((t) => [t.step, t]));
    const stepNumbers = [...new Set([...turns.keys(), ...byStep.keys()])].sort((a, b) => a - b);
    const lastStep = stepNumbers.at(-1);
    const shown = stepNumbers.filter((n) => (byStep.get(n)?.length ?? 0) > 0 || turns.get(n)?.content);
    return html`<section id="calls">
      <h2>Operator calls (${run.calls.length})</h2>
      ${repeat(
        shown,
        (n) => n,
        (n) =>
          this.stepView(
            n,
            turns.get(n),
            byStep.get(n) ?? [],
            stepNumbers.length <= OPEN_ALL_STEPS || (run.status === "running" && n === lastStep),
          ),
      )}
    </section>`;
  }

  private stepView(
    step: number,
    turn: ReportStep | undefined,
    calls: ReportCall[],
    openAnyway: boolean,
  ): TemplateResult {
    const bad = calls.filter((c) => c.status === "rejected" || c.status === "failed").length;
    const warned = calls.filter((c) => c.status === "warning").length;
    const notable = bad + warned > 0;
    let slot = this.steps.get(step);
    if (!slot) {
      slot = { open: openAnyway || notable, notable: false };
      this.steps.set(step, slot);
    } else if (notable && !slot.notable) slot.open = true;
    slot.notable = notable;
    const counts = [
      `${calls.length} call${calls.length === 1 ? "" : "s"}`,
      bad ? `${bad} rejected or failed` : undefined,
      warned ? `${warned} warned` : undefined,
      turn?.durationMs !== undefined ? `${(turn.durationMs / 1000).toFixed(1)} s` : undefined,
    ].filter(Boolean);
    const note = turn?.content
      ? html`<span class="step-note" title=${turn.content}>${clip(turn.content, DETAIL_CHARS)}</span>`
      : nothing;
    return html`<details
      class="step${bad ? " has-errors" : warned ? " has-warnings" : ""}"
      id="step-${step}"
      ?open=${slot.open}
    >
      <summary>
        <span class="step-label">${step === 0 ? "Preparation" : `Step ${step}`}</span
        ><span class="step-counts">${counts.join(" · ")}</span>${note}
      </summary>
      ${repeat(
        calls,
        (c) => c.key,
        (c) => this.callView(c),
      )}
    </details>`;
  }

  private callView(call: ReportCall): TemplateResult {
    // A call the reader opened or closed stays so as it completes.
    let open = this.calls.get(call.key);
    if (open === undefined) {
      open = call.status !== "ok" || call.tables.some((t) => t.origins.some(Boolean));
      this.calls.set(call.key, open);
    }
    return callView(call, open, this.actions);
  }
}

function emptyView(actions: ReportActions): TemplateResult {
  return html`<main class="empty">
    <h1>RADAR report</h1>
    <p>No run yet. Ask a question about the data files of this workspace.</p>
    <vscode-button id="ask" @click=${() => actions.ask()}>Ask RADAR</vscode-button>
  </main>`;
}

const TRACE_PATH_HINT = "radar export <this file> --sql re-derives the run's tables";

function header(run: ReportRun, actions: ReportActions): TemplateResult {
  const meta = [
    run.model ? `model ${run.model}` : undefined,
    `${run.steps} step${run.steps === 1 ? "" : "s"}`,
    run.tokens ? `${run.tokens.input} in / ${run.tokens.output} out tokens` : undefined,
    run.endedAt
      ? `${((Date.parse(run.endedAt) - Date.parse(run.startedAt)) / 1000).toFixed(1)} s`
      : undefined,
    `run ${run.runId}`,
  ].filter((x): x is string => Boolean(x));
  const trace = run.tracePath
    ? html`<vscode-button id="open-trace" secondary @click=${() => actions.openTrace()}
        >Open trace file</vscode-button
      >`
    : nothing;
  const exportSql =
    run.tracePath && run.status !== "running"
      ? html`<vscode-button id="export-sql" secondary @click=${() => actions.exportSql()}
          >Export SQL</vscode-button
        >`
      : nothing;
  const path = run.tracePath
    ? html`<div class="trace-path" title=${TRACE_PATH_HINT}>
        trace: <code id="trace-path">${run.tracePath}</code>
      </div>`
    : nothing;
  return html`<header>
    <div class="eyebrow">Question</div>
    <h1 id="question">${run.question}</h1>
    <div class="meta">
      <vscode-badge id="run-status" class="status-${run.status}">${STATUS_TEXT[run.status]}</vscode-badge
      ><span>${meta.join(" · ")}</span>${trace}${exportSql}
    </div>
    ${path}
  </header>`;
}

/** One line that says how the run went, with links down the page. */
function summary(run: ReportRun, groups: FindingGroup[]): TemplateResult {
  const by = (s: ReportCall["status"]): number => run.calls.filter((c) => c.status === s).length;
  const counts = severityCounts(groups);
  const calls = [
    `${run.calls.length} call${run.calls.length === 1 ? "" : "s"}`,
    by("rejected") ? `${by("rejected")} rejected` : undefined,
    by("failed") ? `${by("failed")} failed` : undefined,
    by("warning") ? `${by("warning")} warned` : undefined,
  ]
    .filter(Boolean)
    .join(", ");
  const findings = [
    counts.error ? `${counts.error} error${counts.error === 1 ? "" : "s"}` : undefined,
    counts.warning ? `${counts.warning} warning${counts.warning === 1 ? "" : "s"}` : undefined,
    counts.info ? `${counts.info} info` : undefined,
  ]
    .filter(Boolean)
    .join(", ");
  const evidence = run.evidence.length ? html`<a href="#evidence">Evidence chain</a>` : nothing;
  return html`<nav class="summary" id="summary">
    <a href="#answer">${run.answer !== undefined ? "Answer" : "Outcome"}</a>${evidence}<a href="#diagnostics"
      >Findings: ${findings || "none"}</a
    ><a href="#calls">Calls: ${calls}</a>
  </nav>`;
}

function answerSection(run: ReportRun): TemplateResult {
  if (run.answer !== undefined) {
    const explanation = run.explanation ? html`<p class="explanation">${run.explanation}</p>` : nothing;
    return html`<section id="answer" class="answer ok">
      <h2>Answer</h2>
      <p id="answer-text" class="answer-text">${run.answer}</p>
      ${explanation}
    </section>`;
  }
  if (run.status === "running")
    return html`<section id="answer" class="answer pending">
      <h2>Answer</h2>
      <p>Working…</p>
    </section>`;
  return html`<section id="answer" class="answer missing">
    <h2>No answer</h2>
    <p id="answer-text" class="answer-error">${run.error ?? "The run stopped without an accepted answer."}</p>
  </section>`;
}

function evidenceSection(run: ReportRun, actions: ReportActions): TemplateResult | typeof nothing {
  if (run.evidence.length === 0) return nothing;
  return html`<section id="evidence">
    <h2>Evidence chain</h2>
    <p class="hint">answer ← query ← tables ← source files and rows</p>
    <ul class="chain">
      ${run.evidence.map((n) => evidenceNode(n, actions))}
    </ul>
  </section>`;
}

const KIND_ICON: Record<EvidenceNode["kind"], string> = {
  answer: "comment-discussion",
  query: "database",
  table: "table",
  file: "file",
};

function evidenceNode(node: EvidenceNode, actions: ReportActions): TemplateResult {
  const label = node.location
    ? sourceLink(node.label, node.location, actions)
    : node.callKey
      ? callLink(node.label, node.callKey)
      : html`<span>${node.label}</span>`;
  // A query's detail carries its SQL: cut to a line, the whole of it on hover and in its call.
  const detail = node.detail
    ? html`<span class="detail" title=${node.detail.length > DETAIL_CHARS ? node.detail : nothing}
        >${clip(node.detail, DETAIL_CHARS)}</span
      >`
    : nothing;
  const children = node.children.length
    ? html`<ul>
        ${node.children.map((c) => evidenceNode(c, actions))}
      </ul>`
    : nothing;
  return html`<li class="evidence-${node.kind}" data-kind=${node.kind}>
    <vscode-icon name=${KIND_ICON[node.kind]}></vscode-icon
    ><span class="kind">${node.kind}</span>${label}${detail}${children}
  </li>`;
}

function callLink(label: string, key: string): TemplateResult {
  const go = (e: Event): void => {
    e.preventDefault();
    focusCall(key);
  };
  return html`<a href="#call-${key}" class="call-link" @click=${go}>${label}</a>`;
}

export function sourceLink(label: string, location: ReportLocation, actions: ReportActions): TemplateResult {
  const open = (e: Event): void => {
    e.preventDefault();
    actions.openSource(location);
  };
  return html`<a
    href="#"
    class="source-link"
    data-file=${location.file}
    data-line=${String(location.line)}
    title="Open ${location.file} at line ${location.line}"
    @click=${open}
    >${label}</a
  >`;
}

function where(l: ReportLocation): string {
  return `${l.file}:${l.line}${l.sheet ? ` [${l.sheet}]` : ""}`;
}

/** A source row as a narrow column shows it: the file's name (the folder on hover) and line. */
function shortWhere(l: ReportLocation): string {
  const slash = l.file.lastIndexOf("/");
  const name = l.file.length > 24 && slash >= 0 ? `…/${l.file.slice(slash + 1)}` : l.file;
  return `${name}:${l.line}${l.sheet ? ` [${l.sheet}]` : ""}`;
}

function findingItem(code: string, e: FindingEntry, actions: ReportActions): TemplateResult {
  const origins =
    e.origins.length > 4
      ? `${e.origins.slice(0, 4).join(", ")} and ${e.origins.length - 4} more`
      : e.origins.join(", ");
  const more =
    e.locations.length > 5 ? html`<span class="hint">+${e.locations.length - 5} rows</span>` : nothing;
  const locations = e.locations.length
    ? html`<span class="locations"
        >${e.locations.slice(0, 5).map((l) => sourceLink(where(l), l, actions))}${more}</span
      >`
    : e.at
      ? html`<span class="locations">read from ${sourceLink(where(e.at), e.at, actions)}</span>`
      : nothing;
  return html`<li class="diagnostic ${e.severity}" data-code=${code}>
    <vscode-icon name=${e.severity === "info" ? "info" : e.severity}></vscode-icon
    ><span class="origin">${origins}</span><span class="message">${e.message}</span>${locations}
  </li>`;
}

function callDiagnostic(d: ReportCall["diagnostics"][number], actions: ReportActions): TemplateResult {
  const locations = d.locations.length
    ? html`<span class="locations"
        >${d.locations.slice(0, 5).map((l) => sourceLink(where(l), l, actions))}</span
      >`
    : nothing;
  return html`<li class="diagnostic ${d.severity}" data-code=${d.code}>
    <vscode-icon name=${d.severity === "info" ? "info" : d.severity}></vscode-icon
    ><code class="code">${d.code}</code><span class="message">${d.message}</span>${locations}
  </li>`;
}

function callView(call: ReportCall, open: boolean, actions: ReportActions): TemplateResult {
  const heading = `${call.index !== undefined ? `#${call.index} ` : ""}${call.op}`;
  const description = `${call.status}${call.durationMs !== undefined ? ` · ${call.durationMs} ms` : ""} · ${clip(call.argText, ARG_CHARS)}`;
  const error = call.error ? html`<p class="call-error">${call.error}</p>` : nothing;
  const args = call.argText.length > ARG_CHARS ? html`<pre class="args">${call.argText}</pre>` : nothing;
  const facts = call.facts.length
    ? html`<dl class="facts">
        ${call.facts.map(
          (f) =>
            html`<dt>${f.label}</dt>
              <dd>${f.value}</dd>`,
        )}
      </dl>`
    : nothing;
  const diagnostics = call.diagnostics.length
    ? html`<ul class="diagnostics">
        ${call.diagnostics.map((d) => callDiagnostic(d, actions))}
      </ul>`
    : nothing;
  const text = call.text ? html`<pre class="output">${call.text}</pre>` : nothing;
  return html`<vscode-collapsible
    id="call-${call.key}"
    class="call status-${call.status}"
    data-op=${call.op}
    data-status=${call.status}
    heading=${heading}
    description=${description}
    ?open=${open}
    ><div class="call-body">
      ${error}${args}${facts}${diagnostics}${call.tables.map((t) => tableView(t, actions))}${text}
    </div></vscode-collapsible
  >`;
}

/**
 * A plain table in theme colours: rows with an origin open their source line on click or Enter.
 * The source row is the first column and stays in view when the table scrolls sideways, so it is
 * never cut off however narrow the panel.
 */
function tableView(table: ReportTable, actions: ReportActions): TemplateResult {
  const hasOrigins = table.origins.some(Boolean);
  const originHead = hasOrigins ? html`<th scope="col" class="origin-cell">source row</th>` : nothing;
  const rows = table.rows.map((row, i) => {
    const origin = table.origins[i] ?? null;
    const cells = row.map((cell) => html`<td>${cell}</td>`);
    if (!origin)
      return html`<tr>
        ${hasOrigins ? html`<td class="origin-cell"></td>` : nothing}${cells}
      </tr>`;
    const keydown = (e: KeyboardEvent): void => {
      if (e.key === "Enter") actions.openSource(origin);
    };
    return html`<tr
      class="has-origin"
      data-file=${origin.file}
      data-line=${String(origin.line)}
      title="Open ${where(origin)}"
      tabindex="0"
      @click=${() => actions.openSource(origin)}
      @keydown=${keydown}
    >
      <td class="origin-cell">${shortWhere(origin)}</td>
      ${cells}
    </tr>`;
  });
  const total = table.totalRows !== undefined ? ` (${table.rows.length} of ${table.totalRows} rows)` : "";
  return html`<div class="table-block">
    <div class="table-title">${table.title}${total}</div>
    <div class="table-scroll">
      <table class="data">
        <thead>
          <tr>
            ${originHead}${table.columns.map((c) => html`<th scope="col">${c}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${rows}
        </tbody>
      </table>
    </div>
  </div>`;
}

function clip(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ");
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Opens and scrolls to a call (and the step that holds it), marking it for a moment. */
export function focusCall(key: string): void {
  const el = document.getElementById(`call-${key}`);
  if (!el) return;
  const step = el.closest("details");
  if (step) step.open = true;
  el.setAttribute("open", "");
  el.scrollIntoView({ block: "start" });
  el.classList.add("focused");
  setTimeout(() => el.classList.remove("focused"), 1500);
}
