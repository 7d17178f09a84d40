// An OpenAI Responses-API mock model server for the end-to-end runs of Codex CLI. It listens on
// 127.0.0.1 (random free port), replays a list of ModelSteps and records every request.
//
// Codex posts `{base}/responses` (`stream: true`, the conversation as `input` items) and reads SSE:
// `response.created`, `response.output_item.added` / `.done` per output item, `response.completed` with
// `usage`. A step `{tool, args}` becomes a `function_call` (arguments = JSON of args), or — when the
// request declares that tool as a freeform `custom` tool (Codex's apply_patch) — a `custom_tool_call`
// whose `input` is `args.input`; `{text}` becomes an assistant `message`. Step index = number of
// tool-call items already in the request's `input`; after the last step it answers with text "done".
// Requests that offer no tools are helper calls: plain text, not main requests.
import { createServer, type ServerResponse } from 'node:http';
import type { AgentLaunch } from './openai-mock.js';
import type { AgentRun, AgentRunResult, ModelStep, RecordedRequest, ScriptedMock, ScriptedRequest } from './types.js';
import { flattenContent, listenOnLoopback, recordRequest, runAgainstMock } from './util.js';

export type ResponsesMockRequest = ScriptedRequest;
export type ResponsesMock = ScriptedMock;

const inputOf = (body: any): any[] => (Array.isArray(body?.input) ? body.input : []);
const CALLS = new Set(['function_call', 'custom_tool_call']);
const OUTPUTS = new Set(['function_call_output', 'custom_tool_call_output']);

/** Number of tool calls the model already made in this conversation. */
function countCalls(body: any): number {
  return inputOf(body).filter((i) => CALLS.has(i?.type)).length;
}

const hasTools = (body: any): boolean => Array.isArray(body?.tools) && body.tools.length > 0;
const isCustomTool = (body: any, name: string): boolean =>
  (body?.tools ?? []).some((t: any) => t?.type === 'custom' && t?.name === name);

function outputText(o: unknown): string {
  return typeof o === 'string' ? o : flattenContent(o);
}

function itemText(i: any): string {
  switch (i?.type) {
    case 'message':
      return flattenContent(i.content);
    case 'function_call':
      return `${i.name}(${i.arguments ?? ''})`;
    case 'custom_tool_call':
      return `${i.name}(${i.input ?? ''})`;
    default:
      return OUTPUTS.has(i?.type) ? outputText(i.output) : '';
  }
}

/** All text of a request (instructions + every input item), flattened. */
function responsesRequestText(body: any): string {
  return [typeof body?.instructions === 'string' ? body.instructions : '', ...inputOf(body).map(itemText)]
    .filter((s) => s !== '')
    .join('\n');
}

/** The text of every tool output sent to the model, in order of first appearance (one per call_id). */
function responsesToolResults(requests: RecordedRequest[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const r of requests) {
    for (const i of inputOf(r.body)) {
      if (!OUTPUTS.has(i?.type) || seen.has(String(i.call_id))) continue;
      seen.add(String(i.call_id));
      out.push(outputText(i.output));
    }
  }
  return out;
}

const USAGE = {
  input_tokens: 10,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 5,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 15,
};

/** The output item a step becomes, for a request that declares `body.tools`. */
function outputItem(step: ModelStep, body: any, n: number): Record<string, unknown> {
  if (!('tool' in step))
    return {
      type: 'message',
      id: `msg_${n}`,
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: step.text, annotations: [] }],
    };
  const call_id = `call_e2e_${n}`;
  if (isCustomTool(body, step.tool))
    return {
      type: 'custom_tool_call',
      id: `ctc_${n}`,
      status: 'completed',
      call_id,
      name: step.tool,
      input: String(step.args.input ?? ''),
    };
  return {
    type: 'function_call',
    id: `fc_${n}`,
    status: 'completed',
    call_id,
    name: step.tool,
    arguments: JSON.stringify(step.args ?? {}),
  };
}

function stream(res: ServerResponse, item: Record<string, unknown>, n: number, model: string): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const id = `resp_e2e_${n}`;
  const base = { id, object: 'response', created_at: Math.floor(Date.now() / 1000), model };
  const send = (type: string, data: Record<string, unknown>) =>
    res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  send('response.created', { response: { ...base, status: 'in_progress', output: [] } });
  const added =
    item.type === 'message' ? { ...item, status: 'in_progress', content: [] } : { ...item, status: 'in_progress' };
  send('response.output_item.added', { output_index: 0, item: added });
  if (item.type === 'message') {
    const text = (item.content as { text: string }[])[0]?.text ?? '';
    send('response.output_text.delta', { item_id: item.id, output_index: 0, content_index: 0, delta: text });
  }
  send('response.output_item.done', { output_index: 0, item });
  send('response.completed', { response: { ...base, status: 'completed', output: [item], usage: USAGE } });
  res.end();
}

async function startResponsesMock(steps: ModelStep[], finalText = 'done'): Promise<ResponsesMock> {
  const requests: ResponsesMockRequest[] = [];
  let seq = 0;
  const server = createServer(async (req, res) => {
    try {
      const rec = await recordRequest(req, requests);
      const { path, body } = rec;
      if (req.method !== 'POST' || !/\/responses\/?$/.test(path) || !body) {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({ error: { message: `mock: no route for ${req.method} ${path}`, type: 'not_found' } }),
        );
      }
      let step: ModelStep = { text: 'ok' };
      if (hasTools(body)) {
        rec.main = true;
        rec.step = countCalls(body);
        step = steps[rec.step] ?? { text: finalText };
      }
      const n = ++seq;
      stream(res, outputItem(step, body, n), n, typeof body.model === 'string' ? body.model : 'mock');
    } catch (e) {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: String(e) } }));
      } else res.end();
    }
  });
  const { port, close } = await listenOnLoopback(server);
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    mainRequests: () => requests.filter((r) => r.main),
    close,
  };
}

/** Start the mock with `run.steps`, launch the agent (cwd = run.projectDir, stdin /dev/null), always close the mock. */
export async function runWithResponsesMock(
  run: AgentRun,
  launch: (mock: ResponsesMock) => AgentLaunch,
): Promise<AgentRunResult & { allRequests: ResponsesMockRequest[] }> {
  return runAgainstMock(
    run,
    await startResponsesMock(run.steps),
    launch,
    responsesToolResults,
    responsesRequestText,
    run.stdin ?? null,
  );
}
