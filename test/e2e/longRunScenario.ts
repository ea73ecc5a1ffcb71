import type { ScriptStep, ScriptedCall } from "../helpers/scriptedOpenAiServer.ts";

/**
 * A long run over examples/lake for the views: 12 turns that each re-read the rankings and the
 * climate files and repeat the same five mistakes (two scans of files with title rows, an unkeyed
 * merge, a join that drops a year, a filter on a spelling the file does not use), then two routine
 * turns — 126 operator calls and 60 findings, most of them at the same few source rows. The
 * Trace view must still read per step, the report per rule, and Problems must hold each finding
 * once per row.
 */
export const LONG_RUN_QUESTION = "Which state ranks first in both rankings (a long, repetitive analysis)?";
export const LONG_RUN_FULL_TURNS = 12;
export const LONG_RUN_ROUTINE_TURNS = 2;
export const LONG_RUN_CALLS = LONG_RUN_FULL_TURNS * 10 + LONG_RUN_ROUTINE_TURNS * 3;

const call = (name: string, args: Record<string, unknown>): ScriptedCall => ({ name, arguments: args });

function fullTurn(n: number): ScriptStep {
  const t = (name: string): string => `${name}_${n}`;
  return {
    content: `Pass ${n}: reading the rankings and the climate files again, and combining them.`,
    toolCalls: [
      call("Scan", { file: "rankings/fraud_top5.csv", output: t("fraud") }),
      call("Scan", { file: "rankings/identity_theft_top5.csv", output: t("idt") }),
      call("Scan", { file: "climate/rainfall.csv", output: t("rain") }),
      call("Scan", { file: "climate/crop_yield.csv", output: t("crop") }),
      call("Query", {
        sql: `SELECT f.State, i.State AS other FROM ${t("fraud")} f, ${t("idt")} i`,
        inputs: [t("fraud"), t("idt")],
        output: t("merged"),
      }),
      call("Query", {
        sql: `SELECT f.Rank, f.State AS fraud_state, i.State AS idt_state, f."Reports per 100K" AS fraud_rate, i."Reports per 100K" AS idt_rate FROM ${t("fraud")} f JOIN ${t("idt")} i ON f.Rank = i.Rank ORDER BY f.Rank`,
        inputs: [t("fraud"), t("idt")],
        output: t("by_rank"),
      }),
      call("Query", {
        sql: `SELECT r.year, r.rainfall_mm, y.yield_t_per_ha FROM ${t("rain")} r JOIN ${t("crop")} y ON r.year = y.year`,
        inputs: [t("rain"), t("crop")],
        output: t("rain_vs_yield"),
      }),
      call("Query", {
        sql: `SELECT * FROM ${t("fraud")} WHERE State = 'FL'`,
        inputs: [t("fraud")],
        output: t("florida"),
      }),
      call("Probe", { table: t("rain"), columns: ["rainfall_mm"] }),
      call("Query", {
        sql: `SELECT count(*) AS years FROM ${t("crop")}`,
        inputs: [t("crop")],
        output: t("years"),
      }),
    ],
  };
}

function routineTurn(n: number): ScriptStep {
  return {
    content: `Pass ${n}: the climate files once more.`,
    toolCalls: [
      call("Scan", { file: "climate/rainfall.csv", output: `rain_${n}` }),
      call("Scan", { file: "climate/crop_yield.csv", output: `crop_${n}` }),
      call("Probe", { table: `crop_${n}`, columns: ["yield_t_per_ha"] }),
    ],
  };
}

export function longRunScript(): ScriptStep[] {
  const steps: ScriptStep[] = [];
  for (let n = 1; n <= LONG_RUN_FULL_TURNS; n++) steps.push(fullTurn(n));
  for (let n = LONG_RUN_FULL_TURNS + 1; n <= LONG_RUN_FULL_TURNS + LONG_RUN_ROUTINE_TURNS; n++)
    steps.push(routineTurn(n));
  steps.push({
    toolCalls: [
      call("Answer", {
        answer: ["Florida", 1522, 528],
        evidence: [`by_rank_${LONG_RUN_FULL_TURNS}`],
        explanation: "Florida is rank 1 in both rankings, paired by rank.",
      }),
    ],
  });
  return steps;
}
