import { clip } from "../../text.ts";
import type { DiscoverObservation } from "./discoverObservation.ts";
import type { OperatorFacts } from "../operatorFacts.ts";
import { shown, textArg } from "../operatorFacts.ts";

export const discoverFacts: OperatorFacts<"Discover", DiscoverObservation> = {
  name: "Discover",
  toolName: "radar_discover",
  title: "Discover",
  description:
    "Rank the lake's files for a question (BM25 over paths, titles, columns and values), or list files matching a glob pattern. Files whose names differ only in a year, date, number or short code come as one family entry with a glob for UnionScan; the years or dates the question names select its members (family.selected). Truncated and duplicate copies give way to the complete file.",
  userDescription: "Find the data files of the workspace related to a question.",
  promptRole: "find sources",
  instructionRole: { does: "find sources" },
  failure: { code: "call-failed" },
  readOnly: true,
  icon: "search",
  argText: (args, form) => (form === "cli" ? JSON.stringify(args.query) : shown(args.query)),
  running: (args) => `Finding sources for “${clip(textArg(args, "query"), 80)}”`,
};
