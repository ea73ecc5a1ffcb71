import type { Diagnostic } from "../diagnostic.ts";
import type { SharedState } from "../state/sharedState.ts";

/**
 * An end-of-work finding that the end of an earlier batch of this work already reported, word for
 * word, is said again as info: a session resumed batch after batch would otherwise repeat the
 * same warning at every end, and a repeated warning asks the agent to look at nothing new.
 */
export function sayFinalFindingOnce(state: SharedState, d: Diagnostic): Diagnostic {
  if (d.severity === "info") return d;
  const key = JSON.stringify([d.code, d.message, d.locations[0]?.file ?? ""]);
  if (!state.reportedFinal.has(key)) {
    state.reportedFinal.add(key);
    return d;
  }
  return {
    ...d,
    severity: "info",
    message: `${d.message} (As reported at the end of an earlier batch of this session; still so.)`,
  };
}

/**
 * A call's warning that an earlier call of this work received word for word — the same query run
 * again, the same NULLs summed once more — is said again as info: the agent already has it, and a
 * repeated warning asks it to look at nothing new.
 */
export function sayCallFindingOnce(state: SharedState, d: Diagnostic): Diagnostic {
  if (d.severity !== "warning") return d;
  const key = JSON.stringify([d.code, d.message]);
  if (!state.reportedCalls.has(key)) {
    state.reportedCalls.add(key);
    return d;
  }
  return {
    ...d,
    severity: "info",
    message: `${d.message} (As reported to an earlier call of this session.)`,
  };
}
