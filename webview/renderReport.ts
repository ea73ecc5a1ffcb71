import type {
  EvidenceNode,
  ReportCall,
  ReportDiagnostic,
  ReportLocation,
  ReportRun,
  ReportState,
  ReportTable,
} from "../src/shared/reportProtocol.ts";
import { h } from "./dom.ts";

/** What the rendered page asks of the host: open a source row, the trace file, a new question. */
export interface ReportActions {
  openSource(location: ReportLocation): void;
  openTrace(): void;
  ask(): void;
}

const STATUS_TEXT: Record<ReportRun["status"], string> = {
  running: "running…",
  answered: "answered",
  "step-limit": "no answer (step limit)",
  cancelled: "cancelled",
  failed: "failed",
};

export function renderReport(root: HTMLElement, state: ReportState, actions: ReportActions): void {
  root.replaceChildren(state.run ? runView(state.run, actions) : emptyView(actions));
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

function runView(run: ReportRun, actions: ReportActions): HTMLElement {
  return h(
    "main",
    { "data-run": run.runId, "data-status": run.status },
    header(run, actions),
    answerSection(run),
    evidenceSection(run, actions),
    diagnosticsSection(run.diagnostics, actions),
    callsSection(run, actions),
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
    ),
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
  return h(
    "li",
    { class: `evidence-${node.kind}`, "data-kind": node.kind },
    h("vscode-icon", { name: KIND_ICON[node.kind] }),
    h("span", { class: "kind" }, node.kind),
    label,
    node.detail ? h("span", { class: "detail" }, node.detail) : null,
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

function diagnosticsSection(diagnostics: ReportDiagnostic[], actions: ReportActions): HTMLElement {
  return h(
    "section",
    { id: "diagnostics" },
    h("h2", {}, `Diagnostics (${diagnostics.length})`),
    diagnostics.length === 0
      ? h("p", { class: "hint" }, "No findings.")
      : h(
          "ul",
          { class: "diagnostics" },
          diagnostics.map((d) => diagnosticItem(d, actions)),
        ),
  );
}

function diagnosticItem(d: ReportDiagnostic, actions: ReportActions): HTMLElement {
  return h(
    "li",
    { class: `diagnostic ${d.severity}`, "data-code": d.code },
    h("vscode-icon", { name: d.severity === "info" ? "info" : d.severity }),
    h("code", { class: "code" }, d.code),
    d.callIndex !== undefined ? h("span", { class: "origin" }, `#${d.callIndex} ${d.op ?? ""}`) : null,
    h("span", { class: "message" }, d.message),
    d.locations.length
      ? h(
          "span",
          { class: "locations" },
          d.locations.slice(0, 5).map((l) => sourceLink(where(l), l, actions)),
        )
      : null,
  );
}

function callsSection(run: ReportRun, actions: ReportActions): HTMLElement {
  return h(
    "section",
    { id: "calls" },
    h("h2", {}, `Operator calls (${run.calls.length})`),
    run.calls.map((c) => callView(c, actions)),
  );
}

function callView(call: ReportCall, actions: ReportActions): HTMLElement {
  const heading = `${call.index !== undefined ? `#${call.index} ` : ""}${call.op}`;
  const args = call.argText.length > 140 ? `${call.argText.slice(0, 139)}…` : call.argText;
  const open = call.status !== "ok" || call.tables.some((t) => t.origins.some(Boolean));
  const body = h(
    "div",
    { class: "call-body" },
    call.error ? h("p", { class: "call-error" }, call.error) : null,
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
          call.diagnostics.map((d) => diagnosticItem(d, actions)),
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
      description: `${call.status}${call.durationMs !== undefined ? ` · ${call.durationMs} ms` : ""} · ${args}`,
      open,
    },
    body,
  );
}

/** A plain table in theme colours: rows with an origin open their source line on click or Enter. */
function tableView(table: ReportTable, actions: ReportActions): HTMLElement {
  const hasOrigins = table.origins.some(Boolean);
  const head = h(
    "thead",
    {},
    h(
      "tr",
      {},
      [...table.columns, ...(hasOrigins ? ["source row"] : [])].map((c) => h("th", { scope: "col" }, c)),
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
      row.map((cell) => h("td", {}, cell)),
      hasOrigins ? h("td", { class: "origin-cell" }, origin ? where(origin) : "") : null,
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

/** Opens and scrolls to a call, marking it for a moment. */
export function focusCall(key: string): void {
  const el = document.getElementById(`call-${key}`);
  if (!el) return;
  el.setAttribute("open", "");
  el.scrollIntoView({ block: "start" });
  el.classList.add("focused");
  setTimeout(() => el.classList.remove("focused"), 1500);
}
