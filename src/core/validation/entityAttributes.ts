import type { DuckEngine } from "../engine/duckEngine.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import type { TableInfo } from "../state/sharedState.ts";
import { isWholeNumberType } from "../engine/numericTypes.ts";
import { memoized } from "./tableMemo.ts";

/** Text columns looked at as attributes of a name column's entities. */
const ATTRIBUTE_COLUMNS = 16;
/** Share of the name column's (normalised) values that must have one value of the attribute. */
const DETERMINED = 0.9;

/**
 * The text columns of `table` that are attributes of the entities a name column names — a beach's
 * town, a city's state: fewer distinct values than half the names (each groups several names), and
 * one value per name for nine names in ten, the names taken normalised (case, spaces and
 * punctuation merged). Normalising keeps out a file label of stacked yearly files: where each file
 * spells a county its own way ('ALAMEDA' in 2015, 'Alameda' in 2016), each spelling has one file,
 * but the county, merged, has two — the label is not the county's attribute. Memoised per table.
 */
export function attributeColumns(
  engine: DuckEngine,
  table: TableInfo,
  column: string,
  normalised: (sql: string) => string,
): Promise<string[]> {
  return memoized(table, `attributes:${column}`, async () => {
    const others = table.schema
      .filter((s) => s.type === "VARCHAR" && s.name !== column && s.name !== "rowid")
      .slice(0, ATTRIBUTE_COLUMNS);
    if (others.length === 0) return [];
    const ks = others.map((_, i) => `k${i}`);
    // Distinct (name, attributes) rows first: the normalisation runs once per distinct row.
    const [row] = await engine.all(
      `WITH __radar_d AS (SELECT DISTINCT ${sqlIdent(column)} AS v, ${others.map((k, i) => `${sqlIdent(k.name)} AS k${i}`).join(", ")} FROM ${sqlIdent(table.name)} WHERE ${sqlIdent(column)} IS NOT NULL), ` +
        `__radar_g AS (SELECT ${normalised("v")} AS v, ${ks.map((k) => `count(DISTINCT ${k}) AS d_${k}`).join(", ")} FROM __radar_d GROUP BY 1) ` +
        `SELECT (SELECT count(*) FROM __radar_g) AS names, ` +
        ks
          .map(
            (k) =>
              `(SELECT count(DISTINCT ${k}) FROM __radar_d) AS n_${k}, (SELECT count(*) FILTER (WHERE d_${k} = 1) FROM __radar_g) AS one_${k}, (SELECT count(*) FILTER (WHERE d_${k} >= 1) FROM __radar_g) AS some_${k}`,
          )
          .join(", "),
    );
    if (!row) return [];
    const names = Number(row.names);
    return others
      .filter((_, i) => {
        const n = Number(row[`n_k${i}`]);
        const some = Number(row[`some_k${i}`]);
        return n >= 2 && n * 2 <= names && some > 0 && Number(row[`one_k${i}`]) >= DETERMINED * some;
      })
      .map((k) => k.name);
  });
}

/** Words naming a column as a code or identifier of something ('Player_ID', 'District Code', 'FIPS'). */
const IDENTIFIER_WORDS = new Set([
  "id",
  "code",
  "cd",
  "key",
  "fips",
  "geoid",
  "uid",
  "uuid",
  "iso",
  "iso2",
  "iso3",
]);
/** Names seen on two or more rows with a code that must exist for the code to be read as following them. */
const REPEATED_NAMES = 3;

function namedAsIdentifier(name: string): boolean {
  const words = name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((w) => IDENTIFIER_WORDS.has(w));
}

/** The columns of `table` named as codes (text or whole numbers), other than `column`. */
function codeColumns(table: TableInfo, column: string): { name: string }[] {
  return table.schema
    .filter(
      (s) =>
        s.name !== column &&
        s.name !== "rowid" &&
        (s.type === "VARCHAR" || isWholeNumberType(s.type)) &&
        namedAsIdentifier(s.name),
    )
    .slice(0, ATTRIBUTE_COLUMNS);
}

/**
 * The code columns of `table` that identify a name column's entities — a player's 'Player_ID', a
 * district's 'District Code', a county's 'GEOID' (held-out KG-08, KD-01, FQ-08): named as a code,
 * text or a whole number, and following the names one way or the other — one code for nine in ten
 * of the names that hold it on two rows or more, or one name for nine in ten of the codes seen on
 * two rows or more (a county's GEOID names one county, though 'Warren' names thirteen). Only what
 * repeats counts: a row number gives every row its own value, and a name seen once holds one value
 * of anything. Memoised per table.
 */
export function identifierColumns(
  engine: DuckEngine,
  table: TableInfo,
  column: string,
  normalised: (sql: string) => string,
): Promise<string[]> {
  return memoized(table, `identifiers:${column}`, async () => {
    const codes = codeColumns(table, column);
    if (codes.length === 0) return [];
    const name = normalised(sqlIdent(column));
    const t = sqlIdent(table.name);
    const named = sqlIdent(column);
    // One pass groups by name; one per code column groups by code, both counts read from it.
    const byCode = codes.map(
      (k, i) =>
        `(SELECT count(*) FILTER (WHERE n >= 2) AS codes${i}, count(*) FILTER (WHERE n >= 2 AND m = 1) AS named${i} ` +
        `FROM (SELECT count(*) AS n, count(DISTINCT ${name}) AS m FROM ${t} WHERE ${sqlIdent(k.name)} IS NOT NULL AND ${named} IS NOT NULL GROUP BY ${sqlIdent(k.name)})) AS __radar_k${i}`,
    );
    const [row] = await engine.all(
      `SELECT * FROM (SELECT ${codes.map((_, i) => `count(*) FILTER (WHERE r${i} >= 2) AS seen${i}, count(*) FILTER (WHERE r${i} >= 2 AND d${i} = 1) AS one${i}`).join(", ")} ` +
        `FROM (SELECT ${name} AS v, ${codes.map((k, i) => `count(${sqlIdent(k.name)}) AS r${i}, count(DISTINCT ${sqlIdent(k.name)}) AS d${i}`).join(", ")} FROM ${t} WHERE ${named} IS NOT NULL GROUP BY 1)) AS __radar_g, ` +
        byCode.join(", "),
    );
    if (!row) return [];
    const follows = (seen: number, one: number): boolean =>
      seen >= REPEATED_NAMES && one >= DETERMINED * seen;
    return codes
      .filter(
        (_, i) =>
          follows(Number(row[`seen${i}`]), Number(row[`one${i}`])) ||
          follows(Number(row[`codes${i}`]), Number(row[`named${i}`])),
      )
      .map((k) => k.name);
  });
}

/** Rows a list needs before its key says that each row is an entity of its own. */
const LIST_ROWS = 20;
/** Share of a list's rows whose names are their own (normalised) for the list to name its entities. */
const OWN_NAMES = 0.9;

/**
 * Whether `table` is a list of entities keyed by a code — an app store's listings by app id, a
 * crowdfunding site's projects by id (corpus JI, IT-06): a code column unique on every row, and
 * names (normalised) of their own on nine rows in ten. Each row is then an entity the list itself
 * tells apart: 'Kick the Buddy' and 'kick the buddy', two ids, are two apps; a misspelt duplicate
 * of one entity would be a second record of it, which only the list's keeper can merge.
 */
export function keyedEntityList(
  engine: DuckEngine,
  table: TableInfo,
  column: string,
  normalised: (sql: string) => string,
): Promise<boolean> {
  return memoized(table, `keyedList:${column}`, async () => {
    const codes = codeColumns(table, column);
    if (codes.length === 0) return false;
    const [row] = await engine.all(
      `SELECT count(*) AS rows, count(${sqlIdent(column)}) AS named, count(DISTINCT ${normalised(sqlIdent(column))}) AS names, ` +
        codes
          .map((k, i) => `count(${sqlIdent(k.name)}) AS c${i}, count(DISTINCT ${sqlIdent(k.name)}) AS d${i}`)
          .join(", ") +
        ` FROM ${sqlIdent(table.name)}`,
    );
    if (!row) return false;
    const rows = Number(row.rows);
    if (rows < LIST_ROWS || Number(row.names) < OWN_NAMES * Number(row.named)) return false;
    return codes.some((_, i) => Number(row[`c${i}`]) === rows && Number(row[`d${i}`]) === rows);
  });
}

/**
 * Whether spellings that differ in a letter name different entities, their rows disagreeing on
 * an attribute of the entity: on one of
 * `attributeColumns`, each spelling's rows hold one value and no two spellings the same ('Camp
 * Lowe Beach' in Lancaster, 'Camp Howe Beach' in Ashburnham are two beaches). Spellings that share a value there,
 * or a table with no such column, give no such evidence.
 */
export async function disagreeOnAttributes(
  engine: DuckEngine,
  table: TableInfo,
  column: string,
  variants: string[],
  normalised: (sql: string) => string,
  /** A relation holding (at least) the table's rows of these spellings, to read instead of the table. */
  from: string = table.name,
): Promise<boolean> {
  const grouping = await attributeColumns(engine, table, column, normalised);
  const identifiers = (await identifierColumns(engine, table, column, normalised)).filter(
    (k) => !grouping.includes(k),
  );
  const attributes = [...grouping, ...identifiers];
  if (attributes.length === 0) return false;
  const rows = await engine.all(
    `WITH __radar_r AS (SELECT ${sqlIdent(column)} AS v, ${attributes.map((k) => sqlIdent(k)).join(", ")} FROM ${sqlIdent(from)} WHERE ${sqlIdent(column)} IN (SELECT unnest(from_json($1::VARCHAR, '["VARCHAR"]')))) ` +
      `SELECT ${attributes.map((k, i) => `(SELECT count(*) FROM (SELECT ${sqlIdent(k)} FROM __radar_r WHERE ${sqlIdent(k)} IS NOT NULL GROUP BY 1 HAVING count(DISTINCT v) > 1)) AS shared${i}, count(DISTINCT v) FILTER (WHERE ${sqlIdent(k)} IS NOT NULL) AS spelled${i}, (SELECT max(c) FROM (SELECT count(DISTINCT ${sqlIdent(k)}) AS c FROM __radar_r GROUP BY v)) AS most${i}`).join(", ")}, count(DISTINCT ${normalised("v")}) AS forms FROM __radar_r`,
    [JSON.stringify(variants)],
  );
  const row = rows[0];
  if (!row) return false;
  // Every spelling must hold one value of the attribute for its rows to say which entity they
  // are: 'New Accounts' under several theft types names no one entity, and a Credit Card row's
  // 'New Accounts ' is its variant, not another subtype.
  // Names that differ only in case, spaces or punctuation ('New Accounts' of bank accounts, 'New
  // Accounts ' of credit cards) are one name written two ways, whatever rows hold them: only
  // names that differ in a letter (a misspelling or another name) can be two entities.
  if (Number(row.forms) !== variants.length) return false;
  // A code the spellings never share tells two entities apart even where a spelling holds two
  // codes: 'Raigarh' is a district of two states (codes 403 and 520), 'Rajgarh' another (442).
  return attributes.some(
    (k, i) =>
      Number(row[`spelled${i}`]) === variants.length &&
      (Number(row[`most${i}`]) === 1 || identifiers.includes(k)) &&
      Number(row[`shared${i}`]) === 0,
  );
}
