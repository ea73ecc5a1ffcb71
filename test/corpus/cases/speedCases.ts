import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CorpusCase } from "../corpusCase.ts";

/**
 * Inputs that test bounded work and robustness of the crawl (the speed area): very wide files,
 * unreadable folders, many files. Cases marked `pending` hang or crash today (issue 16).
 */

function wideCsv(columns: number, rows: number): string {
  const header = Array.from({ length: columns }, (_, i) => `c${i}`).join(",");
  const body = Array.from({ length: rows }, (_, r) =>
    Array.from({ length: columns }, (_, c) => r * c).join(","),
  );
  return [header, ...body].join("\n") + "\n";
}

export const speedCases: CorpusCase[] = [
  {
    name: "wide-2000-columns",
    owner: "speed",
    about: "a CSV of 2,000 columns × 50 rows (400 KB)",
    files: { "wide.csv": () => wideCsv(2000, 50) },
    expect: [{ file: "wide.csv", table: { rows: 50 } }],
    timeoutMs: 30_000,
  },
  {
    name: "unreadable-folder",
    owner: "speed",
    about: "one folder of the lake cannot be listed (chmod 000); the rest still maps",
    files: { "ok.csv": "a,b\n1,2\n", "locked/hidden.csv": "a\n1\n" },
    setup: (lake) => chmodSync(join(lake, "locked"), 0o000),
    unprivileged: true,
    expect: [
      { file: "ok.csv", table: { rows: 1 } },
      { file: "locked", flag: /permission denied/ },
    ],
  },
  {
    name: "many-small-files",
    owner: "speed",
    about: "100 tiny CSVs in 10 folders (raise the count for scale runs)",
    files: {},
    setup: (lake) => {
      for (let d = 0; d < 10; d++) {
        mkdirSync(join(lake, `part${d}`));
        for (let f = 0; f < 10; f++) writeFileSync(join(lake, `part${d}`, `f${f}.csv`), `id,v\n${f},${d}\n`);
      }
    },
    expect: [],
    checkMap: (files) =>
      files.length === 100 && files.every((f) => !f.error) ? undefined : `${files.length} files mapped`,
    timeoutMs: 120_000,
  },
];
