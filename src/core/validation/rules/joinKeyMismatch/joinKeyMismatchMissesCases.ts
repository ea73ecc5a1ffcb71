import type { SilentCase } from "../../cases/silentCase.ts";
import { scan, query } from "../../cases/caseCalls.ts";
import { edition, stores } from "../../cases/missesLakes.ts";

/** Issue 25's misses met by fresh analysts of `join-key-mismatch` (their lakes, shared with other codes' cases, are in src/core/validation/cases/missesLakes.ts). */
export const joinKeyMismatchMissesCases: SilentCase[] = [
  {
    code: "join-key-mismatch",
    name: "a LEFT JOIN of sales to a store list spelling two stores with a hyphen",
    expect: "flagged",
    lake: { files: stores(true) },
    calls: [
      scan("sales.csv", "sales"),
      scan("stores.csv", "stores"),
      query("SELECT s.store, s.sales, m.manager FROM sales s LEFT JOIN stores m ON s.store = m.store", [
        "sales",
        "stores",
      ]),
    ],
  },
  {
    code: "join-key-mismatch",
    name: "issue 25 (EI-agri-08): a FULL JOIN of two editions whose labels end in a space in one",
    expect: "flagged",
    lake: { files: { "ed2023.csv": edition(true), "ed2025.csv": edition(false) } },
    calls: [
      scan("ed2023.csv", "ed2023"),
      scan("ed2025.csv", "ed2025"),
      query(
        "SELECT coalesce(a.Item, b.Item) AS item, a.Area - b.Area AS diff FROM ed2023 a FULL JOIN ed2025 b ON lower(a.Item) = lower(b.Item)",
        ["ed2023", "ed2025"],
      ),
    ],
  },
  {
    code: "join-key-mismatch",
    name: "issue 25: a FULL JOIN of two editions spelled alike",
    expect: "clean",
    lake: { files: { "ed2023.csv": edition(false), "ed2025.csv": edition(false) } },
    calls: [
      scan("ed2023.csv", "ed2023"),
      scan("ed2025.csv", "ed2025"),
      query(
        "SELECT coalesce(a.Item, b.Item) AS item, a.Area - b.Area AS diff FROM ed2023 a FULL JOIN ed2025 b ON lower(a.Item) = lower(b.Item)",
        ["ed2023", "ed2025"],
      ),
    ],
  },
];
