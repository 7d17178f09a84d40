// An OpenAI-compatible mock model server for the end-to-end runs of agents that speak the
// chat/completions protocol (Qwen Code, CodeBuddy Code). It listens on 127.0.0.1 (random free
// port), replays a list of ModelSteps and records every request.
//
// Step index = number of assistant messages carrying tool_calls already in the request; after the
// last step it answers with text "done". Background/helper requests (no tools offered, or a system
// prompt that is not the main agent loop: memory extraction, title generation, ...) get a plain
// text answer and do not count as main requests.
import { createServer, type ServerResponse } from 'node:http';
import type { AgentRun, AgentRunResult, ModelStep, RecordedRequest } from './types.js';
import { flattenContent, flattenMessage, listenOnLoopback, readRequestBody, runProcess, runResult } from './util.js';

interface MockRequest extends RecordedRequest {
  method: string;
  /** true when this request belongs to the main conversation (counted, answered from `steps`). */
  main: boolean;
  /** for main requests: the step index it was answered with (steps.length and up = final text) */
  step?: number;
}

export interface OpenAIMockOptions {
  steps: ModelStep[];
  /** Model id reported by /v1/models and echoed in responses (default "mock-model"). */
  model?: string;
  /** Text answered after the last step (default "done"). */
  finalText?: string;
  /** Overrides the background-request detection (see `isBackgroundRequest`). */
  isBackground?: (body: any) => boolean;
  /**
   * Which step a main request gets: `tool-turns` (default) the number of assistant tool-call messages in its history;
   * `main-requests` the number of main requests answered before it (for an agent that rewrites its history, as a
   * compaction does).
   */
  stepOf?: 'tool-turns' | 'main-requests';
  /** The token usage reported for the n-th main request (0 first; default 10 + 5 for every answer). */
  usage?: (n: number) => { prompt_tokens: number; completion_tokens: number; total_tokens: number } | undefined;
}

export interface OpenAIMock {
  /** e.g. http://127.0.0.1:40123/v1 */
  baseUrl: string;
  port: number;
  model: string;
  /** Every request received, in arrival order (bodies parsed; null when not JSON). */
  requests: MockRequest[];
  /** Only the main-conversation chat/completions requests. */
  mainRequests(): MockRequest[];
  close(): Promise<void>;
}

/** System prompts of helper requests (not the agent loop) start with one of these. */
const BACKGROUND_SYSTEM =
  /memory extraction|managed memory|durable memory|dream|session title|generate a (short |concise )?title|title for (this|the) (conversation|session)|followup|follow-up suggestion|summariz|compress/i;

function systemText(body: any): string {
  const msgs: any[] = Array.isArray(body?.messages) ? body.messages : [];
  return msgs
    .filter((m) => m?.role === 'system' || m?.role === 'developer')
    .map((m) => flattenContent(m.content))
    .join('\n');
}

/** Default detection: no tools offered, or a helper system prompt (checked in its first 400 chars). */
function isBackgroundRequest(body: any): boolean {
  const hasTools = Array.isArray(body?.tools) && body.tools.length > 0;
  if (!hasTools) return true;
  return BACKGROUND_SYSTEM.test(systemText(body).slice(0, 400));
}

/** Number of assistant messages with tool calls in a chat/completions request. */
function countToolCallTurns(body: any): number {
  const msgs: any[] = Array.isArray(body?.messages) ? body.messages : [];
  return msgs.filter((m) => m?.role === 'assistant' && Array.isArray(m.tool_calls) && m.tool_calls.length > 0).length;
}

/** All text of a chat/completions request (system + every message, tool calls included), flattened. */
function requestText(body: any): string {
  const msgs: any[] = Array.isArray(body?.messages) ? body.messages : [];
  return msgs
    .map((m) => flattenMessage(m))
    .filter((s) => s !== '')
    .join('\n');
}

/**
 * The text of every tool result sent to the model across the given requests, in order of first
 * appearance (one entry per tool_call_id; a tool message that is re-sent in later requests is counted once).
 */
function toolResultTexts(requests: RecordedRequest[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const r of requests) {
    const msgs: any[] = Array.isArray(r.body?.messages) ? r.body.messages : [];
    msgs.forEach((m, i) => {
      if (m?.role !== 'tool') return;
      const text = flattenContent(m.content);
      const key = typeof m.tool_call_id === 'string' && m.tool_call_id ? `id:${m.tool_call_id}` : `pos:${i}:${text}`;
      if (seen.has(key)) return;
      seen.add(key);
      out.push(text);
    });
  }
  return out;
}

const USAGE = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };

async function startOpenAIMock(opts: OpenAIMockOptions): Promise<OpenAIMock> {
  const model = opts.model ?? 'mock-model';
  const finalText = opts.finalText ?? 'done';
  const isBackground = opts.isBackground ?? isBackgroundRequest;
  const requests: MockRequest[] = [];
  const runTag = Math.random().toString(36).slice(2, 8);
  let seq = 0;

  const json = (res: ServerResponse, status: number, value: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };

  const answer = (res: ServerResponse, step: ModelStep, stream: boolean, respModel: string, main?: number) => {
    const usage = (main !== undefined && opts.usage?.(main)) || USAGE;
    const n = ++seq;
    const id = `chatcmpl-${runTag}-${n}`;
    const callId = `call_${runTag}_${n}`;
    const created = Math.floor(Date.now() / 1000);
    const isTool = 'tool' in step;
    const args = isTool ? JSON.stringify(step.args ?? {}) : '';
    if (!stream) {
      const message = isTool
        ? {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: callId, type: 'function', function: { name: step.tool, arguments: args } }],
          }
        : { role: 'assistant', content: step.text };
      return json(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model: respModel,
        choices: [{ index: 0, message, finish_reason: isTool ? 'tool_calls' : 'stop' }],
        usage,
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunk = (delta: unknown, finish: string | null = null) =>
      res.write(
        `data: ${JSON.stringify({
          id,
          object: 'chat.completion.chunk',
          created,
          model: respModel,
          choices: [{ index: 0, delta, finish_reason: finish }],
        })}\n\n`,
      );
    if (isTool) {
      chunk({
        role: 'assistant',
        content: null,
        tool_calls: [{ index: 0, id: callId, type: 'function', function: { name: step.tool, arguments: '' } }],
      });
      chunk({ tool_calls: [{ index: 0, function: { arguments: args } }] });
      chunk({}, 'tool_calls');
    } else {
      chunk({ role: 'assistant', content: '' });
      chunk({ content: step.text });
      chunk({}, 'stop');
    }
    res.write(
      `data: ` +
        JSON.stringify({ id, object: 'chat.completion.chunk', created, model: respModel, choices: [], usage }) +
        `\n\n`,
    );
    res.write('data: [DONE]\n\n');
    res.end();
  };

  const server = createServer(async (req, res) => {
    try {
      const raw = await readRequestBody(req);
      let body: any = null;
      if (raw) {
        try {
          body = JSON.parse(raw);
        } catch {
          body = null;
        }
      }
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const rec: MockRequest = { path, method: req.method ?? 'GET', body, main: false };
      requests.push(rec);

      if (/\/models\/?$/.test(path)) {
        return json(res, 200, { object: 'list', data: [{ id: model, object: 'model', created: 0, owned_by: 'mock' }] });
      }
      if (/\/models\/[^/]+$/.test(path)) {
        return json(res, 200, {
          id: decodeURIComponent(path.split('/').pop() ?? model),
          object: 'model',
          created: 0,
          owned_by: 'mock',
        });
      }
      if (!/chat\/completions\/?$/.test(path) || !body) {
        return json(res, 404, { error: { message: `mock: no route for ${req.method} ${path}`, type: 'not_found' } });
      }
      const respModel = typeof body.model === 'string' ? body.model : model;
      const stream = body.stream === true;
      if (isBackground(body)) return answer(res, { text: 'ok' }, stream, respModel);
      const main = requests.filter((r) => r.main).length;
      const n = opts.stepOf === 'main-requests' ? main : countToolCallTurns(body);
      rec.main = true;
      rec.step = n;
      answer(res, opts.steps[n] ?? { text: finalText }, stream, respModel, main);
    } catch (e) {
      if (!res.headersSent) json(res, 500, { error: { message: String(e) } });
      else res.end();
    }
  });
  const { port, close } = await listenOnLoopback(server);
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    model,
    requests,
    mainRequests: () => requests.filter((r) => r.main),
    close,
  };
}

/** How a driver starts its agent once the mock is listening. */
export interface AgentLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/**
 * The common flow of the OpenAI-protocol drivers: start a mock with `run.steps`, launch the agent
 * (cwd = run.projectDir) with a hard timeout, always close the mock, and derive the result.
 */
export async function runWithOpenAIMock(
  run: AgentRun,
  launch: (mock: OpenAIMock) => AgentLaunch | Promise<AgentLaunch>,
  mockOptions: Omit<OpenAIMockOptions, 'steps'> = {},
): Promise<AgentRunResult> {
  const mock = await startOpenAIMock({ ...mockOptions, steps: run.steps });
  try {
    const l = await launch(mock);
    const p = await runProcess(l.command, l.args, {
      cwd: run.projectDir,
      env: l.env,
      timeoutMs: run.timeoutMs ?? 120_000,
      ...(run.stdin !== undefined ? { input: run.stdin } : {}),
    });
    const main = mock.mainRequests().map((r): RecordedRequest => ({ path: r.path, body: r.body }));
    return runResult(p, main, toolResultTexts(main), requestText);
  } finally {
    await mock.close();
  }
}
