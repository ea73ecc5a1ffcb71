import type { SilentCase } from "../../src/core/validation/cases/silentCase.ts";

/**
 * What the two held-out sets (`holdoutCases.ts`, `cteHoldoutCases.ts`) share: call builders, the
 * legal lake's paths and metro-name keys, and a seeded generator for synthetic lakes.
 */

export type Call = SilentCase["calls"][number];

export const scan = (file: string, output?: string, sheet?: string): Call => {
  const call: Call = { op: "Scan", file };
  if (output !== undefined) call.output = output;
  if (sheet !== undefined) call.sheet = sheet;
  return call;
};

export const query = (output: string, inputs: string[], sql: string): Call => ({
  op: "Query",
  sql,
  inputs,
  output,
});

export const probe = (table: string, columns: string[] = []): Call => ({ op: "Probe", table, columns });

export const bash = (command: string): Call => ({ op: "Bash", command });

export const discover = (q: string): Call => ({ op: "Discover", query: q });

export const legal = { shared: "legal" } as const;

export const lake = (files: Record<string, string>): SilentCase["lake"] => ({ files });

export const CSN = "csn-data-book-2024-csv/CSVs/";

export const STATE_FRAUD_LOSSES = `${CSN}2024_CSN_State_Fraud_Reports_and_Losses.csv`;

export const FRAUD_RANKINGS = `${CSN}2024_CSN_State_Rankings_Fraud_and_Other_Reports.csv`;

export const IDT_RANKINGS = `${CSN}2024_CSN_State_Rankings_Identity_Theft_Reports.csv`;

export const STATE_IDT_BY_TYPE = `${CSN}2024_CSN_State_Identity_Theft_Reports.csv`;

export const STATE_TOP_TEN = `${CSN}2024_CSN_State_Top_Ten_Report_Categories.csv`;

export const PAYMENT_METHOD = `${CSN}2024_CSN_Fraud_Reports_by_Payment_Method.csv`;

export const METRO_IDT = `${CSN}2024_CSN_Metropolitan_Areas_Identity_Theft_Reports.csv`;

export const NEW_ENGLAND = "new_england_states.csv";

export const METRO_HTML = "metropolitan_statistics.html";

export const METRO_HTML_US = "table 2: The 387 metropolitan statistical areas of the United States[15]";

/** CSN metro names end in " Metropolitan Statistical Area"; the HTML page's in " MSA", with en dashes. */
export const CSN_MSA_KEY = `replace("Metropolitan Area", ' Metropolitan Statistical Area', '')`;

export const HTML_MSA_KEY = `replace(replace("Metropolitan statistical area", '–', '-'), ' MSA', '')`;

export const csv = (rows: (string | number)[][]): string => rows.map((r) => r.join(",")).join("\n") + "\n";

/** A small deterministic generator, so that the lakes are the same on every run. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
