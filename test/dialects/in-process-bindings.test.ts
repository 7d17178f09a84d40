// Each in-process host's binding (src/dialects/pi.ts, src/dialects/opencode.ts) held to its facts
// (mappings/dialects/<id>.yaml and the _in-process.yaml they inherit): for each answer form, the answer the engine
// hands the binding (hostAnswer, the host's output facts applied, then pluginAnswer) is given to the binding through a
// session that answers it, and what the agent then does — the call blocked, its arguments replaced, text the model
// gets, the session aborted, one more turn — is what the fact says. The real agents do the same in
// test/e2e/in-process-events.test.ts and test/e2e/differential.test.ts.
import { describe, expect, it } from 'vitest';
import type { EngineAnswer, EngineCall, EngineSession } from '../../src/dialects/define.js';
import { getDialect } from '../../src/dialects/index.js';
import { canonicalEvent } from '../../src/dialects/catalog.js';
import type { Answer } from '../../src/run/answer.js';
import { hostAnswer } from '../../src/run/emit.js';
import { pluginAnswer } from '../../src/run/in-process-engine.js';
import { DIALECT_IDS, type DialectId } from '../../src/model/dialect-ids.js';
import { mappings } from '../../src/model/mappings.js';

/** What the agent did with one call's answer. */
interface Seen {
  /** The call or prompt was stopped; the text the model (or the user) is told. */
  blocked?: string;
  /** The arguments the tool runs with. */
  input: Record<string, unknown>;
  /** Text added to what the model gets for the call. */
  toModel: string;
  /** The session was aborted. */
  aborted: boolean;
}

/** Drives one binding as its agent would; `answers`: what the hooks answer, per event. */
interface Driver {
  preToolUse(ui: boolean): Promise<Seen>;
  postToolUse(): Promise<Seen>;
  prompt(): Promise<Seen>;
  /** A reply without tool calls ends: the text sent back for one more turn, if any. */
  stop(): Promise<string | undefined>;
}

function session(answers: Record<string, EngineAnswer>): EngineSession {
  const answer = (c: EngineCall) => answers[c.event] ?? { context: [], notes: '' };
  return {
    projectDir: '/p',
    watches: (e) => e in answers,
    say: () => {},
    call: async (c) => answer(c),
    callSync: (c) => answer(c),
  };
}

type PiHandler = (e: Record<string, unknown>, ctx: unknown) => unknown;
function pi(answers: Record<string, EngineAnswer>): Driver {
  const handlers = new Map<string, PiHandler>();
  const sent: string[] = [];
  let aborted = false;
  const ctx = (ui: boolean) => ({
    cwd: '/p',
    hasUI: ui,
    ui: { confirm: async () => true, notify: () => {} },
    sessionManager: { getSessionId: () => 's', getSessionFile: () => undefined },
    abort: () => {
      aborted = true;
    },
  });
  getDialect('pi').inProcess!.bind(
    { on: (e: string, h: PiHandler) => handlers.set(e, h), sendUserMessage: (t: string) => sent.push(t) },
    session(answers),
  );
  const fire = async (e: string, ev: Record<string, unknown>, ui = false) => handlers.get(e)?.(ev, ctx(ui));
  const tool = async (ui: boolean, post: boolean): Promise<Seen> => {
    const input = { command: 'ls' };
    const call = { toolName: 'bash', toolCallId: 'c1', input };
    const r = (post ? undefined : await fire('tool_call', call, ui)) as { reason?: string } | undefined;
    const content = [{ type: 'text', text: 'out' }];
    const result = (await fire('tool_result', { ...call, content, isError: false }, ui)) as
      | { content: { text: string }[] }
      | undefined;
    const toModel = (result?.content ?? content)
      .slice(1)
      .map((p) => p.text)
      .join('\n');
    return { ...(r?.reason !== undefined ? { blocked: r.reason } : {}), input, toModel, aborted };
  };
  return {
    preToolUse: (ui) => tool(ui, false),
    postToolUse: () => tool(false, true),
    async prompt() {
      await fire('session_start', { reason: 'startup' });
      const r = (await fire('input', { text: 'go', source: 'interactive' })) as { action?: string } | undefined;
      const m = (await fire('before_agent_start', {})) as { message?: { content: string } } | undefined;
      return {
        ...(r?.action === 'handled' ? { blocked: 'handled' } : {}),
        input: {},
        toModel: m?.message?.content ?? '',
        aborted,
      };
    },
    async stop() {
      await fire('turn_end', { message: { role: 'assistant', content: [{ type: 'text', text: 'done' }] } });
      return sent[0];
    },
  };
}

type OcHook = (i: Record<string, unknown>, o: Record<string, unknown>) => Promise<void>;
/** The OpenCode binding's driver, on OpenCode or on an agent that reuses it (Kilo Code CLI). */
const opencodeOn =
  (host: DialectId) =>
  (answers: Record<string, EngineAnswer>): Driver => {
    const prompts: string[] = [];
    let aborted = false;
    const client = {
      session: {
        prompt: async (o: { body: { parts: { text: string }[] } }) => prompts.push(o.body.parts[0]!.text),
        abort: async () => {
          aborted = true;
        },
        message: async () => ({ data: { parts: [{ type: 'text' }] } }),
      },
    };
    const hooks = getDialect(host).inProcess!.bind({ directory: '/p', client }, session(answers)) as Record<
      string,
      OcHook
    >;
    const tool = async (post: boolean): Promise<Seen> => {
      const input = { command: 'ls' };
      const inp = { tool: 'bash', sessionID: 's', callID: 'c1' };
      let blocked: string | undefined;
      if (!post) await hooks['tool.execute.before']!(inp, { args: input }).catch((e: Error) => (blocked = e.message));
      const out = { output: 'out', metadata: { exit: 0 } };
      if (blocked === undefined) await hooks['tool.execute.after']!({ ...inp, args: input }, out);
      await new Promise((r) => setTimeout(r, 0));
      const toModel = out.output.replace(/^out\n?/, '');
      return { ...(blocked !== undefined ? { blocked } : {}), input, toModel, aborted };
    };
    return {
      preToolUse: () => tool(false),
      postToolUse: () => tool(true),
      async prompt() {
        const parts: { type: string; text?: string; synthetic?: boolean }[] = [{ type: 'text', text: 'go' }];
        let blocked: string | undefined;
        await hooks['chat.message']!({ sessionID: 's' }, { parts, message: {} }).catch((e: Error) => {
          blocked = e.message;
        });
        const toModel = parts
          .filter((p) => p.synthetic)
          .map((p) => p.text)
          .join('\n');
        return { ...(blocked !== undefined ? { blocked } : {}), input: {}, toModel, aborted };
      },
      async stop() {
        await hooks['experimental.text.complete']!({ sessionID: 's', messageID: 'm' }, { text: 'done' });
        return prompts[0];
      },
    };
  };

const DRIVERS: Partial<Record<DialectId, (a: Record<string, EngineAnswer>) => Driver>> = {
  pi,
  opencode: opencodeOn('opencode'),
  kilo: opencodeOn('kilo'),
};
const HOSTS = DIALECT_IDS.filter((d) => mappings.dialects[d].config.inProcess);

/** The answer the engine hands the binding for a hook's canonical answer on this host's event. */
const engine = (host: DialectId, hostEvent: string, a: Partial<Answer>): EngineAnswer =>
  pluginAnswer(
    hostAnswer(
      { context: [], ...a },
      {
        host,
        script: 'claude',
        event: canonicalEvent(host, hostEvent),
        hostEvent,
        tool: 'shell',
        hostTool: 'bash',
      },
      { rewrite: 'deny' },
    ),
    [],
  );

describe('every in-process host has a binding driven here', () => {
  it.each(HOSTS)('%s', (host) => expect(DRIVERS[host], `no driver for ${host}'s binding`).toBeDefined());
});

describe.each(HOSTS)("%s's binding does what its facts say", (host) => {
  const out = mappings.dialects[host].output!;
  const drive = (event: string, a: Partial<Answer>) => DRIVERS[host]!({ [event]: engine(host, event, a) });

  it('permissionDecision deny: the call is blocked, the model told the reason', async () => {
    expect(out.permissionDecision).toContain('deny');
    const seen = await drive('PreToolUse', { decision: 'deny', reason: 'R-DENY' }).preToolUse(false);
    expect(seen.blocked).toContain('R-DENY');
  });
  it(`ask headless (askHeadless ${out.askHeadless}), interactive (askInteractive ${out.askInteractive})`, async () => {
    const a = { decision: 'ask', reason: 'R-ASK' } as const;
    const headless = await drive('PreToolUse', a).preToolUse(false);
    if (out.askHeadless === 'deny') expect(headless.blocked).toContain('R-ASK');
    else expect(headless.blocked).toBeUndefined();
    // A person asked who says yes: the call runs, where the agent can ask (else the engine made it a deny).
    const asked = await drive('PreToolUse', a).preToolUse(true);
    if (out.askInteractive === 'prompt' && out.permissionDecision.includes('ask'))
      expect(asked.blocked).toBeUndefined();
    else expect(asked.blocked).toContain('R-ASK');
  });
  it(`updatedInput ${out.updatedInput}: the call runs with the rewritten arguments`, async () => {
    const seen = await drive('PreToolUse', { updatedInput: { command: 'pwd' } }).preToolUse(false);
    expect(out.updatedInput).toBe('replace');
    expect(seen).toMatchObject({ input: { command: 'pwd' } });
    expect(seen.blocked).toBeUndefined();
  });
  it.each(['pre-tool-use', 'post-tool-use', 'user-prompt-submit', 'session-start'] as const)(
    'additionalContext on %s',
    async (ev) => {
      const names: Record<string, string> = {
        'pre-tool-use': 'PreToolUse',
        'post-tool-use': 'PostToolUse',
        'user-prompt-submit': 'UserPromptSubmit',
        'session-start': 'SessionStart',
      };
      const d = drive(names[ev]!, { context: [`CTX-${ev}`] });
      const seen = ev.endsWith('tool-use')
        ? await d[ev === 'pre-tool-use' ? 'preToolUse' : 'postToolUse'](false)
        : await d.prompt();
      if (out.additionalContext[ev] === 'to-model') expect(seen.toModel).toContain(`CTX-${ev}`);
      else expect(seen.toModel).not.toContain(`CTX-${ev}`);
    },
  );
  it(`postToolUseBlock ${out.postToolUseBlock}`, async () => {
    const seen = await drive('PostToolUse', { block: true, reason: 'R-POST' }).postToolUse();
    if (out.postToolUseBlock === 'to-model') expect(seen.toModel).toContain('R-POST');
  });
  const cf = out.continueFalse;
  it(`continueFalse: pre-tool-use ${cf['pre-tool-use']}, user-prompt-submit ${cf['user-prompt-submit']}`, async () => {
    const pre = await drive('PreToolUse', { continueFalse: true, stopReason: 'S' }).preToolUse(false);
    if (out.continueFalse['pre-tool-use'] === 'tool-runs-then-session-ends')
      expect(pre).toMatchObject({ aborted: true });
    expect(pre.blocked).toBeUndefined();
    const ups = await drive('UserPromptSubmit', { continueFalse: true, stopReason: 'S' }).prompt();
    if (out.continueFalse['user-prompt-submit'] === 'prompt-stopped') expect(ups.blocked).toBeDefined();
  });
  it('a blocked prompt: no model request', async () => {
    const seen = await drive('UserPromptSubmit', { block: true, reason: 'R-UPS' }).prompt();
    expect(seen.blocked).toBeDefined();
  });
  it(`stopBlock ${out.stopBlock}: one more turn with the reason`, async () => {
    const more = await drive('Stop', { block: true, reason: 'R-STOP' }).stop();
    if (out.stopBlock === 'continues-no-guard' || out.stopBlock === 'continues') expect(more).toBe('R-STOP');
    else expect(more).toBeUndefined();
  });
});
