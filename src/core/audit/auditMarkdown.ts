import type { AuditCall, AuditModel } from "./auditModel.ts";
import { answerText, cellText, findingCounts, locationText } from "./auditText.ts";

/** Rows of a call's table shown in Markdown (kept short: it is pasted into issues and reviews). */
const ROWS_SHOWN = 10;

/**
 * The audit as Markdown a person can paste into a pull request or an issue: the question and
 * answer, the findings first, each call folded (GitHub renders <details>), the files read with
 * their SHA-256, and the SQL that reproduces the tables.
 */
export function auditMarkdown(model: AuditModel): string {
  const out: string[] = [
    `# RADAR audit: ${oneLine(model.question ?? `run ${model.runId}`)}`,
    "",
    `Run \`${model.runId}\`${model.runs.length > 1 ? ` (with ${model.runs.length - 1} earlier run(s) of its session)` : ""} · lake \`${model.lakeName}\` · ${model.calls.length} calls · ${findingCounts(model.findings)} · exported ${model.exportedAt}`,
    "",
    "## Answer",
    "",
    model.answer
      ? `**${oneLine(answerText(model.answer.value))}**${model.answer.evidence.length ? ` — evidence: ${model.answer.evidence.map((t) => `\`${t}\``).join(", ")}` : ""}`
      : "No answer was accepted in this run.",
    "",
    "## Findings",
    "",
  ];
  if (model.findings.length === 0) out.push("No findings.", "");
  else {
    out.push("| severity | code | call | what the runtime observed | where |", "|---|---|---|---|---|");
    for (const f of model.findings)
      out.push(
        `| ${f.severity} | \`${f.code}\` | ${f.at} | ${cell(f.message)}${f.effect ? ` _Effect: ${cell(f.effect)}_` : ""} | ${f.locations.map((l) => `\`${locationText(l)}\``).join(", ")} |`,
      );
    out.push("");
  }
  out.push("## Calls", "");
  for (const c of model.calls) out.push(...callBlock(c));
  if (model.files.length) {
    out.push(
      "## Files read",
      "",
      "| file | format | header line | bytes | SHA-256 |",
      "|---|---|---|---|---|",
    );
    for (const f of model.files)
      out.push(
        `| \`${f.path}\`${f.sheet ? ` [${cell(f.sheet)}]` : ""} | ${f.format ?? ""} | ${f.headerLine ?? ""} | ${f.bytes ?? ""} | ${f.missing ? "missing" : `\`${f.sha256 ?? ""}\``}${f.changedSinceRun && !f.missing ? " (changed since the run)" : ""} |`,
      );
    out.push("");
  }
  out.push(
    "## Reproduce",
    "",
    "Run from the lake folder with `duckdb < run.sql`:",
    "",
    "<details><summary>SQL</summary>",
    "",
    fence(model.sql, "sql"),
    "",
    "</details>",
    "",
  );
  return `${out.join("\n")}\n`;
}

function callBlock(c: AuditCall): string[] {
  const lines = [
    `<details${c.status !== "ok" || c.findings.some((f) => f.severity !== "info") ? " open" : ""}><summary>${c.at} ${c.op} — ${c.status}${c.summary ? `: ${escapeHtml(oneLine(c.summary))}` : ""}</summary>`,
    "",
  ];
  if (c.sql) lines.push(fence(c.sql, "sql"), "");
  else {
    const args = Object.entries(c.args).filter(([k]) => k !== "op");
    if (args.length)
      lines.push(
        args
          .map(([k, v]) => `- ${k}: \`${oneLine(typeof v === "string" ? v : JSON.stringify(v))}\``)
          .join("\n"),
        "",
      );
  }
  if (c.error) lines.push(`> ${oneLine(c.error)}`, "");
  for (const f of c.findings)
    lines.push(
      `- **${f.severity}** \`${f.code}\`: ${oneLine(f.message)}${f.effect ? ` _Effect: ${oneLine(f.effect)}_` : ""}`,
    );
  if (c.findings.length) lines.push("");
  if (c.columns && c.rows && c.rows.length) {
    const origins = (c.origins ?? []).some((o) => o);
    lines.push(
      `| ${origins ? "source | " : ""}${c.columns.map(cell).join(" | ")} |`,
      `|${origins ? "---|" : ""}${c.columns.map(() => "---").join("|")}|`,
      ...c.rows
        .slice(0, ROWS_SHOWN)
        .map(
          (r, i) =>
            `| ${origins ? `${c.origins?.[i] ? `\`${locationText(c.origins[i]!)}\`` : ""} | ` : ""}${r.map((v) => cell(cellText(v))).join(" | ")} |`,
        ),
    );
    if ((c.rowCount ?? 0) > Math.min(ROWS_SHOWN, c.rows.length))
      lines.push("", `${Math.min(ROWS_SHOWN, c.rows.length)} of ${c.rowCount} rows shown.`);
    lines.push("");
  }
  lines.push("</details>", "");
  return lines;
}

function fence(text: string, lang: string): string {
  const ticks = "`".repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return `${ticks}${lang}\n${text.replace(/\n+$/, "")}\n${ticks}`;
}

function cell(text: string): string {
  return oneLine(text).replace(/\|/g, "\\|");
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!);
}
