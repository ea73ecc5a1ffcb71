import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An OpenAI-compatible Chat Completions endpoint on 127.0.0.1 that replays a script: each request
 * takes the next step — an assistant message with tool calls, or a fault (429, 500, a response that
 * never starts, a stream cut mid-message, a stream that stalls). It speaks both the streamed (SSE)
 * and the plain JSON form, so the real `openai` client talks to it exactly as to a real endpoint.
 */

export interface ScriptedCall {
  name: string;
  /** An object is sent as JSON; a string is sent as written (to send malformed arguments). */
  arguments: Record<string, unknown> | string;
  id?: string;
}

export interface ScriptedReply {
  content?: string;
  toolCalls?: ScriptedCall[];
  usage?: { prompt: number; completion: number };
  /** Wait before answering (to cancel a request in flight). */
  delayMs?: number;
}

export type ScriptStep =
  | ScriptedReply
  | ((request: ChatRequestBody) => ScriptedReply)
  | { fault: "status"; status: number; retryAfterSeconds?: number }
  /** Accepts the request and never answers (until the client gives up). */
  | { fault: "hang" }
  /** Streams the start of the message, then drops the connection. */
  | { fault: "cut" }
  /** Streams the start of the message, then sends nothing more. */
  | { fault: "stall" }
  /** Streams part of the message and ends the response cleanly, without a finish reason. */
  | { fault: "truncate" };

export interface ChatRequestBody {
  model: string;
  stream?: boolean;
  messages: { role: string; content?: string | null; tool_call_id?: string; tool_calls?: unknown[] }[];
  tools?: { type: string; function: { name: string; description?: string; parameters: unknown } }[];
  [key: string]: unknown;
}

export interface ScriptedServer {
  baseURL: string;
  /** Every request body received, in order (faulty ones included). */
  requests: ChatRequestBody[];
  /** Authorization headers received, to check the key travels only there. */
  authorizations: string[];
  /** Script steps not yet used. */
  remaining: () => number;
  close: () => Promise<void>;
}

export async function startScriptedServer(script: ScriptStep[]): Promise<ScriptedServer> {
  const queue = [...script];
  const requests: ChatRequestBody[] = [];
  const authorizations: string[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let counter = 0;

  const server: Server = createServer((req, res) => {
    void handle(req, res);
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequestBody;
    requests.push(body);
    authorizations.push(String(req.headers.authorization ?? ""));
    const step = queue.shift();
    if (!step) {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ error: { message: "the test script is exhausted", type: "invalid_request_error" } }),
      );
      return;
    }
    const id = `chatcmpl-${++counter}`;
    if (typeof step === "object" && "fault" in step) return fault(step, body, res, id);
    const reply = typeof step === "function" ? step(body) : step;
    if (reply.delayMs) {
      await wait(reply.delayMs, res);
      if (res.destroyed || res.writableEnded) return;
    }
    if (body.stream) streamReply(res, id, body.model, reply);
    else jsonReply(res, id, body.model, reply);
  }

  function wait(ms: number, res: ServerResponse): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
      res.on("close", () => {
        clearTimeout(timer);
        timers.delete(timer);
        resolve();
      });
    });
  }

  function fault(
    step: Extract<ScriptStep, { fault: string }>,
    body: ChatRequestBody,
    res: ServerResponse,
    id: string,
  ): void {
    switch (step.fault) {
      case "status":
        res.writeHead(step.status, {
          "content-type": "application/json",
          ...(step.retryAfterSeconds !== undefined ? { "retry-after": String(step.retryAfterSeconds) } : {}),
        });
        res.end(
          JSON.stringify({
            error: {
              message:
                step.status === 429 ? "Rate limit reached (scripted)" : `Scripted failure ${step.status}`,
              type: step.status === 429 ? "rate_limit_exceeded" : "server_error",
            },
          }),
        );
        return;
      case "hang":
        return;
      case "cut":
      case "stall":
      case "truncate": {
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
        const partial = { toolCalls: [{ name: "Scan", arguments: '{"file": "half' }] };
        for (const chunk of streamChunks(id, body.model, partial).slice(0, 3)) res.write(sse(chunk));
        if (step.fault === "cut") setTimeout(() => res.socket?.destroy(), 20);
        if (step.fault === "truncate") res.end();
        return;
      }
    }
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    authorizations,
    remaining: () => queue.length,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function argumentsText(call: ScriptedCall): string {
  return typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
}

function callId(call: ScriptedCall, i: number, id: string): string {
  return call.id ?? `call_${id.replace("chatcmpl-", "")}_${i}`;
}

function jsonReply(res: ServerResponse, id: string, model: string, reply: ScriptedReply): void {
  const toolCalls = reply.toolCalls ?? [];
  res.writeHead(200, { "content-type": "application/json" });
  res.end(
    JSON.stringify({
      id,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: reply.content ?? null,
            ...(toolCalls.length
              ? {
                  tool_calls: toolCalls.map((c, i) => ({
                    id: callId(c, i, id),
                    type: "function",
                    function: { name: c.name, arguments: argumentsText(c) },
                  })),
                }
              : {}),
          },
          finish_reason: toolCalls.length ? "tool_calls" : "stop",
        },
      ],
      usage: usageOf(reply),
    }),
  );
}

function usageOf(reply: ScriptedReply): Record<string, number> {
  const prompt = reply.usage?.prompt ?? 100;
  const completion = reply.usage?.completion ?? 20;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

/** The chunks of a streamed message: role, text, each tool call in two argument fragments, finish. */
function streamChunks(id: string, model: string, reply: ScriptedReply): Record<string, unknown>[] {
  const base = { id, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model };
  const delta = (d: Record<string, unknown>, finish: string | null = null): Record<string, unknown> => ({
    ...base,
    choices: [{ index: 0, delta: d, finish_reason: finish }],
  });
  const chunks = [delta({ role: "assistant", content: reply.content ?? "" })];
  (reply.toolCalls ?? []).forEach((call, index) => {
    const text = argumentsText(call);
    const half = Math.floor(text.length / 2);
    chunks.push(
      delta({
        tool_calls: [
          {
            index,
            id: callId(call, index, id),
            type: "function",
            function: { name: call.name, arguments: "" },
          },
        ],
      }),
      delta({ tool_calls: [{ index, function: { arguments: text.slice(0, half) } }] }),
      delta({ tool_calls: [{ index, function: { arguments: text.slice(half) } }] }),
    );
  });
  chunks.push(delta({}, reply.toolCalls?.length ? "tool_calls" : "stop"));
  chunks.push({ ...base, choices: [], usage: usageOf(reply) });
  return chunks;
}

function sse(chunk: Record<string, unknown>): string {
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

function streamReply(res: ServerResponse, id: string, model: string, reply: ScriptedReply): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  for (const chunk of streamChunks(id, model, reply)) res.write(sse(chunk));
  res.end("data: [DONE]\n\n");
}
