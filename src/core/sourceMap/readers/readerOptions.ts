/**
 * How the user said to read a text file (Scan's and UnionScan's `reader` argument). Whatever is
 * given here is used as given; what is left out is found by the map as usual (encoding) or takes
 * the plain default (a `"` quote, one header line, nothing skipped). The Source Map remembers the
 * options for the file (readerStore.ts) and maps it with them from then on.
 */
export interface ReaderOptions {
  /** Field delimiter (one to four characters; `\t` for tabs). */
  delimiter?: string;
  /** Quote character; an empty string reads quotes as ordinary characters. */
  quote?: string;
  /** Fixed-width columns: each column's width in characters, from the start of the line. */
  widths?: number[];
  /** Values separated by runs of spaces or tabs (aligned columns). */
  whitespace?: boolean;
  /** Header lines (after the skipped lines): 0 for none (columns named by position). Default 1. */
  header?: number;
  /** Physical lines skipped at the top of the file, before the header. */
  skip?: number;
  /** Lines starting with this prefix (after spaces) are comments, not records. */
  comment?: string;
  /** Cell texts (trimmed) read as NULL: missing-value markers (`NA`, `-`, `M`). */
  missing?: string[];
  /** Column names, in order, in place of the header's or the positional ones. */
  names?: string[];
}

/** The options in words, for the map entry's note and the trace (`delimiter ";", skip 3 lines…`). */
export function describeReaderOptions(options: ReaderOptions): string {
  const parts: string[] = [];
  if (options.delimiter !== undefined) parts.push(`delimiter ${JSON.stringify(options.delimiter)}`);
  if (options.quote !== undefined)
    parts.push(options.quote === "" ? "no quoting" : `quote ${JSON.stringify(options.quote)}`);
  if (options.widths) parts.push(`fixed widths ${options.widths.join(", ")}`);
  if (options.whitespace) parts.push("values split at runs of spaces");
  if (options.skip !== undefined) parts.push(`${options.skip} line(s) skipped`);
  if (options.header !== undefined)
    parts.push(options.header === 0 ? "no header line" : `${options.header} header line(s)`);
  if (options.comment !== undefined) parts.push(`comment lines starting ${JSON.stringify(options.comment)}`);
  if (options.missing?.length)
    parts.push(`missing values ${options.missing.map((m) => JSON.stringify(m)).join(", ")}`);
  if (options.names?.length) parts.push(`names ${options.names.join(", ")}`);
  return parts.length ? parts.join("; ") : "no options";
}

/** The options as one text, key order aside ("" for none): equal texts read a file alike. */
export function readerKey(o: ReaderOptions | undefined): string {
  return o === undefined || Object.keys(o).length === 0
    ? ""
    : JSON.stringify(
        Object.keys(o)
          .sort()
          .map((k) => [k, o[k as keyof ReaderOptions]]),
      );
}

/** Whether two option sets say the same (key order aside). */
export function sameReaderOptions(a: ReaderOptions | undefined, b: ReaderOptions | undefined): boolean {
  return readerKey(a) === readerKey(b);
}

/**
 * The options a call reads a file with: the ones it gives; with none, the ones remembered for the
 * file; `{}` none at all.
 */
export function effectiveReader(
  given: ReaderOptions | undefined,
  remembered: ReaderOptions | undefined,
): ReaderOptions | undefined {
  if (given === undefined) return remembered;
  return Object.keys(given).length === 0 ? undefined : given;
}
