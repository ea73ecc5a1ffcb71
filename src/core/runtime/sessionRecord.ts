import type { DuckEngine } from "../engine/duckEngine.ts";
import type { SharedState } from "../state/sharedState.ts";
import { claimSession, readSession, writeSession } from "../state/sessionStore.ts";
import type { SessionFile } from "../state/sessionStore.ts";

/**
 * A named session's file in the state directory: claimed and read when the runtime opens, its
 * runs noted, and the shared state written back after every call. Without a session it records
 * nothing.
 */
export class SessionRecord {
  private file?: SessionFile;

  constructor(
    private readonly stateDir: string,
    private readonly session: string | undefined,
    private readonly state: SharedState,
  ) {}

  /** Claims the session for `owner` and goes on with its saved state, if it has one. */
  async load(engine: DuckEngine, lakeRoot: string, name: string, owner: string): Promise<void> {
    claimSession(this.stateDir, name, owner);
    const saved = readSession(this.stateDir, name);
    const now = new Date().toISOString();
    this.file = saved ?? {
      version: 1,
      name,
      lake: lakeRoot,
      createdAt: now,
      updatedAt: now,
      runs: [],
      state: this.state.serialize(),
    };
    if (!saved) return;
    this.state.restore(saved.state);
    // Tables the session file lists but its database lacks (a process stopped between the two)
    // are forgotten rather than offered.
    const present = new Set(
      (
        await engine.all(
          "SELECT lower(table_name) AS t FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = 'main'",
        )
      ).map((r) => String(r.t)),
    );
    for (const info of [...this.state.tables.values()])
      if (!present.has(info.name.toLowerCase())) this.state.unregister(info.name);
  }

  /** The session's last run before this process's, which a new run continues. */
  previousRun(): string | undefined {
    return this.file?.runs.at(-1);
  }

  noteRun(runId: string): void {
    if (!this.file) return;
    this.file.runs.push(runId);
    this.persist();
  }

  /** Writes the session's state (after every call: a crash loses at most the call in flight). */
  persist(): void {
    if (!this.file || !this.session) return;
    this.file.state = this.state.serialize();
    this.file.updatedAt = new Date().toISOString();
    writeSession(this.stateDir, this.file);
  }

  /** Run ids of the session, oldest first (only `currentRun` without a session). */
  runs(currentRun: string): string[] {
    return this.file ? [...this.file.runs] : [currentRun];
  }
}
