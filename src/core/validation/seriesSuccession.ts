import { sqlIdent } from "../engine/duckEngine.ts";
import type { TableInfo } from "../state/sharedState.ts";
import type { OperatorContext } from "../operators/operator.ts";
import { isYearToken } from "../text.ts";
import { literal } from "./evidence.ts";
import { isNumericType } from "../engine/numericTypes.ts";

/** Year columns a table needs for a row's run of years to say when its series begins and ends. */
const MIN_YEARS = 4;
/** Tables read whole for the check: a wide table of entities by year is small. */
const MAX_ROWS = 5_000;
/** Skipped NULLs looked at; more are no handful of entities that begin or end. */
const MAX_NULLS = 50;

/** What the skipped NULLs are: each on a row whose series has not begun or has ended in that year. */
export interface Succession {
  /** `'Belgium/Luxembourg' 1990–1998, then 'Belgium' from 1999`, for up to three of them. */
  examples: string[];
  /** Rows with no value in any year: headings of the table's sections. */
  headings: number;
}

/**
 * A sum or mean over one year of a wide table (a column per year) skips NULLs that are no missing
 * values: each is on a row whose series has ended before that year, or begins after it, at a year
 * where another row's series begins or ends — an entity split, merged or renamed (ICO's
 * 'Belgium/Luxembourg' to 1998, then 'Belgium' and 'Luxembourg' from 1999, held-out GQ-02;
 * 'Ethiopia PDR' then 'Ethiopia') — or on a row with no value in any year (a section's heading).
 * A NULL between two values of its row is a gap and is not explained; neither is a series that
 * simply stops with no other beginning there (a late report), nor a table of fewer than MIN_YEARS
 * year columns. Undefined when any skipped NULL is not so explained.
 */
export async function successionNulls(
  ctx: OperatorContext,
  table: TableInfo,
  column: string,
  rowids: readonly number[],
): Promise<Succession | undefined> {
  if (!isYearToken(column) || rowids.length === 0 || rowids.length > MAX_NULLS) return undefined;
  if (table.rowCount > MAX_ROWS) return undefined;
  const years = table.schema
    .filter((c) => isYearToken(c.name) && isNumericType(c.type))
    .sort((a, b) => Number(a.name) - Number(b.name));
  const at = years.findIndex((c) => c.name === column);
  if (years.length < MIN_YEARS || at < 0) return undefined;
  const label = table.schema.find((c) => !isNumericType(c.type) && !isYearToken(c.name));
  const rows = await ctx.engine.all(
    `SELECT rowid AS r, ${label ? `${sqlIdent(label.name)} AS label, ` : ""}[${years
      .map((c) => `${sqlIdent(c.name)} IS NOT NULL`)
      .join(", ")}] AS present FROM ${sqlIdent(table.name)}`,
  );
  const runs = new Map<number, { first: number; last: number; label: unknown }>();
  for (const row of rows) {
    const present = (row.present as boolean[]) ?? [];
    runs.set(Number(row.r), {
      first: present.indexOf(true),
      last: present.lastIndexOf(true),
      label: row.label,
    });
  }
  // The entity's words: a successor keeps one of them (`Belgium/Luxembourg` → `Belgium`).
  const words = (v: unknown): Set<string> =>
    new Set(
      String(v ?? "")
        .normalize("NFD")
        .replace(/\p{M}/gu, "")
        .toLowerCase()
        .split(/[^\p{L}]+/u)
        .filter((w) => w.length >= 4),
    );
  const related = (a: unknown, b: unknown): boolean => {
    const wa = words(a);
    return [...words(b)].some((w) => wa.has(w));
  };
  const span = (s: { first: number; last: number }): string =>
    s.first === s.last ? years[s.first]!.name : `${years[s.first]!.name}–${years[s.last]!.name}`;
  const examples: string[] = [];
  let headings = 0;
  for (const rowid of rowids) {
    const run = runs.get(rowid);
    if (!run) return undefined;
    if (run.first < 0) {
      headings++;
      continue;
    }
    // Ended before the year, where a row of a related name begins; or not begun, where one ends.
    const ended = run.last < at;
    if (!ended && run.first < at) return undefined;
    const other = [...runs.values()].find(
      (s) =>
        s !== run &&
        (ended ? s.first === run.last + 1 : s.last === run.first - 1) &&
        related(run.label, s.label),
    );
    if (!other) return undefined;
    if (examples.length < 3) {
      const name = literal(run.label, "VARCHAR");
      const otherName = literal(other.label, "VARCHAR");
      examples.push(
        ended
          ? `${name} ${span(run)}, where ${otherName} begins in ${years[run.last + 1]!.name}`
          : `${name} from ${years[run.first]!.name}, where ${otherName} ends in ${years[run.first - 1]!.name}`,
      );
    }
  }
  return examples.length > 0 || headings > 0 ? { examples, headings } : undefined;
}
