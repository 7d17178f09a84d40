// Reader: Codex CLI's rollout JSONL ($CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<session id>.jsonl):
//   {timestamp, ordinal, type: session_meta, payload: {session_id, cwd, cli_version, …}}   first line
//   {timestamp, ordinal, type: response_item, payload: <a Responses API item>}               the conversation:
//     message {role: developer | user | assistant, content: [{type: input_text | output_text, text}]}
//     function_call {name: exec_command | spawn_agent …, arguments: "<json>", call_id}, function_call_output {call_id, output}
//     custom_tool_call {name: apply_patch, input: "<patch>", call_id}, custom_tool_call_output {call_id, output}
//   event_msg, turn_context, world_state, token_usage_record: bookkeeping, no conversation
// The first user-role message is Codex's <environment_context> block, not the user's. Observed:
// test/fixtures/ground-truth/codex/payloads/_transcript-sample.jsonl (Codex CLI 0.169.0).
import { isObject } from '../model/is-object.js';
import { claudeBash, claudeEdit, claudeWrite } from '../run/claude-results.js';
import { splitPatch } from '../run/patch-calls.js';
import { type Block, type ClaudeWriter, type Json, type Meta, claudeShell } from './claude.js';

const texts = (content: unknown) => (Array.isArray(content) ? content.filter(isObject).flatMap((p) => (typeof p.text === 'string' ? [p.text] : [])) : []);

/** exec_command's output as the model saw it: "Chunk ID: …\nWall time: …\nProcess exited with code N\n…\nOutput:\n<text>". */
function execOutput(text: string): { stdout: string; exitCode: number | undefined } {
  const code = /(?:^|\n)Process exited with code (-?\d+)/.exec(text)?.[1];
  const at = text.indexOf('\nOutput:\n');
  return { stdout: at < 0 ? text : text.slice(at + 9), exitCode: code === undefined ? undefined : Number(code) };
}

/** The id of the k-th file call an apply_patch call is split into (the first keeps the call's id). */
const partId = (callId: string, k: number) => (k ? `${callId}_${k}` : callId);

export function readCodex(r: Json, line: number, w: ClaudeWriter): Json[] | undefined {
  const p = r.payload;
  if (typeof r.type !== 'string' || !isObject(p) || !('ordinal' in r || 'timestamp' in r)) return undefined;
  if (r.type === 'session_meta') {
    if (typeof p.session_id === 'string' || typeof p.id === 'string') w.state.sessionId = String(p.session_id ?? p.id);
    if (typeof p.cwd === 'string') w.state.cwd = p.cwd;
    return [];
  }
  if (r.type !== 'response_item') return [];
  const m: Meta = { id: typeof p.id === 'string' ? p.id : `codex-line-${line}`, timestamp: typeof r.timestamp === 'string' ? r.timestamp : '' };
  if (w.state.sessionId !== undefined) m.sessionId = w.state.sessionId;
  if (w.state.cwd !== undefined) m.cwd = w.state.cwd;
  const callId = typeof p.call_id === 'string' ? p.call_id : m.id;
  switch (p.type) {
    case 'message': {
      const t = texts(p.content).join('');
      if (p.role === 'assistant') return t ? w.assistant([{ type: 'text', text: t }], m) : [];
      return p.role === 'user' && t && !t.startsWith('<environment_context>') ? [w.user(t, m)] : [];
    }
    case 'function_call': {
      let args: Json = {};
      try {
        const v: unknown = JSON.parse(String(p.arguments ?? '{}'));
        if (isObject(v)) args = v;
      } catch {
        /* arguments that are no JSON: an empty input */
      }
      // exec_command is the shell hooks see as Bash {command} (payloads/PreToolUse-Bash.json).
      const block = p.name === 'exec_command' ? w.toolUse(callId, 'Bash', { command: args.cmd ?? '' }, m) : w.toolUse(callId, String(p.name), args, m);
      return w.assistant([block], m);
    }
    case 'function_call_output': {
      const out = typeof p.output === 'string' ? p.output : JSON.stringify(p.output ?? '');
      if (w.toolOf(callId) === 'shell') {
        const e = execOutput(out);
        const c = claudeShell(e.stdout.replace(/\n$/, ''), '', e.exitCode);
        return [w.toolResult(callId, c.content, c.isError, undefined, m, c.result)];
      }
      return [w.toolResult(callId, out, false, out, m)];
    }
    case 'custom_tool_call': {
      if (p.name !== 'apply_patch' || typeof p.input !== 'string') return w.assistant([w.toolUse(callId, String(p.name), { input: p.input }, m)], m);
      // One Claude tool call per file, as run gives them to Claude scripts (patch-calls.ts).
      let calls: ReturnType<typeof splitPatch>;
      try {
        calls = splitPatch(p.input, w.state.cwd ?? '/', false, () => undefined);
      } catch {
        return w.assistant([w.toolUse(callId, 'apply_patch', { command: p.input }, m)], m);
      }
      const names: Record<string, string> = { 'file.write': 'Write', 'file.edit': 'Edit', shell: 'Bash' };
      const blocks: Block[] = calls.map((c, k) => {
        const b = w.toolUse(partId(callId, k), names[c.tool]!, c.input, m);
        w.state.pending[partId(callId, k)]!.tool = c.tool;
        return b;
      });
      return w.assistant(blocks, m);
    }
    case 'custom_tool_call_output': {
      const out = typeof p.output === 'string' ? p.output : JSON.stringify(p.output ?? '');
      const ok = /^Exit code: 0\n/.test(out);
      const records: Json[] = [];
      for (let k = 0; w.state.pending[partId(callId, k)]; k++) {
        const id = partId(callId, k);
        const call = w.state.pending[id]!;
        const input = call.hostInput;
        const result = call.tool === 'file.write' ? claudeWrite(input.file_path, input.content, null, true) : call.tool === 'file.edit' ? claudeEdit(input.file_path, input, null) : claudeBash('');
        records.push(w.toolResult(id, out, !ok, undefined, m, result));
      }
      return records;
    }
    default:
      return [];
  }
}
