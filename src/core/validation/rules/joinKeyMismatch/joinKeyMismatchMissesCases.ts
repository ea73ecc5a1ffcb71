import type { SilentCase } from "../../cases/silentCase.ts";
import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scan, query } from "../../cases/caseCalls.ts";
import { edition, stores } from "../../cases/missesLakes.ts";

const { flagged, clean } = silentCasesOf("join-key-mismatch");

/** Issue 25's misses met by fresh analysts of `join-key-mismatch` (their lakes, shared with other codes' cases, are in src/core/validation/cases/missesLakes.ts). */
export const joinKeyMismatchMissesCases: SilentCase[] = [
  flagged("a LEFT JOIN of sales to a store list spelling two stores with a hyphen", stores(true), [
    scan("sales.csv", "sales"),
    scan("stores.csv", "stores"),
    query("SELECT s.store, s.sales, m.manager FROM sales s LEFT JOIN stores m ON s.store = m.store", [
      "sales",
      "stores",
    ]),
  ]),
  flagged(
    "issue 25 (EI-agri-08): a FULL JOIN of two editions whose labels end in a space in one",
    { "ed2023.csv": edition(true), "ed2025.csv": edition(false) },
    [
      scan("ed2023.csv", "ed2023"),
      scan("ed2025.csv", "ed2025"),
      query(
        "SELECT coalesce(a.Item, b.Item) AS item, a.Area - b.Area AS diff FROM ed2023 a FULL JOIN ed2025 b ON lower(a.Item) = lower(b.Item)",
        ["ed2023", "ed2025"],
      ),
    ],
  ),
  clean(
    "issue 25: a FULL JOIN of two editions spelled alike",
    { "ed2023.csv": edition(false), "ed2025.csv": edition(false) },
    [
      scan("ed2023.csv", "ed2023"),
      scan("ed2025.csv", "ed2025"),
      query(
        "SELECT coalesce(a.Item, b.Item) AS item, a.Area - b.Area AS diff FROM ed2023 a FULL JOIN ed2025 b ON lower(a.Item) = lower(b.Item)",
        ["ed2023", "ed2025"],
      ),
    ],
  ),
];
