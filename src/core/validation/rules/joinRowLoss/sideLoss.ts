import type { SideFacts } from "../../joinProfile.ts";
import type { KeyOf } from "../../sqlFacts.ts";

/** Rows of one side of a join whose key has no partner on the other side. */
export interface Loss {
  from: KeyOf[];
  to: KeyOf[];
  facts: SideFacts;
  sampleEvery: number;
}
