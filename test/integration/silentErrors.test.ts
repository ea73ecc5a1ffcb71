import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import type { Diagnostic } from "../../src/core/diagnostic.ts";
import { diagnosticCodes } from "../../src/core/validation/ruleRegistry.ts";
import { legalLake, runSilentCase } from "../silent/runSilentCase.ts";
import type { SilentRun } from "../silent/runSilentCase.ts";
import { silentCases } from "../silent/silentCases.ts";

const legalPresent = existsSync(legalLake);

function report(run: SilentRun): string {
  const line = (d: Diagnostic): string =>
    `  ${d.severity} ${d.code}: ${d.message}${d.locations.length ? ` @ ${d.locations.map((l) => `${l.file}:${l.line}`).join(", ")}` : ""}`;
  return [
    `statuses: ${run.statuses.join(", ") || "none"}`,
    ...run.errors.map((e) => `  ${e}`),
    run.diagnostics.length ? "diagnostics:" : "diagnostics: none",
    ...run.diagnostics.map(line),
  ].join("\n");
}

describe("silent-error suite: realistic mistakes are flagged, their correct twins pass clean", () => {
  test("every diagnostic code has at least two bad cases and one correct twin", () => {
    const thin = diagnosticCodes
      .map((code) => {
        const cases = silentCases.filter((c) => c.code === code);
        return {
          code,
          flagged: cases.filter((c) => c.expect === "flagged").length,
          clean: cases.filter((c) => c.expect === "clean").length,
        };
      })
      .filter((x) => x.flagged < 2 || x.clean < 1);
    assert.deepEqual(thin, [], "codes without enough cases");
    const unknown = silentCases.filter((c) => !diagnosticCodes.includes(c.code)).map((c) => c.code);
    assert.deepEqual(unknown, [], "cases for codes no rule reports");
  });

  test("case names are unique within a code", () => {
    const keys = silentCases.map((c) => `${c.code} ${c.name}`);
    assert.deepEqual(
      keys.filter((k, i) => keys.indexOf(k) !== i),
      [],
    );
  });

  for (const c of silentCases) {
    const skip = "shared" in c.lake && !legalPresent ? "../shared/kramabench-legal is absent" : false;
    test(`[${c.code}] ${c.expect}: ${c.name}`, { skip }, async () => {
      const run = await runSilentCase(c);
      if (run.skipped) return;
      // A check that cannot run on a query shape is a defect of the check (issue 17).
      assert.deepEqual(
        run.diagnostics.filter((d) => d.code === "validation-error").map((d) => d.message),
        [],
        "a check could not run",
      );
      if (c.expect === "flagged") {
        assert.ok(
          run.flaggedCodes.includes(c.code),
          `expected a ${c.code} error or warning; got ${run.flaggedCodes.join(", ") || "none"}\n${report(run)}`,
        );
      } else {
        assert.ok(
          run.flaggedCodes.length === 0 && run.statuses.every((s) => s === "ok"),
          `expected no warning or error and every call ok\n${report(run)}`,
        );
      }
    });
  }
});
