import type { SourceLocation } from "../diagnostic.ts";
import { cellText, locationText } from "./auditText.ts";

/** What a run recorded about a table a call made: enough to tell, later, whether it moved. */
export interface TableFacts {
  table: string;
  rowCount: number;
  columns: { name: string; type: string }[];
  digest?: string;
  /** The rows the call showed, first ones first. */
  rows: unknown[][];
  /** Source line of each shown row, where the table keeps origins. */
  origins?: (SourceLocation | null)[];
  offset: number;
}

/** The table facts of a Scan, UnionScan or Query observation (undefined for other operators). */
export function tableFacts(observation: unknown): TableFacts | undefined {
  const o = observation as
    | {
        table?: string;
        rowCount?: number;
        schema?: { name: string; type: string }[];
        digest?: string;
        preview?: { rows?: unknown[][]; offset?: number; origins?: (SourceLocation | null)[] };
        records?: { rows?: unknown[][]; offset?: number; origins?: (SourceLocation | null)[] };
      }
    | undefined;
  if (!o || typeof o.table !== "string" || typeof o.rowCount !== "number") return undefined;
  const preview = o.preview ?? o.records;
  return {
    table: o.table,
    rowCount: o.rowCount,
    columns: o.schema ?? [],
    ...(o.digest ? { digest: o.digest } : {}),
    rows: preview?.rows ?? [],
    ...(preview?.origins?.some((o) => o) ? { origins: preview.origins } : {}),
    offset: preview?.offset ?? 0,
  };
}

/** What differs between a table as recorded and as made again, in words; empty when nothing does. */
export function compareTables(before: TableFacts, after: TableFacts): string[] {
  const changes: string[] = [];
  if (before.rowCount !== after.rowCount) changes.push(`rows ${before.rowCount} → ${after.rowCount}`);
  const names = (t: TableFacts): string[] => t.columns.map((c) => `${c.name} ${c.type}`);
  const gone = names(before).filter((c) => !names(after).includes(c));
  const added = names(after).filter((c) => !names(before).includes(c));
  if (gone.length || added.length)
    changes.push(
      `columns ${gone.length ? `without ${gone.join(", ")}` : ""}${gone.length && added.length ? "; " : ""}${added.length ? `with ${added.join(", ")}` : ""}`,
    );
  const firstDiff = firstRowDifference(before, after);
  if (firstDiff) changes.push(firstDiff);
  if (before.digest && after.digest && before.digest !== after.digest && changes.length === 0)
    changes.push("a row beyond the ones the run showed differs (the rows' fingerprint changed)");
  return changes;
}

function firstRowDifference(before: TableFacts, after: TableFacts): string | undefined {
  if (before.offset !== after.offset) return undefined;
  const n = Math.min(before.rows.length, after.rows.length);
  for (let i = 0; i < n; i++) {
    const a = before.rows[i]!;
    const b = after.rows[i]!;
    for (let j = 0; j < Math.max(a.length, b.length); j++) {
      if (JSON.stringify(a[j]) !== JSON.stringify(b[j])) {
        const column = before.columns[j]?.name ?? `column ${j + 1}`;
        const origin = after.origins?.[i] ?? before.origins?.[i];
        return `row ${before.offset + i + 1}${origin ? ` (${locationText(origin)})` : ""} ${column}: ${cellText(a[j])} → ${cellText(b[j])}`;
      }
    }
  }
  return undefined;
}
