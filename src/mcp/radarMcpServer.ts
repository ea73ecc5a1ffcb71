import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { CallToolResult, ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { z } from "zod";
import { Rejection } from "../core/diagnostic.ts";
import { MAX_PREVIEW_ROWS } from "../core/operators/previewRows.ts";
import { operatorNames, operators } from "../core/operators/registry.ts";
import { operatorInputSchema, toolParameters } from "../core/operators/toolManifest.ts";
import { instructionToolList } from "../core/presentation/operatorLists.ts";
import type { Runtime } from "../core/runtime.ts";
import { RADAR_VERSION } from "../core/version.ts";
import {
  callOutputSchema,
  droppedOutputSchema,
  showOutputSchema,
  tablesOutputSchema,
} from "./outputSchemas.ts";
import { readableCall, readablePage, structuredCall, structuredPage } from "./toolOutput.ts";
import { errorText, issuesText } from "../core/text.ts";
import { FAMILY_PREFIX, familyResources, readFamily } from "./familyResources.ts";
import type { SourceEntry, SourceMap } from "../core/sourceMap/sourceEntry.ts";
import type { TableSnapshot } from "../core/state/sharedState.ts";

/** The files listed as resources of their own: those in no family (a family is listed once). */
function unlisted(map: SourceMap): SourceEntry[] {
  const { members } = familyResources(map);
  return map.files.filter((f) => !members.has(f.path));
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

const showArgs = z
  .object({
    table: z.string().min(1).describe("A table of the session (radar_tables lists them)."),
    rows: z
      .number()
      .int()
      .min(0)
      .max(MAX_PREVIEW_ROWS)
      .optional()
      .describe(`Rows to show (default 20, at most ${MAX_PREVIEW_ROWS}).`),
    offset: z.number().int().min(0).optional().describe("Rows to skip first (default 0)."),
  })
  .strict();
const tablesArgs = z.object({}).strict();
const dropArgs = z
  .object({ tables: z.array(z.string().min(1)).min(1).describe("Tables to drop from the session.") })
  .strict();
const resetArgs = z.object({}).strict();

export const TRACE_URI = "radar://session/trace";
export const FINDINGS_URI = "radar://session/findings";
export const TABLES_URI = "radar://session/tables";
const SOURCE_PREFIX = "radar://sourcemap/";

interface ToolDef {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  annotations: Record<string, boolean | string>;
  handle: (args: Record<string, unknown>, extra: Extra) => Promise<CallToolResult>;
}

/**
 * RADAR over MCP: the six operators and the session's tables as tools, the Source Map, the
 * session's trace and its end-of-run findings as resources, and a prompt that frames a data
 * question. One connection is one run of one runtime (a named session's when `radar mcp
 * --session NAME`). The server answers `initialize` at once; a tool that needs the Source Map
 * waits for it, sending `notifications/progress` when the client asked for progress.
 */
export function radarMcpServer(
  opening: Promise<Runtime>,
  about: { lakeRoot: string; session?: string },
): Server {
  let mapped = false;
  const subscribed = new Set<string>();
  void opening.then(
    (runtime) => {
      void runtime.ready.then(
        () => {
          mapped = true;
          // The Source Map's files are resources: the list is complete now.
          void server.sendResourceListChanged().catch(() => undefined);
        },
        () => undefined,
      );
      runtime.onEvent((event) => {
        const changed = [
          TRACE_URI,
          ...(event.type === "call" || event.type === "tables-dropped" || event.type === "settled"
            ? [FINDINGS_URI, TABLES_URI]
            : []),
        ];
        for (const uri of changed)
          if (subscribed.has(uri)) void server.sendResourceUpdated({ uri }).catch(() => undefined);
      });
    },
    () => undefined,
  );
  const server = new Server(
    { name: "radar", version: RADAR_VERSION, title: "RADAR" },
    {
      capabilities: {
        tools: {},
        resources: { subscribe: true, listChanged: true },
        prompts: {},
      },
      instructions:
        "RADAR answers data questions over the files of one folder through typed operators, and checks every step. " +
        `${instructionToolList()}. ` +
        "Every call is validated: errors reject it (nothing ran), warnings point at source rows — " +
        "read them. Results show a few rows (preview_rows, offset); radar_show pages through any table, radar_tables " +
        "lists them, radar_drop / radar_reset remove them. A table name is never overwritten by surprise: pass " +
        '"replace": true to replace one. ' +
        `${about.session ? `Session "${about.session}": tables persist after this connection and are shared with the radar CLI (--session ${about.session}). ` : "Tables last as long as this connection. "}` +
        `Lake: ${about.lakeRoot}. Resources: ${TRACE_URI} (every call), ${FINDINGS_URI} (end-of-run findings), radar://sourcemap/<path> (what RADAR knows of each file), radar://family/<glob> (a family of files, listed once for all its members).`,
    },
  );

  /** Waits for the runtime and its Source Map, reporting progress to a client that asked for it. */
  const whenMapped = async (extra: Extra): Promise<Runtime> => {
    const runtime = await opening;
    if (mapped) return runtime;
    const token = extra._meta?.progressToken;
    const send = (done: number, total: number | undefined, message: string): void => {
      if (token === undefined) return;
      void extra
        .sendNotification({
          method: "notifications/progress",
          params: {
            progressToken: token,
            progress: done,
            ...(total !== undefined ? { total } : {}),
            message,
          },
        })
        .catch(() => undefined);
    };
    const now = runtime.mapProgress;
    send(now?.filesDone ?? 0, now?.filesTotal, "mapping the lake's files (once; later runs use the cache)");
    const off = runtime.onMapProgress((p) =>
      send(p.filesDone, p.filesTotal, `mapped ${p.filesDone} of ${p.filesTotal} files`),
    );
    try {
      await runtime.ready;
    } finally {
      off();
    }
    return runtime;
  };

  const tools = radarTools(opening, whenMapped);
  const byName = new Map(tools.map((t) => [t.name, t]));

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map(({ handle: _h, ...t }) => t) as never,
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    if (!tool)
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool "${request.params.name}". Tools: ${[...byName.keys()].join(", ")}.`,
      );
    try {
      return {
        isError: false,
        ...(await tool.handle((request.params.arguments ?? {}) as Record<string, unknown>, extra)),
      };
    } catch (error) {
      return rejected(error);
    }
  });

  serveResources(server, opening, whenMapped, subscribed);
  servePrompts(server);
  return server;
}

/** Resources: the session's trace, its end-of-run findings and tables, and each mapped file. */
function serveResources(
  server: Server,
  opening: Promise<Runtime>,
  whenMapped: (extra: Extra) => Promise<Runtime>,
  subscribed: Set<string>,
): void {
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: [
      {
        uri: TRACE_URI,
        name: "trace",
        title: "Session trace",
        description: "Every event of the session's runs, one JSON object per line (subscribe to follow it).",
        mimeType: "application/x-ndjson",
      },
      {
        uri: FINDINGS_URI,
        name: "findings",
        title: "End-of-run findings",
        description: "What the checks over the whole session find now (e.g. files seen only in part).",
        mimeType: "application/json",
      },
      {
        uri: TABLES_URI,
        name: "tables",
        title: "Session tables",
        description: "The tables of the session, as radar_tables lists them.",
        mimeType: "application/json",
      },
      ...familyResources((await opening).map).resources,
      ...unlisted((await opening).map).map((f) => ({
        uri: `${SOURCE_PREFIX}${encodeURIComponent(f.path)}`,
        name: f.path,
        title: f.path,
        description: f.folder
          ? "empty folder: no files in it"
          : `${f.format}${f.tables?.[0] ? `, ${f.tables[0].rowCount} rows × ${f.tables[0].columns.length} columns` : ""}${f.error ? `, unreadable: ${f.error}` : ""}`,
        mimeType: "application/json",
        size: f.bytes,
      })),
    ],
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: `${FAMILY_PREFIX}{glob}`,
        name: "family",
        title: "A family of files",
        description:
          "A family of same-layout files named by a year, date, number or code (glob URL-encoded): its range, gaps, columns, differing members and members in order.",
        mimeType: "application/json",
      },
      {
        uriTemplate: `${SOURCE_PREFIX}{path}`,
        name: "sourcemap",
        title: "Source Map of a file",
        description:
          "What RADAR knows of one file of the lake (path URL-encoded): format, header, columns, rows, samples.",
        mimeType: "application/json",
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    const uri = request.params.uri;
    const runtime = await opening;
    if (uri === TRACE_URI) {
      const text = runtime.runs
        .map((id) => join(runtime.stateDir, "runs", `${id}.jsonl`))
        .filter((p) => existsSync(p))
        .map((p) => readFileSync(p, "utf8"))
        .join("");
      return { contents: [{ uri, mimeType: "application/x-ndjson", text }] };
    }
    if (uri === FINDINGS_URI) {
      await whenMapped(extra);
      const findings = await runtime.finalChecks();
      return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify({ findings }) }] };
    }
    if (uri === TABLES_URI)
      return {
        contents: [
          {
            uri,
            mimeType: "application/json",
            text: JSON.stringify({ session: runtime.session ?? null, tables: runtime.tables() }),
          },
        ],
      };
    if (uri.startsWith(FAMILY_PREFIX)) {
      await whenMapped(extra);
      const text = readFamily(runtime.map, uri);
      if (text !== undefined) return { contents: [{ uri, mimeType: "application/json", text }] };
    }
    if (uri.startsWith(SOURCE_PREFIX)) {
      await whenMapped(extra);
      const path = decodeURIComponent(uri.slice(SOURCE_PREFIX.length));
      const entry = runtime.entry(path);
      if (entry) {
        const { profileMs: _ms, ...shown } = entry;
        return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(shown) }] };
      }
    }
    throw new McpError(-32002, `Resource not found: ${uri}`);
  });
  server.setRequestHandler(SubscribeRequestSchema, (request) => {
    subscribed.add(request.params.uri);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });
}

/** The one prompt: a data question framed the RADAR way. */
function servePrompts(server: Server): void {
  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: [
      {
        name: "radar_question",
        title: "Answer a data question with RADAR",
        description:
          "Frames a question over the lake's files the RADAR way: find, read, check, then answer with evidence.",
        arguments: [
          { name: "question", description: "The question to answer from the data files.", required: true },
        ],
      },
    ],
  }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => {
    if (request.params.name !== "radar_question")
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown prompt "${request.params.name}". Prompts: radar_question.`,
      );
    const question = request.params.arguments?.question;
    if (!question)
      throw new McpError(ErrorCode.InvalidParams, 'radar_question needs the argument "question".');
    return {
      description: "A data question, answered through RADAR's checked operators.",
      messages: [
        { role: "user" as const, content: { type: "text" as const, text: questionPrompt(question) } },
      ],
    };
  });
}

/** How to answer a data question the RADAR way: evidence first, findings heeded. */
export function questionPrompt(question: string): string {
  return [
    `Answer this question from the data files with the RADAR tools: ${question}`,
    "",
    "Work like this:",
    "1. Find the sources: radar_discover with the question's words (or a glob). Read the hits' formats, row counts and columns; do not guess file names.",
    "2. Look before reading: radar_bash (head, grep) where a file's layout is unclear — title rows, footnotes, totals, codes.",
    "3. Read whole files into tables: radar_scan (one file) or radar_union_scan (a family of same-shaped files, with a source column). radar_tables lists what the session already holds; a file scanned before and unchanged is not read again.",
    "4. Check the columns you will use with radar_probe: value spellings (CA vs California), null rates, ranges, total rows.",
    "5. Compute with radar_query: one read-only SELECT that declares its inputs. Join on keys, keep what you filter visible.",
    "6. Read every diagnostic. A rejected call ran nothing: fix it as the message says. A warning (join-row-loss, filter-no-match, summary-row, stale-table…) points at source rows: check them before relying on the result.",
    "7. Answer only with numbers and values that appear in the rows of the tables you computed (radar_show pages through them), name those tables as your evidence, and say which file lines they come from. If the data cannot answer the question, say so.",
  ].join("\n");
}

/** A failed tool call as its result: the rejection's code and message, or the error's. */
function rejected(error: unknown): CallToolResult {
  const message = error instanceof Rejection ? error.diagnostic.message : errorText(error);
  const code = error instanceof Rejection ? error.diagnostic.code : "call-failed";
  return { content: [{ type: "text", text: `rejected ${code}: ${message}` }], isError: true };
}
/** Arguments checked against a tool's schema; a mismatch is a Rejection naming each issue. */
function parse<T>(schema: z.ZodType<T>, name: string, args: unknown): T {
  const parsed = schema.safeParse(args ?? {});
  if (!parsed.success)
    throw new Rejection({
      code: "invalid-argument",
      severity: "error",
      message: `${name}: ${issuesText(parsed.error.issues)}`,
      locations: [],
    });
  return parsed.data;
}

/** What radar_drop and radar_reset share: each drops tables for good, and a repeat changes nothing more. */
const dropsTables = {
  outputSchema: droppedOutputSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
};

/** The answer of a call that dropped tables: a line of text and the tables (droppedOutputSchema). */
function droppedResult(text: string, dropped: TableSnapshot[]): CallToolResult {
  return { content: [{ type: "text", text }], structuredContent: { status: "ok", dropped } };
}

/**
 * RADAR's tools: one per operator (names, descriptions, schemas and read-only hints from the
 * operators' definitions), then the session's own: show, tables, drop, reset.
 */
function radarTools(opening: Promise<Runtime>, whenMapped: (extra: Extra) => Promise<Runtime>): ToolDef[] {
  return [
    ...operatorNames.map((op): ToolDef => ({
      name: operators[op].toolName,
      title: op,
      description: operators[op].description,
      inputSchema: operatorInputSchema(op),
      outputSchema: callOutputSchema(op),
      annotations: { readOnlyHint: operators[op].readOnly, destructiveHint: false, openWorldHint: false },
      handle: async (args, extra) => {
        const runtime = await whenMapped(extra);
        const call = await runtime.call({ ...args, op }, extra.signal);
        return {
          content: [{ type: "text", text: readableCall(call) }],
          structuredContent: structuredCall(call),
          isError: call.status !== "ok",
        };
      },
    })),
    {
      name: "radar_show",
      title: "Show rows",
      description: `Page through any table of the session: rows (at most ${MAX_PREVIEW_ROWS}) from an offset, with typed values and each row's source line.`,
      inputSchema: toolParameters(showArgs),
      outputSchema: showOutputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
      handle: async (args, extra) => {
        const a = parse(showArgs, "radar_show", args);
        const runtime = await whenMapped(extra);
        const page = await runtime.show(a.table, {
          ...(a.rows !== undefined ? { rows: a.rows } : {}),
          ...(a.offset !== undefined ? { offset: a.offset } : {}),
          agent: true,
        });
        return {
          content: [{ type: "text", text: readablePage(page) }],
          structuredContent: structuredPage(page),
        };
      },
    },
    {
      name: "radar_tables",
      title: "List tables",
      description:
        "The session's tables: rows, columns, what they were read or derived from, the call that made each, and whether a source file changed since (stale).",
      inputSchema: toolParameters(tablesArgs),
      outputSchema: tablesOutputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
      handle: async (args) => {
        parse(tablesArgs, "radar_tables", args);
        const runtime = await opening;
        const tables = runtime.tables();
        const text = tables.length
          ? tables
              .map(
                (t) =>
                  `${t.name}: ${t.rows} rows × ${t.columns.length} columns, ${t.kind} of ${t.from.join(", ")}${t.producedBy ? ` (call #${t.producedBy.index})` : ""}${t.stale ? ` — STALE: ${t.stale}` : ""}`,
              )
              .join("\n")
          : "No tables yet. Read files with radar_scan or radar_union_scan.";
        return {
          content: [{ type: "text", text }],
          structuredContent: { session: runtime.session ?? null, tables },
        };
      },
    },
    {
      name: "radar_drop",
      title: "Drop tables",
      description:
        "Drop tables from the session (their lineage stays in the trace). Tables derived from them stay.",
      inputSchema: toolParameters(dropArgs),
      ...dropsTables,
      handle: async (args, extra) => {
        const a = parse(dropArgs, "radar_drop", args);
        const runtime = await whenMapped(extra);
        const dropped = await runtime.drop(a.tables);
        return droppedResult(
          `dropped ${dropped.map((t) => `${t.name} (${t.rowCount} rows)`).join(", ")}`,
          dropped,
        );
      },
    },
    {
      name: "radar_reset",
      title: "Reset the session",
      description:
        "Start the session afresh: drop every table and forget what was seen of the files (coverage). The trace keeps everything that happened.",
      inputSchema: toolParameters(resetArgs),
      ...dropsTables,
      handle: async (args, extra) => {
        parse(resetArgs, "radar_reset", args);
        const runtime = await whenMapped(extra);
        const dropped = await runtime.reset();
        return droppedResult(`reset: ${dropped.length} tables dropped, coverage cleared`, dropped);
      },
    },
  ];
}
