import { factsOf } from "../../core/operators/factsRegistry.ts";
import type { CallArgs } from "../../core/operators/operatorFacts.ts";

/**
 * What the editor shows while an operator runs as a language model tool, or as a step of `@radar`:
 * one readable line from the call's arguments ("Scanning climate/rainfall.csv"), never raw JSON —
 * the phrase of the operator's definition.
 */
export function invocationMessage(op: string, args: CallArgs): string {
  return factsOf(op)?.running(args) ?? `Running ${op}`;
}

/** The question an operator asks before it runs as an editor tool, if its definition has one. */
export function toolConfirmation(op: string, args: CallArgs): { title: string; message: string } | undefined {
  return factsOf(op)?.confirmation?.(args);
}

/** Bash asks first: the command runs in RADAR's read-only sandbox over the lake, but it is a shell. */
export function bashConfirmation(args: CallArgs): { title: string; message: string } {
  return toolConfirmation("Bash", args)!;
}
