/**
 * A list of line numbers (or offsets) that grows by doubling one typed array: the per-record lists
 * of a large file's streaming passes hold millions of entries, which as a plain array would be
 * boxed numbers.
 */
export class Uint32List {
  private values = new Uint32Array(1024);
  /** How many values were pushed. */
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Uint32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  /** A copy of the first `max` values pushed (all of them by default). */
  slice(max = this.length): Uint32Array {
    return this.values.slice(0, Math.min(this.length, max));
  }
}
