// Host payload -> the payload the script's own agent would have sent.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';
import {
  canonicalEvent,
  canonicalTool,
  canonicalValue,
  nativeEvent,
  nativeValue,
  renameParams,
  toolEntry,
} from '../dialects/catalog.js';
import { hasOwnPayloadNames } from '../dialects/host-mode.js';
import { isObject } from '../model/is-object.js';
import { translateResponse } from '../results/index.js';
import { patchOfCall } from './patch-calls.js';
import { asCoveringInput, coveredCall } from '../dialects/covered-params.js';
import { embeddedIn } from './embedded.js';

export type Payload = Record<string, unknown>;

export interface Translated {
  payload: Payload;
  /** Canonical event id (undefined when the host's event is unknown). */
  event: string | undefined;
  /** Canonical tool id of the call, when known. */
  tool: string | undefined;
  /** The script agent's tool the call became, where it has none of its own for it (file.patch for a Write on Codex). */
  covering?: string;
}

/**
 * The project a host's hook runs in, found upward from its cwd where the host sets no variable for it (Codex CLI,
 * env.projectRoot): the nearest directory holding the host's project folder (`.codex/`, not the user's own
 * `~/.codex`), else the nearest holding `.git` (Codex's own project root, c09), else the cwd.
 */
function projectRoot(host: DialectId, cwd: string, env: NodeJS.ProcessEnv): string {
  const d = mappings.dialects[host];
  const folder = dirname(d.config.write);
  const home = env.HOME ?? homedir();
  const userFolder = (d.config.homeVar && env[d.config.homeVar]) || join(home, folder);
  for (const marker of [folder, '.git']) {
    const dir = findUp(cwd, (d) => join(d, marker) !== userFolder && existsSync(join(d, marker)));
    if (dir !== undefined) return dir;
  }
  return cwd;
}

/** The nearest directory from `start` upward (itself included) for which `test` holds. */
export function findUp(start: string, test: (dir: string) => boolean): string | undefined {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    if (test(dir)) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Env var holding the host's project dir, else the project found from the cwd (env.projectRoot), else cwd. */
export function hostProjectDir(host: DialectId, env: NodeJS.ProcessEnv, payload: Payload): string {
  for (const v of mappings.dialects[host].env?.projectDir ?? []) if (env[v]) return env[v]!;
  const cwd = typeof payload.cwd === 'string' ? payload.cwd : process.cwd();
  return mappings.dialects[host].env?.projectRoot ? projectRoot(host, cwd, env) : cwd;
}

function translateMode(mode: unknown, host: DialectId, script: DialectId): unknown {
  if (typeof mode !== 'string') return mode;
  const canonical = mappings.dialects[host].payload?.permissionModes[mode];
  if (!canonical) return mode;
  const native = Object.entries(mappings.dialects[script].payload?.permissionModes ?? {}).find(
    ([, c]) => c === canonical,
  )?.[0];
  return native ?? mode;
}

/** A payload field's name in the script's agent (e.g. Qwen's `crons` is Claude's `session_crons`; on one event, its
 * own).
 */
function fieldName(key: string, host: DialectId, script: DialectId, event?: string): string {
  const hostNames = mappings.dialects[host].payload?.fieldNames ?? {};
  return scriptField(Object.keys(hostNames).find((c) => hostNames[c] === key) ?? key, script, event);
}

/** A canonical payload field's name in the script's agent (Copilot CLI's own files: tool_input is toolArgs). */
export function scriptField(canonical: string, script: DialectId, event?: string): string {
  const s = mappings.dialects[script].payload;
  return (event && s?.eventFieldNames?.[event]?.[canonical]) ?? s?.fieldNames?.[canonical] ?? canonical;
}

/**
 * `toolInputText`: the host sent tool_input as the text of the JSON object `p` has (host-payload.ts); a script of the
 * host's own dialect gets that text, as its agent sent it.
 */
export function translatePayload(
  p: Payload,
  host: DialectId,
  script: DialectId,
  env: NodeJS.ProcessEnv,
  toolInputText?: string,
): Translated {
  const hostEvent = typeof p.hook_event_name === 'string' ? p.hook_event_name : undefined;
  const event = hostEvent ? canonicalEvent(host, hostEvent) : undefined;
  const hostTool = typeof p.tool_name === 'string' ? p.tool_name : undefined;
  const called = hostTool ? canonicalTool(host, hostTool) : undefined;
  // A call the script's agent would have made with the tool this one covers (Cline's editor creating a file: a Write).
  const asCovered = host === script ? undefined : coveredCall(host, script, called, p.tool_input);
  const tool = asCovered?.tool ?? called;
  const asSent = host === script ? toolInputText : undefined;
  // (A host with payload names of its own was read into canonical names: its scripts get theirs back below.)
  if (host === script && !hasOwnPayloadNames(host))
    return { payload: asSent === undefined ? p : { ...p, tool_input: asSent }, event, tool };

  const out: Payload = {};
  // A call the script's agent makes with another tool of its own (a Write or Edit is an apply_patch on Codex CLI).
  const covering = tool && !toolEntry(script, tool) ? mappings.index.toolCovering[script][tool] : undefined;
  // Fields the script's agent always sends, filled where the host does not send them.
  const cwd = typeof p.cwd === 'string' ? p.cwd : hostProjectDir(host, env, p);
  const base: Payload = {
    session_id: p.session_id ?? env.QWEN_CODE_SESSION_ID ?? env.CLAUDE_CODE_SESSION_ID ?? 'unknown',
    transcript_path: p.transcript_path ?? '',
    cwd,
    timestamp: p.timestamp ?? new Date().toISOString(),
  };
  for (const k of mappings.dialects[script].payload?.alwaysSent ?? [])
    if (k in base) out[fieldName(k, host, script, event)] = base[k];
  for (const [k, v] of Object.entries(p)) {
    switch (k) {
      case 'hook_event_name':
        // A script whose agent names no event in its payloads (Copilot CLI's own files) gets none, or the field the
        // event has for it.
        if (mappings.dialects[script].payload?.eventNamed !== false)
          out[k] = (event && nativeEvent(script, event)) || v;
        else if (event && mappings.dialects[script].payload?.eventFieldNames?.[event]?.hook_event_name)
          out[fieldName(k, host, script, event)] = nativeEvent(script, event) ?? v;
        break;
      case 'tool_name':
        out[fieldName(k, host, script, event)] =
          (tool && toolEntry(script, tool)?.name) || (covering && toolEntry(script, covering)?.name) || v;
        break;
      case 'tool_input': {
        // Under the script's name for it (Copilot CLI's own files: toolArgs), never beside it as tool_input.
        const name = fieldName(k, host, script, event);
        if (asSent !== undefined) {
          out[name] = asSent;
          break;
        }
        out[name] = asCovered
          ? renameParams(asCovered.input, undefined, toolEntry(script, asCovered.tool))
          : isObject(v)
            ? renameParams(v, tool ? toolEntry(host, tool) : undefined, tool ? toolEntry(script, tool) : undefined)
            : v;
        if (covering && isObject(v))
          out[name] = coveredInput(script, covering, tool!, renameParams(v, toolEntry(host, tool!), undefined), {
            cwd,
            post: 'tool_response' in p,
          });
        out[name] = withEmbedded(out[name], host, script, tool, v);
        break;
      }
      case 'tool_response':
        out[fieldName(k, host, script, event)] = translateResponse(
          v,
          tool,
          host,
          script,
          isObject(p.tool_input) ? p.tool_input : undefined,
          cwd,
        );
        break;
      case 'permission_mode':
        out[k] = translateMode(v, host, script);
        break;
      default:
        out[fieldName(k, host, script, event)] =
          typeof v === 'string' && event && k === mappings.events[event]?.matcherOn
            ? nativeValue(script, event, canonicalValue(host, event, v))
            : v;
    }
  }
  if (out.permission_mode === undefined && mappings.dialects[script].payload?.alwaysSent.includes('permission_mode'))
    out.permission_mode = 'default';
  return { payload: out, event, tool, ...(covering ? { covering } : {}) };
}

/**
 * A parameter the host's tool carries in another one's text, as the field the script's tool has (Gemini's web_fetch
 * URLs in its prompt -> Claude's WebFetch url), or as a list where the script's takes one value (Copilot's grep paths
 * -> Claude's Grep path): the first value; runHook runs the script once per value (embedded.ts).
 */
function withEmbedded(
  input: unknown,
  host: DialectId,
  script: DialectId,
  tool: string | undefined,
  hostInput: unknown,
): unknown {
  const e = embeddedIn(host, script, tool, hostInput);
  if (!e || !isObject(input)) return input;
  // A list: its first value in the list's place (none: the parameter left out, as the script's agent leaves it out).
  if (e.list) {
    const { [e.param]: _, ...rest } = input;
    return e.values.length ? { ...rest, [e.param]: e.values[0]!.value } : rest;
  }
  return e.values.length ? { [e.param]: e.values[0]!.value, ...input } : input;
}

/**
 * A call of `tool` (canonical input) as the input of the script's tool that covers it: a patch (Codex CLI's
 * apply_patch), or the covering tool's own parameters (Cline's editor: a Write's file_path and content).
 */
function coveredInput(
  script: DialectId,
  covering: string,
  tool: string,
  input: Record<string, unknown>,
  at: { cwd: string; post: boolean },
): Record<string, unknown> {
  const entry = toolEntry(script, covering)!;
  if (entry.params.some(([, c]) => c === 'patch'))
    return { [nativeParam(script, covering, 'patch')]: patchOfCall(tool, input, at.cwd, at.post) ?? '' };
  return asCoveringInput(entry, input);
}

/** A canonical parameter's native name on a dialect's tool. */
const nativeParam = (d: DialectId, tool: string, canonical: string) =>
  Object.keys(renameParams({ [canonical]: 0 }, undefined, toolEntry(d, tool)))[0]!;
