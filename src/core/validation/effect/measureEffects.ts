import type { Diagnostic, DiagnosticEffect, Remedy } from "../../diagnostic.ts";
import type { ExecutedFacts } from "../validationRule.ts";
import { measureEffect } from "./measureEffect.ts";
import { unpartneredRows } from "./unpartneredRows.ts";

/**
 * Every warning of a Query carries its measured effect on what the call returned. A finding whose
 * rule states a remedy in SQL gets the query run again with it: when nothing the call returns
 * changes, the finding is lowered to info (it concerns rows no result uses); when the effect could
 * not be measured — no remedy in SQL, the budget spent, the re-run failed — it says so, never a guess.
 */
export async function measureEffects(
  facts: ExecutedFacts,
  findings: Diagnostic[],
  expired: () => boolean,
  /** Milliseconds left of the validation budget (Infinity when unlimited). */
  remainingMs: () => number = () => Infinity,
): Promise<void> {
  const output = typeof facts.args.output === "string" ? facts.args.output : undefined;
  const inputs = Array.isArray(facts.args.inputs) ? (facts.args.inputs as unknown[]).map(String) : [];
  for (const d of findings) {
    if (d.severity === "info" || d.effect) continue;
    if (facts.op !== "Query" || !facts.sql || !output) {
      if (d.remedy) d.effect = { measured: false, text: "not measured" };
      continue;
    }
    if (!d.remedy) {
      d.effect = { measured: false, text: "not measured" };
      continue;
    }
    if (inputs.some((i) => i.toLowerCase() === output.toLowerCase())) {
      d.effect = { measured: false, text: "not measured: the call replaced its input table" };
      continue;
    }
    if (expired()) {
      d.effect = { measured: false, text: "not measured: the validation budget was spent" };
      continue;
    }
    // A re-run takes about as long as the call did: one that cannot finish within what is left
    // of the budget is not started (it would only be interrupted).
    if (facts.executionMs > remainingMs()) {
      d.effect = {
        measured: false,
        text: `not measured: running the query again (${Math.round(facts.executionMs)} ms) does not fit in what is left of the validation budget`,
      };
      continue;
    }
    try {
      const { negligible, ...effect } = await measureEffect(
        facts.ctx.engine,
        facts.sql.sql,
        output,
        d.remedy,
      );
      d.effect = effect;
      if (d.remedy.reach) {
        d.effect = await reachEffect(facts, output, d.remedy, effect, expired);
        if (d.effect.measured) d.severity = "info";
        continue;
      }
      // A change within the result's own rounding changes nothing an answer states.
      if (negligible) d.severity = "info";
      else if (d.remedy.partial && d.remedy.unpartnered && d.effect.measured)
        await unpartneredEffect(facts, output, d);
      else if (d.effect.changed === false && d.remedy.partial)
        d.effect.text += ": the kept rows have no partner values to add";
      else if (d.effect.changed === false) d.severity = "info";
    } catch (error) {
      if (expired()) {
        d.effect = { measured: false, text: "not measured: the validation budget was spent" };
        continue;
      }
      d.effect = {
        measured: false,
        text: `not measured: the remedied query failed (${(error as Error).message.split("\n")[0]})`,
      };
    }
  }
}

/**
 * A join's dropped rows whose partner is absent (Remedy.unpartnered): when keeping them changes no
 * returned row and adds only rows lacking partner values, they could not have contributed to what
 * the call returns, and the finding is info saying so; otherwise it stays as it is.
 */
async function unpartneredEffect(facts: ExecutedFacts, output: string, d: Diagnostic): Promise<void> {
  const effect = d.effect!;
  if (effect.changed === false) {
    effect.text += ": the kept rows have no partner values, and nothing the query returns reads them";
    d.severity = "info";
    return;
  }
  const rows = effect.sql ? await unpartneredRows(facts.ctx.engine, output, effect.sql) : undefined;
  if (!rows) return;
  const nulls = rows.nullColumns.map((c) => `"${c}"`).join(", ");
  effect.text =
    `keeping them changes none of the ${rows.kept.toLocaleString("en-US")} rows the query returns; ` +
    `it adds ${rows.added.toLocaleString("en-US")} row(s) with no partner values${nulls ? ` (NULL ${nulls})` : ""}`;
  d.severity = "info";
}

/**
 * A reach remedy's effect (Remedy.reach): placeholder values, or a value's lowest and then highest
 * reading (reachAlso). Only an unchanged result is measured — the rows feed nothing the call
 * returns; a changed one says nothing of what the real values would give.
 */
async function reachEffect(
  facts: ExecutedFacts,
  output: string,
  remedy: Remedy,
  first: DiagnosticEffect,
  expired: () => boolean,
): Promise<DiagnosticEffect> {
  const also = remedy.reachAlso;
  let same = first.measured && first.changed === false;
  if (same && also) {
    if (expired()) return { measured: false, text: "not measured: the validation budget was spent" };
    const second = await measureEffect(facts.ctx.engine, facts.sql!.sql, output, also);
    same = second.measured && second.changed === false;
  }
  if (!also)
    return same
      ? { measured: true, changed: false, text: "the rows it names feed no row the call returns" }
      : { measured: false, text: "not measured: the values the rows lack are unknown" };
  return same
    ? { measured: true, changed: false, text: `the result is the same with ${remedy.says} and ${also.says}` }
    : {
        measured: false,
        text: `not measured: these values have no single reading, and the result changes with ${remedy.says} or ${also.says}`,
      };
}
