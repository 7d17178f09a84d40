// Pi (@earendil-works/pi-coding-agent, formerly @mariozechner/): an in-process host (mappings/dialects/pi.yaml). Its
// hooks
// live in .pi/hooks.json (Claude Code's settings format, Pi's tool names); .pi/extensions/hook-bridge.ts, loaded in a
// trusted project (Pi 1.x), binds Pi's extension events to them (test/fixtures/observed/pi/README.md "Experiments"):
//   session_start → SessionStart     input → UserPromptSubmit (blocked: {action: "handled"})
//   before_agent_start → the context of both, as a message after the prompt
//   tool_call → PreToolUse ({block, reason}; a rewrite replaces event.input in place)
//   tool_result → PostToolUse / PostToolUseFailure (context and feedback appended to the result's content)
//   turn_end without a tool call → Stop (block: sendUserMessage(reason, {deliverAs: "followUp"}): one more turn)
//   session_before_compact / session_compact → PreCompact / PostCompact     session_shutdown → SessionEnd
import { isAbsolute, resolve } from 'node:path';
import type { EngineAnswer, InProcessBinding, EngineSession } from './define.js';
import { defineDialect } from './define.js';
import { loaderText } from './loader-file.js';
import { settingsJson } from './settings-json.js';

// Pi's extension API, as far as the binding uses it (its dist/core/extensions/types.d.ts).
interface Part {
  type?: string;
  text?: string;
}
/** The fields of Pi's event objects the binding reads (one type for all of them). */
interface Ev {
  reason?: string;
  text?: string;
  source?: string;
  toolName?: string;
  toolCallId?: string;
  input?: Record<string, unknown>;
  content?: Part[];
  details?: unknown;
  isError?: boolean;
  message?: { role?: string; content?: Part[] };
  customInstructions?: string;
  /** session_compact: the entry the compaction saved (its summary). */
  compactionEntry?: { summary?: unknown };
}
type Handler = (event: Ev, ctx: Ctx) => unknown;
interface Ctx {
  cwd: string;
  hasUI: boolean;
  ui?: { confirm(title: string, message: string): Promise<boolean>; notify(m: string, t?: string): void };
  sessionManager: { getSessionId(): string; getSessionFile(): string | undefined };
  abort(): void;
}
interface Api {
  on(event: string, handler: Handler): void;
  sendUserMessage(text: string, opts?: { deliverAs?: 'steer' | 'followUp' }): void;
}

/** A path parameter as Claude Code gives it to a hook: absolute (Pi takes paths relative to its cwd too). */
const absolutePaths = (input: Record<string, unknown>, cwd: string): Record<string, unknown> =>
  typeof input.path === 'string' && !isAbsolute(input.path) ? { ...input, path: resolve(cwd, input.path) } : input;

const textParts = (texts: string[]) => texts.map((text) => ({ type: 'text', text }));

/** What one binding keeps between Pi's events: its session and what it has seen. */
interface State {
  pi: Api;
  s: EngineSession;
  /** Context for the model at the next prompt (SessionStart, UserPromptSubmit). */
  pending: string[];
  /** PreToolUse context, added to the call's result. */
  toolContext: Map<string, string[]>;
  /** The turn ending now was started by a Stop hook's block (stop_hook_active). */
  stopActive: boolean;
  /** continue:false: the run is aborted after the current call. */
  stopping: boolean;
  /** The session as last seen: a `-p` run ends (its ctx stale: every read throws) while a compaction is finishing. */
  last: { sessionId: string; cwd: string; transcriptPath: string };
  /** The compaction running now: asked for with instructions (manual), else Pi's own (auto, by its threshold). */
  compacting: string;
}

/** The session a handler runs in, read from its ctx (the last one seen when the ctx is stale). */
function session(st: State, ctx: Ctx) {
  try {
    st.last = {
      sessionId: ctx.sessionManager.getSessionId(),
      cwd: ctx.cwd,
      transcriptPath: ctx.sessionManager.getSessionFile() ?? '',
    };
  } catch {
    /* stale: the session it last was */
  }
  return st.last;
}

/** Pi's UI of a ctx, if it has one (none when the ctx is stale). */
const ui = (ctx: Ctx) => {
  try {
    return ctx.hasUI ? ctx.ui : undefined;
  } catch {
    return undefined;
  }
};

/** What the hooks answered, said to the user; continue:false noted (the run is aborted after the call). */
function heard(st: State, a: EngineAnswer, ctx: Ctx): EngineAnswer {
  const say = [a.notes, a.message, a.stop].filter(Boolean).join('\n');
  if (say) {
    const u = ui(ctx);
    if (u) u.notify(say, a.stop ? 'warning' : 'info');
    else st.s.say(say);
  }
  if (a.stop !== undefined) st.stopping = true;
  return a;
}

/** Runs an event's hooks if any watch it, and hears their answer. */
const call = async (
  st: State,
  event: string,
  fields: Record<string, unknown>,
  ctx: Ctx,
): Promise<EngineAnswer | undefined> =>
  st.s.watches(event) ? heard(st, await st.s.call({ event, fields, ...session(st, ctx) }), ctx) : undefined;

/** Aborts the run if a hook answered continue:false. */
const stopNow = (st: State, ctx: Ctx) => {
  if (!st.stopping) return;
  st.stopping = false;
  ctx.abort();
};

/** input: UserPromptSubmit (a block handles the prompt; context waits for the prompt's message). */
function onInput(st: State): Handler {
  return async (e, ctx) => {
    // A message an extension sends (a Stop hook's reason, below) is no prompt of the user's.
    if (e.source === 'extension') return undefined;
    st.stopActive = false;
    const a = await call(st, 'UserPromptSubmit', { prompt: e.text }, ctx);
    if (!a) return undefined;
    if (a.block !== undefined || a.stop !== undefined) {
      const why = a.block ?? a.stop ?? '';
      if (ctx.hasUI && ctx.ui) ctx.ui.notify(`Prompt blocked by a hook: ${why}`, 'error');
      else st.s.say(`Prompt blocked by a hook: ${why}`);
      st.stopping = false;
      return { action: 'handled' };
    }
    st.pending.push(...a.context);
    return undefined;
  };
}

/** tool_call: PreToolUse ({block, reason} for a deny or a declined ask; a rewrite replaces the input in place). */
function onToolCall(st: State): Handler {
  return async (e, ctx) => {
    const input = absolutePaths(e.input ?? {}, ctx.cwd);
    const fields = { tool_name: e.toolName, tool_input: input, tool_use_id: e.toolCallId };
    const a = await call(st, 'PreToolUse', fields, ctx);
    if (!a) return undefined;
    const context = a.context.length ? `\n${a.context.join('\n')}` : '';
    if (a.ask !== undefined) {
      const yes = ctx.hasUI && ctx.ui ? await ctx.ui.confirm('A hook asks to confirm this call', a.ask) : false;
      if (!yes) return { block: true, reason: `${a.ask || 'a hook asked for confirmation'}${context}` };
    }
    if (a.block !== undefined) return { block: true, reason: `${a.block}${context}` };
    if (a.input && e.input) {
      // Replaced in place (Pi's way to change a call's arguments): the rewritten call runs.
      for (const k of Object.keys(e.input)) delete e.input[k];
      Object.assign(e.input, a.input);
    }
    if (a.context.length) st.toolContext.set(e.toolCallId ?? '', a.context);
    return undefined;
  };
}

/** tool_result: PostToolUse or PostToolUseFailure, context and feedback appended to the result's content. */
function onToolResult(st: State): Handler {
  return async (e, ctx) => {
    const before = st.toolContext.get(e.toolCallId ?? '') ?? [];
    st.toolContext.delete(e.toolCallId ?? '');
    const input = absolutePaths(e.input ?? {}, ctx.cwd);
    const text = (e.content ?? [])
      .filter((p) => p?.type === 'text')
      .map((p) => p.text ?? '')
      .join('\n');
    const a = await call(
      st,
      e.isError ? 'PostToolUseFailure' : 'PostToolUse',
      {
        tool_name: e.toolName,
        tool_input: input,
        tool_use_id: e.toolCallId,
        ...(e.isError ? { error: text } : { tool_response: { content: e.content, details: e.details } }),
      },
      ctx,
    );
    const added = [...before, ...(a?.block !== undefined ? [a.block] : []), ...(a?.context ?? [])];
    stopNow(st, ctx);
    return added.length ? { content: [...(e.content ?? []), ...textParts(added)] } : undefined;
  };
}

/** turn_end of a reply without tool calls: Stop, run blocking (a block sends its reason as a follow-up). */
function onTurnEnd(st: State): Handler {
  return (e, ctx) => {
    const content = Array.isArray(e.message?.content) ? e.message.content : [];
    if (e.message?.role !== 'assistant' || content.some((p) => p?.type === 'toolCall')) return;
    const last = content
      .filter((p) => p?.type === 'text')
      .map((p) => p.text ?? '')
      .join('\n');
    // Pi does not wait for turn_end handlers: it looks for a follow-up message right after this one returns its first
    // promise, so the Stop hooks are run before that, blocking (one hook-bridge process).
    const fields = { stop_hook_active: st.stopActive, last_assistant_message: last };
    const a = st.s.watches('Stop')
      ? heard(st, st.s.callSync({ event: 'Stop', fields, ...session(st, ctx) }), ctx)
      : undefined;
    st.stopActive = false;
    if (a?.block !== undefined && a.stop === undefined) {
      st.stopActive = true;
      st.pi.sendUserMessage(a.block || 'a Stop hook asked to continue', { deliverAs: 'followUp' });
    }
    stopNow(st, ctx);
  };
}

/** Binds Pi's extension events to the session's hooks: one handler per event over one state. */
function bind(pi: Api, s: EngineSession): void {
  const st: State = {
    pi,
    s,
    pending: [],
    toolContext: new Map(),
    stopActive: false,
    stopping: false,
    last: { sessionId: '', cwd: s.projectDir, transcriptPath: '' },
    compacting: 'auto',
  };
  pi.on('session_start', async (e, ctx) => {
    const source = e.reason === 'resume' ? 'resume' : e.reason === 'new' ? 'clear' : 'startup';
    const a = await call(st, 'SessionStart', { source }, ctx);
    if (a) st.pending.push(...a.context);
  });
  pi.on('input', onInput(st));
  pi.on('before_agent_start', () => {
    if (!st.pending.length) return undefined;
    const content = st.pending.join('\n');
    st.pending = [];
    return { message: { customType: 'hook-bridge', content, display: false } };
  });
  pi.on('tool_call', onToolCall(st));
  pi.on('tool_result', onToolResult(st));
  pi.on('turn_end', onTurnEnd(st));
  // Pi's own compaction passes no instructions; a /compact without any cannot be told from it (auto then).
  pi.on('session_before_compact', async (e, ctx) => {
    st.compacting = typeof e.customInstructions === 'string' ? 'manual' : 'auto';
    await call(st, 'PreCompact', { trigger: st.compacting, custom_instructions: e.customInstructions ?? '' }, ctx);
  });
  pi.on('session_compact', async (e, ctx) => {
    const summary = typeof e.compactionEntry?.summary === 'string' ? e.compactionEntry.summary : '';
    await call(st, 'PostCompact', { trigger: st.compacting, compact_summary: summary }, ctx);
  });
  pi.on('session_shutdown', async (_e, ctx) => {
    await call(st, 'SessionEnd', { reason: 'other' }, ctx);
  });
}

const inProcess: InProcessBinding = {
  source: (version, detached) =>
    loaderText(
      'pi',
      version,
      {
        about: ['Pi loads every .pi/extensions/*.ts of the project (no build step).'],
        entry: `
export default function hookBridge(pi) {
  if (started(pi)) return;
  // Without hook-bridge: the calls a hook could block are blocked, with the reason; nothing else changes.
  const events = hooked();
  console.error(blocked());
  if (events.has('PreToolUse')) pi.on('tool_call', () => ({ block: true, reason: blocked() }));
  if (events.has('UserPromptSubmit'))
    pi.on('input', (_e, ctx) => {
      if (ctx.hasUI) ctx.ui.notify(blocked(), 'error');
      else console.error(blocked());
      return { action: 'handled' };
    });
}`,
      },
      detached,
    ),
  bind: (api, session) => bind(api as Api, session),
};

export const pi = defineDialect({ id: 'pi', codec: settingsJson, inProcess });
