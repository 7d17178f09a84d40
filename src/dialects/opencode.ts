// OpenCode (opencode-ai): a plugin host (mappings/dialects/opencode.yaml). Its hooks live in .opencode/hooks.json
// (Claude Code's settings format, OpenCode's tool names); .opencode/plugin/hook-bridge.js returns OpenCode hooks that
// run them (test/fixtures/observed/opencode/README.md "Experiments"):
//   chat.message → SessionStart (a session's first prompt) and UserPromptSubmit (blocked: throw; context: a synthetic
//                  text part of the prompt's message)
//   tool.execute.before → PreToolUse (deny: throw, the model gets the message; a rewrite replaces output.args in
//                  place)
//   tool.execute.after → PostToolUse (context and feedback appended to output.output)
//   experimental.text.complete of a reply without tool calls → Stop (block: client.session.prompt noReply: one more
//                  turn with the reason as a user message)
import type { PluginAnswer, PluginBinding, PluginSession } from './define.js';
import { defineDialect } from './define.js';
import { pluginFileText } from './plugin-file.js';
import { settingsJson } from './settings-json.js';

interface Part {
  type?: string;
  text?: string;
  synthetic?: boolean;
  id?: string;
}
/** The plugin input and client calls the binding uses (@opencode-ai/plugin 1.18.33 dist/index.d.ts). */
interface Input {
  directory?: string;
  client?: {
    session?: {
      prompt(o: { path: { id: string }; body: { noReply: boolean; parts: Part[] } }): Promise<unknown>;
      abort(o: { path: { id: string } }): Promise<unknown>;
      message?(o: { path: { id: string; messageID: string } }): Promise<{ data?: { parts?: Part[] } }>;
    };
  };
}
type Hook = (input: Record<string, unknown>, output: Record<string, unknown>) => Promise<void>;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

function bind(input: Input, s: PluginSession): Record<string, Hook> {
  const cwd = input.directory ?? s.projectDir;
  const client = input.client?.session;
  /** Sessions whose SessionStart ran. */
  const started = new Set<string>();
  /** PreToolUse context, added to the call's output. */
  const toolContext = new Map<string, string[]>();
  /** Sessions whose current turn a Stop hook's block started (stop_hook_active). */
  const stopActive = new Set<string>();
  /** The reasons this plugin sent as prompts: no prompt of the user's. */
  const ownPrompts = new Set<string>();
  let part = 0;
  const call = async (event: string, fields: Record<string, unknown>, sid: string) => {
    if (!s.watches(event)) return undefined;
    const a: PluginAnswer = await s.call({ event, fields, sessionId: sid, cwd });
    const say = [a.notes, a.message, a.stop].filter(Boolean).join('\n');
    if (say) s.say(say);
    if (a.stop !== undefined) void client?.abort({ path: { id: sid } }).catch(() => {});
    return a;
  };

  return {
    'chat.message': async (inp, out) => {
      const sid = str(inp.sessionID);
      const parts = (Array.isArray(out.parts) ? out.parts : []) as Part[];
      const text = parts
        .filter((p) => p.type === 'text' && !p.synthetic)
        .map((p) => p.text ?? '')
        .join('\n');
      if (ownPrompts.delete(text)) return;
      stopActive.delete(sid);
      const context: string[] = [];
      if (!started.has(sid)) {
        started.add(sid);
        context.push(...((await call('SessionStart', { source: 'startup' }, sid))?.context ?? []));
      }
      const a = await call('UserPromptSubmit', { prompt: text }, sid);
      if (a && (a.block !== undefined || a.stop !== undefined)) {
        const why = `Prompt blocked by a hook: ${a.block ?? a.stop}`;
        s.say(why);
        // OpenCode's only way to stop a prompt before the model (the run then ends with an error).
        throw new Error(why);
      }
      context.push(...(a?.context ?? []));
      const message = (out.message ?? {}) as { id?: string };
      for (const c of context)
        parts.push({
          id: `${parts[0]?.id ?? 'prt_hook'}zz${(part++).toString(36)}`,
          sessionID: sid,
          messageID: message.id,
          type: 'text',
          text: c,
          synthetic: true,
        } as Part);
    },
    'tool.execute.before': async (inp, out) => {
      const args = (out.args ?? {}) as Record<string, unknown>;
      const a = await call(
        'PreToolUse',
        { tool_name: inp.tool, tool_input: args, tool_use_id: inp.callID },
        str(inp.sessionID),
      );
      if (!a) return;
      const context = a.context.length ? `\n${a.context.join('\n')}` : '';
      // No one to ask here (OpenCode never calls permission.ask): an ask is a deny with its reason.
      if (a.ask !== undefined) throw new Error(`${a.ask || 'a hook asked for confirmation'}${context}`);
      if (a.block !== undefined) throw new Error(`${a.block || 'blocked by a hook'}${context}`);
      if (a.input) {
        for (const k of Object.keys(args)) delete args[k];
        Object.assign(args, a.input);
      }
      if (a.context.length) toolContext.set(str(inp.callID), a.context);
    },
    'tool.execute.after': async (inp, out) => {
      const before = toolContext.get(str(inp.callID)) ?? [];
      toolContext.delete(str(inp.callID));
      const a = await call(
        'PostToolUse',
        {
          tool_name: inp.tool,
          tool_input: inp.args ?? {},
          tool_use_id: inp.callID,
          tool_response: { output: out.output, metadata: out.metadata },
        },
        str(inp.sessionID),
      );
      const added = [...before, ...(a?.block !== undefined ? [a.block] : []), ...(a?.context ?? [])];
      if (added.length) out.output = `${str(out.output)}\n${added.join('\n')}`;
    },
    'experimental.text.complete': async (inp, out) => {
      const sid = str(inp.sessionID);
      if (!s.watches('Stop')) return;
      // It fires for every text part: a reply that also calls a tool is no Stop.
      const msg = await client?.message?.({ path: { id: sid, messageID: str(inp.messageID) } }).catch(() => undefined);
      if (msg?.data?.parts?.some((p) => p.type === 'tool')) return;
      const active = stopActive.has(sid);
      stopActive.delete(sid);
      const a = await call('Stop', { stop_hook_active: active, last_assistant_message: str(out.text) }, sid);
      if (a?.block === undefined || a.stop !== undefined || !client) return;
      const reason = a.block || 'a Stop hook asked to continue';
      stopActive.add(sid);
      ownPrompts.add(reason);
      // The loop sees a newer user message and makes one more request (experiment G).
      await client.prompt({ path: { id: sid }, body: { noReply: true, parts: [{ type: 'text', text: reason }] } });
    },
  };
}

const plugin: PluginBinding = {
  source: (version) =>
    pluginFileText('opencode', version, {
      about: ['OpenCode loads every .opencode/plugin/*.js of the project (each exported function is a plugin).'],
      entry: `
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
};`,
    }),
  bind: (api, session) => bind(api as Input, session),
};

export const opencode = defineDialect({ id: 'opencode', codec: settingsJson, plugin });
