import type { Diagnostic } from "../diagnostic.ts";

/**
 * A check's findings, each said once per key (a table's column, a cast, a group): a rule reaches
 * the same thing from several SELECTs or uses of a statement, and one finding is enough.
 */
export class FindingsOnce {
  readonly list: Diagnostic[] = [];
  private readonly keys = new Set<string>();

  /** Whether `key` was already reported (or claimed). */
  has(key: string): boolean {
    return this.keys.has(key);
  }

  /** Claims `key` for the caller to look into: true the first time only, whatever it then finds. */
  claim(key: string): boolean {
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    return true;
  }

  /** Reports `finding` as the one of `key`. */
  report(key: string, finding: Diagnostic): void {
    this.keys.add(key);
    this.list.push(finding);
  }

  /** Adds findings no key stands for (said once by their own making). */
  add(...findings: Diagnostic[]): void {
    this.list.push(...findings);
  }
}

/**
 * The first finding of each key among `items`, in their order: a key whose item finds nothing is
 * looked into again through the next item with that key.
 */
export async function firstFindingPerKey<T>(
  items: Iterable<T>,
  keyOf: (item: T) => string,
  find: (item: T) => Promise<Diagnostic | undefined>,
): Promise<Diagnostic[]> {
  const findings = new FindingsOnce();
  for (const item of items) {
    const key = keyOf(item);
    if (findings.has(key)) continue;
    const finding = await find(item);
    if (finding) findings.report(key, finding);
  }
  return findings.list;
}
