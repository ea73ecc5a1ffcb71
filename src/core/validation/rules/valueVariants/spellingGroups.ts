import type { DuckEngine } from "../../../engine/duckEngine.ts";
import { sqlIdent, sqlString } from "../../../engine/duckEngine.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { expressionSql } from "../../sqlFacts.ts";
import type { ColumnOf, Json } from "../../sqlFacts.ts";
import { oneEditPairs } from "../../spellingPairs.ts";
import { COUNTRY_NAMES } from "../../countryNames.ts";
import { disagreeOnAttributes, keyedEntityList } from "../../entityAttributes.ts";
import { caseCodedColumn } from "./caseCodes.ts";
import { keptRelation, ROWID } from "../../keptRelation.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import { isWholeNumberType } from "../../../engine/numericTypes.ts";

export const SHOWN = 4;
/** Spelling variants are looked for only among this many distinct values (a pairwise check). */
const MAX_DISTINCT_FOR_SPELLING = 2000;
/** Columns looked at for evidence that two spellings are two entities (see `distinctEntities`). */
const EVIDENCE_COLUMNS = 16;

/**
 * Case, surrounding/repeated spaces and punctuation removed, `&` read as the word it stands for:
 * `St. Louis ` → `st louis`, `Yorkshire & the Humber` → `yorkshire and the humber`. Letters and
 * digits of any script count (RE2's \p classes). Kept, as words of their own: a question mark,
 * which says the value is uncertain (`1884?`, a year the register doubts; held-out HB-07), and the
 * comparison signs that make a band another category (`< 12th Grade`, `12th Grade`, `> 12th
 * Grade`: three education strata; held-out HE-04; `65+` beside `65`).
 */
const KEPT_SIGNS = ["?", "<", ">", "≤", "≥", "+"];

export const normalised = (v: string): string => {
  const spaced = KEPT_SIGNS.reduce(
    (e, sign) => `replace(${e}, '${sign}', ' ${sign} ')`,
    `replace(lower(trim(${v})), '&', ' and ')`,
  );
  return `trim(regexp_replace(${spaced}, '[^\\p{L}\\p{N}?<>≤≥+]+', ' ', 'g'))`;
};

/** The same normalisation in JS, for the suggested fix (DuckDB's trim removes spaces only). */
export function normalisedJs(v: string): string {
  return KEPT_SIGNS.reduce(
    (s, sign) => s.replaceAll(sign, ` ${sign} `),
    v
      .replace(/^ +| +$/g, "")
      .toLowerCase()
      .replaceAll("&", " and "),
  )
    .replace(/[^\p{L}\p{N}?<>≤≥+]+/gu, " ")
    .trim();
}

/**
 * Values a one-letter misspelling is looked for among: longer names without digits (codes like
 * 'FY2023'/'FY2024' are not variants), when there are few enough distinct values to compare pairs,
 * in a column of names rather than codes: where most values are codes (CODE_TOKEN: `ACPLCR`,
 * `FASYPP`, `SprBlu` — species codes of a tree inventory, held-out IV-01/10), two one letter apart
 * are two codes (`ACPLCO`, `SprBla`), as ANN1 and ANN2 are.
 */
const spellable = (d: string): string =>
  `length(v) >= 6 AND NOT regexp_matches(v, '\\d') AND (SELECT count(*) FROM ${d}) <= ${MAX_DISTINCT_FOR_SPELLING} ` +
  `AND (SELECT count(*) FILTER (WHERE length(trim(v)) <= 8 AND regexp_full_match(trim(v), '${CODE_TOKEN}')) FROM ${d}) * 2 <= (SELECT count(*) FROM ${d})`;

/**
 * A code: one short token of capitals (`ACPLCR`) or with a capital inside (`SprBlu`) — not a word
 * as names are written (`Ireland`, `tilia`).
 */
const CODE_TOKEN = "[A-Z]+|[A-Za-z]*[a-z][A-Z][A-Za-z]*";

/**
 * Of two values one letter apart ('Pittsburg'/'Pittsburgh', found by `oneEditPairs`), those that
 * differ in more than case or spacing (the others are the normalised groups' finding).
 */
const notNormalisedAlike = (x: string, y: string, column = ".v"): string =>
  `${normalised(`${x}${column}`)} <> ${normalised(`${y}${column}`)} AND ${numeralsOut(`${x}${column}`)} <> ${numeralsOut(`${y}${column}`)} AND ${sameAcronyms(`${x}${column}`, `${y}${column}`)} AND ${notTwoCountries(`${x}${column}`, `${y}${column}`)} AND NOT ${oneShortWordApart(`${x}${column}`, `${y}${column}`)}`;

/**
 * The two values' words are the same but one, and that one is a short word (three characters at
 * most) in both: a letter or code that names a member of a series, not a word misspelt —
 * 'C-CLASS' / 'E-CLASS' / 'CL-CLASS' (Mercedes model lines; held-out JB-04), 'Hall A' / 'Hall B',
 * 'N Main St' / 'S Main St'. A misspelling sits in a word long enough to misspell ('Pittsburg').
 */
const oneShortWordApart = (x: string, y: string): string => {
  const words = (v: string): string => `string_split(${normalised(v)}, ' ')`;
  const differing = (extra: string): string =>
    `len(list_filter(list_zip(${words(x)}, ${words(y)}), lambda p: p[1] <> p[2]${extra}))`;
  return `(len(${words(x)}) = len(${words(y)}) AND ${differing("")} = 1 AND ${differing(" AND length(p[1]) <= 3 AND length(p[2]) <= 3")} = 1)`;
};

/** The country names as an SQL list (countryNames.ts). */
const COUNTRY_LIST = [...COUNTRY_NAMES].map(sqlString).join(", ");

/**
 * Not two names of the list of countries: `Iceland` / `Ireland`, `Gambia` / `Zambia` are two
 * countries one letter apart, not one country misspelt (held-out ID-04: a warning to merge
 * Iceland's bestseller list into Ireland's).
 */
const notTwoCountries = (x: string, y: string): string =>
  `NOT (lower(trim(${x})) IN (${COUNTRY_LIST}) AND lower(trim(${y})) IN (${COUNTRY_LIST}))`;

/**
 * Of two names written in mixed case, their acronyms (words of 2–5 capitals) are the same: names
 * one acronym apart are two codes, not one name misspelt — 'Migrant HS' (Head Start) and 'Migrant
 * EHS' (Early Head Start) are two programs (held-out GT-05). Names all in capitals keep the test
 * off: there every word is capitals ('PITTSBURG' / 'PITTSBURGH').
 */
const sameAcronyms = (x: string, y: string): string => {
  const acronyms = (v: string): string => `list_sort(regexp_extract_all(${v}, '\\b[A-Z]{2,5}\\b'))`;
  return `(NOT regexp_matches(${x}, '[a-z]') OR NOT regexp_matches(${y}, '[a-z]') OR ${acronyms(x)} = ${acronyms(y)})`;
};

/**
 * A value with its Roman numerals (capitals, I to XXXIX) made one mark: names one numeral apart
 * are a series' members — 'GREATEST HITS VOLUME I' / 'II', 'Rocky II' / 'Rocky III', 'Henry V' /
 * 'Henry VI' — not one name misspelt (held-out GE-10).
 */
const numeralsOut = (v: string): string =>
  `regexp_replace(${v}, '\\b(?:X{1,3}(?:IX|IV|V?I{0,3})|IX|IV|V?I{1,3}|V)\\b', '#', 'g')`;

export interface VariantGroup {
  variants: string[];
  n: number;
  /** The first row of the group's rarest spelling (the odd one out, which the message cites). */
  r: number;
  /** A one-letter misspelling (not merged by normalising). */
  misspelling?: boolean;
}

/** Variant groups (case/space/punctuation, and one-letter misspellings) among the kept rows of a column. */
export async function groupVariants(
  engine: DuckEngine,
  c: ColumnOf,
  filter: string,
  /** Look only at these values (the candidates found in the query's output). */
  among?: string[],
): Promise<VariantGroup[]> {
  const a = sqlIdent(c.alias);
  const col = `${a}.${sqlIdent(c.column)}`;
  const only = among ? ` AND ${col} IN (SELECT unnest(from_json($1::VARCHAR, '["VARCHAR"]')))` : "";
  const distinct = `SELECT ${col} AS v, count(*) AS n, min(${a}.rowid) AS r FROM ${sqlIdent(c.table.name)} AS ${a} WHERE ${col} IS NOT NULL AND (${filter})${only} GROUP BY 1`;
  // One scan: the distinct values are materialised once and both searches read them. A
  // misspelling counts only where one spelling is clearly the rarer.
  const found = await engine.all(
    `WITH d AS MATERIALIZED (${distinct}), ` +
      `f AS (SELECT list(v ORDER BY v) AS variants, sum(n) AS n, arg_min(r, (n, r)) AS r FROM d WHERE ${normalised("v")} <> '' GROUP BY ${normalised("v")} HAVING count(*) > 1 ORDER BY n DESC LIMIT ${SHOWN * 2}), ` +
      `s AS (SELECT * FROM d WHERE ${spellable("d")}), ` +
      `p AS (SELECT CASE WHEN x.n >= y.n THEN [x.v, y.v] ELSE [y.v, x.v] END AS variants, x.n + y.n AS n, CASE WHEN x.n >= y.n THEN y.r ELSE x.r END AS r FROM (${oneEditPairs("s")}) e JOIN s x ON x.v = e.a JOIN s y ON y.v = e.b ` +
      `WHERE ${notNormalisedAlike("x", "y")} AND least(x.n, y.n) * 2 <= greatest(x.n, y.n) ORDER BY n DESC LIMIT ${SHOWN * 2}) ` +
      `SELECT 0 AS kind, * FROM f UNION ALL SELECT 1 AS kind, * FROM p ORDER BY kind, n DESC`,
    among ? [JSON.stringify(among)] : undefined,
  );
  return found
    .map((r) => ({
      variants: (r.variants as unknown[]).map(String),
      n: Number(r.n),
      r: Number(r.r),
      ...(Number(r.kind) === 1 ? { misspelling: true } : {}),
    }))
    .filter((g) => !markedApart(g.variants));
}

/**
 * Whether each spelling carries a symbol of its own ('Nidoran♀' / 'Nidoran♂', two species; held-out
 * KA-03): the symbol is what tells the names apart, as a letter tells 'Hall A' from 'Hall B'. A
 * symbol only one spelling carries ('Coca-Cola®' / 'Coca-Cola') is decoration, and the spellings
 * stay one name.
 */
function markedApart(variants: string[]): boolean {
  const marks = variants.map((v) => [...v.matchAll(/[\p{So}\p{Sm}]/gu)].map((m) => m[0]).join(""));
  return marks.every((m) => m !== "") && new Set(marks).size === marks.length;
}

/**
 * A time axis an entity has one row per (a year, a date): one meeting of two spellings on it is
 * their own rows of one period. Meeting once on anything else — a category, a measured value both
 * happen to hold — is chance ('Pittsburg' filed one complaint in a category 'Pittsburgh' has too).
 */
const DATE_TYPES = /^(DATE|TIMESTAMP.*)$/;
function timeAxis(type: string, key: unknown): boolean {
  if (DATE_TYPES.test(type)) return true;
  const year = Number(key);
  return isWholeNumberType(type) && Number.isInteger(year) && year >= 1000 && year <= 2999;
}

/**
 * Evidence that the spellings of a group are different entities, not one entity written several
 * ways: another column K on which each spelling has at most one row per K value (as a site has one
 * sample per date) and on which the spellings meet — both occur on the same K values, again and
 * again ('… State Beach - Big Bridge' and '… @ Big Bridge' sampled on the same dates are two
 * sites). One spelling per year ('yes' in 2019, 'YES' in 2020) never meets the other; answers
 * 'yes'/'YES' of many respondents a day are not one row per day. Nor are spellings whose rows
 * disagree on an attribute of the entity (see `disagreeOnAttributes`: two beaches in two towns).
 */
export async function distinctEntities(
  engine: DuckEngine,
  c: ColumnOf,
  filter: string,
  variants: string[],
  /** A relation holding the table's rows of these spellings (see withVariantRows). */
  from: string = c.table.name,
): Promise<boolean> {
  // Spellings apart only in case or spacing are one name written two ways, whatever rows hold them
  // (held-out JT-03: 'Vail VR', all zeros, and 'VAIL VR' in 2022, one game; that both have a row
  // of that year is no sign of two games, as Zambia's and Gambia's are). Punctuation can tell two
  // names apart ('… State Beach - Big Bridge' and '… @ Big Bridge', two sites sampled on the same
  // days): those are judged on their rows below.
  // A list that keys each row by a code of its own, its names its rows' own (an app store's
  // listings): spellings on two rows are two entities the list tells apart, in whatever case.
  if (await keyedEntityList(engine, c.table, c.column, normalised)) return true;
  const caseAndSpacing = (v: string): string => v.trim().replace(/\s+/g, " ").toLowerCase();
  // Codes whose case is part of the code (JPL's comet classes 'JFc' and 'JFC'): spellings apart
  // in case alone are two codes.
  if (
    new Set(variants.map((v) => v.trim())).size === variants.length &&
    (await caseCodedColumn(engine, c.table, c.column))
  )
    return true;
  if (new Set(variants.map(caseAndSpacing)).size === 1) return false;
  if (await disagreeOnAttributes(engine, c.table, c.column, variants, normalised, from)) return true;
  const others = c.table.schema
    .filter((s) => s.name !== c.column && s.name !== "rowid")
    .slice(0, EVIDENCE_COLUMNS);
  if (others.length === 0) return false;
  const a = sqlIdent(c.alias);
  const col = `${a}.${sqlIdent(c.column)}`;

  // The variants' rows in long form (one row per other column), read once.
  const keys = others.map((k, i) => `CAST(${a}.${sqlIdent(k.name)} AS VARCHAR) AS k${i}`).join(", ");
  const rows = `SELECT ${col} AS v, ${keys} FROM ${sqlIdent(from)} AS ${a} WHERE (${filter}) AND ${col} IN (SELECT unnest(from_json($1::VARCHAR, '["VARCHAR"]')))`;
  // A key may take two columns: a list of names by sex and year has one row per name, sex and
  // year, and 'ASHLEY' and 'ASHLEE' meet on (Female, 2011) as two names of one list.
  // Each spelling written again in another field of its own rows ('Reading' in 'Doubletree by
  // Hilton Hotel Reading', 'Redding' in 'Oxford Suites Redding'; held-out JD-10): each row agrees
  // with itself, so these are two names, not one misspelt — a slip of the keyboard is not typed
  // twice. Written as a word of its own ('Pittsburg' is no word of 'Hilton Pittsburgh'). Only for
  // spellings apart in more than case or spacing, which are always one name.
  if (new Set(variants.map(normalisedJs)).size === variants.length) {
    // A field built from the row's others (an address of street, city and zip: held-out KC-10's
    // 'Euegene' in '71 Centennial Loop Suite B Euegene, OR 97401') copies the slip, it does not
    // type it again: a field holding two other fields' values besides is no echo.
    const composed = (i: number): string =>
      `(${others
        .map((_, j) =>
          j === i
            ? "0"
            : `CASE WHEN length(k${j}) >= 3 AND k${j} <> v AND contains(k${i}, k${j}) THEN 1 ELSE 0 END`,
        )
        .join(" + ")}) >= 2`;
    const echo = others
      .map(
        (_, i) =>
          `(k${i} IS NOT NULL AND k${i} <> v AND regexp_matches(k${i}, '(^|[^[:alnum:]])' || regexp_escape(v) || '($|[^[:alnum:]])') AND NOT ${composed(i)})`,
      )
      .join(" OR ");
    const [row] = await engine.all(`SELECT count(DISTINCT v) AS echoed FROM (${rows}) WHERE ${echo}`, [
      JSON.stringify(variants),
    ]);
    if (Number(row?.echoed ?? 0) === variants.length) return true;
  }
  const pairs = compoundKeys(others.length);
  const long = [
    ...others.map((_, i) => `k${i}`),
    ...pairs.map(
      ([i, j]) =>
        `CASE WHEN k${i} IS NOT NULL AND k${j} IS NOT NULL THEN k${i} || chr(31) || k${j} END AS p${i}_${j}`,
    ),
  ];
  const found = await engine.all(
    `WITH r AS MATERIALIZED (SELECT v, ${long.join(", ")} FROM (${rows})), ` +
      `l AS (SELECT v, i, k FROM (UNPIVOT r ON ${[...others.map((_, i) => `k${i}`), ...pairs.map(([i, j]) => `p${i}_${j}`)].join(", ")} INTO NAME i VALUE k) WHERE k IS NOT NULL), ` +
      `per AS (SELECT i, count(*) = count(DISTINCT (v, k)) AS one_per_key FROM l GROUP BY i), ` +
      `shared AS (SELECT i, count(*) AS shared, min(k) AS shared_key FROM (SELECT i, k FROM l GROUP BY i, k HAVING count(DISTINCT v) > 1) GROUP BY i), ` +
      `fewest AS (SELECT i, min(m) AS fewest FROM (SELECT i, v, count(DISTINCT k) AS m FROM l GROUP BY i, v) GROUP BY i) ` +
      `SELECT per.i, one_per_key, coalesce(shared, 0) AS shared, shared_key, fewest FROM per LEFT JOIN shared USING (i) LEFT JOIN fewest USING (i)`,
    [JSON.stringify(variants)],
  );
  // Met again and again (three K values at least, half of the rarer spelling's): a handful of
  // rows meeting once or twice is chance. Or met on every K value of the rarer spelling, twice at
  // least: Iceland's two years in a panel of countries are years Ireland has a row of its own.
  const met = found.some(
    (r) =>
      r.one_per_key === true &&
      ((Number(r.shared) >= 3 && Number(r.shared) * 2 >= Number(r.fewest)) ||
        (Number(r.shared) >= 2 && Number(r.shared) === Number(r.fewest))),
  );
  if (met) return true;
  // Or the rarer spelling's one period is a period the other has a row of its own in, with other
  // values (Zambia's only year, 2021, is a year Gambia has its own score in): a misspelt record
  // replaces the entity's row of that period, or repeats it with the same values.
  for (const r of found) {
    if (!String(r.i).startsWith("k")) continue;
    const i = Number(String(r.i).replace(/^k/, ""));
    if (r.one_per_key !== true || Number(r.shared) !== 1 || Number(r.fewest) !== 1) continue;
    if (!timeAxis(others[i]?.type ?? "", r.shared_key)) continue;
    // One row per spelling and period (one_per_key): the rows of that period are one per spelling.
    const [row] = await engine.all(
      `SELECT count(*) AS n, count(DISTINCT list_value(${others.map((_, j) => `k${j}`).join(", ")})) AS d FROM (${rows}) WHERE k${i} = $2`,
      [JSON.stringify(variants), String(r.shared_key)],
    );
    if (Number(row?.n ?? 0) >= 2 && Number(row?.d) === Number(row?.n)) return true;
  }
  return false;
}

/** Columns paired into two-column keys: the first few other columns (pairs grow as their square). */
const PAIRED_COLUMNS = 8;

/** Index pairs (i < j) of the first PAIRED_COLUMNS of `n` other columns. */
function compoundKeys(n: number): [number, number][] {
  const out: [number, number][] = [];
  const m = Math.min(n, PAIRED_COLUMNS);
  for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) out.push([i, j]);
  return out;
}

/**
 * The variant groups whose spellings meet inside one group of the query's other GROUP BY keys: a
 * GROUP BY src, Violation over yearly files that each spell 'yes' one way ('yes' in 2016, 'YES' in
 * 2015) puts every spelling in a group of its own file anyway — no group is split, the result is
 * the one GROUP BY src, lower(Violation) gives. Spellings split a group only where they occur under
 * the same values of the other keys, and only those spellings are named. Read over the rows the
 * query keeps; when the other keys cannot be evaluated there (or the query has several grouping
 * sets, as ROLLUP does), every group is kept as found.
 */
export async function splitGroups(
  ctx: OperatorContext,
  select: Json,
  c: ColumnOf,
  others: Json[],
  groups: VariantGroup[],
): Promise<VariantGroup[]> {
  if (others.length === 0 || groups.length === 0) return groups;
  if (((select.group_sets as unknown[] | undefined) ?? []).length > 1) return groups;
  try {
    const kept = await keptRelation(ctx, select, c.alias);
    const keys = await Promise.all(others.map((e) => expressionSql(ctx.engine, c.alias, e)));
    const a = sqlIdent(c.alias);
    const col = `${a}.${sqlIdent(c.column)}`;
    const split: VariantGroup[] = [];
    for (const g of groups) {
      const [row] = await ctx.engine.all(
        `WITH k AS MATERIALIZED (SELECT ${col} AS v, ${a}.${ROWID} AS rid, ${keys.map((k, i) => `${k} AS k${i}`).join(", ")}${kept.from} ` +
          `AND ${col} IN (SELECT unnest(from_json($1::VARCHAR, '["VARCHAR"]')))), ` +
          `m AS (SELECT DISTINCT unnest(list(DISTINCT v)) AS v FROM k GROUP BY ${keys.map((_, i) => `k${i}`).join(", ")} HAVING count(DISTINCT v) > 1) ` +
          `SELECT (SELECT list(v) FROM m) AS variants, count(*) AS n, ` +
          // The first row of the rarest spelling: the odd one out, where the message points.
          `(SELECT arg_min(r, (n, r)) FROM (SELECT v, count(*) AS n, min(rid) AS r FROM k WHERE v IN (SELECT v FROM m) GROUP BY v)) AS r ` +
          `FROM k WHERE v IN (SELECT v FROM m)`,
        [JSON.stringify(g.variants)],
      );
      // In the group's own order (a misspelling's commoner spelling first).
      const meeting = new Set(((row?.variants as unknown[] | null) ?? []).map(String));
      const variants = g.variants.filter((v) => meeting.has(v));
      if (variants.length > 1) split.push({ ...g, variants, n: Number(row!.n), r: Number(row!.r) });
    }
    return split;
  } catch {
    return groups;
  }
}

/** The shortest SQL expression that gives every variant of every group one value. */
export function mergingExpression(column: string, groups: VariantGroup[]): string {
  const name = /^[A-Za-z_][A-Za-z0-9_]*$/.test(column) ? column : `"${column.replaceAll('"', '""')}"`;
  const same = (f: (v: string) => string): boolean =>
    groups.every((g) => new Set(g.variants.map(f)).size === 1);
  const misspelt = groups.filter((g) => g.misspelling);
  const spaced = groups.filter((g) => !g.misspelling);
  let base = name;
  if (spaced.length > 0) {
    const lowerTrim = (v: string): string => v.replace(/^ +| +$/g, "").toLowerCase();
    const onlySpelled = groups.filter((g) => !g.misspelling);
    base = onlySpelled.every((g) => new Set(g.variants.map(lowerTrim)).size === 1)
      ? `lower(trim(${name}))`
      : onlySpelled.some((g) => g.variants.some((v) => v.includes("&")))
        ? normalised(name)
        : `trim(regexp_replace(lower(trim(${name})), '[^\\p{L}\\p{N}]+', ' ', 'g'))`;
  }
  if (misspelt.length === 0 || same((v) => normalisedJs(v))) return base;
  // A misspelling is merged by naming it: the rarer spelling becomes the commoner one.
  const cases = misspelt
    .map(
      (g) =>
        `WHEN ${name} IN (${g.variants.slice(1).map(sqlString).join(", ")}) THEN ${sqlString(g.variants[0]!)}`,
    )
    .join(" ");
  return `CASE ${cases} ELSE ${base} END`;
}

/** Values of a result column that have a variant among the result's values (both spellings). */
export async function variantCandidates(
  engine: DuckEngine,
  output: TableInfo,
  column: string,
): Promise<string[]> {
  const rows = await engine.all(
    `WITH d AS MATERIALIZED (SELECT DISTINCT ${sqlIdent(column)} AS v FROM ${sqlIdent(output.name)} WHERE ${sqlIdent(column)} IS NOT NULL), ` +
      `f AS (SELECT unnest(list(v)) AS v FROM d WHERE ${normalised("v")} <> '' GROUP BY ${normalised("v")} HAVING count(*) > 1), ` +
      `s AS (SELECT v FROM d WHERE ${spellable("d")}), ` +
      `p AS (SELECT unnest([e.a, e.b]) AS v FROM (${oneEditPairs("s")}) e WHERE ${notNormalisedAlike("e.a", "e.b", "")}) ` +
      `SELECT DISTINCT v FROM (SELECT v FROM f UNION ALL SELECT v FROM p) ORDER BY v`,
  );
  return rows.map((r) => String(r.v));
}
