// The plugin host: hook-bridge's engine inside an agent that has no hook config, only in-process plugins (mappings
// `config.pluginHost`: Pi, OpenCode). The plugin file convert wrote loads this module once (dist/plugin-host.cjs) and
// hands it the agent's plugin API; the dialect's binding (src/dialects/<id>.ts) turns the agent's events into hook
// calls, and each call is what `hook-bridge dispatch --to <host> --config <its hook file>` does for a host that runs
// hooks itself — matching, Claude Code's timeouts, parallel runs, aggregation, the payload and transcript translated
// for each script — in this process: no hook-bridge process per call, only the hooks' own.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalEvent } from '../dialects/catalog.js';
import type { PluginAnswer, PluginCall, PluginSession } from '../dialects/define.js';
import { getDialect } from '../dialects/index.js';
import type { DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import { isObject } from '../model/is-object.js';
import { VERSION } from '../version.js';
import { readAnswer } from './answer.js';
import { dispatched } from './dispatch.js';
import { type EmitContext, type EmitOptions, type HostAnswer, hostAnswer, reasonOrDefault } from './emit.js';
import { failsClosed } from './own-failure.js';

/** How the engine answers for the host: an ask as the host's facts say (relayed or denied), a rewrite it cannot
 * apply denied (never the original input run instead). */
const ANSWERS: EmitOptions = { rewrite: 'deny' };

export interface StartOptions {
  /** The project the plugin file is in (its hook file is there). */
  project: string;
  /** The hook-bridge version the plugin file was written by. */
  plugin?: string;
  /** The environment the hooks get (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** Where hook-bridge's text for the user goes (default: stderr). */
  say?: (text: string) => void;
}

/**
 * The hooks' answer as the binding acts on it: the aggregated answer with the host's output facts applied (emit's
 * hostAnswer: an ask the host cannot show is a deny, a rewrite it cannot apply …), never its text form.
 */
export function pluginAnswer(h: HostAnswer, notes: (string | undefined)[]): PluginAnswer {
  const out: PluginAnswer = {
    // Several hooks' context as Claude Code gives it: one text.
    context: h.context.length ? [h.context.join('\n')] : [],
    notes: [...notes, ...h.notes].filter(Boolean).join('\n'),
  };
  if (h.decision === 'deny' || h.block) out.block = reasonOrDefault(h.reason);
  else if (h.decision === 'ask') out.ask = h.reason ?? '';
  if (h.input && out.block === undefined) out.input = h.input;
  if (h.continueFalse) out.stop = h.stopReason ?? '';
  if (h.systemMessage !== undefined) out.message = h.systemMessage;
  return out;
}

/** The hook file's events with hooks, read again only when the file changes. */
function eventsOf(file: string): (event: string) => boolean {
  let stamp = '';
  let events = new Set<string>();
  return (event) => {
    let now = '';
    try {
      const st = statSync(file);
      now = `${st.mtimeMs}:${st.size}:${st.ino}`;
    } catch {
      now = 'none';
    }
    if (now !== stamp) {
      stamp = now;
      try {
        const v: unknown = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
        const hooks = isObject(v) && isObject(v.hooks) ? v.hooks : {};
        events = new Set(Object.keys(hooks).filter((e) => Array.isArray(hooks[e]) && hooks[e].length > 0));
      } catch {
        // A file that cannot be read as plain JSON (comments): every event is tried, the codec says what is wrong.
        events = new Set(['*']);
      }
    }
    return events.has(event) || events.has('*');
  };
}

/** A session of one plugin host in one project: what a binding calls. */
export function pluginSession(host: DialectId, o: StartOptions): PluginSession {
  const d = getDialect(host);
  const file = join(o.project, d.spec.config.write);
  const watches = eventsOf(file);
  const say = o.say ?? ((t: string) => process.stderr.write(`${t}\n`));
  const payloadOf = (c: PluginCall) => ({
    session_id: c.sessionId,
    transcript_path: c.transcriptPath ?? '',
    cwd: c.cwd,
    hook_event_name: c.event,
    ...c.fields,
  });
  const ctxOf = (c: PluginCall): EmitContext => ({
    host,
    script: host,
    event: canonicalEvent(host, c.event),
    hostEvent: c.event,
    tool: undefined,
    hostTool: typeof c.fields.tool_name === 'string' ? c.fields.tool_name : undefined,
  });
  /** hook-bridge's own failure: closed where a hook could have blocked (a Stop: once), a note elsewhere. */
  const failed = (c: PluginCall, why: string): PluginAnswer =>
    failsClosed(canonicalEvent(host, c.event), c.fields)
      ? { block: why, context: [], notes: '' }
      : { context: [], notes: why };
  return {
    projectDir: o.project,
    watches,
    say,
    callSync(c: PluginCall): PluginAnswer {
      // bin/hook-bridge.cjs beside this bundle (dist/plugin-host.cjs; src/run/ in a checkout), run by Node (the agent
      // may run on Bun).
      const bin = [join(__dirname, '..', 'bin'), join(__dirname, '..', '..', 'bin')]
        .map((d) => join(d, 'hook-bridge.cjs'))
        .find((f) => existsSync(f));
      if (!bin)
        return failed(
          c,
          `hook-bridge: cannot run the ${c.event} hooks: bin/hook-bridge.cjs is missing beside its engine ` +
            `(${__dirname}); reinstall hook-bridge (npm install -g hook-bridge)`,
        );
      const r = spawnSync(
        process.versions.bun ? 'node' : process.execPath,
        [bin, 'dispatch', '--to', host, '--from', host, '--config', file],
        { input: JSON.stringify(payloadOf(c)), encoding: 'utf8', cwd: c.cwd, env: o.env ?? process.env },
      );
      const stderr = r.stderr?.replace(/\n$/, '') ?? '';
      // dispatch answers with 0 or 2: anything else is its own failure (a crash, a broken install).
      if (r.error || r.status === null || (r.status !== 0 && r.status !== 2)) {
        const why = r.error?.message ?? (r.status === null ? `killed by ${r.signal}` : `exit ${r.status}`);
        return failed(c, `hook-bridge: cannot run ${bin} (${why})${stderr ? `: ${stderr}` : ''}`);
      }
      // The reply in the host's form, read back by the one reader of answers (the host's output facts).
      const ctx = ctxOf(c);
      const reply = { stdout: r.stdout, stderr, exitCode: r.status, timedOut: false };
      const answer = readAnswer(host, ctx.event, reply, undefined, undefined, host);
      return pluginAnswer(hostAnswer(answer, ctx, ANSWERS), [r.status === 2 ? '' : stderr]);
    },
    async call(c: PluginCall): Promise<PluginAnswer> {
      try {
        const d = await dispatched(
          { to: host, config: [file], from: host, onError: 'deny', ...ANSWERS },
          Buffer.from(JSON.stringify(payloadOf(c))),
          o.env ?? process.env,
        );
        if ('failed' in d) return failed(c, d.message);
        return pluginAnswer(hostAnswer(d.answer, d.ctx, ANSWERS), [...d.stderr, d.guard]);
      } catch (e) {
        return failed(
          c,
          `hook-bridge: ${HookBridgeError.is(e) ? e.describe() : `internal error: ${(e as Error).message}`}`,
        );
      }
    },
  };
}

/** The plugin file's call: binds the agent's plugin API for this host and project. */
export function start(host: string, api: unknown, o: StartOptions): unknown {
  const d = getDialect(host);
  if (!d.plugin) throw new HookBridgeError(`${d.spec.agent} is not a plugin host`);
  const session = pluginSession(d.id, o);
  if (o.plugin && o.plugin !== VERSION)
    session.say(
      `hook-bridge: ${d.spec.config.pluginHost!.file} was written by hook-bridge ${o.plugin}, and ${VERSION} is ` +
        `installed: run \`hook-bridge convert --to ${d.id}\` to bring it up to date`,
    );
  return d.plugin.bind(api, session);
}

export const version = VERSION;
