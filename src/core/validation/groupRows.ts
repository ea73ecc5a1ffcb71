import { sqlIdent, sqlString } from "../engine/duckEngine.ts";
import type { OperatorContext } from "../operators/operator.ts";
import type { TableInfo } from "../state/sharedState.ts";
import { groupCode, groupLabelSql, usArea } from "./groupLabels.ts";
import { memoized } from "./tableMemo.ts";

/**
 * A text column that lists entities and, beside them, regions or groups of them ("World",
 * "Sub-Saharan Africa", "Low income"): the groups it holds as written, and how many other values.
 */
export interface GroupColumn {
  name: string;
  groups: string[];
  others: number;
}

/**
 * A column holding only group names (a country → region lookup's region column) groups nothing
 * beside it; one listing a handful of other values is no entity list. Ten entities at least.
 */
const MIN_OTHERS = 10;

/**
 * The groups group countries (or areas of a country): a column of more distinct values than the
 * world has countries and areas — UN M49 lists 249, OWID's panels under 300 with their groups — is
 * a list of something else, where a group's name is an ordinary value ('OCEANIA' among 3,029 girls'
 * names of a register, held-out FE-06). Columns with more are ids, names or free text.
 */
const MAX_DISTINCT = 1_000;

/** A short code of letters and digits, the shape of `G7` and `G20` and of airline codes. */
const SHORT_CODE = "[A-Z0-9]{2,3}";
const SHORT_CODE_RE = new RegExp(`^${SHORT_CODE}$`);
/** A code of two or three capital letters, the shape of ISO country codes (`US`, `FRA`). */
const LETTER_CODE = "[A-Z]{2,3}";

/** Columns whose distinct values one statement tests (see groupLabelColumns). */
const COLUMNS_PER_STATEMENT = 8;

/** The table's text columns that list regions or country groups beside the entities they group. */
export async function groupLabelColumns(ctx: OperatorContext, table: TableInfo): Promise<GroupColumn[]> {
  const names = table.schema.filter((c) => c.type === "VARCHAR").map((c) => c.name);
  if (names.length === 0) return [];
  return memoized(table, "group-columns", async () => {
    // Distinct values first: the label test runs once per value, not per row.
    const parts = names.map(
      (n, i) =>
        `SELECT ${i} AS c, count(*) FILTER (WHERE NOT g) AS others, list(v ORDER BY v) FILTER (WHERE g) AS groups, ` +
        `count(*) FILTER (WHERE NOT g AND regexp_full_match(v, '${SHORT_CODE}') AND regexp_matches(v, '[0-9]')) AS digit_codes, ` +
        `count(*) FILTER (WHERE NOT g AND regexp_full_match(trim(v), '${LETTER_CODE}')) AS letter_codes ` +
        `FROM (SELECT v, ${groupLabelSql("v", { usAreas: true })} AS g ` +
        `FROM (SELECT DISTINCT ${sqlIdent(n)} AS v FROM ${sqlIdent(table.name)} WHERE ${sqlIdent(n)} IS NOT NULL LIMIT ${MAX_DISTINCT + 1}))`,
    );
    // A few columns per statement: a UNION ALL of every text column of a wide sheet (76 years
    // written as text for their '...' markers, held-out IA-04) runs each label test at once and
    // ran out of DuckDB's memory on 192 rows.
    const rows = [];
    for (let i = 0; i < parts.length; i += COLUMNS_PER_STATEMENT)
      rows.push(...(await ctx.engine.all(parts.slice(i, i + COLUMNS_PER_STATEMENT).join(" UNION ALL "))));
    const out: GroupColumn[] = [];
    for (const row of rows) {
      // Among codes that mix letters and digits themselves (airline codes B6, 9E, G4), `G7` is
      // one of them — GoJet, not the Group of Seven (held-out FG-06).
      const mixedCodes = Number(row.digit_codes ?? 0) >= 2;
      let groups: string[] = ((row.groups as unknown[] | null) ?? [])
        .map(String)
        .filter((g) => !(mixedCodes && SHORT_CODE_RE.test(g) && /[0-9]/.test(g)));
      let others = Number(row.others ?? 0);
      // US divisions and the nation beside the states are groups only where two divisions or more
      // are listed; elsewhere `Pacific` is an ocean and `US` a country among others.
      const areas = groups.map(usArea);
      if (areas.filter((a) => a === "division").length < 2) {
        others += areas.filter((a) => a !== undefined).length;
        groups = groups.filter((_, i) => areas[i] === undefined);
      }
      // Groups written only as `G7`/`G20` group countries where the column lists countries by code
      // (`USA`, `FRA`) or names another group ('World', 'EU-13'); among car lines or product codes
      // they are values like the rest.
      if (groups.every(groupCode) && 2 * Number(row.letter_codes ?? 0) < others) continue;
      if (groups.length === 0 || others < MIN_OTHERS || others + groups.length > MAX_DISTINCT) continue;
      const name = names[Number(row.c)]!;
      if (await attributeOfNamedRows(ctx, table, name, groups, names)) continue;
      out.push({ name, groups, others });
    }
    return out;
  });
}

/** Share of a table's rows another text column must tell apart to name the rows' entities. */
const NAMING_SHARE = 0.9;
/** Rows a table needs before a column naming them says anything. */
const NAMING_MIN_ROWS = 20;

/**
 * Whether the column is an attribute of entities another column names: another text column tells
 * nearly every row apart (a player's name), and the group names stand on several rows each — each
 * row an entity of that group, not a row summing the group (held-out IH: 14 players of the 'East
 * Africa' side in a Nationality column beside their names, counted as 14 players). A region row
 * of a country list (`East Asia & Pacific` once, or once per year of a panel whose other columns
 * repeat alike) is no such row.
 */
async function attributeOfNamedRows(
  ctx: OperatorContext,
  table: TableInfo,
  column: string,
  groups: string[],
  texts: string[],
): Promise<boolean> {
  const others = texts.filter((t) => t !== column);
  if (others.length === 0) return false;
  const c = sqlIdent(column);
  const [row] = await ctx.engine.all(
    `SELECT count(*) AS n, count(*) FILTER (WHERE ${c} IN (${groups.map(sqlString).join(", ")})) AS in_groups, ` +
      `${others.map((o, i) => `count(DISTINCT ${sqlIdent(o)}) AS d${i}`).join(", ")} FROM ${sqlIdent(table.name)}`,
  );
  const n = Number(row?.n ?? 0);
  if (n < NAMING_MIN_ROWS || Number(row?.in_groups ?? 0) < 2 * groups.length) return false;
  return others.some((_, i) => Number(row?.[`d${i}`] ?? 0) >= NAMING_SHARE * n);
}

/** Whether a row of `table AS a` names one of the groups its column `c` holds, in SQL. */
export function groupRowTest(a: string, c: GroupColumn): string {
  return `${a}.${sqlIdent(c.name)} IN (${c.groups.map(sqlString).join(", ")})`;
}

/** A row naming a group, in file order: its row id, its label text, its value, the column and word. */
export interface GroupRow {
  r: number;
  label: string;
  v: number | null;
  column: string;
  word: string;
  others: number;
}

/**
 * The rows of `table` (aliased `a`) that name a region or group in one of its group columns, with
 * `v` (an SQL expression of the aggregated value) and `labelText` (the row's text) read for each.
 */
export async function groupRows(
  ctx: OperatorContext,
  table: TableInfo,
  a: string,
  labelText: string,
  v: string,
  max: number,
): Promise<GroupRow[]> {
  const columns = await groupLabelColumns(ctx, table);
  if (columns.length === 0) return [];
  const test = columns.map((c) => groupRowTest(a, c));
  const rows = await ctx.engine.all(
    `SELECT ${a}.rowid AS r, ${labelText} AS label, ${v} AS v, ` +
      `coalesce(${test.map((t, i) => `CASE WHEN ${t} THEN ${i} END`).join(", ")}) AS lc, ` +
      `coalesce(${test.map((t, i) => `CASE WHEN ${t} THEN ${a}.${sqlIdent(columns[i]!.name)} END`).join(", ")}) AS lv ` +
      `FROM ${sqlIdent(table.name)} AS ${a} WHERE ${test.join(" OR ")} ORDER BY r LIMIT ${max}`,
  );
  return rows.map((row) => {
    const column = columns[Number(row.lc)]!;
    return {
      r: Number(row.r),
      label: String(row.label),
      v: row.v === null ? null : Number(row.v),
      column: column.name,
      word: String(row.lv),
      others: column.others,
    };
  });
}
