/** Keys a rule has said in a session, by the session's shared state. */
const said = new WeakMap<object, Map<string, Set<string>>>();

/**
 * Whether `key` was already said by rule `code` in this session (the state the calls share), and
 * notes it as said: a finding repeated on a later call of the session is told as such.
 */
export function saidBefore(state: object, code: string, key: string): boolean {
  const byRule = said.get(state) ?? new Map<string, Set<string>>();
  said.set(state, byRule);
  const keys = byRule.get(code) ?? new Set<string>();
  byRule.set(code, keys);
  const before = keys.has(key);
  keys.add(key);
  return before;
}
