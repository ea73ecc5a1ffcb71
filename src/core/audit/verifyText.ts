import type { VerifyReport } from "./verifyRun.ts";
import { answerText } from "./auditText.ts";

/** The verification as lines a person reads (the CLI prints them; the editor shows them). */
export function verifyText(report: VerifyReport): string[] {
  const moved = report.tables.filter((t) => t.status === "changed");
  const failed = report.tables.filter((t) => t.status === "cannot-rerun");
  const head = report.holds
    ? `unchanged: all ${report.tables.length} table(s) of run ${report.runId} are as the run made them`
    : `${moved.length ? `changed: ${moved.length}` : ""}${moved.length && failed.length ? ", " : ""}${failed.length ? `cannot re-run: ${failed.length}` : ""} of ${report.tables.length} table(s) of run ${report.runId}`;
  const lines = [`${head} (${report.ms} ms)`];
  if (report.question) lines.push(`question: ${report.question}`);
  if (report.answer) {
    const a = report.answer;
    lines.push(
      a.status === "holds"
        ? `answer holds: ${answerText(a.value)}`
        : `answer ${a.status === "moved" ? "may have moved" : "cannot be re-checked"}: ${answerText(a.value)} — ${a.because.join("; ")}`,
    );
  }
  for (const t of report.tables) {
    if (t.status === "unchanged") {
      lines.push(`  unchanged      ${t.table} (${t.at} ${t.op}, ${t.before.rowCount} rows)`);
      continue;
    }
    const files = t.changedFiles.length
      ? ` — file(s) changed since the run: ${t.changedFiles.join(", ")}`
      : "";
    lines.push(
      `  ${t.status === "changed" ? "changed       " : "cannot re-run "} ${t.table} (${t.at} ${t.op}): ${t.changes.join("; ")}${files}`,
    );
  }
  const files = report.files.filter((f) => f.status !== "unchanged");
  for (const f of files) {
    if (f.status === "missing") lines.push(`  file missing   ${f.path}`);
    else if (f.status === "unknown")
      lines.push(`  file unknown   ${f.path} (the run did not record how it was when read)`);
    else
      lines.push(
        `  file changed   ${f.path} (${f.by === "sha256" ? `SHA-256 ${f.before?.sha256?.slice(0, 12)}… → ${f.after?.sha256?.slice(0, 12)}…` : `${f.before?.bytes} → ${f.after?.bytes} bytes, modified ${new Date(f.before?.mtimeMs ?? 0).toISOString()} → ${new Date(f.after?.mtimeMs ?? 0).toISOString()}`})`,
      );
  }
  return lines;
}
