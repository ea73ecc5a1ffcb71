import type { CorpusCase } from "./corpusCase.ts";
import { formatsCases } from "./cases/formatsCases.ts";
import { formatsMoreCases } from "./cases/formatsMoreCases.ts";
import { layoutCases } from "./cases/layoutCases.ts";
import { speedCases } from "./cases/speedCases.ts";

/** Every corpus case, by area. A new area's group is added here. */
export const allCases: CorpusCase[] = [...layoutCases, ...formatsCases, ...formatsMoreCases, ...speedCases];
