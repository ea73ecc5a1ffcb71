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
import { h } from "./dom.ts";

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
 * updated in place: each call, step and group of findings keeps its element while its content is
 * unchanged, and what the reader opened or closed stays so. Long runs read by step (the model's
 * note, its calls, what went wrong) and by rule (one line per source row, with the calls that
 * raised it).
 */
export class ReportView {
  private runId: string | undefined;
  private readonly main = h("main", {});
  private calls = new Map<string, { sig: string; el: HTMLElement }>();
  private steps = new Map<number, { el: HTMLDetailsElement; notable: boolean }>();
  private groups = new Map<string, { sig: string; el: HTMLDetailsElement }>();

  constructor(
    private readonly root: HTMLElement,
    private readonly actions: ReportActions,
  ) {}

  render(state: ReportState): void {
    const run = state.run;
    if (!run) {
      this.reset(undefined);
      this.root.replaceChildren(emptyView(this.actions));
      return;
    }
    if (run.runId !== this.runId) this.reset(run.runId);
    this.main.setAttribute("data-run", run.runId);
    this.main.setAttribute("data-status", run.status);
    const groups = groupFindings(run.diagnostics);
    this.main.replaceChildren(
      header(run, this.actions),
      summary(run, groups),
      answerSection(run),
      evidenceSection(run, this.actions) ?? "",
      this.findingsSection(run, groups),
      this.callsSection(run),
    );
    if (this.main.parentElement !== this.root) this.root.replaceChildren(this.main);
  }

  private reset(runId: string | undefined): void {
    this.runId = runId;
    this.calls = new Map();
    this.steps = new Map();
    this.groups = new Map();
  }

  private findingsSection(run: ReportRun, groups: FindingGroup[]): HTMLElement {
    const places = groups.reduce((n, g) => n + g.entries.length, 0);
    const many = places > OPEN_ALL_FINDINGS;
    return h(
      "section",
      { id: "diagnostics" },
      h(
        "h2",
        {},
        `Diagnostics (${run.diagnostics.length})`,
        places !== run.diagnostics.length
          ? h("span", { class: "count-note" }, ` at ${places} place${places === 1 ? "" : "s"}`)
          : null,
      ),
      groups.length === 0
        ? h("p", { class: "hint" }, "No findings.")
        : groups.map((g) => this.groupView(g, many)),
    );
  }

  private groupView(group: FindingGroup, many: boolean): HTMLElement {
    const sig = JSON.stringify(group);
    const cached = this.groups.get(group.code);
    if (cached && cached.sig === sig) return cached.el;
    const el =
      cached?.el ?? (h("details", { class: `finding-group ${group.severity}` }) as HTMLDetailsElement);
    if (!cached) el.open = !many || group.severity !== "info";
    el.className = `finding-group ${group.severity}`;
    el.setAttribute("data-code", group.code);
    const places = group.entries.length;
    el.replaceChildren(
      h(
        "summary",
        {},
        h("vscode-icon", { name: group.severity === "info" ? "info" : group.severity }),
        h("code", { class: "code" }, group.code),
        h(
          "span",
          { class: "group-count" },
          `${places} place${places === 1 ? "" : "s"}${group.raised > places ? ` · raised ${group.raised} times` : ""}`,
        ),
      ),
      h(
        "ul",
        { class: "diagnostics" },
        group.entries.map((e) => findingItem(group.code, e, this.actions)),
      ),
    );
    this.groups.set(group.code, { sig, el });
    return el;
  }

  private callsSection(run: ReportRun): HTMLElement {
    const byStep = new Map<number, ReportCall[]>();
    for (const c of run.calls) byStep.set(c.step, [...(byStep.get(c.step) ?? []), c]);
    const turns = new Map((run.turns ?? []).map((t) => [t.step, t]));
    const stepNumbers = [...new Set([...turns.keys(), ...byStep.keys()])].sort((a, b) => a - b);
    const lastStep = stepNumbers.at(-1);
    return h(
      "section",
      { id: "calls" },
      h("h2", {}, `Operator calls (${run.calls.length})`),
      stepNumbers
        .filter((n) => (byStep.get(n)?.length ?? 0) > 0 || turns.get(n)?.content)
        .map((n) =>
          this.stepView(
            n,
            turns.get(n),
            byStep.get(n) ?? [],
            stepNumbers.length <= OPEN_ALL_STEPS || (run.status === "running" && n === lastStep),
          ),
        ),
    );
  }

  private stepView(
    step: number,
    turn: ReportStep | undefined,
    calls: ReportCall[],
    openAnyway: boolean,
  ): HTMLElement {
    const bad = calls.filter((c) => c.status === "rejected" || c.status === "failed").length;
    const warned = calls.filter((c) => c.status === "warning").length;
    const notable = bad + warned > 0;
    let slot = this.steps.get(step);
    if (!slot) {
      slot = {
        el: h("details", { class: "step", id: `step-${step}` }) as HTMLDetailsElement,
        notable: false,
      };
      slot.el.open = openAnyway || notable;
      this.steps.set(step, slot);
    } else if (notable && !slot.notable) slot.el.open = true;
    slot.notable = notable;
    const counts = [
      `${calls.length} call${calls.length === 1 ? "" : "s"}`,
      bad ? `${bad} rejected or failed` : undefined,
      warned ? `${warned} warned` : undefined,
      turn?.durationMs !== undefined ? `${(turn.durationMs / 1000).toFixed(1)} s` : undefined,
    ].filter(Boolean);
    slot.el.className = `step${bad ? " has-errors" : warned ? " has-warnings" : ""}`;
    slot.el.replaceChildren(
      h(
        "summary",
        {},
        h("span", { class: "step-label" }, step === 0 ? "Preparation" : `Step ${step}`),
        h("span", { class: "step-counts" }, counts.join(" · ")),
        turn?.content
          ? h("span", { class: "step-note", title: turn.content }, clip(turn.content, DETAIL_CHARS))
          : null,
      ),
      ...calls.map((c) => this.callView(c)),
    );
    return slot.el;
  }

  private callView(call: ReportCall): HTMLElement {
    const sig = JSON.stringify(call);
    const cached = this.calls.get(call.key);
    if (cached && cached.sig === sig) return cached.el;
    const el = callView(call, this.actions);
    // A call the reader opened or closed stays so as it completes.
    if (cached) {
      if (cached.el.hasAttribute("open")) el.setAttribute("open", "");
      else if (cached.el.getAttribute("data-status") !== "running") el.removeAttribute("open");
    }
    this.calls.set(call.key, { sig, el });
    return el;
  }
}

function emptyView(actions: ReportActions): HTMLElement {
  const ask = h("vscode-button", { id: "ask" }, "Ask RADAR");
  ask.addEventListener("click", () => actions.ask());
  return h(
    "main",
    { class: "empty" },
    h("h1", {}, "RADAR report"),
    h("p", {}, "No run yet. Ask a question about the data files of this workspace."),
    ask,
  );
}

function header(run: ReportRun, actions: ReportActions): HTMLElement {
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
    ? h("vscode-button", { id: "open-trace", secondary: true }, "Open trace file")
    : null;
  trace?.addEventListener("click", () => actions.openTrace());
  const exportSql =
    run.tracePath && run.status !== "running"
      ? h("vscode-button", { id: "export-sql", secondary: true }, "Export SQL")
      : null;
  exportSql?.addEventListener("click", () => actions.exportSql());
  return h(
    "header",
    {},
    h("div", { class: "eyebrow" }, "Question"),
    h("h1", { id: "question" }, run.question),
    h(
      "div",
      { class: "meta" },
      h("vscode-badge", { id: "run-status", class: `status-${run.status}` }, STATUS_TEXT[run.status]),
      h("span", {}, meta.join(" · ")),
      trace,
      exportSql,
    ),
    run.tracePath
      ? h(
          "div",
          { class: "trace-path", title: "radar export <this file> --sql re-derives the run's tables" },
          "trace: ",
          h("code", { id: "trace-path" }, run.tracePath),
        )
      : null,
  );
}

/** One line that says how the run went, with links down the page. */
function summary(run: ReportRun, groups: FindingGroup[]): HTMLElement {
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
  return h(
    "nav",
    { class: "summary", id: "summary" },
    h("a", { href: "#answer" }, run.answer !== undefined ? "Answer" : "Outcome"),
    run.evidence.length ? h("a", { href: "#evidence" }, "Evidence chain") : null,
    h("a", { href: "#diagnostics" }, `Findings: ${findings || "none"}`),
    h("a", { href: "#calls" }, `Calls: ${calls}`),
  );
}

function answerSection(run: ReportRun): HTMLElement {
  if (run.answer !== undefined)
    return h(
      "section",
      { id: "answer", class: "answer ok" },
      h("h2", {}, "Answer"),
      h("p", { id: "answer-text", class: "answer-text" }, run.answer),
      run.explanation ? h("p", { class: "explanation" }, run.explanation) : null,
    );
  if (run.status === "running")
    return h(
      "section",
      { id: "answer", class: "answer pending" },
      h("h2", {}, "Answer"),
      h("p", {}, "Working…"),
    );
  return h(
    "section",
    { id: "answer", class: "answer missing" },
    h("h2", {}, "No answer"),
    h(
      "p",
      { id: "answer-text", class: "answer-error" },
      run.error ?? "The run stopped without an accepted answer.",
    ),
  );
}

function evidenceSection(run: ReportRun, actions: ReportActions): HTMLElement | null {
  if (run.evidence.length === 0) return null;
  return h(
    "section",
    { id: "evidence" },
    h("h2", {}, "Evidence chain"),
    h("p", { class: "hint" }, "answer ← query ← tables ← source files and rows"),
    h(
      "ul",
      { class: "chain" },
      run.evidence.map((n) => evidenceNode(n, actions)),
    ),
  );
}

const KIND_ICON: Record<EvidenceNode["kind"], string> = {
  answer: "comment-discussion",
  query: "database",
  table: "table",
  file: "file",
};

function evidenceNode(node: EvidenceNode, actions: ReportActions): HTMLElement {
  const label = node.location
    ? sourceLink(node.label, node.location, actions)
    : node.callKey
      ? callLink(node.label, node.callKey)
      : h("span", {}, node.label);
  // A query's detail carries its SQL: cut to a line, the whole of it on hover and in its call.
  const detail = node.detail
    ? h(
        "span",
        { class: "detail", ...(node.detail.length > DETAIL_CHARS ? { title: node.detail } : {}) },
        clip(node.detail, DETAIL_CHARS),
      )
    : null;
  return h(
    "li",
    { class: `evidence-${node.kind}`, "data-kind": node.kind },
    h("vscode-icon", { name: KIND_ICON[node.kind] }),
    h("span", { class: "kind" }, node.kind),
    label,
    detail,
    node.children.length
      ? h(
          "ul",
          {},
          node.children.map((c) => evidenceNode(c, actions)),
        )
      : null,
  );
}

function callLink(label: string, key: string): HTMLElement {
  const a = h("a", { href: `#call-${key}`, class: "call-link" }, label);
  a.addEventListener("click", (e) => {
    e.preventDefault();
    focusCall(key);
  });
  return a;
}

export function sourceLink(label: string, location: ReportLocation, actions: ReportActions): HTMLElement {
  const a = h(
    "a",
    {
      href: "#",
      class: "source-link",
      "data-file": location.file,
      "data-line": String(location.line),
      title: `Open ${location.file} at line ${location.line}`,
    },
    label,
  );
  a.addEventListener("click", (e) => {
    e.preventDefault();
    actions.openSource(location);
  });
  return a;
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

function findingItem(code: string, e: FindingEntry, actions: ReportActions): HTMLElement {
  const origins =
    e.origins.length > 4
      ? `${e.origins.slice(0, 4).join(", ")} and ${e.origins.length - 4} more`
      : e.origins.join(", ");
  return h(
    "li",
    { class: `diagnostic ${e.severity}`, "data-code": code },
    h("vscode-icon", { name: e.severity === "info" ? "info" : e.severity }),
    h("span", { class: "origin" }, origins),
    h("span", { class: "message" }, e.message),
    e.locations.length
      ? h(
          "span",
          { class: "locations" },
          e.locations.slice(0, 5).map((l) => sourceLink(where(l), l, actions)),
          e.locations.length > 5 ? h("span", { class: "hint" }, `+${e.locations.length - 5} rows`) : null,
        )
      : e.at
        ? h("span", { class: "locations" }, "read from ", sourceLink(where(e.at), e.at, actions))
        : null,
  );
}

function callView(call: ReportCall, actions: ReportActions): HTMLElement {
  const heading = `${call.index !== undefined ? `#${call.index} ` : ""}${call.op}`;
  const open = call.status !== "ok" || call.tables.some((t) => t.origins.some(Boolean));
  const body = h(
    "div",
    { class: "call-body" },
    call.error ? h("p", { class: "call-error" }, call.error) : null,
    call.argText.length > ARG_CHARS ? h("pre", { class: "args" }, call.argText) : null,
    call.facts.length
      ? h(
          "dl",
          { class: "facts" },
          call.facts.flatMap((f) => [h("dt", {}, f.label), h("dd", {}, f.value)]),
        )
      : null,
    call.diagnostics.length
      ? h(
          "ul",
          { class: "diagnostics" },
          call.diagnostics.map((d) =>
            h(
              "li",
              { class: `diagnostic ${d.severity}`, "data-code": d.code },
              h("vscode-icon", { name: d.severity === "info" ? "info" : d.severity }),
              h("code", { class: "code" }, d.code),
              h("span", { class: "message" }, d.message),
              d.locations.length
                ? h(
                    "span",
                    { class: "locations" },
                    d.locations.slice(0, 5).map((l) => sourceLink(where(l), l, actions)),
                  )
                : null,
            ),
          ),
        )
      : null,
    call.tables.map((t) => tableView(t, actions)),
    call.text ? h("pre", { class: "output" }, call.text) : null,
  );
  return h(
    "vscode-collapsible",
    {
      id: `call-${call.key}`,
      class: `call status-${call.status}`,
      "data-op": call.op,
      "data-status": call.status,
      heading,
      description: `${call.status}${call.durationMs !== undefined ? ` · ${call.durationMs} ms` : ""} · ${clip(call.argText, ARG_CHARS)}`,
      open,
    },
    body,
  );
}

/**
 * A plain table in theme colours: rows with an origin open their source line on click or Enter.
 * The source row is the first column and stays in view when the table scrolls sideways, so it is
 * never cut off however narrow the panel.
 */
function tableView(table: ReportTable, actions: ReportActions): HTMLElement {
  const hasOrigins = table.origins.some(Boolean);
  const head = h(
    "thead",
    {},
    h(
      "tr",
      {},
      hasOrigins ? h("th", { scope: "col", class: "origin-cell" }, "source row") : null,
      table.columns.map((c) => h("th", { scope: "col" }, c)),
    ),
  );
  const rows = table.rows.map((row, i) => {
    const origin = table.origins[i] ?? null;
    const tr = h(
      "tr",
      origin
        ? {
            class: "has-origin",
            "data-file": origin.file,
            "data-line": String(origin.line),
            title: `Open ${where(origin)}`,
            tabindex: "0",
          }
        : {},
      hasOrigins ? h("td", { class: "origin-cell" }, origin ? shortWhere(origin) : "") : null,
      row.map((cell) => h("td", {}, cell)),
    );
    if (origin) {
      tr.addEventListener("click", () => actions.openSource(origin));
      tr.addEventListener("keydown", (e) => {
        if (e.key === "Enter") actions.openSource(origin);
      });
    }
    return tr;
  });
  return h(
    "div",
    { class: "table-block" },
    h(
      "div",
      { class: "table-title" },
      table.title,
      table.totalRows !== undefined ? ` (${table.rows.length} of ${table.totalRows} rows)` : "",
    ),
    h("div", { class: "table-scroll" }, h("table", { class: "data" }, head, h("tbody", {}, rows))),
  );
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
