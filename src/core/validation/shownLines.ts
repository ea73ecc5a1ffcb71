import type { SharedState } from "../state/sharedState.ts";

/**
 * What Bash printed of each file (`head -n 12 f`, `cat f`), per shared state, and what of it was
 * printed before the batch now running. A batch is composed before any of its results is seen: a
 * file printed by a call of the same batch was not in front of the agent when it wrote the batch's
 * queries; one printed by an earlier batch (or an earlier call made on its own) was.
 *
 * Kept in this process only: a session resumed by another process starts with nothing seen, so the
 * findings that ask to look at a file stay warnings there (never the other way round).
 */
export interface ShownView {
  command: string;
  /** The first this-many lines of the file (Infinity: all of it). */
  lines: number;
}

interface Shown {
  now: Map<string, ShownView[]>;
  beforeBatch: Map<string, ShownView[]>;
}

const shown = new WeakMap<SharedState, Shown>();

function of(state: SharedState): Shown {
  let s = shown.get(state);
  if (!s) {
    s = { now: new Map(), beforeBatch: new Map() };
    shown.set(state, s);
  }
  return s;
}

/** Bash printed the first `view.lines` lines of `path`. */
export function noteShownLines(state: SharedState, path: string, view: ShownView): void {
  const s = of(state);
  s.now.set(path, [...(s.now.get(path) ?? []), view]);
}

/** A batch (or a call made on its own) begins: what was printed so far was seen before it. */
export function beginBatch(state: SharedState): void {
  const s = of(state);
  s.beforeBatch = new Map([...s.now].map(([path, views]) => [path, [...views]]));
}

/** The view, printed before the current batch, that shows `path` through line `line`, if any. */
export function shownBeforeBatch(state: SharedState, path: string, line: number): ShownView | undefined {
  return of(state)
    .beforeBatch.get(path)
    ?.find((v) => v.lines >= line);
}
