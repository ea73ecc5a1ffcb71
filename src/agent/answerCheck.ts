import type { Diagnostic } from "../core/diagnostic.ts";
import { nearest } from "../core/diagnostic.ts";
import type { DuckEngine } from "../core/engine/duckEngine.ts";
import { sqlIdent } from "../core/engine/duckEngine.ts";
import { SqlParams } from "../core/engine/sqlParams.ts";
import type { SharedState, TableInfo } from "../core/state/sharedState.ts";
import type { AnswerArgs } from "./agentTools.ts";
import { isNumericType } from "../core/engine/numericTypes.ts";

/** One thing the answer claims: a number (with the tolerance its written precision allows) or a value. */
export type Claim =
  | { kind: "number"; text: string; alternatives: { value: number; tolerance: number; scaled?: boolean }[] }
  | { kind: "value"; text: string };

export interface AnswerCheck {
  accepted: boolean;
  diagnostics: Diagnostic[];
  /** Each claim and the evidence tables whose records hold it (empty: unsupported). */
  support: { claim: string; tables: string[] }[];
}

const MAX_CLAIMS = 40;
const MAX_VALUE_WORDS = 5;
/** Words that state a judgement about the data, not a value from it. */
const VERDICTS = new Set(["yes", "no", "true", "false", "none", "n/a", "unknown", "null"]);
const SCALES: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  m: 1e6,
  mn: 1e6,
  billion: 1e9,
  b: 1e9,
  bn: 1e9,
  trillion: 1e12,
};
const DATE = /\b\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?\b/g;
const NUMBER =
  /(?<![\p{L}\p{N}_.])([-+−]?)((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)(\s*(?:%|percent\b|per cent\b)|\s*(?:thousand|million|billion|trillion|bn|mn)\b|[kKmMbB]\b)?/gu;

/**
 * `unsupported-answer`: every number and value of an answer must be found in — or rounded, scaled
 * or turned into a percentage from — the records of the tables it cites as evidence. The check
 * reads the whole tables in DuckDB, not the previews. Numbers and values that the question itself
 * states, verdicts (yes/no) and a cited table's row count need no record. An answer citing no
 * registered table is never accepted.
 */
export async function checkAnswer(
  engine: DuckEngine,
  state: SharedState,
  args: AnswerArgs,
  question: string,
  signal?: AbortSignal,
): Promise<AnswerCheck> {
  const registered = [...state.tables.values()].map((t) => t.name);
  if (args.evidence.length === 0)
    return rejected(
      `The answer cites no evidence. List in "evidence" the registered tables whose records hold the answer's numbers and values (compute them with Query first).${registered.length ? ` Registered tables: ${registered.join(", ")}.` : " No table is registered yet: Scan the sources first."}`,
    );
  const unknown = args.evidence.filter((name) => !state.table(name));
  if (unknown.length)
    return rejected(
      `Evidence ${unknown.map((u) => `"${u}"`).join(", ")} ${unknown.length > 1 ? "are not registered tables" : "is not a registered table"}.${registered.length ? ` Nearest registered: ${nearest(unknown[0]!, registered).join(", ")}.` : " No table is registered yet."} Cite tables made by Scan, UnionScan or Query.`,
    );
  const tables = args.evidence.map((name) => state.table(name)!);
  const claims = claimsOf(args.answer, question).slice(0, MAX_CLAIMS);
  const support = claims.map((c) => ({ claim: c.text, tables: [] as string[] }));
  const onAbort = (): void => engine.interrupt();
  signal?.addEventListener("abort", onAbort);
  try {
    for (const table of tables) {
      const found = await findClaims(engine, table, claims);
      found.forEach((hit, i) => hit && support[i]!.tables.push(table.name));
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
  }
  const missing = support.filter((s) => s.tables.length === 0);
  if (missing.length === 0) return { accepted: true, diagnostics: [], support };
  return {
    ...rejected(
      `${missing.map((m) => JSON.stringify(m.claim)).join(", ")} ${missing.length > 1 ? "are" : "is"} not in the records of ${tables.map((t) => t.name).join(", ")} (every row was checked, not only the previews). Compute the value with Query and cite its output table, or correct the answer. Keep only values in "answer"; put reasoning in "explanation".`,
    ),
    support,
  };
}

function rejected(message: string): AnswerCheck {
  return {
    accepted: false,
    diagnostics: [{ code: "unsupported-answer", severity: "error", message, locations: [] }],
    support: [],
  };
}

/** The numbers and values an answer states, less those the question already gives. */
export function claimsOf(answer: AnswerArgs["answer"], question: string): Claim[] {
  const given = new Set(numbersIn(question).map((c) => c.alternatives[0]!.value));
  const questionText = question.toLowerCase();
  const out: Claim[] = [];
  const add = (claim: Claim): void => {
    if (claim.kind === "number" && given.has(claim.alternatives[0]!.value)) return;
    if (claim.kind === "value" && questionText.includes(claim.text.toLowerCase())) return;
    if (!out.some((c) => c.text === claim.text)) out.push(claim);
  };
  const items = Array.isArray(answer) ? answer : [answer];
  for (const item of items) {
    if (typeof item === "boolean") continue;
    if (typeof item === "number") {
      if (Number.isFinite(item)) add(numberClaim(String(item), item, decimalsOf(String(item)), ""));
      continue;
    }
    for (const claim of textClaims(item, Array.isArray(answer))) add(claim);
  }
  return out;
}

function textClaims(text: string, isListItem: boolean): Claim[] {
  const out: Claim[] = [];
  const dates = text.match(DATE) ?? [];
  for (const date of dates) out.push({ kind: "value", text: date });
  const rest = text.replace(DATE, " ");
  out.push(...numbersIn(rest));
  const parts = isListItem ? [text] : text.split(/\s*(?:;|\n|,\s)\s*/);
  for (const raw of parts) {
    const part = raw
      .trim()
      .replace(/^["'“”‘’]+|["'“”‘’.!]+$/g, "")
      .trim();
    // Parts with digits are claimed through their numbers; long parts are sentences, not values.
    if (part === "" || /\d/.test(part) || VERDICTS.has(part.toLowerCase())) continue;
    if (part.split(/\s+/).length > MAX_VALUE_WORDS) continue;
    out.push({ kind: "value", text: part });
  }
  return out;
}

function numbersIn(text: string): Extract<Claim, { kind: "number" }>[] {
  const out: Extract<Claim, { kind: "number" }>[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const digits = m[2]!.replaceAll(",", "");
    const value = Number(`${m[1] === "" ? "" : "-"}${digits}`);
    if (!Number.isFinite(value)) continue;
    out.push(numberClaim(m[0].trim(), value, decimalsOf(digits), (m[3] ?? "").trim().toLowerCase()));
  }
  return out;
}

function decimalsOf(digits: string): number {
  if (/e/i.test(digits)) return 0;
  const dot = digits.indexOf(".");
  return dot < 0 ? 0 : digits.length - dot - 1;
}

/** A written number stands for any value that rounds to it at its precision. */
function numberClaim(
  text: string,
  value: number,
  decimals: number,
  suffix: string,
): Extract<Claim, { kind: "number" }> {
  const tolerance = 0.5 * 10 ** -decimals + Math.abs(value) * 1e-12;
  const alternatives: { value: number; tolerance: number; scaled?: boolean }[] = [{ value, tolerance }];
  if (suffix === "%" || suffix.startsWith("per"))
    alternatives.push({ value: value / 100, tolerance: tolerance / 100, scaled: true });
  const scale = SCALES[suffix];
  if (scale) alternatives.push({ value: value * scale, tolerance: tolerance * scale, scaled: true });
  return { kind: "number", text, alternatives };
}

/** Whether each claim is held by some record of the table: one aggregate pass over it. */
async function findClaims(engine: DuckEngine, table: TableInfo, claims: Claim[]): Promise<boolean[]> {
  if (claims.length === 0) return [];
  const columns = table.schema;
  const params = new SqlParams();
  const conditions = claims.map((claim) => {
    const ors: string[] = [];
    if (claim.kind === "number") {
      for (const c of columns) {
        const col = sqlIdent(c.name);
        if (isNumericType(c.type)) {
          for (const a of claim.alternatives)
            ors.push(`abs(abs(${col}::DOUBLE) - ${Math.abs(a.value)}) <= ${a.tolerance}`);
        } else {
          // A number written inside text ("1,522", "$3.4 bn", "12%") counts as written.
          const literal = String(Math.abs(claim.alternatives[0]!.value));
          const pattern = `(^|[^0-9.])${literal.replaceAll(".", "\\.")}([^0-9]|$)`;
          ors.push(`regexp_matches(replace(CAST(${col} AS VARCHAR), ',', ''), ${params.bind(pattern)})`);
        }
      }
    } else {
      const v = claim.text.toLowerCase();
      const text = params.bind(v);
      for (const c of columns) {
        const cell = `lower(trim(CAST(${sqlIdent(c.name)} AS VARCHAR)))`;
        ors.push(v.length >= 3 ? `(${cell} = ${text} OR contains(${cell}, ${text}))` : `${cell} = ${text}`);
      }
    }
    return ors.length ? `coalesce(bool_or(${ors.join(" OR ")}), false)` : "false";
  });
  const [row] = await engine.all(
    `SELECT ${conditions.map((c, i) => `${c} AS c${i}`).join(", ")} FROM ${sqlIdent(table.name)}`,
    params.values,
  );
  // A count of the table's rows is held by the table itself.
  const counted = (claim: Claim): boolean =>
    claim.kind === "number" &&
    claim.alternatives.some((a) => Math.abs(Math.abs(a.value) - table.rowCount) <= a.tolerance);
  return claims.map((claim, i) => row?.[`c${i}`] === true || counted(claim));
}
