import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { DuckEngine } from "../../src/core/engine/duckEngine.ts";
import { LanePool } from "../../src/core/runtime/lanePool.ts";

// The runtime's lanes: calls of a batch run on lanes of their own up to the concurrency, and a
// call that finds every lane busy waits its turn, first come first served.

/** An engine whose forks are numbered: which lane a call got is visible. */
function fakeEngine(name: string, forks: { count: number }): DuckEngine {
  return {
    name,
    fork: async () => fakeEngine(`fork${++forks.count}`, forks),
    close: () => undefined,
  } as unknown as DuckEngine;
}

const nameOf = (engine: DuckEngine): string => (engine as unknown as { name: string }).name;

describe("lane pool", () => {
  test("the runtime's own lane first, then forked lanes up to the concurrency, then a queue", async () => {
    const forks = { count: 0 };
    const pool = new LanePool(
      { engine: fakeEngine("own", forks), checks: fakeEngine("checks", forks) },
      () => 2,
    );
    const first = await pool.acquire();
    assert.equal(nameOf(first.engine), "own");
    const second = await pool.acquire();
    assert.deepEqual([nameOf(second.engine), nameOf(second.checks)], ["fork1", "fork2"]);
    let third: string | undefined;
    let fourth: string | undefined;
    const waitingA = pool.acquire().then((lane) => (third = nameOf(lane.engine)));
    const waitingB = pool.acquire().then((lane) => (fourth = nameOf(lane.engine)));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(forks.count, 2, "no lane beyond the concurrency is forked");
    assert.equal(third, undefined, "a call waits while every lane is busy");
    pool.release(second);
    await waitingA;
    assert.equal(third, "fork1", "the first waiting call gets the lane released");
    assert.equal(fourth, undefined);
    pool.release(first);
    await waitingB;
    assert.equal(fourth, "own");
  });

  test("a released lane goes back to the idle lanes when no call waits", async () => {
    const forks = { count: 0 };
    const pool = new LanePool(
      { engine: fakeEngine("own", forks), checks: fakeEngine("checks", forks) },
      () => 1,
    );
    const lane = await pool.acquire();
    pool.release(lane);
    assert.equal(await pool.acquire(), lane);
    assert.equal(forks.count, 0);
    assert.equal(pool.first, lane);
  });
});
