import type { Diagnostic, SourceLocation } from "../../../diagnostic.ts";
import { sqlIdent, sqlString } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { tableLabel } from "../../derivedTables.ts";
import { locate, quote } from "../../evidence.ts";
import { groupLabelColumns } from "../../groupRows.ts";
import { keptRelation } from "../../keptRelation.ts";
import { labelSources } from "../../labelLineage.ts";
import type { LabelSource } from "../../labelLineage.ts";
import type { ColumnOf, Json } from "../../sqlFacts.ts";
import { groupCount, groupEvidence, groupExclusion, SHOWN_GROUPS } from "./groupMessage.ts";

/** A text column of the ranked table whose values come from a file's column listing groups beside entities. */
interface GroupLabel {
  column: string;
  groups: string[];
  others: number;
  sources: LabelSource[];
}

async function groupLabels(ctx: OperatorContext, table: TableInfo): Promise<GroupLabel[]> {
  const out: GroupLabel[] = [];
  for (const c of table.schema.filter((s) => s.type === "VARCHAR")) {
    const groups = new Set<string>();
    let others = 0;
    const sources: LabelSource[] = [];
    for (const source of await labelSources(ctx, table, c.name)) {
      const found = (await groupLabelColumns(ctx, source.table)).find((g) => g.name === source.column);
      // Both sides of a self-join pass the same column: one source.
      if (!found || sources.some((x) => x.table === source.table && x.column === source.column)) continue;
      for (const g of found.groups) groups.add(g);
      others = Math.max(others, found.others);
      sources.push(source);
    }
    if (groups.size > 0) out.push({ column: c.name, groups: [...groups], others, sources });
  }
  return out;
}

/** The line where a group is first listed in each file its label comes from: `in yi from line 2864, in li from line 2917`. */
async function firstListed(
  ctx: OperatorContext,
  label: GroupLabel,
  word: string,
): Promise<{ text: string; locations: SourceLocation[] }> {
  const parts: string[] = [];
  const locations: SourceLocation[] = [];
  for (const s of label.sources) {
    const [row] = await ctx.engine.all(
      `SELECT min(rowid) AS r FROM ${sqlIdent(s.table.name)} WHERE ${sqlIdent(s.column)} = $1`,
      [word],
    );
    if (row?.r === null || row?.r === undefined) continue;
    const [location] = await locate(ctx.engine, s.table, [Number(row.r)]);
    if (!location) continue;
    parts.push(`in ${s.table.name} from line ${location.line}`);
    locations.push(location);
  }
  return { text: parts.join(", "), locations };
}

/** The tables a label comes from, each with its file: `yi (a.csv) and li (b.csv)`. */
function sourcesText(label: GroupLabel): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const s of label.sources) {
    if (seen.has(s.table.name)) continue;
    seen.add(s.table.name);
    const files = s.table.provenance.files.map((f) => f.path);
    parts.push(`${tableLabel(s.table)}${files.length === 1 ? ` (${files[0]})` : ""}`);
  }
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

const ordinal = (n: number): string =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th")}`;

/**
 * A ranking of the rows of a derived table (a Query's table, a CTE or subquery that joins or
 * computes: `prod = yield × land` over a FULL JOIN of two yearly selections) whose label column
 * passes through the values of a file's column listing regions and country groups beside the
 * entities: a group that ranks within the LIMIT is returned as if it were one of them. The label
 * is followed to its files (labelSources); the ranking is read on the derived rows themselves.
 */
export async function rankedDerivedGroups(
  ctx: OperatorContext,
  select: Json,
  ranked: ColumnOf,
  n: number,
  descending: boolean,
): Promise<Diagnostic[]> {
  const { table, alias } = ranked;
  const labels = await groupLabels(ctx, table);
  if (labels.length === 0) return [];
  const a = sqlIdent(alias);
  const v = `TRY_CAST(${a}.${sqlIdent(ranked.column)} AS DOUBLE)`;
  const kept = await keptRelation(ctx, select, alias);
  const out: Diagnostic[] = [];
  for (const label of labels) {
    const l = `${a}.${sqlIdent(label.column)}`;
    // rank() is 1 + the rows ranked above, as the query's ORDER BY puts them (NULLs last).
    const within = await ctx.engine.all(
      `SELECT lv, v, rk FROM (SELECT ${l} AS lv, ${v} AS v, rank() OVER (ORDER BY ${v} ${descending ? "DESC" : "ASC"}) AS rk${kept.from} AND ${v} IS NOT NULL) ` +
        `WHERE rk <= ${n} AND lv IN (${label.groups.map(sqlString).join(", ")}) ORDER BY rk`,
    );
    if (within.length === 0) continue;
    const words = [...new Set(within.map((w) => String(w.lv)))];
    const names = new Map([[label.column, words]]);
    const shownRows = within.slice(0, SHOWN_GROUPS);
    const listed: Awaited<ReturnType<typeof firstListed>>[] = [];
    for (const w of shownRows) listed.push(await firstListed(ctx, label, String(w.lv)));
    const shown = shownRows
      .map((w, i) => {
        const where = listed[i]!.text ? `; listed ${listed[i]!.text}` : "";
        return `${quote(String(w.lv))} (${ranked.column} ${Number(w.v)}, ${ordinal(Number(w.rk))}${where})`;
      })
      .join(", ");
    const more = within.length > shownRows.length ? `, and ${within.length - shownRows.length} more` : "";
    out.push({
      code: "summary-row",
      severity: "warning",
      message:
        `ORDER BY ${ranked.column} ${descending ? "DESC" : "ASC"} LIMIT ${n} over ${tableLabel(table)} ranks ${groupCount(within.length, words.length)} among the top ${n}: ${shown}${more}. ` +
        `Its ${label.column} comes from ${sourcesText(label)}, listing ${label.groups.length} groups beside ${label.others} other values: the ranking places groups among the entities. ` +
        `${groupExclusion(names)}.`,
      locations: listed.flatMap((l) => l.locations),
      remedy: {
        table: table.name,
        sql: `SELECT * FROM ${sqlIdent(table.name)} WHERE ${sqlIdent(label.column)} IS NULL OR ${sqlIdent(label.column)} NOT IN (${label.groups.map(sqlString).join(", ")})`,
        says: `the rows naming one of the ${label.groups.length} groups left out`,
      },
      evidence: groupEvidence(table.name, names),
    });
  }
  return out;
}
