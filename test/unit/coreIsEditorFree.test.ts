import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { importsInto, tsFiles } from "../helpers/sourceImports.ts";
import { repoRoot } from "../helpers/tempLake.ts";

test("no file under src/core imports vscode", () => {
  const all = tsFiles(join(repoRoot, "src/core"));
  assert.ok(all.length > 10, "src/core should hold the runtime");
  const offenders = all.filter((f) =>
    /(from\s+["']vscode["'])|(require\(\s*["']vscode["']\s*\))|(import\(\s*["']vscode["']\s*\))/.test(
      readFileSync(f, "utf8"),
    ),
  );
  assert.deepEqual(offenders, []);
});

/**
 * The layers built on the core: the core imports none of them (types included), so every host
 * (the editor, the CLI, MCP, the agent) can take the core without the others.
 */
const hostLayers = ["src/extension", "src/agent", "src/cli", "src/mcp", "src/presentation", "webview"];

function hostImports(file: string, source: string): string[] {
  return hostLayers.flatMap((layer) => importsInto(file, source, join(repoRoot, layer)));
}

test("the scan of imports sees an import of a host layer (so the check below can fail)", () => {
  const file = join(repoRoot, "src/core/operators/scan/scanPresentation.ts");
  assert.deepEqual(hostImports(file, 'import type { CallResult } from "../../../cli/resultSchema.ts";\n'), [
    "../../../cli/resultSchema.ts",
  ]);
  assert.deepEqual(hostImports(file, 'import { toolResultText } from "../../../agent/x.ts";'), [
    "../../../agent/x.ts",
  ]);
  assert.deepEqual(
    hostImports(file, 'import type { ReportTable } from "../../../shared/reportProtocol.ts";'),
    [],
  );
  assert.deepEqual(hostImports(file, 'import { clip } from "../../text.ts";'), []);
});

test("no file under src/core imports the extension, the agent, the CLI, MCP or the webview", () => {
  const all = tsFiles(join(repoRoot, "src/core"));
  const offenders = all.flatMap((f) =>
    hostImports(f, readFileSync(f, "utf8")).map((spec) => `${relative(repoRoot, f)}: ${spec}`),
  );
  assert.deepEqual(offenders, []);
});
