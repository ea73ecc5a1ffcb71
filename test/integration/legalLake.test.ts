import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Runtime } from "../../src/core/runtime.ts";
import type { ScanObservation } from "../../src/core/operators/scan/scanObservation.ts";
import type { UnionScanObservation } from "../../src/core/operators/unionScan/unionScanObservation.ts";
import { legalLakeDir } from "../helpers/tempLake.ts";

const lake = legalLakeDir();
const CSVS = "csn-data-book-2024-csv/CSVs";

describe("the KramaBench legal lake", () => {
  let runtime: Runtime;
  before(async () => {
    runtime = await Runtime.open(lake, { radarDir: mkdtempSync(join(tmpdir(), "radar-legal-")) });
  });
  after(() => runtime?.close());

  test("every file is mapped; only the .DS_Store junk is unreadable", () => {
    assert.equal(runtime.map.files.length, 135);
    const errors = runtime.map.files.filter((f) => f.error).map((f) => f.path.split("/").pop());
    assert.deepEqual(errors, [".DS_Store", ".DS_Store", ".DS_Store"]);
  });

  test("title rows and footnotes of the data-book CSVs are found", () => {
    const f = runtime.map.files.find(
      (x) => x.path === `${CSVS}/2024_CSN_State_Rankings_Identity_Theft_Reports.csv`,
    )!;
    const t = f.tables![0]!;
    assert.equal(t.headerLine, 3);
    assert.equal(t.rowCount, 52);
    assert.deepEqual(
      t.columns.map((c) => `${c.name}:${c.type}`),
      ["Rank:BIGINT", "State:VARCHAR", "Reports per 100K Population:BIGINT", "# of Reports:BIGINT"],
    );
    assert.match(t.footer?.lines[0] ?? "", /District of Columbia and Puerto Rico/);
  });

  test("Scan reads a Windows-1252 file with exact source lines", async () => {
    const r = await runtime.call({
      op: "Scan",
      file: `${CSVS}/2024_CSN_Report_Categories.csv`,
      output: "categories",
    });
    assert.equal(r.status, "ok", JSON.stringify(r));
    const o = r.observation as ScanObservation;
    assert.equal(o.provenance.encoding, "windows-1252");
    assert.equal(o.rowCount, 29);
    assert.equal(o.preview.origins[0]?.line, 4);
  });

  test("UnionScan over the per-state folder (names with spaces)", async () => {
    const r = await runtime.call({
      op: "UnionScan",
      files: [`${CSVS}/State MSA Identity Theft data/*.csv`],
      source_column: "state_file",
      output: "msa_idt",
    });
    assert.equal(r.status, "ok", JSON.stringify(r));
    const o = r.observation as UnionScanObservation;
    assert.equal(o.sources.length, 52);
    assert.equal(
      o.rowCount,
      o.sources.reduce((n, s) => n + s.rows, 0),
    );
    assert.deepEqual(
      o.schema.map((c) => c.name),
      ["state_file", "Metropolitan Area", "# of Reports"],
    );
    assert.equal(o.preview.origins[0]?.file, `${CSVS}/State MSA Identity Theft data/Alabama.csv`);
    assert.equal(o.preview.origins[0]?.line, 4);
  });

  test("HTML tables of the metropolitan statistics page", () => {
    const f = runtime.map.files.find((x) => x.path === "metropolitan_statistics.html")!;
    const msa = f.tables!.find((t) => t.columns.some((c) => c.name === "2020 census"));
    assert.ok(msa, "the MSA population table is mapped");
    assert.ok(msa.rowCount >= 380);
  });
});
