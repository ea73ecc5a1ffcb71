import type { OperatorName } from "../../core/operators/operator.ts";

/**
 * What the editor shows while an operator runs as a language model tool, or as a step of `@radar`:
 * one readable line from the call's arguments ("Scanning climate/rainfall.csv"), never raw JSON.
 */
export function invocationMessage(op: OperatorName | string, args: Record<string, unknown>): string {
  const text = (key: string): string => (typeof args[key] === "string" ? (args[key] as string) : "");
  const list = (key: string): string =>
    Array.isArray(args[key]) ? (args[key] as unknown[]).map(String).join(", ") : "";
  const into = text("output") ? ` into ${text("output")}` : "";
  switch (op) {
    case "Discover":
      return `Finding sources for “${clip(text("query"), 80)}”`;
    case "Scan":
      return `Scanning ${text("file")}${text("sheet") ? ` [${text("sheet")}]` : ""}${into}`;
    case "UnionScan":
      return `Reading ${clip(list("files"), 120)} as one table${into}`;
    case "Probe":
      return `Profiling ${text("table")}${list("columns") ? ` (${clip(list("columns"), 80)})` : ""}`;
    case "Query":
      return `Querying ${list("inputs") || "registered tables"}${into}`;
    case "Bash":
      return `Running \`${clip(text("command"), 120)}\``;
    default:
      return `Running ${op}`;
  }
}

/** Bash asks first: the command runs in RADAR's read-only sandbox over the lake, but it is a shell. */
export function bashConfirmation(args: Record<string, unknown>): { title: string; message: string } {
  const command = typeof args.command === "string" ? args.command : "";
  return {
    title: "Run a shell command over the data files?",
    message: `RADAR will run this read-only command in its sandbox, in the workspace folder:\n\n\`\`\`sh\n${command}\n\`\`\``,
  };
}

function clip(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}
