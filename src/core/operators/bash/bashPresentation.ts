import { textArg } from "../operatorFacts.ts";
import { clip } from "../../text.ts";
import { outputLines, previewLines } from "../../presentation/cliText.ts";
import { MAX_TEXT_CHARS, records, schemaText as modelSchema } from "../../presentation/modelText.ts";
import type { OperatorPresentation } from "../operatorPresentation.ts";
import { rowsText } from "../../presentation/readableRows.ts";
import { pageRows } from "../../presentation/resultRows.ts";
import { previewTables, schemaText } from "../../presentation/traceTables.ts";

export const bashPresentation: OperatorPresentation<"Bash"> = {
  label: (a) => `Bash ${textArg(a, "command").slice(0, 60)}`,
  facts: (o, add) => {
    add("exit status", o.exitCode);
    if (typeof o.table === "string") {
      add("table", o.table);
      add("rows", o.rowCount);
      add("schema", schemaText(o.schema));
    }
    if (o.truncated) add("output", "truncated");
    if (o.timedOut) add("timed out", "yes");
  },
  // Its output registered as a table.
  tables: (o) =>
    typeof o.table === "string" ? previewTables(`${o.table} — first rows`, o.records, o.rowCount) : [],
  reportText: (o) => {
    const out = [o.stdout, o.stderr].filter((x) => typeof x === "string" && x !== "").join("\n--- stderr\n");
    return out || undefined;
  },
  model: (o, rows) => {
    // Its output registered as a table: the table's first rows, not the output text.
    if (typeof o.table === "string")
      return {
        exitCode: o.exitCode,
        ...(o.exit ? { exit: o.exit } : {}),
        table: o.table,
        rowCount: o.rowCount,
        schema: modelSchema(o.schema),
        records: records(o.records, rows, o.rowCount),
        ...(o.stderr ? { stderr: clip(String(o.stderr), 1000) } : {}),
      };
    return {
      exitCode: o.exitCode,
      ...(o.exit ? { exit: o.exit } : {}),
      ...(o.exitCodes ? { exitCodes: o.exitCodes } : {}),
      stdout: clip(String(o.stdout ?? ""), MAX_TEXT_CHARS),
      ...(o.stderr ? { stderr: clip(String(o.stderr), 1000) } : {}),
      ...(o.truncated || String(o.stdout ?? "").length > MAX_TEXT_CHARS ? { truncated: true } : {}),
      ...(o.timedOut ? { timedOut: true } : {}),
    };
  },
  readable: (o) => {
    // Its output registered as a table: the rows are the table's.
    const lines = rowsText(o.records, o.rowCount ?? 0, String(o.table));
    const out = o.records ? [] : String(o.stdout ?? "").split("\n");
    lines.push(...out.slice(0, 40));
    if (out.length > 40)
      lines.push(`… ${out.length - 40} more lines (structuredContent.observation.stdout has them)`);
    if (o.stderr) lines.push(`stderr: ${String(o.stderr).slice(0, 500)}`);
    return lines;
  },
  cliLines: (o, page) => {
    const kept = o.offset !== undefined ? { offset: o.offset, total: o.stdoutLines ?? 0 } : undefined;
    return [
      // Its output registered as a table: the table's rows, each with its origin.
      ...(o.table !== undefined ? previewLines(o, o.rowCount) : outputLines("│", o.stdout ?? "", page, kept)),
      ...outputLines("! stderr:", o.stderr ?? ""),
      ...(o.truncated ? ["(output cut by the sandbox's size limit)"] : []),
      ...(o.timedOut ? ["(the command was stopped: time limit)"] : []),
    ];
  },
  cliRows: (o, page) => {
    // A Bash call that registered its output as a table shows the table's rows.
    if (typeof o.table === "string") return pageRows(o);
    // Without an output table: one row per line of stdout, from the page the call asked for.
    const lines = o.stdout === "" ? [] : o.stdout.replace(/\n$/, "").split("\n");
    // Paged by the operator (`offset`): the kept lines start at that line of the whole output.
    const base = o.offset ?? 0;
    const total = o.stdoutLines ?? lines.length;
    const from = o.offset !== undefined ? 0 : (page?.offset ?? 0);
    const shown = lines.slice(from, page?.lines === undefined ? undefined : from + page.lines);
    return {
      table: null,
      rowCount: total,
      columns: [{ name: "line", type: "VARCHAR", json: "string" }],
      rows: shown.map((l) => [l]),
      origins: shown.map(() => null),
      offset: base + from,
      truncated: base + from + shown.length < total || o.truncated,
    };
  },
  cliOutput: (o) => ({
    stdout: o.stdout,
    stderr: o.stderr,
    exit: o.exit,
    exitCode: o.exitCode,
    capped: o.truncated,
  }),
};
