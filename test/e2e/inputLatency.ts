import type { Page } from "playwright-core";

/**
 * Input latency as the user feels it, measured in the page: from a key's event timestamp (when
 * the browser received it, queueing included) to the end of the first frame after it — the frame
 * that paints the typed character. Playwright types through the browser's input pipeline (CDP),
 * so the keys take the same path as a user's.
 */
export interface LatencyStats {
  keys: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
}

export async function installLatencyProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __radarLatency?: number[]; __radarProbe?: boolean };
    w.__radarLatency = [];
    if (w.__radarProbe) return;
    w.__radarProbe = true;
    document.addEventListener(
      "keydown",
      (e) => {
        const pressed = e.timeStamp;
        // rAF runs before the frame is painted; a task queued from it runs after the paint.
        requestAnimationFrame(() =>
          setTimeout(() => (w.__radarLatency ??= []).push(performance.now() - pressed), 0),
        );
      },
      true,
    );
  });
}

/** Takes the samples gathered since the last call. */
export async function takeLatency(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __radarLatency?: number[] };
    const samples = w.__radarLatency ?? [];
    w.__radarLatency = [];
    return samples;
  });
}

export function latencyStats(samples: number[]): LatencyStats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number): number =>
    Math.round((s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0) * 10) / 10;
  return { keys: s.length, medianMs: at(0.5), p95Ms: at(0.95), maxMs: Math.round((s.at(-1) ?? 0) * 10) / 10 };
}

export function describeLatency(stats: LatencyStats): string {
  return `${stats.keys} keys: median ${stats.medianMs} ms, p95 ${stats.p95Ms} ms, max ${stats.maxMs} ms`;
}
