import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { describedFiles } from "../../src/core/discover/describedFiles.ts";
import type { SourceEntry } from "../../src/core/sourceMap/sourceEntry.ts";

const file = (path: string, firstLines?: string[]): SourceEntry =>
  ({
    path,
    format: firstLines ? "text" : "csv",
    bytes: 100,
    ...(firstLines ? { firstLines } : {}),
  }) as SourceEntry;

describe("what the lake's documents say of its files", () => {
  const readme = file("SOURCES.md", [
    "| Lake path | Commit | What it is |",
    "| exportacao/download_2022/ExpVinho.csv | bad805bc9bb6a684ba76c10d372b70d7a5834c69 | Wine exports by destination, litres and US$ |",
    "| exportacao/download_2021/ExpVinho.csv | 17831e23858621a96d7683b374463c63696605f6 | Wine exports, earlier download |",
    "- PAISES_EXPORT.csv: country names of the export tables",
    "- ExpVinho.csv is the wine table",
    "See data.csv.",
  ]);
  const files = [
    readme,
    file("exportacao/download_2022/ExpVinho.csv"),
    file("exportacao/download_2021/ExpVinho.csv"),
    file("referencia/PAISES_EXPORT.csv"),
    file("data.csv"),
  ];
  const described = describedFiles(files);
  test("a line naming a path describes that file, without the path and commit hashes", () => {
    const lines = described.get("exportacao/download_2022/ExpVinho.csv") ?? [];
    assert.equal(lines.length, 1);
    assert.match(lines[0]!, /Wine exports by destination, litres and US\$/);
    assert.doesNotMatch(lines[0]!, /bad805bc|download_2022/);
  });
  test("a file name alone names the file only when no other lake file has it", () => {
    assert.match((described.get("referencia/PAISES_EXPORT.csv") ?? [])[0] ?? "", /country names/);
    assert.equal(described.get("exportacao/download_2021/ExpVinho.csv")?.length, 1);
  });
  test("a line with no words beside the name describes nothing", () => {
    assert.equal(described.get("data.csv"), undefined);
  });
});
