import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { Runtime } from "../../src/core/runtime.ts";
import { observationSchemas } from "../../src/core/operators/observationSchemas.ts";
import type { OperatorName } from "../../src/core/operators/operator.ts";
import type { CallEvent } from "../../src/core/trace/traceEvents.ts";
import { callOutputSchema } from "../../src/mcp/outputSchemas.ts";
import { structuredCall } from "../../src/mcp/toolOutput.ts";
import { tempLake } from "../helpers/tempLake.ts";

/**
 * Each operator's observation schema describes what the operator really returns: parsing an
 * observation (which drops fields the schema does not name) gives it back whole, and MCP's
 * generated outputSchema accepts the structured result a client gets.
 */

const { lake, stateDir } = tempLake({
  "sales/sales-2023.csv": "region,amount\nNorth,10\nSouth,20\n",
  "sales/sales-2024.csv": "region,amount,channel\nNorth,30,web\nEast,40,store\n",
  "prices.csv": "item;price\napple;5.95%\npear;20.91%\nfig;N/A\n",
  "book.txt": "alpha\nbeta\ngamma\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

const validator = new AjvJsonSchemaValidator();

function assertDescribed(call: CallEvent): string {
  assert.ok(
    call.status === "ok" || call.status === "failed",
    `${call.op}: ${call.status} ${call.error ?? ""}`,
  );
  const schema = observationSchemas[call.op as OperatorName];
  const parsed = schema.safeParse(call.observation);
  assert.ok(parsed.success, `${call.op}: ${parsed.error?.message ?? ""}`);
  assert.deepEqual(parsed.data, call.observation, `${call.op}: a field the schema does not name`);
  const check = validator.getValidator(callOutputSchema(call.op as OperatorName))(structuredCall(call));
  assert.ok(check.valid, `${call.op} outputSchema: ${check.errorMessage ?? ""}`);
  return JSON.stringify(call.observation);
}

describe("observation schemas", () => {
  test("Discover, with a family hit and file shapes", async () => {
    // The optional parts are there to be checked: a family hit, file shapes.
    assert.match(
      assertDescribed(await runtime.call({ op: "Discover", query: "sales amount 2023 2024" })),
      /"family":\{"template"/,
    );
    assert.match(
      assertDescribed(await runtime.call({ op: "Discover", query: "*.csv" })),
      /"format":"csv","rows":3,"columns":\[/,
    );
  });

  test("Scan, with reader options; Probe of numbers stored as text", async () => {
    const scan = await runtime.call({
      op: "Scan",
      file: "prices.csv",
      output: "prices",
      reader: { delimiter: ";" },
    });
    assert.match(assertDescribed(scan), /"fingerprint":\{.*"reader":\{"options":\{"delimiter":";"\}/);
    assert.match(
      assertDescribed(await runtime.call({ op: "Probe", table: "prices", columns: [] })),
      /"parsed":\{/,
    );
  });

  test("UnionScan and Query", async () => {
    assertDescribed(
      await runtime.call({ op: "UnionScan", files: ["sales/*.csv"], output: "sales", source_column: "file" }),
    );
    assertDescribed(
      await runtime.call({
        op: "Query",
        sql: "SELECT region, sum(amount) AS total FROM sales GROUP BY region",
        inputs: ["sales"],
        output: "totals",
      }),
    );
  });

  test("Bash: plain output, a failing exit, and output registered as a table", async () => {
    assertDescribed(await runtime.call({ op: "Bash", command: "head -n 2 book.txt" }));
    assertDescribed(await runtime.call({ op: "Bash", command: "grep nothing book.txt" }));
    const table = await runtime.call({ op: "Bash", command: "grep -n a book.txt", output: "lines" });
    assert.match(assertDescribed(table), /"records":\{.*"read":\{/);
  });
});
