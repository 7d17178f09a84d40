// Reader: Pi's session file (ctx.sessionManager.getSessionFile(): ~/.pi/agent/sessions/--<cwd>--/<time>_<id>.jsonl),
// its own JSONL tree (version 3), one entry per line: {type, id, parentId, timestamp, …}.
//   session                 the header: id (the session id), cwd
//   message                 message {role: user | assistant | toolResult, content: [{type: text, text} | {type:
//                           toolCall, id, name, arguments}], toolCallId, toolName, isError, model}
//   model_change, thinking_level_change, custom, …: no conversation
// Observed: test/fixtures/observed/pi/payloads/session-transcript.tools-run.json (Pi 0.73.1). Tool calls keep Pi's
// tool and parameter names there; the writer renames them to the script agent's.
import { isObject } from '../model/is-object.js';
import { type Block, type ClaudeWriter, type Json, type Meta, claudeShell } from './claude.js';
import { asString } from '../model/strings.js';

/** A failed bash call's text ends with the exit code Pi reports. */
const EXIT_TRAILER = /\n*Command exited with code (-?\d+)\s*$/;

const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content
          .filter(isObject)
          .filter((b) => b.type === 'text' && typeof b.text === 'string')
          .map((b) => b.text as string)
          .join('\n')
      : '';

export function readPi(r: Json, line: number, w: ClaudeWriter): Json[] | undefined {
  if (r.type === 'session' && typeof r.version === 'number') {
    if (asString(r.id) !== undefined) w.state.sessionId = asString(r.id);
    if (asString(r.cwd) !== undefined) w.state.cwd = asString(r.cwd);
    return [];
  }
  // Its entries carry an id and a parentId (null at the root): a record without them is not one of its.
  if (typeof r.type !== 'string' || asString(r.id) === undefined || !('parentId' in r)) return undefined;
  if (r.type !== 'message' || !isObject(r.message)) return [];
  const msg = r.message as Json;
  const m: Meta = { id: asString(r.id) ?? `pi-line-${line}`, timestamp: asString(r.timestamp) ?? '' };
  if (w.state.sessionId !== undefined) m.sessionId = w.state.sessionId;
  if (w.state.cwd !== undefined) m.cwd = w.state.cwd;
  switch (msg.role) {
    case 'user': {
      const text = textOf(msg.content);
      return text ? [w.user(text, m)] : [];
    }
    case 'assistant': {
      if (asString(msg.model) !== undefined) m.model = asString(msg.model);
      if (asString(msg.responseId) !== undefined) m.messageId = asString(msg.responseId);
      const blocks: Block[] = [];
      for (const b of Array.isArray(msg.content) ? msg.content.filter(isObject) : []) {
        if (b.type === 'text' && typeof b.text === 'string' && b.text) blocks.push({ type: 'text', text: b.text });
        else if (b.type === 'toolCall')
          blocks.push(
            w.toolUse(asString(b.id) ?? '', asString(b.name) ?? '', isObject(b.arguments) ? b.arguments : {}, m),
          );
      }
      return blocks.length ? w.assistant(blocks, m) : [];
    }
    case 'toolResult': {
      const id = asString(msg.toolCallId) ?? '';
      const text = textOf(msg.content);
      const failed = msg.isError === true;
      if (w.toolOf(id) === 'shell') {
        const exit = EXIT_TRAILER.exec(text);
        const c = claudeShell(
          text.replace(EXIT_TRAILER, '').replace(/\n$/, ''),
          '',
          exit ? Number(exit[1]) : undefined,
        );
        return [w.toolResult(id, c.content, c.isError || failed, undefined, m, c.result)];
      }
      return [w.toolResult(id, text, failed, { content: msg.content, isError: failed }, m)];
    }
    default:
      return [];
  }
}
