/**
 * A call's checks may see the session's state through an overlay (the query's CTEs resolvable as
 * tables, `derivedTables`): an object of its own whose prototype is the state. What a session
 * remembers across calls — what a rule said, what was printed before a batch — is kept by the
 * session's state, so it must be looked up by that, never by the overlay (a query with a CTE would
 * otherwise neither hear nor leave anything said).
 */
const sessions = new WeakMap<object, object>();

/** An overlay of `state` that the session's memory resolves to `state` itself. */
export function overlayOf<T extends object>(state: T): T {
  const overlay = Object.create(state) as T;
  sessions.set(overlay, sessionStateOf(state));
  return overlay;
}

/** The session's own state behind `state` (itself when it is not an overlay). */
export function sessionStateOf<T extends object>(state: T): T {
  return (sessions.get(state) as T | undefined) ?? state;
}
