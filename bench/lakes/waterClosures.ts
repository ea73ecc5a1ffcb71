// The 2023 beach closures (50 rows) and, next to them, a "latest" copy that is really an earlier,
// truncated export: the header and the first 37 rows of the complete file, byte for byte.
import { dayNumber, isoDate } from "./calendar.ts";
import type { LakeWriter } from "./lakeWriter.ts";
import { csvLine } from "./lakeWriter.ts";
import type { SeededRandom } from "./seededRandom.ts";
import type { Beach } from "./waterBeaches.ts";
import { byText } from "./answerMath.ts";

export const CLOSURES_PATH = "closures/beach_closures_2023.csv";
export const CLOSURES_TRUNCATED_PATH = "closures/beach_closures_2023_latest.csv";
export const CLOSURE_ROWS = 50;
export const TRUNCATED_ROWS = 37;
export const ALGAL_BLOOM = "Harmful algal bloom";
const HEADER = ["Closure ID", "Community", "Beach Name", "Closed On", "Reopened On", "Days Closed", "Reason"];
const REASONS = [
  "Bacterial exceedance",
  "Bacterial exceedance",
  "Bacterial exceedance",
  "Rainfall advisory",
  ALGAL_BLOOM,
  "Sewage overflow",
];

export interface Closure {
  community: string;
  beach: string;
  closed: number;
  reopened: number;
  days: number;
  reason: string;
}

export function writeClosures(writer: LakeWriter, beaches: readonly Beach[], rng: SeededRandom): Closure[] {
  const open2023 = beaches.filter((b) => b.end >= 2023);
  const closures: Closure[] = [];
  for (let i = 0; i < CLOSURE_ROWS; i++) {
    const beach = rng.pick(open2023);
    const closed = dayNumber(2023, 6, 1) + rng.int(0, 92);
    const days = rng.int(1, 9);
    closures.push({
      community: beach.community,
      beach: beach.name,
      closed,
      reopened: closed + days,
      days,
      reason: rng.pick(REASONS),
    });
  }
  closures.sort((a, b) => a.closed - b.closed || byText(a.community, b.community));
  // The rows the truncated copy lacks must include an algal bloom, so that questions about it differ.
  const tail = closures.slice(TRUNCATED_ROWS);
  if (!tail.some((c) => c.reason === ALGAL_BLOOM) && tail[4]) tail[4].reason = ALGAL_BLOOM;
  const lines = closures.map((c, i) =>
    csvLine([
      `C23-${String(i + 1).padStart(3, "0")}`,
      c.community,
      c.beach,
      isoDate(c.closed),
      isoDate(c.reopened),
      c.days,
      c.reason,
    ]),
  );
  const text = (n: number): string => [HEADER.join(","), ...lines.slice(0, n)].join("\n") + "\n";
  writer.write(CLOSURES_PATH, "complete closures file", text(CLOSURE_ROWS), CLOSURE_ROWS);
  writer.write(
    CLOSURES_TRUNCATED_PATH,
    "truncated copy (first 37 rows)",
    text(TRUNCATED_ROWS),
    TRUNCATED_ROWS,
  );
  return closures;
}
