import type { SourceEntry } from "../sourceMap/sourceEntry.ts";
import { OPEN_END, OPEN_START, questionPeriods } from "./questionPeriods.ts";

/** A day written with numbers (`8/15/2016`, `2016-08-15`): a point in time, whose year is no period. */
const DAY = /\b\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}(?!\d)/g;
/** A period written as a range between two years ("August 2015 - July 2016", "2015 to 2019"). */
const TWO_YEARS = /(?:1[89]|20)\d\d\D+(?:1[89]|20)\d\d/;

/**
 * The period a file's own title says its data cover ("Staten Island Rolling Sales File. All Sales
 * From August 2015 - July 2016."), when its titles state exactly one bounded period longer than a
 * day. A release's folder is named by when it was published (`2016_08/`): the title says what it
 * holds, so a question's "covering August 2015 - July 2016" selects the member by it (held-out HP:
 * the 2016_08 release covers Aug 2015–Jul 2016, the 2017_03 one Mar 2016–Feb 2017). Only a range
 * between two years says it: days ("as of 8/15/2016", "last update: 2024-10-15"), a lone year
 * ("FAO.update:2023-12-21T00:00") and open ends ("data current to November 2017") say when, not what.
 */
export function statedCoverage(entry: SourceEntry): { from: string; to: string } | undefined {
  const lines = (entry.tables ?? []).flatMap((t) => [
    ...t.titleLines,
    ...(t.title === undefined ? [] : [t.title]),
  ]);
  const found = new Map<string, { from: string; to: string }>();
  for (const line of lines)
    for (const p of questionPeriods(line.replace(DAY, " "))) {
      if (p.from === OPEN_START || p.to === OPEN_END || !TWO_YEARS.test(p.said)) continue;
      found.set(`${p.from}/${p.to}`, { from: p.from, to: p.to });
    }
  return found.size === 1 ? [...found.values()][0] : undefined;
}
