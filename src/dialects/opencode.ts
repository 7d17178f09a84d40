// OpenCode (opencode-ai): an in-process host (mappings/dialects/opencode.yaml). Its hooks live in .opencode/hooks.json
// (Claude Code's settings format, OpenCode's tool names); .opencode/plugin/hook-bridge.js returns OpenCode hooks that
// run them (test/fixtures/observed/opencode/README.md "Experiments", docs/observations.md):
//   chat.message → SessionStart (a session's first prompt) and UserPromptSubmit (blocked: throw; context: a synthetic
//                  text part of the prompt's message)
//   tool.execute.before → PreToolUse (deny: throw, the model gets the message; a rewrite replaces output.args in
//                  place)
//   tool.execute.after → PostToolUse (context and feedback appended to output.output); a bash command that exits
//                  non-zero → PostToolUseFailure (Claude Code's failure; OpenCode counts it a result)
//   experimental.chat.messages.transform → PostToolUseFailure of a tool that failed (its part's state "error": no
//                  tool.execute.after is called), before the request that sends the model the error (context appended
//                  to the error)
//   experimental.text.complete of a reply without tool calls → Stop (block: client.session.prompt noReply: one more
//                  turn with the reason as a user message); a compaction's summary is no reply
//   experimental.session.compacting → PreCompact (auto/manual: the session's compaction part, seen on `event`)
//   event session.compacted → PostCompact     dispose → SessionEnd of every session the plugin saw
import type { EngineAnswer, InProcessBinding, EngineSession } from './define.js';
import { defineDialect } from './define.js';
import { loaderText } from './loader-file.js';
import { settingsJson } from './settings-json.js';
import type { DialectId } from '../model/dialect-ids.js';
import { stringOrEmpty } from '../model/strings.js';

interface Part {
  type?: string;
  text?: string;
  synthetic?: boolean;
  id?: string;
  sessionID?: string;
  /** A tool part: its call and state (pending → running → completed | error). */
  tool?: string;
  callID?: string;
  state?: { status?: string; input?: Record<string, unknown>; error?: string };
  /** A compaction part: started by OpenCode on overflow (auto) or asked for (/compact). */
  auto?: boolean;
}
/** A message as the chat transform and the SDK give it. */
interface Message {
  info?: { sessionID?: string; summary?: boolean; agent?: string };
  parts?: Part[];
}
/** The plugin input and client calls the binding uses (@opencode-ai/plugin 1.18.33 dist/index.d.ts). */
interface Input {
  directory?: string;
  client?: {
    session?: {
      prompt(o: { path: { id: string }; body: { noReply?: boolean; parts: Part[] } }): Promise<unknown>;
      abort(o: { path: { id: string } }): Promise<unknown>;
      message?(o: { path: { id: string; messageID: string } }): Promise<{ data?: Message }>;
    };
  };
}
type Hook = (input: Record<string, unknown>, output: Record<string, unknown>) => Promise<void>;

/**
 * How a Stop block gets its one more turn. `no-reply`: OpenCode's loop goes on while the newest user message is newer
 * than its reply, so the reason is sent as a message with `noReply` and awaited (experiment G). `follow-up`: Kilo Code
 * CLI's loop ends after a finished reply whatever came since, and runs a prompt sent while it is busy as a follow-up
 * turn: the reason is sent as a prompt, not awaited (it resolves when that turn ends; SessionEnd waits for it).
 */
export type StopContinue = 'no-reply' | 'follow-up';

/** What one binding keeps between OpenCode's calls: its session, client, and what it has seen. */
interface State {
  s: EngineSession;
  continueBy: StopContinue;
  cwd: string;
  client: NonNullable<Input['client']>['session'];
  /** Sessions whose SessionStart ran. */
  started: Set<string>;
  /** PreToolUse context, added to the call's output. */
  toolContext: Map<string, string[]>;
  /** Sessions whose current turn a Stop hook's block started (stop_hook_active). */
  stopActive: Set<string>;
  /** The reasons this plugin sent as prompts: no prompt of the user's. */
  ownPrompts: Set<string>;
  /**
   * Calls that started in this process and got no tool.execute.after (yet): a failed part of one of them is a failure
   * of the tool's; not one a hook blocked (its part ends in "error" too), nor one of a session resumed from before.
   */
  running: Set<string>;
  /** Failed calls whose PostToolUseFailure ran: the context it added to the error, by call. */
  failures: Map<string, Promise<string[]>>;
  /** Per session, whether its compaction running now is OpenCode's own (auto) or asked for. */
  compaction: Map<string, boolean>;
  /** Per session, the summary its compaction wrote (PostCompact's compact_summary). */
  summaries: Map<string, string>;
  /** Calls still running that OpenCode does not wait for (PostCompact): SessionEnd waits for them. */
  pending: Set<Promise<unknown>>;
  /** The number of context parts this plugin added (their ids). */
  part: number;
}

/** The state of a new binding: nothing seen yet. */
const newState = (input: Input, s: EngineSession, continueBy: StopContinue): State => ({
  s,
  continueBy,
  cwd: input.directory ?? s.projectDir,
  client: input.client?.session,
  started: new Set(),
  toolContext: new Map(),
  stopActive: new Set(),
  ownPrompts: new Set(),
  running: new Set(),
  failures: new Map(),
  compaction: new Map(),
  summaries: new Map(),
  pending: new Set(),
  part: 0,
});

/** Runs an event's hooks (if any watch it), says what they answered, and aborts the session on continue:false. */
async function call(st: State, event: string, fields: Record<string, unknown>, sid: string) {
  if (!st.s.watches(event)) return undefined;
  const a: EngineAnswer = await st.s.call({ event, fields, sessionId: sid, cwd: st.cwd });
  const say = [a.notes, a.message, a.stop].filter(Boolean).join('\n');
  if (say) st.s.say(say);
  if (a.stop !== undefined) void st.client?.abort({ path: { id: sid } }).catch(() => {});
  return a;
}

/** The feedback of a post-tool hook for the model: a block's reason, then context. */
const feedback = (a: EngineAnswer | undefined) => [...(a?.block !== undefined ? [a.block] : []), ...(a?.context ?? [])];

/** A session's compaction trigger: manual when asked for, else auto. */
const trigger = (st: State, sid: string) => (st.compaction.get(sid) === false ? 'manual' : 'auto');

/** chat.message: SessionStart (a session's first prompt) and UserPromptSubmit, their context added to the prompt. */
function onChatMessage(st: State): Hook {
  return async (inp, out) => {
    const sid = stringOrEmpty(inp.sessionID);
    const parts = (Array.isArray(out.parts) ? out.parts : []) as Part[];
    const text = parts
      .filter((p) => p.type === 'text' && !p.synthetic)
      .map((p) => p.text ?? '')
      .join('\n');
    if (st.ownPrompts.delete(text)) return;
    st.stopActive.delete(sid);
    const context: string[] = [];
    if (!st.started.has(sid)) {
      st.started.add(sid);
      context.push(...((await call(st, 'SessionStart', { source: 'startup' }, sid))?.context ?? []));
    }
    const a = await call(st, 'UserPromptSubmit', { prompt: text }, sid);
    if (a && (a.block !== undefined || a.stop !== undefined)) {
      const why = `Prompt blocked by a hook: ${a.block ?? a.stop}`;
      st.s.say(why);
      // OpenCode's only way to stop a prompt before the model (the run then ends with an error).
      throw new Error(why);
    }
    context.push(...(a?.context ?? []));
    const message = (out.message ?? {}) as { id?: string };
    for (const c of context)
      parts.push({
        id: `${parts[0]?.id ?? 'prt_hook'}zz${(st.part++).toString(36)}`,
        sessionID: sid,
        messageID: message.id,
        type: 'text',
        text: c,
        synthetic: true,
      } as Part);
  };
}

/** tool.execute.before: PreToolUse (a deny throws, a rewrite replaces the arguments in place). */
function onToolBefore(st: State): Hook {
  return async (inp, out) => {
    const args = (out.args ?? {}) as Record<string, unknown>;
    st.running.add(stringOrEmpty(inp.callID));
    const a = await call(
      st,
      'PreToolUse',
      { tool_name: inp.tool, tool_input: args, tool_use_id: inp.callID },
      stringOrEmpty(inp.sessionID),
    );
    if (!a) return;
    const context = a.context.length ? `\n${a.context.join('\n')}` : '';
    // An ask never comes here: OpenCode has no way to ask (its facts: permissionDecision without ask), so the engine
    // hands it over as the deny it is there.
    if (a.block !== undefined) {
      st.running.delete(stringOrEmpty(inp.callID));
      throw new Error(`${a.block || 'blocked by a hook'}${context}`);
    }
    if (a.input) {
      for (const k of Object.keys(args)) delete args[k];
      Object.assign(args, a.input);
    }
    if (a.context.length) st.toolContext.set(stringOrEmpty(inp.callID), a.context);
  };
}

/** tool.execute.after: PostToolUse, or PostToolUseFailure of a bash command that exits non-zero; feedback appended. */
function onToolAfter(st: State): Hook {
  return async (inp, out) => {
    const before = st.toolContext.get(stringOrEmpty(inp.callID)) ?? [];
    st.toolContext.delete(stringOrEmpty(inp.callID));
    st.running.delete(stringOrEmpty(inp.callID));
    const exit = (out.metadata as { exit?: unknown } | undefined)?.exit;
    // A command that exits non-zero is a failed call on Claude Code ("Exit code 3\n<output>"); OpenCode's result.
    const failed = inp.tool === 'bash' && typeof exit === 'number' && exit !== 0;
    const fields = { tool_name: inp.tool, tool_input: inp.args ?? {}, tool_use_id: inp.callID };
    const a = failed
      ? await call(
          st,
          'PostToolUseFailure',
          { ...fields, error: `Exit code ${exit}\n${stringOrEmpty(out.output).trimEnd()}`.trimEnd() },
          stringOrEmpty(inp.sessionID),
        )
      : await call(
          st,
          'PostToolUse',
          { ...fields, tool_response: { output: out.output, metadata: out.metadata } },
          stringOrEmpty(inp.sessionID),
        );
    const added = [...before, ...feedback(a)];
    if (added.length) out.output = `${stringOrEmpty(out.output)}\n${added.join('\n')}`;
  };
}

/** experimental.chat.messages.transform: PostToolUseFailure of each failed call, its context added to the error. */
function onMessagesTransform(st: State): Hook {
  // Before each request after the first: a call that failed (OpenCode calls no tool.execute.after for it) runs its
  // PostToolUseFailure hooks once, and their context joins the error the model is sent.
  return async (_inp, out) => {
    const messages = (Array.isArray(out.messages) ? out.messages : []) as Message[];
    const failed = messages.flatMap((m) =>
      (m.parts ?? [])
        .filter((p) => p.type === 'tool' && p.state?.status === 'error' && st.running.has(stringOrEmpty(p.callID)))
        .map((p) => ({ p, sid: stringOrEmpty(m.info?.sessionID ?? p.sessionID) })),
    );
    await Promise.all(
      failed.map(async ({ p, sid }) => {
        const id = stringOrEmpty(p.callID);
        if (!st.failures.has(id)) {
          const fields = { tool_name: p.tool, tool_input: p.state!.input ?? {}, tool_use_id: id };
          const error = stringOrEmpty(p.state!.error);
          st.failures.set(id, call(st, 'PostToolUseFailure', { ...fields, error }, sid).then(feedback));
        }
        const added = (await st.failures.get(id)!).join('\n');
        if (added && !stringOrEmpty(p.state!.error).endsWith(added))
          p.state!.error = `${stringOrEmpty(p.state!.error)}\n${added}`;
      }),
    );
  };
}

/** experimental.text.complete: Stop of a reply without tool calls (a block prompts one more turn); a summary kept. */
function onTextComplete(st: State): Hook {
  return async (inp, out) => {
    const { s, client } = st;
    const sid = stringOrEmpty(inp.sessionID);
    if (!s.watches('Stop') && !s.watches('PostCompact')) return;
    const msg = await client
      ?.message?.({ path: { id: sid, messageID: stringOrEmpty(inp.messageID) } })
      .catch(() => undefined);
    // A compaction's summary (the model asked to summarise the session) is no reply of the agent's: PostCompact's.
    if (msg?.data?.info?.summary === true || msg?.data?.info?.agent === 'compaction') {
      st.summaries.set(sid, stringOrEmpty(out.text));
      return;
    }
    // It fires for every text part: a reply that also calls a tool is no Stop.
    if (!s.watches('Stop') || msg?.data?.parts?.some((p) => p.type === 'tool')) return;
    const active = st.stopActive.has(sid);
    st.stopActive.delete(sid);
    const fields = { stop_hook_active: active, last_assistant_message: stringOrEmpty(out.text) };
    const a = await call(st, 'Stop', fields, sid);
    if (a?.block === undefined || a.stop !== undefined || !client) return;
    const reason = a.block || 'a Stop hook asked to continue';
    st.stopActive.add(sid);
    st.ownPrompts.add(reason);
    const parts = [{ type: 'text', text: reason }];
    if (st.continueBy === 'follow-up') {
      // The loop ends after this reply; the prompt is its follow-up turn (docs/observations.md "Kilo Code CLI").
      const done = client
        .prompt({ path: { id: sid }, body: { parts } })
        .catch(() => undefined)
        .finally(() => st.pending.delete(done));
      st.pending.add(done);
      return;
    }
    // The loop sees a newer user message and makes one more request (experiment G).
    await client.prompt({ path: { id: sid }, body: { noReply: true, parts } });
  };
}

/** event: notes a compaction's trigger (its part) and runs PostCompact on session.compacted. */
function onEvent(st: State): Hook {
  // OpenCode does not wait for its `event` hook: what it starts here is awaited by SessionEnd (dispose).
  return async (inp) => {
    const e = (inp.event ?? {}) as { type?: string; properties?: { sessionID?: string; part?: Part } };
    const p = e.properties?.part;
    if (e.type === 'message.part.updated' && p?.type === 'compaction')
      st.compaction.set(stringOrEmpty(p.sessionID), !!p.auto);
    if (e.type === 'session.compacted') {
      const sid = stringOrEmpty(e.properties?.sessionID);
      const fields = { trigger: trigger(st, sid), compact_summary: st.summaries.get(sid) ?? '' };
      const done = call(st, 'PostCompact', fields, sid).finally(() => st.pending.delete(done));
      st.pending.add(done);
      st.compaction.delete(sid);
      st.summaries.delete(sid);
    }
  };
}

/** OpenCode's hooks for a session of the plugin's: one handler per event over one state. */
function bind(input: Input, s: EngineSession, continueBy: StopContinue): Record<string, Hook> {
  const st = newState(input, s, continueBy);
  return {
    'chat.message': onChatMessage(st),
    'tool.execute.before': onToolBefore(st),
    'tool.execute.after': onToolAfter(st),
    'experimental.chat.messages.transform': onMessagesTransform(st),
    'experimental.text.complete': onTextComplete(st),
    'experimental.session.compacting': async (inp) => {
      const sid = stringOrEmpty(inp.sessionID);
      await call(st, 'PreCompact', { trigger: trigger(st, sid), custom_instructions: '' }, sid);
    },
    event: onEvent(st),
    dispose: async () => {
      await Promise.allSettled([...st.pending]);
      for (const sid of st.started) await call(st, 'SessionEnd', { reason: 'other' }, sid);
    },
  };
}

/** The loader's entry point: OpenCode's plugin function (every exported function of a plugin module is one). */
const ENTRY = `
export const HookBridge = async (input) => {
  const on = started(input);
  if (on) return on.hooks;
  // Without hook-bridge: the calls a hook could block are blocked, with the reason; nothing else changes.
  const events = hooked();
  console.error(blocked());
  const hooks = {};
  if (events.has('PreToolUse'))
    hooks['tool.execute.before'] = async () => {
      throw new Error(blocked());
    };
  if (events.has('UserPromptSubmit'))
    hooks['chat.message'] = async () => {
      throw new Error(blocked());
    };
  return hooks;
};`;

/**
 * The binding of an agent that runs OpenCode's plugins with OpenCode's hooks (OpenCode, and its fork Kilo Code CLI):
 * the loader names its host (whose hook file it runs) and says, in `about`, how that agent loads it; `continueBy` is
 * how a Stop block makes one more turn there.
 */
export function opencodeBinding(
  host: DialectId,
  about: string,
  continueBy: StopContinue = 'no-reply',
): InProcessBinding {
  return {
    source: (version, detached) => loaderText(host, version, { about: [about], entry: ENTRY }, detached),
    bind: (api, session) => bind(api as Input, session, continueBy),
  };
}

export const opencode = defineDialect({
  id: 'opencode',
  codec: settingsJson,
  inProcess: opencodeBinding(
    'opencode',
    'OpenCode loads every .opencode/plugin/*.js of the project (each exported function is a plugin).',
  ),
});
