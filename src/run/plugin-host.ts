// The plugin host: hook-bridge's engine inside an agent that has no hook config, only in-process plugins (mappings
// `config.pluginHost`: Pi, OpenCode). The plugin file convert wrote loads this module once (dist/plugin-host.cjs) and
// hands it the agent's plugin API; the dialect's binding (src/dialects/<id>.ts) turns the agent's events into hook
// calls, and each call is what `hook-bridge dispatch --to <host> --config <its hook file>` does for a host that runs
// hooks itself — matching, Claude Code's timeouts, parallel runs, aggregation, the payload and transcript translated
// for each script — in this process: no hook-bridge process per call, only the hooks' own.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalEvent, nativeEvent } from '../dialects/catalog.js';
import type { PluginAnswer, PluginCall, PluginSession } from '../dialects/define.js';
import { getDialect } from '../dialects/index.js';
import type { DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import { isObject } from '../model/is-object.js';
import { VERSION } from '../version.js';
import { dispatch } from './dispatch.js';
import type { HostReply } from './emit.js';
import { isBlocking } from './own-failure.js';
import { keptInProcess } from './session-env.js';

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

/** A hook answer (what dispatch emits for the host, Claude Code's answer form) as the binding acts on it. */
export function pluginAnswer(reply: HostReply): PluginAnswer {
  const out: PluginAnswer = { context: [], notes: '' };
  let json: Record<string, unknown> = {};
  try {
    const v: unknown = reply.stdout.trim() ? JSON.parse(reply.stdout) : {};
    if (isObject(v)) json = v;
  } catch {
    /* not an answer: nothing decided */
  }
  const hso = isObject(json.hookSpecificOutput) ? json.hookSpecificOutput : {};
  const reason = (r: unknown) => (typeof r === 'string' ? r : '');
  if (reply.exitCode === 2) out.block = reply.stderr || 'blocked by a hook';
  else if (reply.stderr) out.notes = reply.stderr;
  if (hso.permissionDecision === 'deny') out.block = reason(hso.permissionDecisionReason);
  else if (hso.permissionDecision === 'ask') out.ask = reason(hso.permissionDecisionReason);
  if (json.decision === 'block') out.block = reason(json.reason);
  if (isObject(hso.updatedInput) && out.block === undefined) out.input = hso.updatedInput;
  if (typeof hso.additionalContext === 'string' && hso.additionalContext) out.context.push(hso.additionalContext);
  if (json.continue === false) out.stop = reason(json.stopReason);
  if (typeof json.systemMessage === 'string') out.message = json.systemMessage;
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
  const inFile = eventsOf(file);
  // A shell call of a session whose SessionStart hooks wrote exports runs after them (session-env.ts), hooks or not.
  const preToolUse = nativeEvent(host, 'pre-tool-use');
  const watches = (event: string) => inFile(event) || (event === preToolUse && keptInProcess());
  const say = o.say ?? ((t: string) => process.stderr.write(`${t}\n`));
  const payloadOf = (c: PluginCall) => ({
    session_id: c.sessionId,
    transcript_path: c.transcriptPath ?? '',
    cwd: c.cwd,
    hook_event_name: c.event,
    ...c.fields,
  });
  /** hook-bridge's own failure: closed where a hook could have blocked, a note elsewhere. */
  const failed = (c: PluginCall, why: string): PluginAnswer =>
    isBlocking(canonicalEvent(host, c.event)) ? { block: why, context: [], notes: '' } : { context: [], notes: why };
  return {
    projectDir: o.project,
    watches,
    say,
    callSync(c: PluginCall): PluginAnswer {
      // bin/hook-bridge.cjs beside this bundle (dist/plugin-host.cjs; src/run/ in a checkout), run by Node (the agent
      // may run on Bun).
      const bin = [join(__dirname, '..', 'bin'), join(__dirname, '..', '..', 'bin')]
        .map((d) => join(d, 'hook-bridge.cjs'))
        .find((f) => existsSync(f))!;
      const r = spawnSync(
        process.versions.bun ? 'node' : process.execPath,
        [bin, 'dispatch', '--to', host, '--from', host, '--config', file],
        { input: JSON.stringify(payloadOf(c)), encoding: 'utf8', cwd: c.cwd, env: o.env ?? process.env },
      );
      if (r.error || r.status === null)
        return failed(c, `hook-bridge: cannot run ${bin} (${r.error?.message ?? `killed by ${r.signal}`})`);
      return pluginAnswer({ stdout: r.stdout, stderr: r.stderr.replace(/\n$/, ''), exitCode: r.status });
    },
    async call(c: PluginCall): Promise<PluginAnswer> {
      const payload = payloadOf(c);
      try {
        const reply = await dispatch(
          { to: host, config: [file], from: host, onError: 'deny', rewrite: 'deny', sessionEnv: true },
          Buffer.from(JSON.stringify(payload)),
          o.env ?? process.env,
        );
        return pluginAnswer(reply);
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
