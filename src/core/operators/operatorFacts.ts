/**
 * Everything said about one operator outside its execution: its names, what it is for (to a model
 * and to a person), whether it changes the session, its icon and the phrases that show its calls.
 * Free of the editor, DuckDB and zod, so the editor shell can bundle it without the runtime; the
 * operator's schema and execution join it in its `Operator` (operator.ts), built with
 * `defineOperator`.
 *
 * The functions take a call's arguments as they come from a trace or a tool input — unchecked
 * JSON, possibly written by another version of RADAR — and read every field defensively.
 */
import type { BatchFacts } from "./batchFacts.ts";
import type { RecordedCallFacts } from "./recordedCallFacts.ts";

export type CallArgs = Record<string, unknown>;

/**
 * Where an argument summary is shown: `tree` (the Trace view, the report, the log: lists as plain
 * text) or `cli` (`radar` output: lists and text values as JSON, long SQL cut).
 */
export type ArgForm = "tree" | "cli";

/**
 * `O` is the operator's observation: the facts that read recorded calls are typed by it
 * (recordedCallFacts.ts). Read through `factsOfCall` (factsRegistry.ts), a call's observation meets
 * its own operator's facts.
 */
export interface OperatorFacts<Name extends string = string, O = never> extends RecordedCallFacts<O> {
  name: Name;
  /** Its name as a tool of other agents (LM tools, MCP): snake_case with a `radar_` prefix, as tool names of many servers share one namespace there. */
  toolName: string;
  /** Its name to a person (`Union Scan`); package.json's tool displayName is `RADAR <title>`. */
  title: string;
  /** What it does, to a model: the agent's tool list, MCP and the LM tool's modelDescription. */
  description: string;
  /** What it does, to a person picking tools in the editor (the LM tool's userDescription). */
  userDescription: string;
  /** What it is for in the agent's system prompt's list of tools: `Scan (read one file into a table)`. */
  promptRole: string;
  /**
   * What it is for in MCP's server instructions: "`does` with radar_scan`note`"; operators listed
   * one after another that do the same are named together (`read files into tables with radar_scan /
   * radar_union_scan`).
   */
  instructionRole: { does: string; note?: string };
  /**
   * What its failure is (failures.ts): a reading call's `unreadable-source` names the file; a SQL
   * call's `query-failed` says what failed (`The profile failed: …`); any other, `call-failed`.
   */
  failure: { code: "unreadable-source" } | { code: "query-failed"; what: string } | { code: "call-failed" };
  /** The registered tables a call reads, from its arguments (the Problems panel finds their files). */
  tablesRead?: (args: CallArgs) => string[];
  /** Changes nothing in the session (registers no table): MCP's readOnlyHint. */
  readOnly: boolean;
  /** Codicon id of its calls in the trees. */
  icon: string;
  /** Its arguments in one line, as the trees (`tree`) or the CLI (`cli`) show them. */
  argText: (args: CallArgs, form: ArgForm) => string;
  /** What the editor shows while it runs ("Scanning climate/rainfall.csv"), never raw JSON. */
  running: (args: CallArgs) => string;
  /** The question asked before it runs as an editor tool, when it asks one (Bash: it is a shell). */
  confirmation?: (args: CallArgs) => { title: string; message: string };
  /** The lake file a call reads, revealed when the call is selected. */
  file?: (args: CallArgs) => string | undefined;
  /** The SQL a call runs (Query): a batch orders calls by the words in it; the report shows it. */
  sql?: (args: CallArgs) => string | undefined;
  /** What a batch plans by (batchPlan.ts); without it, a call writes nothing a batch orders by. */
  batch?: BatchFacts;
}

/** A text argument, or "" (trace arguments are unchecked JSON). */
export function textArg(args: CallArgs, key: string): string {
  const value = args[key];
  return typeof value === "string" ? value : "";
}

/** A list argument joined by ", ", or "". */
export function listArg(args: CallArgs, key: string): string {
  const value = args[key];
  return Array.isArray(value) ? value.map(String).join(", ") : "";
}

/** A value as the trees show it: text as it is, anything else as JSON. */
export function shown(value: unknown): string {
  return typeof value === "string" ? value : value === undefined ? NOT_GIVEN : JSON.stringify(value);
}

/** An argument as a `radar` call line shows it: its text; a rejected call's missing argument says so. */
export function given(value: unknown): string {
  return value === undefined ? NOT_GIVEN : String(value);
}

/** An argument a rejected call left out, where its call line would show it. */
const NOT_GIVEN = "(not given)";
