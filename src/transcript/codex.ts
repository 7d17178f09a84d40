// Reader: Codex CLI's rollout file ($CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<session id>.jsonl):
//   {timestamp, ordinal, type: session_meta, payload: {id, session_id, cwd, base_instructions, …}}   first line
//   {timestamp, ordinal, type: response_item, payload: <a Responses API item>}                       the conversation:
//     message {role: developer|user|assistant, content: [{type: input_text|output_text, text}]}
//     function_call {name: exec_command, arguments: "{\"cmd\":…}", call_id}, function_call_output {call_id, output}
//     custom_tool_call {name: apply_patch, input: <patch>, call_id}, custom_tool_call_output {call_id, output}
//   event_msg, turn_context, world_state, token_usage_record …                                      no conversation
// Observed: test/fixtures/transcripts/codex/ (Codex CLI 0.169.0). exec_command is Bash {command}, as Codex's hooks see
// it; an apply_patch call is the Claude calls it amounts to, as `run` shows them to a Claude script
// (results/patch-calls.ts:
// Write per added file, Edit per updated one, Bash `mv` before a moved one's Edit, Bash `rm` per deleted one), each a
// tool_use of its own: the first keeps the call_id, the others are `<call_id>#2`, `#3`, … (partId). The developer
// messages and the <environment_context> user message are Codex's own, not a prompt.
import { isObject } from '../model/is-object.js';
import { parsePatch } from '../results/apply-patch.js';
import { partId, patchCalls } from '../results/patch-calls.js';
import { type Block, type ClaudeWriter, type Json, type Meta, claudeShell } from './claude.js';

const textOf = (v: unknown) => (typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v));
const textsOf = (c: unknown): string[] =>
  Array.isArray(c) ? c.filter(isObject).flatMap((p) => (typeof p.text === 'string' ? [p.text] : [])) : [];

/** exec_command's output: "Chunk ID: …\nWall time: …\nProcess exited with code N\nOriginal token count:
 * N\nOutput:\n<stdout+stderr>".
 */
function codexShell(text: string): { stdout: string; exitCode: number | undefined } {
  const code = /(?:^|\n)Process exited with code (-?\d+)/.exec(text)?.[1];
  const at = text.indexOf('\nOutput:\n');
  const out = at < 0 ? text : text.slice(at + '\nOutput:\n'.length);
  // no "Output:" at all: the command never ran (e.g. "exec_command failed: … Rejected(…)")
  return { stdout: out.replace(/\n$/, ''), exitCode: code !== undefined ? Number(code) : at < 0 ? 1 : undefined };
}

/**
 * An apply_patch call as the Claude calls it amounts to, from the patch alone: the files' text at that time is not
 * known (the file on disk has changed since, and a translation must not depend on when it runs), so an update of
 * several chunks is one Edit of the chunks' lines joined, as `run` gives it for a file it cannot read. undefined: a
 * patch Codex rejects, or no session cwd to place its paths in (session_meta is the file's first line).
 */
function patchUses(id: string, patch: string, w: ClaudeWriter): Block[] | undefined {
  if (w.state.cwd === undefined) return undefined;
  let calls: ReturnType<typeof patchCalls>;
  try {
    calls = patchCalls(parsePatch(patch), w.state.cwd, true);
  } catch {
    return undefined;
  }
  return calls.length ? calls.map((c, k) => w.partUse(partId(id, k), c.tool, c.input, c.response)) : undefined;
}

const RECORD_TYPES = new Set([
  'session_meta',
  'response_item',
  'event_msg',
  'turn_context',
  'world_state',
  'token_usage_record',
  'compacted',
]);

export function readCodex(r: Json, line: number, w: ClaudeWriter): Json[] | undefined {
  if (typeof r.type !== 'string' || !RECORD_TYPES.has(r.type) || !isObject(r.payload)) return undefined;
  const p = r.payload;
  if (r.type === 'session_meta' || r.type === 'turn_context') {
    const id = p.id ?? p.session_id;
    if (r.type === 'session_meta' && typeof id === 'string') w.state.sessionId = id;
    if (typeof p.cwd === 'string') w.state.cwd = p.cwd;
    return [];
  }
  if (r.type !== 'response_item') return [];
  const m: Meta = {
    id: typeof p.id === 'string' ? p.id : `codex-line-${line}`,
    timestamp: typeof r.timestamp === 'string' ? r.timestamp : '',
  };
  if (w.state.sessionId !== undefined) m.sessionId = w.state.sessionId;
  if (w.state.cwd !== undefined) m.cwd = w.state.cwd;
  switch (p.type) {
    case 'message': {
      const texts = textsOf(p.content);
      if (p.role === 'assistant')
        return texts.length
          ? w.assistant(
              texts.map((text): Block => ({ type: 'text', text })),
              m,
            )
          : [];
      const prompt = texts.filter((t) => !t.startsWith('<environment_context>')).join('');
      return p.role === 'user' && prompt ? [w.user(prompt, m)] : [];
    }
    case 'function_call': {
      let args: unknown;
      try {
        args = JSON.parse(textOf(p.arguments));
      } catch {
        args = {};
      }
      const a = isObject(args) ? args : {};
      // exec_command is the tool hooks see as Bash {command} (its exec parameters are not shown to hooks)
      const [name, input] = p.name === 'exec_command' ? ['Bash', { command: textOf(a.cmd) }] : [textOf(p.name), a];
      return w.assistant([w.toolUse(textOf(p.call_id), name, input, m)], m);
    }
    case 'custom_tool_call': {
      const parts = p.name === 'apply_patch' ? patchUses(textOf(p.call_id), textOf(p.input), w) : undefined;
      return w.assistant(
        parts ?? [
          w.toolUse(
            textOf(p.call_id),
            textOf(p.name),
            p.name === 'apply_patch' ? { command: textOf(p.input) } : { input: textOf(p.input) },
            m,
          ),
        ],
        m,
      );
    }
    case 'function_call_output':
    case 'custom_tool_call_output': {
      const id = textOf(p.call_id);
      const text = textOf(p.output);
      if (w.toolOf(id) === 'shell' && !w.partOf(id)) {
        const sh = codexShell(text);
        const c = claudeShell(sh.stdout, '', sh.exitCode);
        return [w.toolResult(id, c.content, c.isError, undefined, m, c.result)];
      }
      // apply_patch: "Exit code: 0\n…" on success, "apply_patch verification failed: …" otherwise
      const isError = !/^Exit code: 0\n/.test(text);
      if (!w.partOf(id)) return [w.toolResult(id, text, isError, text, m)];
      // Its parts: one result each, with the text the model got (the patch's) and the result Claude records.
      const out: Json[] = [];
      for (let k = 0, part: { result: unknown } | undefined; (part = w.partOf(partId(id, k))); k++)
        out.push(w.toolResult(partId(id, k), text, isError, undefined, m, part.result));
      return out;
    }
    default:
      return [];
  }
}
