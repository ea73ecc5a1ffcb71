import type { Diagnostic } from "../../../diagnostic.ts";
import type { DuckEngine } from "../../../engine/duckEngine.ts";
import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { UnionScanObservation } from "../../../operators/unionScan/unionScanObservation.ts";
import { walk } from "../../../sandbox/sqlGate.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { isAdditive } from "../../aggregates.ts";
import { at, locate, present, quote } from "../../evidence.ts";
import { columnRefs, filterFor, resolveColumn, scopeOf, selectNodes } from "../../sqlFacts.ts";
import type { Json } from "../../sqlFacts.ts";
import { memoized } from "../../tableMemo.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { unionWithoutCopies } from "../../effect/unionWithoutCopies.ts";
import { unionDuplicateRowsDoc } from "./unionDuplicateRowsDoc.ts";
import { groupingItems } from "../../groupingItems.ts";
import { isNumericType, isWholeNumberType } from "../../../engine/numericTypes.ts";

const SHOWN = 5;
/** Values of a duplicated row shown in the message. */
const VALUES_SHOWN = 8;

type Column = TableInfo["schema"][number];

/**
 * The columns rows are compared on: the data columns every file of the union holds, less each
 * file's own row numbers. A column one file lacks is NULL on all its rows (the union reads files
 * by name), and a release that inserted rows renumbers a running `Id`; either way a later release
 * has no row equal to its predecessor's, though every row the older one has is there again, value
 * for value (held-out IC-08: two downloads of one export table — the newer with a `2022` column and
 * four more countries, so its `Id`s moved — and `sum("2009")` twice the true figure). Judged on
 * the whole union; when a column is left aside, only with a measure and a name among the rest:
 * names alone match across unrelated files.
 */
async function columnsToCompare(
  engine: DuckEngine,
  info: TableInfo,
  data: Column[],
  src: string,
): Promise<Compared> {
  if (data.length < 2) return { columns: data, aside: [] };
  const t = sqlIdent(info.name);
  // Per file, how many rows fill each column: plain counts (a DISTINCT count per column of a
  // 293-column union took each its own hash table, and DuckDB ran out of memory: held-out JP-02).
  const perFileCounts = await engine.all(
    `SELECT ${data.map((c, i) => `count(${sqlIdent(c.name)}) AS h${i}`).join(", ")} FROM ${t} GROUP BY ${src}`,
  );
  const files = perFileCounts.length;
  const held: Record<string, number> = Object.fromEntries(
    data.map((_, i) => [`h${i}`, perFileCounts.filter((r) => Number(r[`h${i}`] ?? 0) > 0).length]),
  );
  if (files < 2) return { columns: data, aside: [] };
  // Whole-number columns only: a list of structs holding a BIGINT field is no numbering.
  const integers = data.filter((c) => isWholeNumberType(c.type));
  const numbered = new Set<string>();
  if (integers.length > 0) {
    const perFile = await engine.all(
      `SELECT count(*) AS n, ${integers
        .map((c, i) => {
          const col = sqlIdent(c.name);
          return `min(${col}) = 1 AND max(${col}) = count(*) AND count(DISTINCT ${col}) = count(*) AS k${i}`;
        })
        .join(", ")} FROM ${t} GROUP BY ${src}`,
    );
    integers.forEach((c, i) => {
      if (perFile.every((r) => r[`k${i}`] === true && Number(r.n) > 1)) numbered.add(c.name);
    });
  }
  const missing = data.filter((_, i) => Number(held?.[`h${i}`] ?? 0) < files).map((c) => c.name);
  const shared = data.filter((c) => !numbered.has(c.name) && !missing.includes(c.name));
  if (shared.length === data.length) return { columns: data, aside: [] };
  const aside = [
    ...(missing.length > 0 ? [`${names(missing)}, which only some files hold`] : []),
    ...(numbered.size > 0
      ? [`${names([...numbered])}, which number${numbered.size === 1 ? "s" : ""} each file's rows 1, 2, 3, …`]
      : []),
  ];
  const both = shared.some((c) => isNumericType(c.type)) && shared.some((c) => !isNumericType(c.type));
  return { columns: both ? shared : [], aside };
}

/** Column names as a message lists them, the first few. */
function names(list: string[]): string {
  const shown = list.slice(0, VALUES_SHOWN).map((c) => `"${c}"`);
  return `${shown.join(", ")}${list.length > VALUES_SHOWN ? ", …" : ""}`;
}

interface Compared {
  columns: Column[];
  /** What was left out of the comparison, and why (empty when rows are compared whole). */
  aside: string[];
}

interface Duplicates {
  groups: number;
  rows: Record<string, unknown>[];
  columns: string[];
  /** What was left out of the comparison, and why (columnsToCompare). */
  aside: string[];
}

/**
 * Rows identical in more than one file of a union, among the rows `filter` keeps (alias `u`).
 * Coincidences are told apart from copies by the entities (text columns) found in several files:
 * when most of them carry the same values in every file (a multi-state area listed by both states,
 * an overlapping export, a copied file), the identical rows are copies; when most differ (monthly
 * counts per category), an equal pair is a coincidence and nothing is reported.
 */
async function duplicates(
  engine: DuckEngine,
  info: TableInfo,
  filter: string,
  alias = "u",
): Promise<Duplicates> {
  return memoized(info, `dups:${alias}:${filter}`, async () => {
    const u = sqlIdent(alias);
    const source = (info.provenance.sourceColumn ?? "").toLowerCase();
    const src = sqlIdent(info.schema.find((c) => c.name.toLowerCase() === source)?.name ?? source);
    const all = info.schema.filter((c) => c.name.toLowerCase() !== source);
    const compared = await memoized(info, "dups:compared", () => columnsToCompare(engine, info, all, src));
    const data = compared.columns;
    const cols = data.map((c) => `${u}.${sqlIdent(c.name)}`);
    // Entities are named by the columns that are not measures: text, dates and times, flags (a
    // station on a day, a metro area) — numbers are the measures they carry.
    const measure = (type: string): boolean => isNumericType(type);
    const text = data.filter((c) => !measure(c.type)).map((c) => `${u}.${sqlIdent(c.name)}`);
    const rest = data.filter((c) => measure(c.type)).map((c) => `${u}.${sqlIdent(c.name)}`);
    if (cols.length === 0) return { groups: 0, rows: [], columns: [], aside: [] };
    const from = `FROM ${sqlIdent(info.name)} AS ${u} WHERE (${filter}) AND NOT (${cols.map((c) => `${c} IS NULL`).join(" AND ")})`;
    if (text.length > 0 && rest.length > 0) {
      const [share] = await engine.all(
        `SELECT count(*) AS shared, count(*) FILTER (WHERE variants = 1) AS same FROM ` +
          `(SELECT count(DISTINCT ${u}.${src}) AS files, count(DISTINCT hash(${rest.join(", ")})) AS variants ${from} GROUP BY hash(${text.join(", ")})) WHERE files > 1`,
      );
      if (Number(share?.same ?? 0) * 2 < Number(share?.shared ?? 0))
        return { groups: 0, rows: [], columns: [], aside: [] };
    }
    // Rows are grouped by a hash of their values, not by the values: a union of wide files (290
    // columns of lineups, lists among them: held-out JP-02) grouped by every column ran DuckDB
    // out of memory. The shown rows are read back by their first rowid.
    const rows = await engine.all(
      `WITH __radar_d AS (SELECT list(DISTINCT ${u}.${src} ORDER BY ${u}.${src}) AS labels, min(${u}.rowid) AS r ` +
        `${from} GROUP BY hash(${cols.join(", ")}) HAVING count(DISTINCT ${u}.${src}) > 1), ` +
        `__radar_n AS (SELECT count(*) AS groups FROM __radar_d), ` +
        `__radar_f AS (SELECT * FROM __radar_d ORDER BY r LIMIT ${SHOWN}) ` +
        `SELECT ${cols.map((c, i) => `${c} AS c${i}`).join(", ")}, __radar_f.labels, __radar_f.r, __radar_n.groups ` +
        `FROM __radar_f JOIN ${sqlIdent(info.name)} AS ${u} ON ${u}.rowid = __radar_f.r, __radar_n ORDER BY __radar_f.r`,
    );
    return {
      groups: Number(rows[0]?.groups ?? 0),
      rows,
      columns: data.map((c) => c.name),
      aside: compared.aside,
    };
  });
}

async function describe(
  engine: DuckEngine,
  info: TableInfo,
  dups: Duplicates,
): Promise<{ text: string; locations: ReturnType<typeof present> }> {
  const locations = await locate(
    engine,
    info,
    dups.rows.map((r) => Number(r.r)),
  );
  // A wide row (a column per year) is shown by its first values: the line cited holds the rest.
  const values = (r: Record<string, unknown>): string => {
    const all = dups.columns.map((_, k) => quote(r[`c${k}`]));
    return all.length > VALUES_SHOWN ? `${all.slice(0, VALUES_SHOWN).join(", ")}, …` : all.join(", ");
  };
  const shown = dups.rows.map(
    (r, i) => `(${values(r)}) in ${(r.labels as unknown[]).join(" and ")}${at(locations[i])}`,
  );
  const aside =
    dups.aside.length === 0
      ? ""
      : ` (rows compared on their other ${dups.columns.length} columns, leaving aside ${dups.aside.join(" and ")})`;
  return {
    text: `${shown.join("; ")}${dups.groups > dups.rows.length ? "; …" : ""}${aside}`,
    locations: present(locations),
  };
}

/**
 * A grouping expression that names one file per group: it is equated with the file column in a
 * join condition or the WHERE, through an expression of its own columns only — `GROUP BY ne.Name`
 * with `ON replace(ne.Name, ' ', '') = st.src` (a per-state count of the state files' rows).
 */
function namesTheFile(group: Json, select: Json, isFile: (n: Json | undefined) => boolean): boolean {
  const last = (r: string[]): string => (r[r.length - 1] ?? "").toLowerCase();
  const own = new Set(columnRefs(group).map(last));
  if (own.size === 0) return false;
  const conditions: unknown[] = [select.where_clause];
  walk(select.from_table, (n) => {
    if (n.type === "JOIN") conditions.push(n.condition);
  });
  let names = false;
  walk(conditions, (n) => {
    if (names || n.class !== "COMPARISON" || n.type !== "COMPARE_EQUAL") return;
    const [a, b] = [n.left as Json | undefined, n.right as Json | undefined];
    const other = isFile(a) ? b : isFile(b) ? a : undefined;
    const refs = other ? columnRefs(other).map(last) : [];
    if (refs.length > 0 && refs.every((r) => own.has(r))) names = true;
  });
  return names;
}

/** A constant 0, 1 or NULL: the branches of a CASE that turns rows into a count. */
function countingConstant(n: Json | undefined): boolean {
  if (!n) return true;
  if (n.class !== "CONSTANT") return false;
  const v = n.value as { is_null?: boolean; value?: unknown };
  return v.is_null === true || v.value === 0 || v.value === 1;
}

/**
 * A SELECT that counts the union's rows next to the distinct entities among them —
 * `count(*) AS rows_all, count(DISTINCT "Sample ID") AS samples` — and does nothing else with them
 * but count (count, count_if, a sum of a 0/1 CASE): it measures the repetition, and its own result
 * shows both numbers side by side.
 */
function measuresRepetition(select: Json, alias: string, scope: ReturnType<typeof scopeOf>): boolean {
  let distinctCount = false;
  let valueAggregate = false;
  const readsAlias = (n: unknown): boolean =>
    columnRefs(n).some((r) => resolveColumn(r, scope)?.alias === alias);
  walk([select.select_list, select.having], (n) => {
    if (n.class !== "FUNCTION") return;
    const name = String(n.function_name).toLowerCase();
    const children = (n.children as Json[] | undefined) ?? [];
    if (name === "count" && n.distinct === true) {
      if (readsAlias(children)) distinctCount = true;
      return;
    }
    if (name === "count_star" || name === "count" || name === "count_if") return;
    if (!isAdditive(name)) return;
    const only = children[0];
    const countsRows =
      (name === "sum" || name === "fsum") &&
      children.length === 1 &&
      only?.class === "CASE" &&
      ((only.case_checks as { then_expr?: Json }[] | undefined) ?? []).every((c) =>
        countingConstant(c.then_expr),
      ) &&
      countingConstant(only.else_expr as Json | undefined);
    if (!countsRows) valueAggregate = true;
  });
  return distinctCount && !valueAggregate;
}

/** SELECTs that sum or count rows of a union table directly (not through a DISTINCT subquery). */
function aggregatingSelects(
  statement: Json,
  ctx: { state: Parameters<typeof scopeOf>[1] },
): { select: Json; alias: string; info: TableInfo }[] {
  const out: { select: Json; alias: string; info: TableInfo }[] = [];
  for (const select of selectNodes(statement)) {
    if (((select.modifiers as Json[]) ?? []).some((m) => m.type === "DISTINCT_MODIFIER")) continue;
    let aggregates = false;
    walk([select.select_list, select.having], (n) => {
      if (n.class !== "FUNCTION") return;
      const name = String(n.function_name).toLowerCase();
      if ((isAdditive(name) && !n.distinct) || name === "count_star") aggregates = true;
    });
    if (!aggregates) continue;
    const scope = scopeOf(select.from_table, ctx.state);
    for (const [alias, info] of scope) {
      // A union read through a CTE or subquery that dropped the file column: no file to tell rows by.
      const fileColumn = info.provenance.sourceColumn?.toLowerCase();
      if (info.provenance.kind !== "union" || !fileColumn) continue;
      if (!info.schema.some((c) => c.name.toLowerCase() === fileColumn)) continue;
      // Grouped by file, each group sums one file: nothing is counted twice within a group.
      const source = (info.provenance.sourceColumn ?? "").toLowerCase();
      const isFile = (g: Json | undefined): boolean => {
        const names = g?.class === "COLUMN_REF" ? (g.column_names as string[]) : [];
        return names.length > 0 && names[names.length - 1]!.toLowerCase() === source;
      };
      // `GROUP BY 1`, an alias, GROUP BY ALL: the expressions they stand for (held-out KP-09:
      // `SELECT src, count(*) … GROUP BY 1`, one count per release of the fireball table).
      const groups = groupingItems(select).map((g) => g.expression);
      if (groups.some(isFile) || groups.some((g) => namesTheFile(g, select, isFile))) continue;
      if (measuresRepetition(select, alias, scope)) continue;
      out.push({ select, alias, info });
    }
  }
  return out;
}

/**
 * `union-duplicate-rows`: identical rows in more than one unioned file — a metropolitan area
 * spanning two states, listed in both states' files; overlapping exports; a copied file. The
 * UnionScan reports them as `info`; a Query that sums or counts over the union while they are
 * still in it gets a `warning`, since it counts them once per file.
 */
export const unionDuplicateRowsRule: ValidationRule = {
  code: unionDuplicateRowsDoc.code,
  runOrder: 120,
  phase: "after",
  ops: ["UnionScan", "Query"],
  inputsOnly: false,
  async check({ op, observation, ctx, sql }) {
    if (op === "UnionScan") {
      const info = ctx.state.table((observation as UnionScanObservation).table);
      if (!info || (observation as UnionScanObservation).sources.length < 2) return [];
      const dups = await duplicates(ctx.engine, info, "TRUE");
      if (dups.groups === 0) return [];
      const { text, locations } = await describe(ctx.engine, info, dups);
      return [
        {
          code: "union-duplicate-rows",
          severity: "info",
          message: `${dups.groups} row(s) appear identically in more than one file: ${text}. A sum or count over this union would count them once per file; deduplicate (SELECT DISTINCT over the data columns) where they are the same entity.`,
          locations,
        },
      ];
    }
    if (!sql) return [];
    const out: Diagnostic[] = [];
    for (const { select, alias, info } of aggregatingSelects(sql.statement, ctx)) {
      const filter = await filterFor(ctx.engine, select, alias, ctx.state);
      const dups = await duplicates(ctx.engine, info, filter, alias);
      if (dups.groups === 0) continue;
      const { text, locations } = await describe(ctx.engine, info, dups);
      out.push({
        code: "union-duplicate-rows",
        severity: "warning",
        message: `This query sums or counts over ${info.name}, which holds ${dups.groups} row(s) identical across files: ${text}. Each is counted once per file. Deduplicate first (SELECT DISTINCT over the data columns, or keep one file per entity).`,
        locations,
        remedy: unionWithoutCopies(info, dups.groups, dups.columns),
      });
    }
    return out;
  },
};
