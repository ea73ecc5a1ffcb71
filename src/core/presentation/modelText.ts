import type { Preview } from "../operators/preview.ts";
import { clip } from "../text.ts";

/** Pieces of the compact observation the model reads back (toolResult.ts), shared by the operators. */

const MAX_CELL_CHARS = 120;
/** Text output (Bash's stdout) the model reads. */
export const MAX_TEXT_CHARS = 4000;
/** Discover hits shown whole (columns, every reason); the rest without. */
export const MAX_HITS = 10;
const MAX_COLUMNS = 40;

const MAX_FAMILY_FILES = 40;
const MAX_DIFFERING = 10;

/** A Discover hit for the model: rounded score; past the first ones, no columns and fewer reasons. */
export function compactHit(h: Record<string, unknown>, full: boolean): Record<string, unknown> {
  const { columns, family, copies, reasons, ...rest } = h;
  const out: Record<string, unknown> = { ...rest, score: Math.round(Number(h.score) * 100) / 100 };
  out.reasons = Array.isArray(reasons) ? (full ? reasons : reasons.slice(0, 3)) : reasons;
  if (full && Array.isArray(columns)) out.columns = columns.slice(0, MAX_COLUMNS);
  if (family && typeof family === "object") {
    const f = family as Record<string, unknown>;
    const selected = f.selected as { said: string[]; files: string[]; glob?: string } | undefined;
    out.family = {
      ...f,
      columns: Array.isArray(f.columns) ? f.columns.slice(0, MAX_COLUMNS) : f.columns,
      differing: Array.isArray(f.differing) ? f.differing.slice(0, MAX_DIFFERING) : f.differing,
      ...(selected
        ? {
            selected: {
              said: selected.said,
              count: selected.files.length,
              // The glob says it in one string; the list only when no pattern names exactly them.
              ...(selected.glob
                ? { glob: selected.glob }
                : { files: selected.files.slice(0, MAX_FAMILY_FILES) }),
            },
          }
        : {}),
    };
  }
  if (Array.isArray(copies)) out.copies = copies.map((c) => (c as { note: string }).note);
  return out;
}

/** Columns as `name TYPE`, the first ones. */
export function schemaText(schema: { name: string; type: string }[] | undefined): string[] {
  return (schema ?? []).slice(0, MAX_COLUMNS * 2).map((c) => `${c.name} ${c.type}`);
}

/** Rows shown to the model, at most `max`, long cells cut; what was left out is said. */
export function records(p: Preview | undefined, max: number, rowCount: number | undefined): unknown {
  if (!p) return undefined;
  const rows = p.rows.slice(0, max);
  const origins = (p.origins ?? []).slice(0, rows.length);
  let cut = 0;
  const offset = p.offset ?? 0;
  const total = typeof rowCount === "number" ? rowCount : undefined;
  return {
    columns: p.columns,
    rows: rows.map((row) =>
      row.map((v) => {
        if (typeof v === "string" && v.length > MAX_CELL_CHARS) cut++;
        return typeof v === "string" ? clip(v, MAX_CELL_CHARS) : v;
      }),
    ),
    ...(origins.some((o) => o)
      ? { sourceLines: origins.map((o) => (o ? `${o.file}:${o.line}` : null)) }
      : {}),
    ...(offset > 0 ? { offset } : {}),
    truncated:
      total !== undefined
        ? offset + rows.length < total
        : p.truncated === true || rows.length < p.rows.length,
    ...(cut
      ? {
          cellsCut: `${cut} text cell(s) cut at ${MAX_CELL_CHARS} characters (…); radar_show gives whole values`,
        }
      : {}),
  };
}
