// A Gemini-API mock model server for the end-to-end runs of Gemini CLI. It listens on 127.0.0.1
// (random free port), replays a list of ModelSteps and records every request.
//
// Gemini CLI (through @google/genai) posts `{base}/v1beta/models/{model}:streamGenerateContent?alt=sse`
// and reads `data: <GenerateContentResponse>\n\n` lines; `:generateContent` (JSON, non-streaming) and
// `:countTokens` are answered too. Step index = number of `model` turns carrying a functionCall already
// in the request; after the last step it answers with text "done". Requests that offer no tools (helper
// calls: next-speaker checks, JSON-mode classifiers) get a plain text answer and are not main requests.
import { createServer, type ServerResponse } from 'node:http';
import type { AgentLaunch } from './openai-mock.js';
import type { AgentRun, AgentRunResult, ModelStep, RecordedRequest, ScriptedMock, ScriptedRequest } from './types.js';
import { listenOnLoopback, recordRequest, runAgainstMock } from './util.js';

export type GeminiMockRequest = ScriptedRequest;
export type GeminiMock = ScriptedMock;

const contentsOf = (body: any): any[] => (Array.isArray(body?.contents) ? body.contents : []);
const partsOf = (c: any): any[] => (Array.isArray(c?.parts) ? c.parts : []);

/** Number of model turns with a function call in a generateContent request. */
function countFunctionCallTurns(body: any): number {
  return contentsOf(body).filter((c) => c?.role === 'model' && partsOf(c).some((p) => p?.functionCall)).length;
}

const hasTools = (body: any): boolean =>
  Array.isArray(body?.tools) &&
  body.tools.some((t: any) => Array.isArray(t?.functionDeclarations) && t.functionDeclarations.length > 0);

function partText(p: any): string {
  if (typeof p?.text === 'string') return p.text;
  if (p?.functionCall) return JSON.stringify(p.functionCall);
  if (p?.functionResponse) return functionResponseText(p.functionResponse);
  return '';
}

function functionResponseText(fr: any): string {
  const r = fr?.response;
  if (typeof r?.output === 'string') return r.output;
  if (typeof r?.error === 'string') return r.error;
  return JSON.stringify(r ?? {});
}

/** All text of a request (system instruction + every turn), flattened. */
function geminiRequestText(body: any): string {
  const sys = partsOf(body?.systemInstruction).map(partText);
  const turns = contentsOf(body).flatMap((c) => partsOf(c).map(partText));
  return [...sys, ...turns].filter((s) => s !== '').join('\n');
}

/** The text of every function response sent to the model, in order of first appearance. */
function geminiToolResults(requests: RecordedRequest[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const r of requests) {
    contentsOf(r.body).forEach((c, i) => {
      partsOf(c).forEach((p, j) => {
        if (!p?.functionResponse) return;
        const key = `${i}:${j}`;
        if (seen.has(key)) return;
        seen.add(key);
        out.push(functionResponseText(p.functionResponse));
      });
    });
  }
  return out;
}

const USAGE = { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 };

function response(step: ModelStep, n: number): unknown {
  const part =
    'tool' in step
      ? { functionCall: { id: `call_${n}`, name: step.tool, args: step.args ?? {} } }
      : { text: step.text };
  return {
    candidates: [{ index: 0, content: { role: 'model', parts: [part] }, finishReason: 'STOP' }],
    usageMetadata: USAGE,
    modelVersion: 'mock',
  };
}

async function startGeminiMock(steps: ModelStep[], finalText = 'done'): Promise<GeminiMock> {
  const requests: GeminiMockRequest[] = [];
  let seq = 0;
  const json = (res: ServerResponse, status: number, value: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };
  const server = createServer(async (req, res) => {
    try {
      const rec = await recordRequest(req, requests);
      const { path, body } = rec;
      if (path.endsWith(':countTokens')) return json(res, 200, { totalTokens: 10 });
      const stream = path.endsWith(':streamGenerateContent');
      if (!stream && !path.endsWith(':generateContent'))
        return json(res, 404, {
          error: { code: 404, message: `mock: no route for ${req.method} ${path}`, status: 'NOT_FOUND' },
        });
      let step: ModelStep = { text: 'ok' };
      if (hasTools(body)) {
        rec.main = true;
        rec.step = countFunctionCallTurns(body);
        step = steps[rec.step] ?? { text: finalText };
      } else if (body?.generationConfig?.responseMimeType === 'application/json') {
        step = { text: '{}' };
      }
      const value = response(step, ++seq);
      if (!stream) return json(res, 200, value);
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.end(`data: ${JSON.stringify(value)}\n\n`);
    } catch (e) {
      if (!res.headersSent) json(res, 500, { error: { code: 500, message: String(e), status: 'INTERNAL' } });
      else res.end();
    }
  });
  const { port, close } = await listenOnLoopback(server);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    mainRequests: () => requests.filter((r) => r.main),
    close,
  };
}

/** Start the mock with `run.steps`, launch the agent (cwd = run.projectDir), always close the mock. */
export async function runWithGeminiMock(
  run: AgentRun,
  launch: (mock: GeminiMock) => AgentLaunch,
): Promise<AgentRunResult & { allRequests: GeminiMockRequest[] }> {
  return runAgainstMock(run, await startGeminiMock(run.steps), launch, geminiToolResults, geminiRequestText);
}
