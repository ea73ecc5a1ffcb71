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
