/**
 * What a run may do in this workspace. An untrusted workspace can hold files crafted to mislead
 * an agent, so the only operator that runs programs — Bash, sandboxed as it is — is turned off
 * there; reading data through DuckDB stays available.
 */
export interface TrustPolicy {
  allowBash: boolean;
  /** What to tell the user, once per window, when something is off. */
  notice?: string;
}

export function trustPolicy(isTrusted: boolean): TrustPolicy {
  if (isTrusted) return { allowBash: true };
  return {
    allowBash: false,
    notice:
      "This workspace is not trusted: RADAR's Bash operator is off. Reading and querying the data files still works. Trust the workspace to let the agent use read-only shell commands.",
  };
}
