// Cline (npm `cline` 3.x): an event-file host (mappings/dialects/cline.yaml). Its hooks live in
// .clinerules/hooks/hook-bridge.json (Claude Code's settings format, Cline's tool names); each event file convert
// writes beside it (.clinerules/hooks/PreToolUse …) hands Cline's call to `hook-bridge event-file`, and this binding
// reads Cline's payload and writes its answer (test/fixtures/observed/cline/README.md):
//   PreToolUse → PreToolUse (tool_call {id, name, input}; a block is {cancel, errorMessage}: the run ends;
//     a rewrite is overrideInput; context is contextModification)
//   PostToolUse → PostToolUse, or PostToolUseFailure where postToolUse.success is false (tool_result {output, error})
//   UserPromptSubmit, TaskStart → SessionStart, TaskComplete → Stop, SessionShutdown → SessionEnd: run detached
//     by Cline, which reads no answer of theirs
import type { EventFileBinding, EngineAnswer, EngineCall } from './define.js';
import { defineDialect } from './define.js';
import { settingsJson } from './settings-json.js';
import { isObject } from '../model/is-object.js';

const obj = (v: unknown): Record<string, unknown> => (isObject(v) ? v : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The tool call of a PreToolUse or PostToolUse payload: Cline 3.x's own object, else the documented one (whose
 * parameters are strings). */
function toolOf(p: Record<string, unknown>, own: string, documented: string) {
  const call = obj(p[own]);
  const doc = obj(p[documented]);
  return {
    name: str(call.name) || str(doc.toolName),
    input: isObject(call.input) ? call.input : obj(doc.parameters),
    id: str(call.id),
    call,
    doc,
  };
}

/** The hook file's event and the fields one run of event file `file` gives its hooks. */
function fieldsOf(
  file: string,
  p: Record<string, unknown>,
): { event: string; fields: Record<string, unknown> } | undefined {
  switch (file) {
    case 'PreToolUse': {
      const t = toolOf(p, 'tool_call', 'preToolUse');
      return { event: 'PreToolUse', fields: { tool_name: t.name, tool_input: t.input, tool_use_id: t.id } };
    }
    case 'PostToolUse': {
      const t = toolOf(p, 'tool_result', 'postToolUse');
      const failed = t.doc.success === false || (typeof t.call.error === 'string' && t.call.error !== '');
      const base = { tool_name: t.name, tool_input: t.input, tool_use_id: t.id };
      if (failed)
        return { event: 'PostToolUseFailure', fields: { ...base, error: str(t.call.error) || str(t.doc.result) } };
      return {
        event: 'PostToolUse',
        fields: { ...base, tool_response: 'output' in t.call ? t.call.output : t.doc.result },
      };
    }
    case 'UserPromptSubmit':
      return { event: 'UserPromptSubmit', fields: { prompt: str(obj(p.userPromptSubmit).prompt) } };
    case 'TaskStart':
      return { event: 'SessionStart', fields: { source: 'startup' } };
    case 'TaskComplete':
      return {
        event: 'Stop',
        fields: { stop_hook_active: false, last_assistant_message: str(obj(p.turn).outputText) },
      };
    case 'SessionShutdown':
      return { event: 'SessionEnd', fields: { reason: 'other' } };
    default:
      return undefined;
  }
}

/** What Cline reads of a tool hook's answer: cancel (the run ends), errorMessage, contextModification,
 * overrideInput. */
function toolReply(file: string, a: EngineAnswer): Record<string, unknown> {
  const context = [...a.context];
  const out: Record<string, unknown> = {};
  const block = a.block ?? a.ask;
  if (block !== undefined && file === 'PreToolUse') return { cancel: true, errorMessage: block || 'blocked by a hook' };
  // After the call, a block is feedback for the model (Claude Code's PostToolUse decision: block).
  if (block !== undefined) context.unshift(block);
  if (a.stop !== undefined) return { cancel: true, errorMessage: a.stop || 'stopped by a hook' };
  if (a.input && file === 'PreToolUse') out.overrideInput = a.input;
  if (context.length) out.contextModification = context.join('\n');
  return out;
}

const eventFiles: EventFileBinding = {
  call(file, payload): EngineCall | undefined {
    const f = fieldsOf(file, payload);
    if (!f) return undefined;
    const roots = Array.isArray(payload.workspaceRoots) ? payload.workspaceRoots : [];
    return { ...f, sessionId: str(payload.taskId), cwd: str(roots[0]) };
  },
  reply(file, answer) {
    if (file !== 'PreToolUse' && file !== 'PostToolUse') return '';
    const out = toolReply(file, answer);
    return Object.keys(out).length ? JSON.stringify(out) : '';
  },
};

export const cline = defineDialect({ id: 'cline', codec: settingsJson, eventFiles });
