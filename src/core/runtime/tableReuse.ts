import { sqlIdent } from "../engine/duckEngine.ts";
import type { Operator, OperatorContext, OperatorResult } from "../operators/operator.ts";
import { previewTable } from "../operators/preview.ts";
import { QUERY_RECORDS } from "../operators/query/query.ts";
import { PREVIEW_ROWS } from "../operators/scan/scan.ts";
import type { SharedState, TableInfo } from "../state/sharedState.ts";
import type { CallEvent } from "../trace/traceEvents.ts";
import { staleness } from "./tableStaleness.ts";

/**
 * What a read or a query computes, as the operator keys it (its `readKey`); undefined when it
 * cannot be told before running. A call whose key a table already holds, unchanged, reuses it.
 */
export function readKeyOf(
  operator: Operator<never, unknown>,
  args: Record<string, unknown>,
  ctx: OperatorContext,
): string | undefined {
  try {
    return operator.readKey?.(args as never, ctx);
  } catch {
    // The operator itself says what is wrong with the call.
    return undefined;
  }
}

/** A registered table that already holds what a read asks for, from files unchanged since. */
export function reusableTable(
  lakeRoot: string,
  state: SharedState,
  readKey: string,
  output: string | undefined,
): TableInfo | undefined {
  const candidates = [...state.tables.values()].filter((t) => t.readKey === readKey && t.readObservation);
  // The table of the requested name first: reusing it costs nothing.
  candidates.sort(
    (a, b) =>
      Number(b.name.toLowerCase() === output?.toLowerCase()) -
      Number(a.name.toLowerCase() === output?.toLowerCase()),
  );
  return candidates.find((t) => staleness(lakeRoot, t) === undefined);
}

/** Answers a read from a table that already holds it (copied when the call names another table). */
export async function reuseTable(
  source: TableInfo,
  output: string,
  args: Record<string, unknown>,
  ctx: OperatorContext,
  event: CallEvent,
): Promise<OperatorResult<unknown>> {
  let info = source;
  if (source.name.toLowerCase() !== output.toLowerCase()) {
    await ctx.engine.run(
      `CREATE OR REPLACE TABLE ${sqlIdent(output)} AS SELECT * FROM ${sqlIdent(source.name)} ORDER BY rowid`,
    );
    info = { ...source, name: output };
    ctx.state.register(info);
  }
  event.reused = {
    how: info === source ? "session" : "copied",
    table: source.name,
    ...(source.producedBy ? { from: source.producedBy } : {}),
  };
  const observation: Record<string, unknown> = {
    ...(source.readObservation as Record<string, unknown>),
    table: output,
  };
  const query = source.provenance.kind === "query";
  observation[query ? "records" : "preview"] = await previewTable(
    ctx.engine,
    ctx.state,
    info,
    typeof args.preview_rows === "number" ? args.preview_rows : query ? QUERY_RECORDS : PREVIEW_ROWS,
    typeof args.offset === "number" ? args.offset : 0,
  );
  for (const file of info.provenance.files)
    ctx.state.scanned.add(file.sheet ? `${file.path}#${file.sheet}` : file.path);
  return { observation };
}
