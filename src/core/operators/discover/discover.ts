import { z } from "zod";
import { DEFAULT_DISCOVER_LIMIT } from "../../discover/discoverIndex.ts";
import { defineOperator } from "../operator.ts";
import { discoverFacts } from "./discoverFacts.ts";
import type { DiscoverObservation } from "./discoverObservation.ts";

export const discoverArgs = z
  .object({
    query: z
      .string()
      .min(1)
      .describe('What you are looking for, in words, or a glob path pattern such as "State MSA*/*.csv".'),
    excluded: z.array(z.string()).optional().describe("Paths or glob patterns to leave out of the results."),
    limit: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .optional()
      .describe(
        `How many entries to return (default ${DEFAULT_DISCOVER_LIMIT}); a family or folder of files counts as one. For a path pattern, all matches unless set.`,
      ),
  })
  .strict();
export type DiscoverArgs = z.infer<typeof discoverArgs>;

export const discoverOperator = defineOperator<DiscoverArgs, DiscoverObservation>(discoverFacts, {
  schema: discoverArgs,
  inputsOf: () => [],
  async execute(args, ctx) {
    const hits = ctx.discover().search(args.query, args.excluded ?? [], args.limit);
    return {
      observation: {
        hits: hits.map((hit) => {
          const entry = ctx.entry(hit.path);
          const table = entry?.tables?.[0];
          return table
            ? {
                ...hit,
                format: entry.format,
                rows: table.rowCount,
                columns: table.columns.map((c) => c.name),
              }
            : hit;
        }),
      },
    };
  },
  summarize: (o) =>
    `${o.hits.length} sources: ${o.hits
      .slice(0, 3)
      .map((h) => h.path)
      .join(", ")}${o.hits.length > 3 ? ", …" : ""}`,
});
