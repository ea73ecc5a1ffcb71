// Recomputes a generated lake's gold answers with DuckDB over its files and lists the mismatches.
import { DuckDBInstance } from "@duckdb/node-api";
import { sameAnswer } from "./answerMath.ts";
import type { GoldAnswer, LakeManifest } from "./lakeTypes.ts";
import { waterAnswersDuckDb } from "./waterAnswersDuckDb.ts";
import { wildfireAnswersDuckDb } from "./wildfireAnswersDuckDb.ts";

export interface AnswerMismatch {
  id: string;
  gold: GoldAnswer;
  computed: GoldAnswer | undefined;
}

export async function recomputeAnswers(
  dir: string,
  manifest: LakeManifest,
): Promise<Record<string, GoldAnswer>> {
  const db = await DuckDBInstance.create(":memory:", { threads: "2" });
  const conn = await db.connect();
  try {
    switch (manifest.kind) {
      case "water":
        return await waterAnswersDuckDb(conn, dir, manifest);
      case "wildfire":
        return await wildfireAnswersDuckDb(conn, dir, manifest);
    }
  } finally {
    conn.closeSync();
    db.closeSync();
  }
}

export async function verifyLake(dir: string, manifest: LakeManifest): Promise<AnswerMismatch[]> {
  const computed = await recomputeAnswers(dir, manifest);
  return manifest.questions
    .filter((q) => !sameAnswer(q.answer, computed[q.id]))
    .map((q) => ({ id: q.id, gold: q.answer, computed: computed[q.id] }));
}
