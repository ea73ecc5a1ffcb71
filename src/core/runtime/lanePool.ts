import { availableParallelism } from "node:os";
import type { DuckEngine } from "../engine/duckEngine.ts";

/** One connection for the calls and one for their checks: a batch runs calls on several at once. */
export interface Lane {
  engine: DuckEngine;
  checks: DuckEngine;
}

const DEFAULT_CONCURRENCY = 2;

/**
 * The lanes calls run on: the runtime's own pair of connections first, more forked from it when
 * calls wait and the concurrency allows (forked lanes are kept for the next batch), and callers
 * queued in order when every lane is busy.
 */
export class LanePool {
  private readonly lanes: Lane[];
  private readonly idle: Lane[];
  private readonly waiting: ((lane: Lane) => void)[] = [];

  constructor(
    first: Lane,
    /** Lanes at most (RuntimeOptions.concurrency), asked whenever a new lane could be forked. */
    private readonly concurrency: () => number | undefined,
  ) {
    this.lanes = [first];
    this.idle = [first];
  }

  /** The runtime's own lane (the engine and checks engine it was opened with). */
  get first(): Lane {
    return this.lanes[0]!;
  }

  async acquire(): Promise<Lane> {
    const free = this.idle.pop();
    if (free) return free;
    const limit = Math.max(1, this.concurrency() ?? Math.min(DEFAULT_CONCURRENCY, availableParallelism()));
    if (this.lanes.length < limit) {
      const lane = { engine: await this.first.engine.fork(), checks: await this.first.engine.fork() };
      this.lanes.push(lane);
      return lane;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(lane: Lane): void {
    const next = this.waiting.shift();
    if (next) next(lane);
    else this.idle.push(lane);
  }

  /** Closes the forked lanes; the first lane's connections are the runtime's to close. */
  closeForked(): void {
    for (const lane of this.lanes.slice(1)) {
      lane.checks.close();
      lane.engine.close();
    }
  }
}
