// Reader: Qwen Code's chat JSONL (~/.qwen/projects/<slug>/chats/<session>.jsonl), Gemini-style:
//   {type: user|assistant|tool_result|system, uuid, timestamp, sessionId, cwd, version, model?,
//    message: {role: user|model, parts: [{text, thought?} | {functionCall: {id, name, args}} |
//              {functionResponse: {id, name, response: {output} | {error}}}]}, toolCallResult?}
// Observed: test/fixtures/transcripts/qwen/session.jsonl (Qwen Code 0.24.4). `system` records
// (telemetry, attribution snapshots) have no Claude counterpart a hook reads: skipped.
import { isObject } from '../model/is-object.js';
import { parseShellText } from '../results/llm-text.js';
import { type Block, type ClaudeWriter, type Json, type Meta, claudeShell } from './claude.js';

const RECORD_TYPES = new Set(['user', 'assistant', 'tool_result', 'system']);

function meta(r: Json, line: number): Meta {
  const s = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const m: Meta = { id: s(r.uuid) ?? `qwen-line-${line}`, timestamp: s(r.timestamp) ?? '' };
  for (const k of ['sessionId', 'cwd', 'version', 'model'] as const) if (s(r[k]) !== undefined) m[k] = s(r[k])!;
  return m;
}

const textOf = (v: unknown) => (typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v));

export function readQwen(r: Json, line: number, w: ClaudeWriter): Json[] | undefined {
  if (typeof r.type !== 'string' || !RECORD_TYPES.has(r.type)) return undefined;
  if (r.type === 'system') return [];
  // Claude's records share the type names but carry message.content: not this format.
  if (!isObject(r.message) || !Array.isArray(r.message.parts)) return undefined;
  const parts = r.message.parts.filter(isObject);
  const m = meta(r, line);
  const out: Json[] = [];
  const blocks: Block[] = [];
  const texts: string[] = [];
  for (const p of parts) {
    if (typeof p.text === 'string') {
      if (p.thought === true) blocks.push({ type: 'thinking', thinking: p.text, signature: '' });
      else if (r.type === 'assistant') blocks.push({ type: 'text', text: p.text });
      else texts.push(p.text);
    } else if (isObject(p.functionCall)) {
      const c = p.functionCall;
      blocks.push(w.toolUse(textOf(c.id), textOf(c.name), isObject(c.args) ? c.args : {}, m));
    } else if (isObject(p.functionResponse)) {
      const f = p.functionResponse;
      const id = textOf(f.id);
      const resp = isObject(f.response) ? f.response : {};
      const text = textOf(resp.output ?? resp.error);
      const call = isObject(r.toolCallResult) ? r.toolCallResult : {};
      let isError = 'error' in resp || call.status === 'error';
      if (w.toolOf(id) === 'shell') {
        // "Command: …\nOutput: …\nError: …\nExit Code: N" (observed); a failure is the same text under `error`.
        const sh = parseShellText(text);
        const code = /\nExit Code: (-?\d+)/.exec(text)?.[1];
        const c = claudeShell(sh.stdout, sh.stderr, code === undefined ? (isError ? 1 : 0) : Number(code));
        isError ||= c.isError;
        out.push(w.toolResult(id, c.content, isError, undefined, m, c.result));
      } else out.push(w.toolResult(id, text, isError, { llmContent: text, returnDisplay: call.resultDisplay }, m));
    }
  }
  if (r.type === 'assistant' && blocks.length) out.push(...w.assistant(blocks, m));
  if (r.type === 'user' && texts.length) out.push(w.user(texts.join(''), m));
  return out;
}
