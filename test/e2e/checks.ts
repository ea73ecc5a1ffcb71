/**
 * Named checks of an end-to-end run, counted like tests. A failed check is recorded and the run
 * goes on where later checks do not depend on it; `required` checks stop it.
 */
export interface CheckResult {
  name: string;
  ok: boolean;
  ms: number;
  detail?: string;
}

export class Checks {
  readonly results: CheckResult[] = [];

  constructor(private readonly prefix: string) {}

  async run(name: string, body: () => Promise<string | void>, required = false): Promise<boolean> {
    const started = Date.now();
    try {
      const detail = await body();
      this.results.push({ name, ok: true, ms: Date.now() - started, ...(detail ? { detail } : {}) });
      console.log(`  ✔ ${this.prefix}: ${name}${detail ? ` — ${detail}` : ""} (${Date.now() - started} ms)`);
      return true;
    } catch (error) {
      const detail =
        error instanceof Error ? error.message.split("\n").slice(0, 6).join(" | ") : String(error);
      this.results.push({ name, ok: false, ms: Date.now() - started, detail });
      console.log(`  ✖ ${this.prefix}: ${name} — ${detail}`);
      if (required) throw new Error(`required check failed: ${name}`);
      return false;
    }
  }

  add(name: string, ok: boolean, detail?: string): void {
    this.results.push({ name, ok, ms: 0, ...(detail ? { detail } : {}) });
    console.log(`  ${ok ? "✔" : "✖"} ${this.prefix}: ${name}${detail ? ` — ${detail}` : ""}`);
  }
}
