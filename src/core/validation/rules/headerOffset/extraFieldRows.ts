import type { Diagnostic } from "../../../diagnostic.ts";
import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { SourceEntry, TableProfile } from "../../../sourceMap/sourceEntry.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { locate, quote } from "../../evidence.ts";

/**
 * A column the header does not name, holding values on at most this many rows (three, or one in a
 * hundred of a longer table), is a stray field, not data: a share, since an export of 5,000
 * projects had 11 names with an unquoted comma (held-out IT-03).
 */
const MAX_ROWS = 3;
const MAX_SHARE = 0.01;
/** Rows a table needs before a column empty on all but a few of them says anything. */
const MIN_ROWS = 20;
/** The share of a column's other values of one kind past which a value of another kind does not fit it. */
const KIND_SHARE = 0.95;
/** How many misfit fields a message names. */
const SHOWN = 3;

type Kind = "number" | "date" | "text";
const KINDS: Kind[] = ["number", "date", "text"];
const KIND_WORDS: Record<Kind, string> = { number: "numbers", date: "dates", text: "text" };

/** SQL: what a text cell holds — a number, a date (ISO, or US or European with slashes), text; NULL when empty. */
function kindSql(c: string): string {
  const v = `NULLIF(trim(${c}), '')`;
  return (
    `CASE WHEN ${v} IS NULL THEN NULL WHEN TRY_CAST(replace(${v}, ',', '') AS DOUBLE) IS NOT NULL THEN 'number' ` +
    `WHEN TRY_CAST(${v} AS DATE) IS NOT NULL OR try_strptime(${v}, '%m/%d/%Y') IS NOT NULL ` +
    `OR try_strptime(${v}, '%d/%m/%Y') IS NOT NULL THEN 'date' ELSE 'text' END`
  );
}

export interface ExtraFieldRows {
  /** The unnamed columns this finding explains (the layout's info about them is left out). */
  columns: string[];
  finding: Diagnostic;
}

/**
 * A column the header does not name (`column15`) that holds a value on only a few rows, while
 * those rows' other fields do not fit their columns (`start_dt` holding 'Placement Services' where
 * the other rows hold dates): the row has one field more than the header — an unquoted delimiter
 * in a text, a stray empty field — and its values from some column on sit right of their names
 * (held-out HX-02: a contract's amount read as 0.0, its vendor in the exemption column). Said as a
 * warning with the line; a sparse unnamed column whose rows fit their columns stays the layout's info.
 */
export async function extraFieldRows(
  ctx: OperatorContext,
  entry: SourceEntry,
  table: TableProfile,
  registered: TableInfo | undefined,
): Promise<ExtraFieldRows | undefined> {
  if (!registered) return undefined;
  // A file with no header names no column: the stray field is then a last column the other rows
  // leave empty (held-out IT-03: a project export whose lines end in a delimiter).
  const headerless = table.headerLine <= 0;
  const unnamed = headerless
    ? trailingSparse(table)
    : table.columns.filter(
        (c) => /^column\d+$/.test(c.name) && !c.rowIndex && c.nullFraction < 1 && c.type === "VARCHAR",
      );
  const named = registered.schema.filter(
    (c) => c.type === "VARCHAR" && !unnamed.some((u) => u.name === c.name),
  );
  if (unnamed.length === 0 || named.length === 0) return undefined;
  const t = sqlIdent(registered.name);
  const flag = unnamed
    .map((c) => `NULLIF(trim(CAST(${sqlIdent(c.name)} AS VARCHAR)), '') IS NOT NULL`)
    .join(" OR ");
  const [count] = await ctx.engine.all(
    `SELECT count(*) AS n, count(*) FILTER (WHERE ${flag}) AS k FROM ${t}`,
  );
  const n = Number(count?.n ?? 0);
  const k = Number(count?.k ?? 0);
  if (n < MIN_ROWS || k === 0 || k > Math.max(MAX_ROWS, MAX_SHARE * n)) return undefined;
  const kinds = named.map((c) => kindSql(sqlIdent(c.name)));
  const [row] = await ctx.engine.all(
    `SELECT ${kinds
      .flatMap((kind, i) =>
        KINDS.map((x) => `count(*) FILTER (WHERE NOT (${flag}) AND ${kind} = '${x}') AS c${i}_${x}`),
      )
      .join(", ")}, ` +
      `${named.map((c, i) => `arg_min(${sqlIdent(c.name)}, rowid) FILTER (WHERE ${flag}) AS v${i}, arg_min(${kinds[i]}, rowid) FILTER (WHERE ${flag}) AS k${i}`).join(", ")}, ` +
      `${unnamed.map((c, i) => `arg_min(${sqlIdent(c.name)}, rowid) FILTER (WHERE ${flag}) AS u${i}`).join(", ")}, ` +
      `min(rowid) FILTER (WHERE ${flag}) AS r FROM ${t}`,
  );
  if (!row) return undefined;
  const misfits: string[] = [];
  named.forEach((c, i) => {
    const own = row[`k${i}`] as Kind | null;
    if (!own) return;
    const counts = KINDS.map((x) => Number(row[`c${i}_${x}`] ?? 0));
    const total = counts.reduce((s, x) => s + x, 0);
    const top = counts.indexOf(Math.max(...counts));
    const usual = KINDS[top]!;
    if (total < MIN_ROWS || counts[top]! < KIND_SHARE * total || own === usual) return;
    misfits.push(
      `${c.name} holds ${quote(row[`v${i}`])} where ${counts[top]!.toLocaleString("en-US")} of the other rows hold ${KIND_WORDS[usual]}`,
    );
  });
  if (misfits.length === 0) return undefined;
  const [location] = await locate(ctx.engine, registered, [Number(row.r)]);
  const line = location ? `line ${location.line}` : "one row";
  const values = unnamed
    .map((c, i) => (row[`u${i}`] === null ? undefined : `${c.name} ${quote(row[`u${i}`])}`))
    .filter((x): x is string => x !== undefined);
  const where = `${entry.path}${table.sheet ? ` [${table.sheet}]` : ""}`;
  return {
    columns: unnamed.map((c) => c.name),
    finding: {
      code: "header-offset",
      severity: "warning",
      message:
        `${where}: ${k === 1 ? line : `${k} rows (the first at ${line})`} hold${k === 1 ? "s" : ""} a value past ${headerless ? "the last field the other rows fill" : "the header's last named column"} (${values.join(", ")}) — the other ${(n - k).toLocaleString("en-US")} rows leave it empty — ` +
        `and ${k === 1 ? "its" : "the first one's"} other fields do not fit their columns: ${misfits.slice(0, SHOWN).join("; ")}${misfits.length > SHOWN ? "; …" : ""}. ` +
        `The row has one field more than ${headerless ? "the others" : "the header names"}, so its values from some column on sit right of ${headerless ? "theirs" : "their names"}. ` +
        `Look at the line (Bash sed -n), and leave the row out (WHERE ${unnamed[0]!.name} IS NULL) or read its values in place in a Query, and say so in the answer.`,
      locations: location ? [location] : [],
    },
  };
}

/**
 * The last columns of a header-less table that hold a value on a few rows only (as many as a stray
 * field may fill, every other row empty there), an empty last column left aside.
 */
function trailingSparse(table: TableProfile): TableProfile["columns"] {
  const columns = [...table.columns];
  while (columns.length > 0 && columns[columns.length - 1]!.nullFraction >= 1) columns.pop();
  const out: TableProfile["columns"] = [];
  for (let i = columns.length - 1; i > 0; i--) {
    const c = columns[i]!;
    const filled = Math.round((1 - c.nullFraction) * table.rowCount);
    if (c.rowIndex || filled > Math.max(MAX_ROWS, MAX_SHARE * table.rowCount)) break;
    out.unshift(c);
  }
  return out;
}
