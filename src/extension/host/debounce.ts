/**
 * Collapses a burst of triggers (a checkout touching hundreds of files) into one call after the
 * burst has been quiet for `ms`. Collected keys tell the callee what changed.
 */
export interface Debouncer<K> {
  trigger(key: K): void;
  /** Runs a pending call now. */
  flush(): void;
  dispose(): void;
}

export function debounce<K>(ms: number, run: (keys: K[]) => void): Debouncer<K> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = new Set<K>();
  const fire = (): void => {
    timer = undefined;
    const keys = [...pending];
    pending = new Set();
    if (keys.length) run(keys);
  };
  return {
    trigger(key) {
      pending.add(key);
      if (timer) clearTimeout(timer);
      timer = setTimeout(fire, ms);
    },
    flush() {
      if (timer) clearTimeout(timer);
      fire();
    },
    dispose() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending.clear();
    },
  };
}

/** Paths a change of which never alters the Source Map: RADAR's own state, VCS, dependencies. */
export function isIgnoredChange(relativePath: string): boolean {
  return /(^|\/)(\.radar|\.git|node_modules)(\/|$)/.test(relativePath);
}
