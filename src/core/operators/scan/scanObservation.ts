import { z } from "zod";
import {
  columnTypeSchema,
  fileFingerprintSchema,
  previewSchema,
  readerOptionsSchema,
} from "../observationParts.ts";
import { rowsOf, rowsSchema } from "../structuredRows.ts";
import type { StructuredView } from "../structuredRows.ts";

/** What Scan observes: the table it registered, where it came from, its first rows. */
export const scanObservation = z.object({
  table: z.string(),
  provenance: z
    .object({
      file: z.string(),
      format: z.string(),
      headerLine: z.number().int(),
      sheet: z.string().optional(),
      encoding: z.string().optional(),
      titleLines: z.array(z.string()),
      footerLines: z.array(z.string()),
      sheets: z.array(z.string()).optional(),
      /**
       * What the Source Map observed about how the table is read (JSON shape, merged cells, left-out
       * lines…, statistic rows left out, missing-value markers read as NULL, likely fill values).
       */
      notes: z.array(z.string()).optional(),
      /** The file as it was read (size, modification time): `radar verify` says which files changed since. */
      fingerprint: fileFingerprintSchema.optional(),
      /**
       * The user's reader options the file was read with (given in this call, or remembered for the
       * file from an earlier one), and what the map decided itself (encoding, a delimiter not given).
       */
      reader: z
        .object({
          options: readerOptionsSchema,
          given: z.boolean(),
          found: z.record(z.string(), z.string()),
        })
        .optional(),
    })
    .describe("File, format, header line, sheet, title and footer lines."),
  schema: z.array(columnTypeSchema),
  rowCount: z.number().int(),
  /** A fingerprint of the table's rows in any order (tableDigest.ts): `radar verify` compares it. */
  digest: z.string().optional(),
  preview: previewSchema,
  /** The SELECT that read the file (see `Materialized.readSql`); what `radar export --sql` replays. */
  readSql: z.string().optional(),
});
export type ScanObservation = z.infer<typeof scanObservation>;

/** Its structured tool output: the preview's rows in the common shape, the reading SQL left out. */
export const scanStructured: StructuredView<ScanObservation> = {
  schema: scanObservation.omit({ preview: true, readSql: true }).extend({ rows: rowsSchema }),
  of: ({ preview, readSql: _sql, ...rest }) => ({ ...rest, rows: rowsOf(preview, rest.rowCount) }),
};
