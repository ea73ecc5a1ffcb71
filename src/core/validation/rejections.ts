import { Rejection } from "../diagnostic.ts";
import type { Diagnostic } from "../diagnostic.ts";

/** Runs a check written with `reject(...)` and returns its rejection as diagnostics. */
export async function rejectionsOf(check: () => unknown): Promise<Diagnostic[]> {
  try {
    await check();
    return [];
  } catch (error) {
    if (error instanceof Rejection) return [error.diagnostic];
    throw error;
  }
}
