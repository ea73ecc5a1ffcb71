import { isAbsolute, relative, resolve, sep } from "node:path";

/**
 * A lake-relative path from the trace or the webview, resolved to an absolute one only when it
 * stays inside the lake: the report's messages are input, and a path must not walk out of it.
 */
export function lakeFile(lakeRoot: string, file: string): string | undefined {
  if (file === "" || isAbsolute(file) || file.includes("\0")) return undefined;
  const full = resolve(lakeRoot, file);
  const rel = relative(lakeRoot, full);
  if (rel === "" || rel.startsWith(`..${sep}`) || rel === ".." || isAbsolute(rel)) return undefined;
  return full;
}

/** Formats an editor shows as text; the others (workbooks, Parquet) open with their own viewer. */
export function isTextFormat(file: string): boolean {
  return !/\.(xlsx|xlsm|xls|parquet|pq|gz|zip)$/i.test(file);
}
