/**
 * Small text helpers every layer repeats (messages, trees, tool results, the CLI): editor-free and
 * engine-free, so the editor shell, the webview's host side and the runtime share one copy.
 */

/** `text` cut to at most `max` characters, the last one an ellipsis when it was cut. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** `n` and the noun, plural unless n is 1: `1 file`, `3 files`, `2 copies` (with `many`). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** What went wrong, in words: an Error's message, anything else as text. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** zod's issues as one line: `path: message; …` (`arguments` for the object itself). */
export function issuesText(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues.map((i) => `${i.path.map(String).join(".") || "arguments"}: ${i.message}`).join("; ");
}

/** An endpoint as logs and messages may show it: scheme, host and path, never its credentials or query. */
export function safeEndpoint(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return "(not a URL)";
  }
}

/** A year alone, 1800–2099 (`1987`, `2024`): a header of years, a year in a name, a word a query names. */
export function isYearToken(token: string): boolean {
  return /^(?:1[89]|20)\d\d$/.test(token);
}
