// Reader: CodeBuddy Code's session JSONL (~/.codebuddy/projects/<slug>/<session>.jsonl), one record per item:
//   {type: message, role: user|assistant, content: [{type: input_text|output_text, text}]}
//   {type: function_call, callId, name, arguments: "<json>"}
//   {type: function_call_result, callId, name, status, output: {type: text, text},
//    providerData: {toolResult: {rawResponse?, error?}}}
//   {type: file-history-snapshot, …}  (no Claude counterpart a hook reads: skipped)
// with id, timestamp (ms), sessionId, cwd, providerData.messageId. Observed:
// test/fixtures/transcripts/codebuddy/session.jsonl (CodeBuddy Code 2.117.0).
import { isObject } from '../model/is-object.js';
import { type ClaudeWriter, type Json, type Meta, claudeShell } from './claude.js';

const RECORD_TYPES = new Set(['message', 'function_call', 'function_call_result', 'file-history-snapshot']);

function meta(r: Json, line: number): Meta {
  const p = isObject(r.providerData) ? r.providerData : {};
  const m: Meta = {
    id: typeof r.id === 'string' ? r.id : `codebuddy-line-${line}`,
    timestamp: typeof r.timestamp === 'number' ? new Date(r.timestamp).toISOString() : String(r.timestamp ?? ''),
  };
  if (typeof p.messageId === 'string') m.messageId = p.messageId;
  if (typeof p.model === 'string') m.model = p.model;
  for (const k of ['sessionId', 'cwd'] as const) if (typeof r[k] === 'string') m[k] = r[k] as string;
  return m;
}

const texts = (content: unknown): string[] =>
  typeof content === 'string'
    ? [content]
    : Array.isArray(content)
      ? content.filter(isObject).flatMap((c) => (typeof c.text === 'string' ? [c.text] : []))
      : [];

/** "Command: …\nStdout: <out>\n\nStderr: <err>\n[\n]Exit Code: N\nSignal: …" (observed Bash result text). */
function parseCodebuddyShell(text: string): { stdout: string; stderr: string } {
  const out = /(?:^|\n)Stdout: ([\s\S]*?)\n\nStderr: /.exec(text)?.[1] ?? '';
  const err = /\n\nStderr: ([\s\S]*?)\n\n?Exit Code: /.exec(text)?.[1] ?? '';
  const clean = (s: string) => (s === '(empty)' ? '' : s);
  return { stdout: clean(out), stderr: clean(err) };
}

export function readCodebuddy(r: Json, line: number, w: ClaudeWriter): Json[] | undefined {
  if (typeof r.type !== 'string' || !RECORD_TYPES.has(r.type)) return undefined;
  const m = meta(r, line);
  if (r.type === 'message') {
    const t = texts(r.content);
    if (!t.length) return [];
    if (r.role === 'user') return [w.user(t.join(''), m)];
    if (r.role === 'assistant')
      return w.assistant(
        t.map((text) => ({ type: 'text', text })),
        m,
      );
    return [];
  }
  if (r.type === 'function_call') {
    let input: unknown = {};
    try {
      input = typeof r.arguments === 'string' ? JSON.parse(r.arguments || '{}') : r.arguments;
    } catch {
      input = { arguments: r.arguments };
    }
    return w.assistant([w.toolUse(String(r.callId ?? r.id), String(r.name ?? ''), isObject(input) ? input : {}, m)], m);
  }
  if (r.type === 'function_call_result') {
    const id = String(r.callId ?? '');
    const text = isObject(r.output) && typeof r.output.text === 'string' ? r.output.text : texts(r.output).join('');
    const tr = isObject(r.providerData) && isObject(r.providerData.toolResult) ? r.providerData.toolResult : {};
    const raw = isObject(tr.rawResponse) ? tr.rawResponse : undefined;
    const isError = r.status !== 'completed' || raw?.is_error === true || tr.error !== undefined;
    if (raw && isObject(raw.task)) w.task(raw.task, m);
    if (w.toolOf(id) === 'shell') {
      const sh = parseCodebuddyShell(text);
      const c = claudeShell(sh.stdout, sh.stderr, typeof raw?.exitCode === 'number' ? raw.exitCode : isError ? 1 : 0);
      return [w.toolResult(id, c.content, isError || c.isError, undefined, m, c.result)];
    }
    return [w.toolResult(id, text, isError, raw ?? text, m)];
  }
  return [];
}
