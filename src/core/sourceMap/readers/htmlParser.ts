import type { Parser } from "htmlparser2";

let loaded: Promise<typeof Parser> | undefined;

/**
 * htmlparser2's Parser, loaded on first use: the workbook readers need it, but a command that
 * reads no workbook (a batch over a mapped lake) should not pay for loading it and its entity
 * tables at start-up.
 */
export function htmlParser(): Promise<typeof Parser> {
  loaded ??= import("htmlparser2").then((m) => m.Parser);
  return loaded;
}
