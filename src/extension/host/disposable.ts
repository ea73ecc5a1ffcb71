/** What VS Code's `Disposable` and every subscription it hands out have in common. */
export interface DisposableLike {
  dispose(): unknown;
}

/**
 * An owner of subscriptions: whatever it `register`s is freed, newest first, when it is disposed,
 * so a class cannot forget one of its listeners in a hand-kept array. Structurally a
 * `vscode.Disposable`, without importing `vscode` (it is used by pure models too).
 */
export class Disposable implements DisposableLike {
  private readonly owned: DisposableLike[] = [];
  private disposed = false;

  /** Frees `item` with this owner; an owner already disposed frees it at once. */
  protected register<T extends DisposableLike>(item: T): T {
    if (this.disposed) item.dispose();
    else this.owned.push(item);
    return item;
  }

  /** How many subscriptions are held (tests check that closing a panel frees its own). */
  get held(): number {
    return this.owned.length;
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    freeAll(this.owned);
  }
}

/**
 * A group of subscriptions with a shorter life than their owner — one webview panel's, one run's —
 * emptied with `clear()` when that life ends and reusable afterwards.
 */
export class DisposableStore implements DisposableLike {
  private items: DisposableLike[] = [];
  private disposed = false;

  add<T extends DisposableLike>(item: T): T {
    if (this.disposed) item.dispose();
    else this.items.push(item);
    return item;
  }

  get size(): number {
    return this.items.length;
  }

  /** Frees what is held; the store takes new items afterwards. */
  clear(): void {
    const items = this.items;
    this.items = [];
    freeAll(items);
  }

  dispose(): void {
    this.disposed = true;
    this.clear();
  }
}

/** Frees newest first; one failing `dispose` does not keep the others alive. */
function freeAll(items: DisposableLike[]): void {
  const errors: unknown[] = [];
  for (let i = items.length - 1; i >= 0; i--) {
    try {
      items[i]!.dispose();
    } catch (error) {
      errors.push(error);
    }
  }
  items.length = 0;
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, `${errors.length} subscriptions failed to dispose`);
}
