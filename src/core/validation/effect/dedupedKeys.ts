import type { DiagnosticEffect, Remedy } from "../../diagnostic.ts";
import type { DuckEngine } from "../../engine/duckEngine.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import { tableLabel } from "../derivedTables.ts";
import type { KeyOf } from "../sqlFacts.ts";

/**
 * The remedy of `join-fanout`: the side whose key repeats, deduplicated on the key. Measured only
 * where which row is kept does not matter — every repeated key's rows are identical copies (a
 * station listed twice), so `SELECT DISTINCT *` keeps the one row there is. Where the rows of a key
 * differ in other columns, keeping one of them is a choice the data does not make, and the effect
 * is not measured. `sides` are the sides whose key repeats, in the order to prefer.
 */
export async function dedupedKeys(
  engine: DuckEngine,
  sides: KeyOf[][],
): Promise<{ remedy: Remedy } | { effect: DiagnosticEffect }> {
  const differing: string[] = [];
  for (const keys of sides) {
    const table = keys[0]!.table;
    const t = sqlIdent(keys[0]!.alias);
    const row = `row(${table.schema.map((c) => `${t}.${sqlIdent(c.name)}`).join(", ")})`;
    const [found] = await engine.all(
      `SELECT count(*) AS repeated, count(*) FILTER (WHERE variants > 1) AS differing FROM ` +
        `(SELECT count(*) AS n, count(DISTINCT ${row}) AS variants FROM ${sqlIdent(table.name)} AS ${t} ` +
        `GROUP BY ${keys.map((k) => k.sql).join(", ")}) WHERE n > 1`,
    );
    const [repeated, differ] = [Number(found?.repeated ?? 0), Number(found?.differing ?? 0)];
    if (repeated > 0 && differ === 0)
      return {
        remedy: {
          table: table.name,
          sql: `SELECT DISTINCT * FROM ${sqlIdent(table.name)}`,
          says: `the repeated rows of ${tableLabel(table)} (identical copies per ${keys.map((k) => k.label).join(", ")}) kept once`,
        },
      };
    if (differ > 0)
      differing.push(
        `${tableLabel(table)} differ in other columns for ${differ.toLocaleString("en-US")} of its ${repeated.toLocaleString("en-US")} repeated key value(s)`,
      );
  }
  return {
    effect: {
      measured: false,
      text: `not measured: the rows of ${differing.length > 0 ? differing.join(", and those of ") : "the repeated keys"}, so which row a deduplication keeps would decide the result`,
    },
  };
}
