// Reader: Gemini CLI's chat JSONL (~/.gemini/tmp/<project>/chats/session-<time>-<id>.jsonl), an append log:
//   {sessionId, projectHash, startTime, lastUpdated, kind}            first line: the session header
//   {$set: {messages: [...]} | {lastUpdated}}                         updates of the header (the first one
//                                                                     holds the injected <session_context>)
//   {id, timestamp, type: user, content: [{text} | {functionResponse: {id, name, response: {output}|{error}}}]}
//   {id, timestamp, type: gemini, content: text, thoughts: [...], model, tokens, toolCalls?: [{id, name,
//    args, result: [{functionResponse}], status, resultDisplay}]}
// A model message is written twice under the same id: once when it arrives (text, no toolCalls), again
// after its tools ran (with toolCalls, each carrying its result and display). Observed:
// test/fixtures/transcripts/gemini/ (Gemini CLI 0.61.0).
import { isObject } from '../model/is-object.js';
import { mappings } from '../model/mappings.js';
import { type Block, type ClaudeWriter, type Json, type Meta, claudeShell, derivedUuid } from './claude.js';

const textOf = (v: unknown) => (typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v));

/** The message text: a string, or parts with `text` (user records). */
const textsOf = (c: unknown): string[] =>
  typeof c === 'string'
    ? c
      ? [c]
      : []
    : Array.isArray(c)
      ? c.filter(isObject).flatMap((p) => (typeof p.text === 'string' && p.thought !== true ? [p.text] : []))
      : [];

/**
 * stdout and exit code of run_shell_command's llm text: "<untrusted_context>\nOutput: …\n[Exit Code: N\n]
 * Process Group PGID: N\n</untrusted_context>" (stdout and stderr merged, observed).
 */
function geminiShell(text: string): { stdout: string; exitCode: number | undefined } {
  const body = text.replace(/^<untrusted_context>\n/, '').replace(/\n?<\/untrusted_context>$/, '');
  const out =
    /(?:^|\n)Output: ([\s\S]*?)(?=\n(?:Error|Exit Code|Signal|Background PIDs|Process Group PGID): |$)/.exec(
      body,
    )?.[1] ?? '';
  const code = /(?:^|\n)Exit Code: (-?\d+)/.exec(body)?.[1];
  return { stdout: out === '(empty)' ? '' : out, exitCode: code === undefined ? undefined : Number(code) };
}

/** The tool result record of one functionResponse (with the call's status and display when the toolCalls entry has
 * them).
 */
function result(f: Json, call: Json, w: ClaudeWriter, m: Meta): Json {
  const id = textOf(f.id);
  const resp = isObject(f.response) ? f.response : {};
  const text = textOf(resp.output ?? resp.error);
  const isError = 'error' in resp || call.status === 'error';
  if (w.toolOf(id) === 'shell') {
    const sh = geminiShell(text);
    const c = claudeShell(sh.stdout, '', sh.exitCode ?? (isError ? 1 : 0));
    return w.toolResult(id, c.content, isError || c.isError, undefined, m, c.result);
  }
  return w.toolResult(id, text, isError, { llmContent: text, returnDisplay: call.resultDisplay ?? '' }, m);
}

export function readGemini(r: Json, line: number, w: ClaudeWriter): Json[] | undefined {
  if ('$set' in r) return []; // updates of the header
  if (typeof r.projectHash === 'string' && r.type === undefined) {
    // The header: its session id goes on every record (Gemini's records carry none, nor a cwd).
    if (typeof r.sessionId === 'string') w.state.sessionId = r.sessionId;
    return [];
  }
  // Claude's and Qwen's user records carry `message`: not this format. A model message's type is the agent's name
  // (data).
  if (
    (r.type !== 'user' && r.type !== mappings.dialects[w.host].payload?.transcriptAssistantType) ||
    'message' in r ||
    !('content' in r)
  )
    return undefined;
  const s = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const m: Meta = { id: s(r.id) ?? `gemini-line-${line}`, timestamp: s(r.timestamp) ?? '' };
  if (s(r.model) !== undefined) m.model = s(r.model);
  if (w.state.sessionId !== undefined) m.sessionId = w.state.sessionId;
  const out: Json[] = [];
  if (r.type === 'user') {
    const parts = Array.isArray(r.content) ? r.content.filter(isObject) : [];
    // Tool results are taken from the model message's toolCalls (written first, with status and display);
    // a functionResponse here counts only for a call still waiting for its result.
    for (const p of parts)
      if (isObject(p.functionResponse) && w.toolOf(textOf(p.functionResponse.id)) !== undefined)
        out.push(result(p.functionResponse, {}, w, m));
    const texts = textsOf(r.content);
    if (texts.length) out.push(w.user(texts.join(''), m));
    return out;
  }
  const calls = Array.isArray(r.toolCalls) ? r.toolCalls.filter(isObject) : [];
  if (!calls.length) {
    // The message as it arrived: its thoughts and text (its rewrite with toolCalls repeats them).
    const blocks: Block[] = [];
    for (const t of Array.isArray(r.thoughts) ? r.thoughts.filter(isObject) : []) {
      const thinking = [t.subject, t.description].filter((x) => typeof x === 'string' && x).join('\n');
      if (thinking) blocks.push({ type: 'thinking', thinking, signature: '' });
    }
    for (const t of textsOf(r.content)) blocks.push({ type: 'text', text: t });
    return blocks.length ? w.assistant(blocks, m) : [];
  }
  // The rewrite's records need ids of their own: the first write's text records took the host id, maybe in
  // an earlier run of the translator (the writer's id counter is not kept between runs). Same message.id.
  m.messageId = m.id;
  m.id = derivedUuid(`${m.id}:toolCalls`);
  const blocks = calls.map((c) => w.toolUse(textOf(c.id), textOf(c.name), isObject(c.args) ? c.args : {}, m));
  out.push(...w.assistant(blocks, m));
  for (const c of calls) {
    const f = Array.isArray(c.result)
      ? c.result.find((p) => isObject(p) && isObject(p.functionResponse))?.functionResponse
      : undefined;
    if (isObject(f)) out.push(result(f, c, w, m));
  }
  return out;
}
