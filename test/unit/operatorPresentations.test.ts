import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { operatorFacts } from "../../src/core/operators/factsRegistry.ts";
import { instructionToolList, promptToolList } from "../../src/core/presentation/operatorLists.ts";
import { operatorPresentations, traceViewOf } from "../../src/core/operators/operatorPresentations.ts";

const names = Object.keys(operatorFacts);

describe("operator presentations", () => {
  test("every operator has a presentation, in the facts registry's order", () => {
    assert.deepEqual(Object.keys(operatorPresentations), names);
  });

  test("the agent's and MCP's prose lists name every operator", () => {
    const prompt = promptToolList();
    const instructions = instructionToolList();
    for (const facts of Object.values(operatorFacts)) {
      assert.ok(prompt.includes(`${facts.name} (${facts.promptRole})`), facts.name);
      assert.ok(instructions.includes(facts.toolName), facts.toolName);
    }
    assert.match(instructions, /^Find sources with radar_discover, /);
    assert.match(instructions, /read files into tables with radar_scan \/ radar_union_scan, /);
  });

  test("a trace's unknown operator has no view; a garbled observation renders without throwing", () => {
    assert.equal(traceViewOf("Answer"), undefined);
    assert.equal(traceViewOf("toString"), undefined);
    for (const op of names) {
      const view = traceViewOf(op)!;
      for (const garbled of [
        undefined,
        null,
        "text",
        5,
        { table: 3, provenance: "x", columns: "y", hits: 1 },
      ]) {
        const facts: string[] = [];
        view.facts(garbled, (label) => facts.push(label));
        assert.ok(Array.isArray(view.tables(garbled)), op);
        view.reportText(garbled);
      }
      assert.equal(typeof view.label({ file: 1, query: null }), "string", op);
    }
  });
});

describe("a call's arguments in the CLI's echo", () => {
  // A Probe of every column (held-out GJ/GK, stop 36) was echoed "Probe v21 undefined" or "ov []".
  test("a Probe without columns names all of them", () => {
    const text = (args: Record<string, unknown>): string => operatorFacts.Probe.argText!(args, "cli");
    assert.equal(text({ table: "v21" }), "v21 (all columns)");
    assert.equal(text({ table: "ov", columns: [] }), "ov (all columns)");
    assert.equal(text({ table: "ov", columns: ["zip"] }), 'ov ["zip"]');
  });
});
