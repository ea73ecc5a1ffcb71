import type { Runtime } from "../../core/runtime.ts";

/** A chat conversation's kept state: its runtime and the runs it has made, oldest first. */
export interface ChatSession {
  runtime: Runtime;
  runIds: string[];
}

const MAX_SESSIONS = 4;

/**
 * The runtimes `@radar` keeps so that follow-up questions in the same chat reuse the tables the
 * earlier answers registered. A chat is recognised by the key its previous answer carries in its
 * result metadata; only the last few chats keep theirs (each holds a DuckDB database open).
 */
export class ChatSessions {
  private readonly sessions = new Map<string, ChatSession>();

  constructor(private readonly max = MAX_SESSIONS) {}

  get(key: string): ChatSession | undefined {
    return this.sessions.get(key);
  }

  keep(key: string, runtime: Runtime, runId: string): void {
    const session = this.sessions.get(key);
    if (session && session.runtime !== runtime) session.runtime.close();
    const runIds = session && session.runtime === runtime ? [...session.runIds, runId] : [runId];
    this.sessions.delete(key);
    this.sessions.set(key, { runtime, runIds });
    for (const [oldKey, old] of this.sessions) {
      if (this.sessions.size <= this.max) break;
      old.runtime.close();
      this.sessions.delete(oldKey);
    }
  }

  dispose(): void {
    for (const session of this.sessions.values()) session.runtime.close();
    this.sessions.clear();
  }
}

/** The session key of the chat's last `@radar` answer, from `ChatContext.history`. */
export function sessionKeyOf(history: readonly unknown[], participant: string): string | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const turn = history[i] as { participant?: unknown; result?: { metadata?: { radarSession?: unknown } } };
    if (turn.participant !== participant || !turn.result) continue;
    const key = turn.result.metadata?.radarSession;
    if (typeof key === "string") return key;
  }
  return undefined;
}
