import type { SourceLocation } from "../diagnostic.ts";
import type { AuditCall, AuditFinding, AuditModel } from "./auditModel.ts";
import { answerText, cellText, findingCounts, locationText } from "./auditText.ts";

/** Rows of a call's table shown in the audit (the trace keeps at most its preview). */
const ROWS_SHOWN = 50;

/**
 * The audit as one HTML file that opens offline in any browser: no script runs, no resource is
 * fetched; sections fold with <details>, links are in-page anchors. The trace rides along as an
 * inert JSON block (`radar verify AUDIT.html` reads it); every text is escaped.
 */
export function auditHtml(model: AuditModel): string {
  const anchors = excerptAnchors(model);
  const link = (loc: SourceLocation): string => {
    const id = anchors.get(`${loc.file}\n${loc.line}`);
    const text = esc(locationText(loc));
    return id ? `<a href="#${id}">${text}</a>` : text;
  };
  const body = [
    `<header><h1>RADAR audit</h1><p class="meta">run <code>${esc(model.runId)}</code>${model.runs.length > 1 ? ` (with ${model.runs.length - 1} earlier run${model.runs.length > 2 ? "s" : ""} of its session)` : ""} · lake <code>${esc(model.lakeName)}</code> · ${model.calls.length} calls · ${esc(findingCounts(model.findings))} · exported ${esc(model.exportedAt)}${model.status ? ` · run ${esc(model.status)}` : ""}</p></header>`,
    questionSection(model),
    findingsSection(model.findings, link),
    callIndex(model.calls),
    `<section id="calls"><h2>Calls</h2>${model.calls.map((c) => callSection(c, link)).join("\n")}</section>`,
    filesSection(model),
    excerptsSection(model, anchors),
    `<section id="sql"><h2>Reproduce</h2><p>Run from the lake folder: <code>duckdb &lt; run.sql</code> (tables read by RADAR itself — workbook sheets, HTML tables — stop the script with an error instead of differing).</p><details><summary>SQL (${model.sql.split("\n").length} lines)</summary><pre class="sql">${esc(model.sql)}</pre></details></section>`,
    `<script type="application/json" id="radar-audit-data">${jsonForScript(model)}</script>`,
  ];
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="RADAR"><title>RADAR audit — ${esc(model.question ?? model.runId)}</title>
<style>${CSS}</style></head>
<body>
${body.join("\n")}
</body></html>
`;
}

function questionSection(model: AuditModel): string {
  const question = model.question
    ? `<p class="question">${esc(model.question)}</p>`
    : "<p>(no question: a batch of calls)</p>";
  const answer = model.answer
    ? `<div class="answer"><h3>Answer</h3><p>${esc(answerText(model.answer.value))}</p>${model.answer.explanation ? `<p>${esc(model.answer.explanation)}</p>` : ""}<p>Evidence: ${model.answer.evidence.map((t) => tableLink(model, t)).join(", ") || "none named"}</p></div>`
    : `<div class="answer"><h3>Answer</h3><p>No answer was accepted in this run.</p></div>`;
  return `<section id="question"><h2>Question</h2>${question}${answer}</section>`;
}

function tableLink(model: AuditModel, table: string): string {
  const maker = [...model.calls]
    .reverse()
    .find((c) => c.status === "ok" && c.table?.toLowerCase() === table.toLowerCase());
  return maker ? `<a href="#${maker.id}"><code>${esc(table)}</code></a>` : `<code>${esc(table)}</code>`;
}

function findingsSection(findings: AuditFinding[], link: (l: SourceLocation) => string): string {
  if (findings.length === 0) return `<section id="findings"><h2>Findings</h2><p>No findings.</p></section>`;
  const table = (list: AuditFinding[]): string =>
    `<table class="findings"><thead><tr><th>severity</th><th>code</th><th>call</th><th>what the runtime observed</th><th>where</th></tr></thead><tbody>${list
      .map(
        (f) =>
          `<tr class="${f.severity}"><td class="sev ${f.severity}">${f.severity}</td><td class="code"><code>${esc(f.code)}</code></td><td>${f.callId ? `<a href="#${f.callId}">${esc(f.at)}</a>` : esc(f.at)}</td><td>${esc(f.message)}${f.effect ? `<div class="effect">Effect: ${esc(f.effect)}</div>` : ""}</td><td>${f.locations.map(link).join("<br>")}</td></tr>`,
      )
      .join("\n")}</tbody></table>`;
  const loud = findings
    .filter((f) => f.severity !== "info")
    .sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1));
  const infos = findings.filter((f) => f.severity === "info");
  // Warnings and errors first, open; infos folded (a long run has many).
  return `<section id="findings"><h2>Findings <small>${esc(findingCounts(findings))}</small></h2>${loud.length ? table(loud) : "<p>No warnings or errors.</p>"}${infos.length ? `<details class="infos"${loud.length === 0 && infos.length <= 10 ? " open" : ""}><summary>${infos.length} info${infos.length === 1 ? "" : "s"}</summary>${table(infos)}</details>` : ""}</section>`;
}

function callIndex(calls: AuditCall[]): string {
  const rows = calls
    .map(
      (c) =>
        `<tr class="${c.status}"><td><a href="#${c.id}">${esc(c.at)}</a></td><td>${esc(c.op)}</td><td>${esc(c.status)}</td><td>${esc(c.summary ?? c.error ?? "")}</td><td>${c.findings.length ? esc(findingCounts(c.findings)) : ""}</td></tr>`,
    )
    .join("\n");
  return `<section id="index"><h2>Steps</h2><details${calls.length <= 30 ? " open" : ""}><summary>${calls.length} calls</summary><table class="index"><thead><tr><th>call</th><th>operator</th><th>status</th><th>result</th><th>findings</th></tr></thead><tbody>${rows}</tbody></table></details></section>`;
}

function callSection(c: AuditCall, link: (l: SourceLocation) => string): string {
  const loud = c.status !== "ok" || c.findings.some((f) => f.severity !== "info");
  const args = Object.entries(c.args).filter(([k]) => k !== "sql" && k !== "op");
  const parts = [
    args.length
      ? `<p class="args">${args.map(([k, v]) => `<span><b>${esc(k)}</b> ${esc(typeof v === "string" ? v : JSON.stringify(v))}</span>`).join(" ")}</p>`
      : "",
    c.sql ? `<pre class="sql">${esc(c.sql)}</pre>` : "",
    c.error ? `<p class="error">${esc(c.error)}</p>` : "",
    c.findings.length
      ? `<ul class="call-findings">${c.findings.map((f) => `<li class="${f.severity}"><span class="sev ${f.severity}">${f.severity}</span> <code>${esc(f.code)}</code> ${esc(f.message)}${f.effect ? ` <span class="effect">Effect: ${esc(f.effect)}</span>` : ""}${f.locations.length ? ` <span class="where">(${f.locations.map(link).join(", ")})</span>` : ""}</li>`).join("")}</ul>`
      : "",
    rowsTable(c, link),
  ];
  return `<details class="call ${c.status}" id="${c.id}"${loud ? " open" : ""}><summary><b>${esc(c.at)}</b> ${esc(c.op)} <span class="status ${c.status}">${esc(c.status)}</span> ${esc(c.summary ?? "")} <small>${c.durationMs} ms</small></summary>${parts.join("")}</details>`;
}

function rowsTable(c: AuditCall, link: (l: SourceLocation) => string): string {
  if (!c.columns || !c.rows) return "";
  const rows = c.rows.slice(0, ROWS_SHOWN);
  const hasOrigins = (c.origins ?? []).some((o) => o);
  const head = `<tr>${hasOrigins ? "<th>source</th>" : ""}${c.columns.map((n) => `<th>${esc(n)}</th>`).join("")}</tr>`;
  const body = rows
    .map((r, i) => {
      const origin = c.origins?.[i];
      return `<tr>${hasOrigins ? `<td class="origin">${origin ? link(origin) : ""}</td>` : ""}${r.map((v) => `<td${v === null ? ' class="null"' : ""}>${esc(cellText(v))}</td>`).join("")}</tr>`;
    })
    .join("");
  const more =
    c.rowCount !== undefined && c.rowCount > rows.length
      ? `<p class="more">${rows.length} of ${c.rowCount} rows shown.</p>`
      : "";
  return `<div class="rows"><p><code>${esc(c.table ?? "")}</code>${c.rowCount !== undefined ? ` · ${c.rowCount} rows` : ""}</p><table class="data"><thead>${head}</thead><tbody>${body}</tbody></table>${more}</div>`;
}

function filesSection(model: AuditModel): string {
  if (model.files.length === 0) return "";
  const rows = model.files
    .map(
      (f) =>
        `<tr${f.changedSinceRun ? ' class="changed"' : ""}><td><code>${esc(f.path)}</code>${f.sheet ? ` [${esc(f.sheet)}]` : ""}</td><td>${esc(f.format ?? "")}${f.encoding ? ` (${esc(f.encoding)})` : ""}</td><td>${f.headerLine ?? ""}</td><td>${f.notes.map((n) => esc(n)).join("<br>")}</td><td>${f.bytes ?? ""}</td><td class="hash">${f.missing ? "missing" : esc(f.sha256 ?? "")}${f.changedSinceRun && !f.missing ? "<br><b>changed since the run</b>" : ""}</td></tr>`,
    )
    .join("\n");
  return `<section id="files"><h2>Files read</h2><p>How RADAR read each file (its Source Map entry as used) and the file's SHA-256 when this audit was written.</p><table class="files"><thead><tr><th>file</th><th>format</th><th>header line</th><th>how it was read</th><th>bytes</th><th>SHA-256</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

/** Anchor of each shown line: `f<file index>-L<line>`. */
function excerptAnchors(model: AuditModel): Map<string, string> {
  const anchors = new Map<string, string>();
  model.excerpts.forEach((x, i) => {
    for (const l of x.lines) anchors.set(`${x.file}\n${l.n}`, `f${i}-L${l.n}`);
  });
  return anchors;
}

function excerptsSection(model: AuditModel, anchors: Map<string, string>): string {
  if (model.excerpts.length === 0) return "";
  const pointed = new Set<string>();
  for (const f of model.findings) for (const l of f.locations) pointed.add(`${l.file}\n${l.line}`);
  const blocks = model.excerpts.map((x, i) => {
    if (x.unavailable)
      return `<div class="excerpt" id="f${i}"><h3><code>${esc(x.file)}</code></h3><p>${esc(x.unavailable)}</p></div>`;
    let previous = 0;
    const lines = x.lines
      .map((l) => {
        const gap = previous && l.n > previous + 1 ? `<tr class="gap"><td>…</td><td></td></tr>` : "";
        previous = l.n;
        const id = anchors.get(`${x.file}\n${l.n}`) ?? `f${i}-L${l.n}`;
        return `${gap}<tr id="${id}"${pointed.has(`${x.file}\n${l.n}`) ? ' class="pointed"' : ""}><td class="n">${l.n}</td><td><code>${esc(l.text)}</code></td></tr>`;
      })
      .join("");
    return `<div class="excerpt" id="f${i}"><h3><code>${esc(x.file)}</code></h3><table class="lines">${lines}</table></div>`;
  });
  return `<section id="sources"><h2>Source lines</h2><p>The lines findings and rows point at, with two lines around each, as the files were when this audit was written.</p>${blocks.join("\n")}</section>`;
}

function esc(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/** JSON inside a <script> block: no "<" may appear, so "</script>" in data cannot end it. */
function jsonForScript(model: AuditModel): string {
  return JSON.stringify(model)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const CSS = `
:root{color-scheme:light dark;--fg:#1f2328;--bg:#fff;--muted:#59636e;--line:#d1d9e0;--err:#cf222e;--warn:#9a6700;--info:#0969da;--hl:#fff8c5}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#9198a1;--line:#3d444d;--err:#ff7b72;--warn:#d29922;--info:#58a6ff;--hl:#3b2e00}}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg);max-width:1200px;margin:0 auto;padding:1rem 1.5rem}
h1{margin:.2rem 0}h2{border-bottom:1px solid var(--line);padding-bottom:.2rem;margin-top:2rem}.meta,small,.more{color:var(--muted)}
table{border-collapse:collapse;width:100%;margin:.4rem 0}th,td{border:1px solid var(--line);padding:.2rem .4rem;text-align:left;vertical-align:top}
td{overflow-wrap:anywhere}.data td{white-space:pre-wrap}.null{color:var(--muted);font-style:italic}
pre{background:rgba(127,127,127,.1);padding:.5rem;overflow-x:auto;white-space:pre-wrap}
.sev{font-weight:600;text-transform:uppercase;font-size:.75rem;white-space:nowrap}td.code{white-space:nowrap}.sev.error,.error{color:var(--err)}.sev.warning{color:var(--warn)}.sev.info{color:var(--info)}
.effect{font-style:italic}.question{font-size:1.1rem}.answer{border-left:4px solid var(--info);padding:.2rem .8rem;margin:.6rem 0}
details.call{border:1px solid var(--line);border-radius:4px;margin:.4rem 0;padding:.3rem .6rem}details.call>summary{cursor:pointer}
.status.rejected,.status.failed{color:var(--err);font-weight:600}.files .changed td{background:var(--hl)}
.lines td.n{color:var(--muted);text-align:right;width:4em;user-select:none}.lines td{border:none;padding:0 .4rem}.lines .gap td{color:var(--muted)}
.lines tr.pointed{background:var(--hl)}.lines tr:target{outline:2px solid var(--info);background:var(--hl)}.hash{font-family:monospace;font-size:.8rem}
`;
