import type { SharedState } from "../state/sharedState.ts";
import { sessionStateOf } from "../state/sessionState.ts";

/**
 * What Bash printed of each file (`head -n 12 f`, `cat f`), per shared state, and what of it was
 * printed before the batch now running. A batch is composed before any of its results is seen: a
 * file printed by a call of the same batch was not in front of the agent when it wrote the batch's
 * queries; one printed by an earlier batch (or an earlier call made on its own) was.
 *
 * What was printed is kept in the shared state (`printedLines`), so it is saved with a session: the
 * batch a session's next process runs knows what earlier batches printed. Which views came before
 * the batch now running is of this process only: a batch begins here.
 */
export interface ShownView {
  command: string;
  /** The first this-many lines of the file (Infinity: all of it; 0 for a column's values). */
  lines: number;
  /**
   * A column of the file's table whose values a Query's result showed (a column the header does
   * not name, `column0`): not lines of the file, but what they hold in that column.
   */
  column?: string;
}

/** What was printed before the batch now running, per shared state (this process's batches). */
const beforeBatch = new WeakMap<SharedState, Map<string, ShownView[]>>();

/** Bash printed the first `view.lines` lines of `path`. */
export function noteShownLines(state: SharedState, path: string, view: ShownView): void {
  state.printedLines.set(path, [...(state.printedLines.get(path) ?? []), view]);
}

/** A batch (or a call made on its own) begins: what was printed so far was seen before it. */
export function beginBatch(state: SharedState): void {
  beforeBatch.set(
    sessionStateOf(state),
    new Map([...state.printedLines].map(([path, views]) => [path, [...views]])),
  );
}

/**
 * The view, printed before the current batch, that shows `path` through line `line`, if any. Before
 * any batch of this process began, everything the state holds (a resumed session's) was printed before.
 */
export function shownBeforeBatch(state: SharedState, path: string, line: number): ShownView | undefined {
  return (beforeBatch.get(sessionStateOf(state)) ?? state.printedLines)
    .get(path)
    ?.find((v) => v.column === undefined && v.lines >= line);
}

/** The view, shown before the current batch, of `column`'s values in a Query result, if any. */
export function columnShownBeforeBatch(
  state: SharedState,
  path: string,
  column: string,
): ShownView | undefined {
  return (beforeBatch.get(sessionStateOf(state)) ?? state.printedLines)
    .get(path)
    ?.find((v) => v.column === column);
}
