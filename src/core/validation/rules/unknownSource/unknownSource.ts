import { requireEntry } from "../../../operators/scan/scan.ts";
import { expandFiles } from "../../../operators/unionScan/unionScan.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { rejectionsOf } from "../../rejections.ts";
import { unknownSourceDoc } from "./unknownSourceDoc.ts";

/** `unknown-source`: Scan/UnionScan of a file (or a pattern matching nothing) not in the lake. */
export const unknownSourceRule: ValidationRule = {
  code: unknownSourceDoc.code,
  runOrder: 30,
  phase: "before",
  ops: ["Scan", "UnionScan"],
  check: ({ op, args, ctx }) =>
    rejectionsOf(() =>
      op === "Scan"
        ? requireEntry(ctx, String(args.file), "Scan.file")
        : expandFiles(ctx, args.files as string[]),
    ),
};
