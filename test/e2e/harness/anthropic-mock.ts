// A scripted Anthropic Messages API on 127.0.0.1 for driving Claude Code offline.
//
// - `POST /v1/messages` (any query string, e.g. `?beta=true`): streaming SSE or plain JSON, as asked.
// - `POST /v1/messages/count_tokens`: a fixed token count.
// - Anything else (model lists, settings, metrics, ...): `200 {}`.
//
// Main agent-loop requests are answered from the scripted steps: the step index is the number of
// assistant `tool_use` blocks already present in the request's messages (counted from the user
// message holding the prompt, so a resumed session starts at step 0); after the last step the model
// answers the final text ("done"). Every other request to /v1/messages (title/summary side queries,
// WebSearch sub-calls, sub-agents, compaction) gets a plain text answer and does not advance the
// script. See `classifyRequest` for how they are told apart.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { ModelStep, RecordedRequest } from './types.js';

export interface AnthropicMockOptions {
  /** The user prompt of the run: a main request has it as a user text block of its own (unset: not checked). */
  prompt?: string;
  /** Text answered after the last step (default "done"). */
  finalText?: string;
  /** Text answered to side requests (default "ok"). */
  sideText?: string;
}

/** One request received by the mock, with how it was classified. */
interface MockRequest extends RecordedRequest {
  method: string;
  /** true when it was answered from the script (main agent loop). */
  main: boolean;
  /** how a /v1/messages request was classified */
  kind?: RequestKind;
  /** the step index used for a main request (steps.length = final answer) */
  step?: number;
}

export interface AnthropicMock {
  /** `http://127.0.0.1:<port>` (use as ANTHROPIC_BASE_URL). */
  readonly url: string;
  readonly port: number;
  /** Every request received, in arrival order. */
  readonly requests: MockRequest[];
  /** The requests answered from the script (main agent loop), in order. */
  mainRequests(): RecordedRequest[];
  close(): Promise<void>;
}

/** A compaction answer in the shape Claude Code expects (else it retries the request). */
const COMPACT_SUMMARY =
  '<analysis>\nNothing to analyse.\n</analysis>\n\n<summary>\n(summary by the e2e mock model)\n</summary>';

type Block =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

/** Text of a message content value (string or blocks); tool_use blocks are rendered as `name(json)`. */
function contentText(content: unknown): string {
  if (content == null) return '';
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map(contentText)
      .filter((s) => s !== '')
      .join('\n');
  if (typeof content === 'object') {
    const b = content as Record<string, unknown>;
    if (b.type === 'text' && typeof b.text === 'string') return b.text;
    if (b.type === 'tool_use') return `${String(b.name)}(${JSON.stringify(b.input ?? {})})`;
    if (b.type === 'tool_result') return contentText(b.content);
    if (b.type === 'thinking' && typeof b.thinking === 'string') return b.thinking;
    if (typeof b.text === 'string') return b.text;
    if ('content' in b) return contentText(b.content);
    return JSON.stringify(b); // e.g. tool_reference, image: keep it visible rather than drop it
  }
  return String(content);
}

/** All text of a Messages request: system prompt, then every message in order. */
export function requestText(body: any): string {
  const parts: string[] = [];
  const sys = contentText(body?.system);
  if (sys) parts.push(sys);
  for (const m of Array.isArray(body?.messages) ? body.messages : []) {
    const t = contentText(m?.content);
    if (t) parts.push(t);
  }
  return parts.join('\n');
}

/** Number of assistant tool_use blocks already in the request's messages. */
function countToolUses(body: any): number {
  let n = 0;
  for (const m of Array.isArray(body?.messages) ? body.messages : []) {
    if (m?.role !== 'assistant' || !Array.isArray(m.content)) continue;
    for (const b of m.content) if (b?.type === 'tool_use') n++;
  }
  return n;
}

/** The `tool_result` blocks of a request, in order, as `{id, text}`. */
export function toolResultsOf(body: any): { id: string; text: string }[] {
  const out: { id: string; text: string }[] = [];
  for (const m of Array.isArray(body?.messages) ? body.messages : []) {
    if (m?.role !== 'user' || !Array.isArray(m.content)) continue;
    for (const b of m.content)
      if (b?.type === 'tool_result') out.push({ id: String(b.tool_use_id), text: contentText(b.content) });
  }
  return out;
}

/** What a /v1/messages request is, as far as the script is concerned. */
type RequestKind = 'main' | 'subagent' | 'compact' | 'side';

const COMPACT_RE = /Respond with TEXT ONLY|create a detailed summary of the conversation/;

function userTextBlocks(m: any): string[] {
  if (typeof m?.content === 'string') return [m.content];
  if (!Array.isArray(m?.content)) return [];
  return m.content
    .filter((b: any) => b?.type === 'text' && typeof b.text === 'string')
    .map((b: any) => b.text as string);
}

/** Index of the last user message holding `prompt` as a text block of its own (-1 if none). */
function promptIndex(msgs: any[], prompt: string): number {
  const want = prompt.trim();
  for (let i = msgs.length - 1; i >= 0; i--) {
    if (msgs[i]?.role === 'user' && userTextBlocks(msgs[i]).some((t) => t.trim() === want)) return i;
  }
  return -1;
}

/**
 * Tells the main agent loop from everything else (observed on Claude Code 2.1.330):
 * - sub-agents (Agent tool) mark their system prompt with `cc_is_subagent=true`;
 * - title/summary side queries send no client tools; the WebSearch sub-call sends only the server
 *   tool `web_search` (no `input_schema`);
 * - compaction (`/compact`, auto-compact) resends the main history and tools, with a last user
 *   message asking for a TEXT ONLY summary;
 * - the main conversation holds the run's prompt as a user text block of its own (after a
 *   `<system-reminder>` block); a sub-agent or side query starts from a different text.
 * Everything else with the prompt is main, e.g. the continuation after "Stop hook feedback".
 */
function classifyRequest(body: any, prompt?: string): RequestKind {
  if (/\bcc_is_subagent=true\b/.test(contentText(body?.system))) return 'subagent';
  const tools: any[] = Array.isArray(body?.tools) ? body.tools : [];
  if (!tools.some((t) => t && typeof t === 'object' && 'input_schema' in t)) return 'side';
  const msgs: any[] = Array.isArray(body?.messages) ? body.messages : [];
  const lastUser = [...msgs].reverse().find((m) => m?.role === 'user');
  if (lastUser && userTextBlocks(lastUser).some((t) => COMPACT_RE.test(t))) return 'compact';
  if (prompt !== undefined && promptIndex(msgs, prompt) < 0) return 'side';
  return 'main';
}

/**
 * The script step of a main request: the number of assistant tool_use blocks after the (last) user
 * message holding the prompt — i.e. all of them in a fresh session; in a resumed session
 * (`--resume`/`--continue` with a new prompt) the earlier turns do not count.
 */
function stepIndex(body: any, prompt?: string): number {
  const msgs: any[] = Array.isArray(body?.messages) ? body.messages : [];
  const from = prompt === undefined ? 0 : Math.max(0, promptIndex(msgs, prompt));
  return countToolUses({ messages: msgs.slice(from) });
}

/** Starts the mock on 127.0.0.1 with a random free port. */
export async function startAnthropicMock(steps: ModelStep[], opts: AnthropicMockOptions = {}): Promise<AnthropicMock> {
  const finalText = opts.finalText ?? 'done';
  const sideText = opts.sideText ?? 'ok';
  const requests: MockRequest[] = [];
  const runTag = randomBytes(4).toString('hex');
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_mock${runTag}${(counter++).toString().padStart(4, '0')}`;

  const plan = (body: any): { blocks: Block[]; stop: 'tool_use' | 'end_turn'; kind: RequestKind; step?: number } => {
    const kind = classifyRequest(body, opts.prompt);
    if (kind === 'compact') return { blocks: [{ type: 'text', text: COMPACT_SUMMARY }], stop: 'end_turn', kind };
    if (kind !== 'main') return { blocks: [{ type: 'text', text: sideText }], stop: 'end_turn', kind };
    const step = stepIndex(body, opts.prompt);
    const s = steps[step];
    if (!s) return { blocks: [{ type: 'text', text: finalText }], stop: 'end_turn', kind, step };
    if ('tool' in s) {
      return {
        blocks: [{ type: 'tool_use', id: nextId('toolu'), name: s.tool, input: s.args }],
        stop: 'tool_use',
        kind,
        step,
      };
    }
    return { blocks: [{ type: 'text', text: s.text }], stop: 'end_turn', kind, step };
  };

  const sendJson = (res: ServerResponse, code: number, obj: unknown) => {
    const data = JSON.stringify(obj);
    res.writeHead(code, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(data),
      'request-id': nextId('req'),
    });
    res.end(data);
  };

  const messages = (body: any, res: ServerResponse, rec: MockRequest) => {
    const p = plan(body);
    rec.kind = p.kind;
    rec.main = p.kind === 'main';
    if (p.step !== undefined) rec.step = p.step;
    const model = typeof body?.model === 'string' ? body.model : 'claude-mock';
    const usage = { input_tokens: 100, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
    const id = nextId('msg');
    if (!body?.stream) {
      return sendJson(res, 200, {
        id,
        type: 'message',
        role: 'assistant',
        model,
        content: p.blocks,
        stop_reason: p.stop,
        stop_sequence: null,
        usage,
      });
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'request-id': nextId('req'),
    });
    const chunks: string[] = [];
    const ev = (type: string, data: Record<string, unknown>) =>
      chunks.push(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    ev('message_start', {
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usage, output_tokens: 1 },
      },
    });
    p.blocks.forEach((b, index) => {
      if (b.type === 'text') {
        ev('content_block_start', { index, content_block: { type: 'text', text: '' } });
        ev('content_block_delta', { index, delta: { type: 'text_delta', text: b.text } });
      } else {
        ev('content_block_start', { index, content_block: { type: 'tool_use', id: b.id, name: b.name, input: {} } });
        ev('content_block_delta', {
          index,
          delta: { type: 'input_json_delta', partial_json: JSON.stringify(b.input) },
        });
      }
      ev('content_block_stop', { index });
    });
    ev('message_delta', {
      delta: { stop_reason: p.stop, stop_sequence: null },
      usage: { output_tokens: usage.output_tokens },
    });
    ev('message_stop', {});
    res.end(chunks.join(''));
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const url = req.url ?? '/';
    const path = url.split('?')[0] ?? url;
    let body: any = raw;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      /* keep raw text */
    }
    const rec: MockRequest = { method: req.method ?? 'GET', path: url, body, main: false };
    requests.push(rec);
    if (req.method === 'POST' && path.endsWith('/v1/messages/count_tokens'))
      return sendJson(res, 200, { input_tokens: 100 });
    if (req.method === 'POST' && path.endsWith('/v1/messages')) return messages(body, res, rec);
    if (req.method === 'GET' && path.endsWith('/v1/models'))
      return sendJson(res, 200, { data: [], has_more: false, first_id: null, last_id: null });
    return sendJson(res, 200, {});
  };

  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      try {
        handle(req, res, Buffer.concat(parts).toString('utf8'));
      } catch (e) {
        if (!res.headersSent) sendJson(res, 500, { type: 'error', error: { type: 'api_error', message: String(e) } });
        else res.end();
      }
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  let closed: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    mainRequests: () => requests.filter((r) => r.main).map(({ path, body }) => ({ path, body })),
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy(); // keep-alive connections would hold close() open
      })),
  };
}
