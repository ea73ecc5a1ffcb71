// The beaches of the water lake: a fixed set that the questions are about (the two Joseph Sylvia
// State Beach sites, names used in two towns, the datasheet beaches), and seeded random others.
import type { SeededRandom } from "./seededRandom.ts";
import { FRESH_SUFFIXES, MARINE_SUFFIXES, PLACE_WORDS, TOWNS, townNamed } from "./waterPlaces.ts";

export const FIRST_YEAR = 2002;
export const LAST_YEAR = 2023;

export type BeachType = "Marine" | "Fresh";

export interface Beach {
  community: string;
  county: string;
  code: string;
  name: string;
  type: BeachType;
  /** First and last year sampled. */
  start: number;
  end: number;
  /** Day of the week it is sampled (1 = Monday … 5 = Friday). */
  weekday: number;
  /** Log-scale bacterial level of the beach (its median's logarithm). */
  mu: number;
}

export const JSS_OAK_BLUFFS = "Joseph Sylvia State Beach - Big Bridge";
export const JSS_EDGARTOWN = "Joseph Sylvia State Beach @ Big Bridge";

/** Key of a beach: a name is unique only within its community. */
export function beachKey(community: string, name: string): string {
  return `${community}\u0000${name}`;
}

// prettier-ignore
const FIXED: readonly [string, string, BeachType][] = [
  ["Oak Bluffs", JSS_OAK_BLUFFS, "Marine"],
  ["Edgartown", JSS_EDGARTOWN, "Marine"],
  ["Oak Bluffs", "Inkwell Beach", "Marine"],
  ["Edgartown", "Lighthouse Beach", "Marine"],
  ["Tisbury", "Owen Park Beach", "Marine"],
  ["Sandwich", "Town Beach", "Marine"],
  ["Kingston", "Town Beach", "Marine"],
  ["Webster", "Town Beach", "Fresh"],
  ["Brewster", "Long Pond", "Fresh"],
  ["Plymouth", "Long Pond", "Fresh"],
  ["Barnstable", "Craigville Beach", "Marine"],
  ["Falmouth", "Old Silver Beach", "Marine"],
  ["Hull", "Nantasket Beach", "Marine"],
  ["Quincy", "Wollaston Beach", "Marine"],
  ["Westport", "Horseneck Beach", "Marine"],
  ["Manchester-by-the-Sea", "Singing Beach", "Marine"],
  ["Concord", "Walden Pond", "Fresh"],
  ["Sturbridge", "Cedar Lake", "Fresh"],
];

function level(rng: SeededRandom, type: BeachType): number {
  return (type === "Marine" ? Math.log(15) : Math.log(30)) + rng.normal(0, 0.35);
}

export function makeBeaches(rng: SeededRandom, randomCount: number): Beach[] {
  const beaches: Beach[] = [];
  const taken = new Set<string>();
  const jssWeekday = 2;
  for (const [community, name, type] of FIXED) {
    const town = townNamed(community);
    const r = rng.fork(`fixed:${community}:${name}`);
    const isJss = name === JSS_OAK_BLUFFS || name === JSS_EDGARTOWN;
    beaches.push({
      community,
      county: town.county,
      code: town.code,
      name,
      type,
      start: FIRST_YEAR,
      end: LAST_YEAR,
      // The two Joseph Sylvia sites are sampled on the same days.
      weekday: isJss ? jssWeekday : r.int(1, 5),
      mu: level(r, type),
    });
    taken.add(beachKey(community, name));
  }
  const r = rng.fork("random-beaches");
  for (let i = 0; i < randomCount; i++) {
    const town = r.pick(TOWNS);
    const type: BeachType = town.coastal && r.chance(0.8) ? "Marine" : "Fresh";
    let name = "";
    for (let attempt = 0; attempt < 50; attempt++) {
      name = `${r.pick(PLACE_WORDS)} ${r.pick(type === "Marine" ? MARINE_SUFFIXES : FRESH_SUFFIXES)}`;
      if (!taken.has(beachKey(town.name, name))) break;
      name = "";
    }
    if (!name) continue;
    taken.add(beachKey(town.name, name));
    const start = r.chance(0.85) ? FIRST_YEAR : r.int(FIRST_YEAR + 1, 2015);
    const end = r.chance(0.9) ? LAST_YEAR : r.int(Math.max(start + 2, 2008), LAST_YEAR - 1);
    beaches.push({
      community: town.name,
      county: town.county,
      code: town.code,
      name,
      type,
      start,
      end,
      weekday: r.int(1, 5),
      mu: level(r, type),
    });
  }
  return beaches;
}
