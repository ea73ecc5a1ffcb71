import type { Diagnostic } from "../diagnostic.ts";
import { sessionStateOf } from "../state/sessionState.ts";

/** Keys a rule has said in a session, by the session's shared state: key → the first call's order. */
const said = new WeakMap<object, Map<string, Map<string, number>>>();

/** For checks given no call order (run outside a runtime): the order in which they noted. */
const notedWithoutOrder = new WeakMap<object, number>();

/*
 * "Before" is by the order calls were sent in (`OperatorContext.callOrder`), not the order they
 * finish: the calls of a batch run at once on several lanes, and by finishing order the batch's
 * first call could be told it repeats its second. The same call saying a key twice (two joins of
 * one query) repeats it too.
 */

function keysOf(state: object, code: string): Map<string, number> {
  const session = sessionStateOf(state);
  const byRule = said.get(session) ?? new Map<string, Map<string, number>>();
  said.set(session, byRule);
  const keys = byRule.get(code) ?? new Map<string, number>();
  byRule.set(code, keys);
  return keys;
}

/** Whether rule `code` said `key` in this session at a call sent before this one (or by this one). */
export function saidEarlier(state: object, code: string, key: string, callOrder?: number): boolean {
  const first = keysOf(state, code).get(key);
  return first !== undefined && (callOrder === undefined || first <= callOrder);
}

/** Notes that rule `code` said `key` in this session at this call. */
export function noteSaid(state: object, code: string, key: string, callOrder?: number): void {
  const keys = keysOf(state, code);
  const at = callOrder ?? nextWithoutOrder(state);
  const first = keys.get(key);
  keys.set(key, first === undefined ? at : Math.min(first, at));
}

/**
 * Whether `key` was already said by rule `code` in this session (the state the calls share), and
 * notes it as said: a finding repeated on a later call of the session is told as such.
 */
export function saidBefore(state: object, code: string, key: string, callOrder?: number): boolean {
  const before = saidEarlier(state, code, key, callOrder);
  noteSaid(state, code, key, callOrder);
  return before;
}

function nextWithoutOrder(state: object): number {
  const session = sessionStateOf(state);
  const next = (notedWithoutOrder.get(session) ?? 0) + 1;
  notedWithoutOrder.set(session, next);
  return next;
}

/** Findings that are said only if they stay warnings once their effect is measured. */
const pending = new WeakMap<Diagnostic, { state: object; code: string; key: string; callOrder?: number }>();

/**
 * `finding`, said by rule `code` about `key`, counted as said only once the validation stage has
 * measured its effect (`settleSaid`): a warning its remedy shows changes nothing the call returns
 * is lowered to info, and a later call that does read those rows must hear it as new, not "as said
 * earlier" (a finding at a Query with a remedy decides `again` with `saidEarlier`, not `saidBefore`).
 */
export function sayOnceSettled(
  finding: Diagnostic,
  state: object,
  code: string,
  key: string,
  callOrder?: number,
): Diagnostic {
  pending.set(finding, { state, code, key, callOrder });
  return finding;
}

/** The call's findings are final: those still warnings (or errors) are noted as said. */
export function settleSaid(findings: Diagnostic[]): void {
  for (const d of findings) {
    const p = pending.get(d);
    if (!p) continue;
    pending.delete(d);
    if (d.severity !== "info") noteSaid(p.state, p.code, p.key, p.callOrder);
  }
}
