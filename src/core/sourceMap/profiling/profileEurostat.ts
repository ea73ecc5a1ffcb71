import type { DuckEngine } from "../../engine/duckEngine.ts";
import { sqlIdent, sqlString } from "../../engine/duckEngine.ts";
import { csvReaderSql, readablePath, settledHead } from "../readers/csvRead.ts";
import { rawEurostatRead } from "../readers/eurostatRead.ts";
import { FLAGGED_VALUE, NOT_AVAILABLE, detectEurostatTsv } from "../layout/eurostatTsv.ts";
import type { FileSample } from "../sniff/fileSample.ts";
import type { ColumnProfile, CsvRead, TableProfile, TextEncoding } from "../sourceEntry.ts";
import { readTyped } from "../typing/readTyped.ts";
import type { DelimitedOptions } from "../typing/readTyped.ts";
import { columnNames, positionalName } from "../typing/varcharColumns.ts";

/** Bytes of the first line looked at before the sample is decoded: a header longer than this is read whole. */
const FIRST_LINE_BYTES = 65536;

/**
 * A file of Eurostat's bulk-download layout (eurostatTsv.ts) as one table: a column of codes per
 * dimension, a column of numbers per period; undefined when the file has not that layout (it is
 * then read as any delimited file).
 */
export async function profileEurostat(
  engine: DuckEngine,
  cacheDir: string,
  absPath: string,
  sample: FileSample,
  sniffedEncoding: TextEncoding,
  compression: "gzip" | undefined,
  options: DelimitedOptions = {},
): Promise<TableProfile[] | undefined> {
  if (!mayBeEurostat(sample.head)) return undefined;
  const { settled, text } = await settledHead(absPath, sample, sniffedEncoding, compression !== undefined);
  const layout = detectEurostatTsv(text, sample.complete);
  if (!layout) return undefined;
  const names = columnNames(
    [...layout.dimensions, ...layout.periodCells],
    layout.dimensions.length + layout.periods.length,
  );
  const dimensions = layout.dimensions.length;
  const read: CsvRead = {
    kind: "csv",
    delimiter: "\t",
    encoding: settled.encoding,
    skipLines: 1,
    dataRows: 0,
    quotedNewlines: false,
    columns: names.map((n) => ({ ...n, type: "VARCHAR", thousands: false })),
    eurostat: { dimensions, timeDimension: layout.timeDimension },
    ...(settled.stripNul ? { stripNul: true } : {}),
    ...(settled.crLines ? { crLines: true } : {}),
    ...(settled.maxLineBytes ? { maxLineBytes: settled.maxLineBytes } : {}),
    ...(compression ? { compression } : {}),
  };
  const { dataRows, specs, profiles } = await readTyped(engine, absPath, read, cacheDir, names, options, {
    footer: [],
    sample: layout.sample,
    // Every line after the header is a series (a file read whole was checked line by line).
    ...(sample.complete ? { lineOf: (row: number) => row + 1 } : {}),
  });
  read.dataRows = dataRows;
  read.columns = specs;
  specs.forEach((spec, i) => {
    const profile = profiles[i]!;
    // Codes are identifiers, never quantities; a period none of whose series has a value is still
    // a column of numbers.
    const type = i < dimensions ? "VARCHAR" : profile.nullFraction === 1 ? "DOUBLE" : undefined;
    if (type === undefined || type === spec.type) return;
    spec.type = type;
    spec.thousands = false;
    delete spec.dateFormat;
    delete spec.missing;
    profile.type = type;
    delete profile.dateFormat;
    delete profile.missingMarkers;
    delete profile.fillValues;
  });
  const path = await readablePath(absPath, read, cacheDir);
  await countFlags(engine, csvReaderSql(path, rawEurostatRead(read)), dataRows, dimensions, profiles);
  const periods = layout.periods;
  return [
    {
      headerLine: 1,
      titleLines: [],
      rowCount: dataRows,
      columns: profiles,
      read,
      notes: [
        `Eurostat bulk-download layout: the first field of each line holds the codes of ${layout.dimensions.join(", ")} (comma-separated), read as one column each; ` +
          `the other fields are one column per ${layout.timeDimension} (${periods[0]}${periods.length > 1 ? ` … ${periods[periods.length - 1]}` : ""}), ` +
          `each value read without the flag letters written after it; '${NOT_AVAILABLE}' (not available) is read as NULL.`,
      ],
    },
  ];
}

/** The first line holds a tab and a backslash before its first tab (checked on bytes, before decoding). */
function mayBeEurostat(head: Buffer): boolean {
  const end = head.indexOf(10);
  const line = head.subarray(0, end < 0 ? Math.min(head.length, FIRST_LINE_BYTES) : end);
  const tab = line.indexOf(9);
  return tab > 0 && line.subarray(0, tab).includes(0x5c);
}

/**
 * One pass over the value fields as written (`raw`: the series key, then one field per period):
 * per period column, the cells holding `:` (read as NULL: listed as the column's missing-value
 * marker) and the flags written after the values, with their counts.
 */
async function countFlags(
  engine: DuckEngine,
  raw: string,
  dataRows: number,
  dimensions: number,
  profiles: ColumnProfile[],
): Promise<void> {
  const fields = profiles.length - dimensions;
  if (fields === 0 || dataRows === 0) return;
  const columns = Array.from({ length: fields }, (_, j) => sqlIdent(positionalName(j + 1))).join(", ");
  const pattern = sqlString(FLAGGED_VALUE);
  const rows = await engine.all(
    `SELECT __col, v = ${sqlString(NOT_AVAILABLE)} AS na, f, count(*) AS n FROM (` +
      `SELECT __col, regexp_extract(__v, ${pattern}, 1) AS v, regexp_extract(__v, ${pattern}, 2) AS f ` +
      `FROM (SELECT ${columns} FROM ${raw} LIMIT ${dataRows}) UNPIVOT (__v FOR __col IN (${columns}))) ` +
      `WHERE v = ${sqlString(NOT_AVAILABLE)} OR f <> '' GROUP BY ALL ORDER BY ALL`,
  );
  const found = new Map<number, { na: number; flags: Map<string, number> }>();
  for (const r of rows) {
    const column = dimensions + Number(String(r.__col).slice("column".length)) - 1;
    const counts = found.get(column) ?? { na: 0, flags: new Map<string, number>() };
    found.set(column, counts);
    const n = Number(r.n);
    const flag = String(r.f ?? "");
    if (r.na === true) counts.na += n;
    if (flag !== "") counts.flags.set(flag, (counts.flags.get(flag) ?? 0) + n);
  }
  for (const [column, { na, flags }] of found) {
    const profile = profiles[column];
    if (!profile) continue;
    if (na > 0) profile.missingMarkers = [{ value: NOT_AVAILABLE, count: na }];
    if (flags.size > 0)
      profile.flags = [...flags]
        .map(([flag, count]) => ({ flag, count }))
        .sort((a, b) => b.count - a.count || a.flag.localeCompare(b.flag));
  }
}
