/**
 * The `outputSchema` of every RADAR tool (JSON Schema), describing its `structuredContent`.
 * Clients validate results against them, so they say exactly what `toolOutput.ts` sends. An
 * operator's observation part is generated from its zod schema (structuredObservations.ts); objects
 * leave room (additionalProperties) for fields a later version adds.
 */

import type { OperatorName } from "../core/operators/operator.ts";
import { rowsSchema as structuredRows } from "../core/operators/structuredRows.ts";
import { jsonSchemaOf, structuredViewOf } from "./structuredObservations.ts";

type Schema = Record<string, unknown>;

const location: Schema = {
  type: "object",
  properties: { file: { type: "string" }, line: { type: "integer" }, sheet: { type: "string" } },
  required: ["file", "line"],
};

const diagnostic: Schema = {
  type: "object",
  description: "A finding of the runtime: a stable code, severity, evidence in words, source locations.",
  properties: {
    code: { type: "string" },
    severity: { enum: ["error", "warning", "info"] },
    message: { type: "string" },
    locations: { type: "array", items: location },
    effect: {
      type: "object",
      description:
        "What acting on the finding changes in what the call returned, measured by running the call again with the remedy; or why it was not measured.",
      properties: {
        measured: { type: "boolean" },
        changed: { type: "boolean" },
        text: { type: "string" },
        sql: { type: "string", description: "The call's SQL with the remedy applied." },
      },
      required: ["measured", "text"],
    },
    remedy: {
      type: "object",
      description:
        "The remedy the check states in SQL: the input table replaced by this SELECT, or (scope `statement`) the call's whole SQL remedied.",
      properties: {
        table: { type: "string" },
        sql: { type: "string" },
        says: { type: "string" },
        scope: { enum: ["statement"] },
        partial: {
          type: "boolean",
          description:
            "The remedy keeps rows but cannot supply what they lack: a result it leaves the same does not lower the finding.",
        },
      },
      required: ["table", "sql", "says"],
    },
    evidence: {
      type: "array",
      description:
        "Every value the finding concerns when its message names only a few (e.g. the names of all group rows), by table and column.",
      items: {
        type: "object",
        properties: {
          table: { type: "string" },
          column: { type: "string" },
          values: { type: "array", items: { type: "string" } },
        },
        required: ["table", "column", "values"],
      },
    },
  },
  required: ["code", "severity", "message", "locations"],
};

const callRef: Schema = {
  type: "object",
  properties: { runId: { type: "string" }, index: { type: "integer" } },
  required: ["runId", "index"],
};

/** Rows shown of a table: typed values, where each row came from, and whether more follow. */
export const rowsSchema: Schema = jsonSchemaOf(structuredRows);

const schemaColumns: Schema = {
  type: "array",
  items: {
    type: "object",
    properties: { name: { type: "string" }, type: { type: "string" } },
    required: ["name", "type"],
  },
};

const tableSnapshot: Schema = {
  type: "object",
  properties: {
    name: { type: "string" },
    rowCount: { type: "integer" },
    schema: schemaColumns,
    provenance: { type: "object" },
    producedBy: callRef,
  },
  required: ["name", "rowCount"],
};

/** The result of an operator tool: status, diagnostics, and the observation when it ran. */
export function callOutputSchema(op: OperatorName): Schema {
  return {
    type: "object",
    properties: {
      status: {
        enum: ["ok", "rejected", "failed", "skipped"],
        description:
          "rejected: refused before anything ran; failed: ran and errored; skipped: its input was not produced.",
      },
      call: { ...callRef, description: "This call in the session's trace." },
      summary: { type: "string" },
      error: { type: "string" },
      diagnostics: { type: "array", items: diagnostic },
      reused: {
        type: "object",
        description:
          "Nothing was read again: the table already held these files, unchanged (or the same call ran just before).",
        properties: {
          how: { enum: ["session", "copied", "batch"] },
          table: { type: "string" },
          from: callRef,
        },
        required: ["how"],
      },
      replaced: { ...tableSnapshot, description: "The table this call's output replaced (replace: true)." },
      observation: jsonSchemaOf(structuredViewOf(op).schema),
    },
    required: ["status", "call", "diagnostics"],
  };
}

export const showOutputSchema: Schema = {
  type: "object",
  properties: {
    status: { const: "ok" },
    table: { type: "string" },
    rowCount: { type: "integer" },
    stale: { type: "string", description: "Why the table may no longer match its files." },
    rows: rowsSchema,
  },
  required: ["status", "table", "rowCount", "rows"],
};

export const tablesOutputSchema: Schema = {
  type: "object",
  properties: {
    session: {
      type: ["string", "null"],
      description: "The named session, or null for this connection only.",
    },
    tables: {
      type: "array",
      items: {
        type: "object",
        properties: {
          name: { type: "string" },
          rows: { type: "integer" },
          columns: schemaColumns,
          kind: { enum: ["scan", "union", "query"] },
          from: { type: "array", items: { type: "string" }, description: "Files read, or tables queried." },
          producedBy: { ...callRef, description: "The call that registered it." },
          stale: { type: "string", description: "Present when a file changed since it was read." },
        },
        required: ["name", "rows", "columns", "kind", "from"],
      },
    },
  },
  required: ["session", "tables"],
};

export const droppedOutputSchema: Schema = {
  type: "object",
  properties: {
    status: { const: "ok" },
    dropped: { type: "array", items: tableSnapshot },
  },
  required: ["status", "dropped"],
};

/** Results of the session tools that failed (an unknown table): a diagnostic, no data. */
export const errorShape = (message: string, code: string): Record<string, unknown> => ({
  status: "rejected",
  diagnostics: [{ code, severity: "error", message, locations: [] }],
});
