// Reader: GitHub Copilot CLI's session log ($COPILOT_HOME/session-state/<sessionId>/events.jsonl, the file agentStop's
// transcriptPath names), one event per line: {type, data, id, timestamp, parentId}.
//   session.start            data.sessionId, data.context.cwd
//   user.message             data.content (the prompt; transformedContent is it with Copilot's additions)
//   assistant.message        data.content, data.model, data.toolRequests[{toolCallId, name, arguments}]
//   tool.execution_complete  data.toolCallId, success, result.content (the text the model got),
// shellExecution.exitCode,
//                            error.message when it failed
//   hook.*, assistant.turn_*, tool.execution_start, session.usage_record, system.message, session.shutdown: no
// conversation
// Observed: test/fixtures/observed/copilot/transcript-events.jsonl (Copilot CLI 1.0.102). Tool calls keep Copilot's
// tool
// and parameter names there; the writer renames them to the script agent's.
import { isObject } from '../model/is-object.js';
import { type Block, type ClaudeWriter, type Json, type Meta, claudeShell } from './claude.js';
import { asString } from '../model/strings.js';

/** A shell result's text: stdout and stderr merged, then "<shellId: N completed with exit code X>". */
const SHELL_TRAILER = /\n?<shellId: [^>]* completed with exit code -?\d+>\n?$/;

/** Its event types are dotted (`user.message`): a record without such a type is not one of its. */
const isCopilotEvent = (r: Json) =>
  typeof r.type === 'string' && /^[a-z]+(\.[a-z_]+)+$/.test(r.type) && isObject(r.data);

export function readCopilot(r: Json, line: number, w: ClaudeWriter): Json[] | undefined {
  if (!isCopilotEvent(r)) return undefined;
  const d = r.data as Json;
  if (r.type === 'session.start') {
    if (asString(d.sessionId) !== undefined) w.state.sessionId = asString(d.sessionId);
    if (isObject(d.context) && asString(d.context.cwd) !== undefined) w.state.cwd = asString(d.context.cwd);
    return [];
  }
  const m: Meta = { id: asString(r.id) ?? `copilot-line-${line}`, timestamp: asString(r.timestamp) ?? '' };
  if (w.state.sessionId !== undefined) m.sessionId = w.state.sessionId;
  if (w.state.cwd !== undefined) m.cwd = w.state.cwd;
  switch (r.type) {
    case 'user.message':
      return asString(d.content) ? [w.user(d.content as string, m)] : [];
    case 'assistant.message': {
      if (asString(d.model) !== undefined) m.model = asString(d.model);
      const blocks: Block[] = [];
      if (asString(d.content)) blocks.push({ type: 'text', text: d.content as string });
      for (const t of Array.isArray(d.toolRequests) ? d.toolRequests.filter(isObject) : []) {
        blocks.push(
          w.toolUse(asString(t.toolCallId) ?? '', asString(t.name) ?? '', isObject(t.arguments) ? t.arguments : {}, m),
        );
      }
      return blocks.length ? w.assistant(blocks, m) : [];
    }
    case 'tool.execution_complete': {
      const id = asString(d.toolCallId) ?? '';
      const failed = d.success === false;
      const text =
        isObject(d.result) && asString(d.result.content) !== undefined
          ? (d.result.content as string)
          : isObject(d.error)
            ? (asString(d.error.message) ?? '')
            : '';
      if (w.toolOf(id) === 'shell' && !failed) {
        const exit =
          isObject(d.shellExecution) && typeof d.shellExecution.exitCode === 'number'
            ? d.shellExecution.exitCode
            : undefined;
        const c = claudeShell(text.replace(SHELL_TRAILER, ''), '', exit);
        return [w.toolResult(id, c.content, c.isError, undefined, m, c.result)];
      }
      return [
        w.toolResult(id, text, failed, { resultType: failed ? 'failure' : 'success', textResultForLlm: text }, m),
      ];
    }
    default:
      return [];
  }
}
