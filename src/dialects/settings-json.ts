// The settings.json hook codec shared by Claude Code, Qwen Code, CodeBuddy, Gemini CLI and Codex CLI:
//   { "hooks": { "<Event>": [ { "matcher": "...", "hooks": [ { "type": "command", "command": "...", "timeout": 30 } ] }
// ] } }
// Reading keeps every field (each handler through the shared reader, handler-reader.ts); writing merges into
// the existing file with JSONC-aware edits (jsonc-edit.ts), so other keys, other hooks, key order and
// comments stay as they were.
import { findNodeAtLocation, parseTree, type Node as JsonNode } from 'jsonc-parser';
import { DIALECT_IDS } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import type { Diagnostic, Hook } from '../model/hook.js';
import { isObject } from '../model/is-object.js';
import { mappings } from '../model/mappings.js';
import { stableJson } from '../model/stable-json.js';
import { canonicalEvent } from './catalog.js';
import { isToml, tomlHooksAsJson } from './config-files.js';
import type { Codec, Dialect, NativeHook, ReadResult } from './define.js';
import { readHandler, unknownEvent } from './handler-reader.js';
import { syntaxThatIgnoresFile } from './json-syntax.js';
import { lineCol, parseJsoncChecked } from './jsonc.js';
import {
  appendChildren,
  appendProperties,
  applyTextEdits,
  dropEmptyKey,
  jsonAt,
  layoutOf,
  removeChildren,
  replaceIn,
  type Layout,
  type TextEdit,
} from './jsonc-edit.js';
import { planSync, type ExistingEntry } from './sync-plan.js';

export const settingsJson: Codec = {
  read(source, file, d, opts): ReadResult {
    // The same hooks as `[hooks]` tables of a TOML config (Codex CLI's config.toml): read as the hooks.json they equal.
    const text = d.spec.config.tomlHooks && isToml(file) ? tomlHooksAsJson(source, file) : source;
    const { value: root, strict } = parseJsoncChecked(text, file);
    const diagnostics: Diagnostic[] = [];
    const hooks: Hook[] = [];
    if (!isObject(root)) throw new HookBridgeError('expected a JSON object at the top level', file);
    const ignored = strict ? undefined : syntaxThatIgnoresFile(text, d.spec);
    if (ignored) {
      diagnostics.push({
        severity: 'error',
        code: 'jsonSyntaxIgnoresFile',
        message:
          `${d.spec.agent} ignores this whole file because it contains ` +
          (ignored.kind === 'comment' ? 'a comment' : 'a trailing comma') +
          `: none of its hooks run; remove the ` +
          (ignored.kind === 'comment' ? 'comment' : 'trailing comma'),
        file,
        path: lineCol(text, ignored.offset),
      });
    }
    let all = root.hooks;
    let prefix = 'hooks.';
    if (all === undefined) {
      // Events written at the top level, without the "hooks" key (seen in public plugin hooks.json files):
      // converted as if under "hooks", and said, since the agent's loader reads "hooks" only.
      const events = Object.keys(root).filter(
        (k) => Array.isArray(root[k]) && DIALECT_IDS.some((x) => mappings.index.eventByName[x][k]),
      );
      if (!events.length) return { hooks, diagnostics };
      diagnostics.push({
        severity: 'warning',
        code: 'eventsAtTopLevel',
        message:
          `${events.join(', ')} ` +
          (events.length > 1 ? 'are' : 'is') +
          ` at the top level, not under "hooks": ${d.spec.agent} reads hooks from "hooks" only; converted as if ` +
          `they were there`,
        file,
      });
      all = Object.fromEntries(events.map((k) => [k, root[k]]));
      prefix = '';
    }
    if (!isObject(all)) {
      diagnostics.push({
        severity: 'error',
        code: 'hooksNotObject',
        message: '"hooks" must be an object of event names',
        file,
        path: 'hooks',
      });
      return { hooks, diagnostics };
    }
    for (const [nativeEvent, groups] of Object.entries(all as Record<string, unknown>)) {
      const evPath = `${prefix}${nativeEvent}`;
      if (!canonicalEvent(d.id, nativeEvent)) diagnostics.push(unknownEvent(d, nativeEvent, file, evPath));
      if (!Array.isArray(groups)) {
        diagnostics.push({
          severity: 'error',
          code: 'eventNotArray',
          message: `expected an array of matcher groups`,
          file,
          path: evPath,
        });
        continue;
      }
      readGroups(d, nativeEvent, groups, evPath, { file, opts, hooks, diagnostics });
    }
    return { hooks, diagnostics };
  },

  write(hooks, existing, file, d, own) {
    if (isToml(file))
      throw new HookBridgeError(
        `hook-bridge writes ${d.spec.agent} hooks to ${d.spec.config.write}, not into a TOML config`,
        file,
      );
    const text = existing ?? '{}\n';
    const { value: current, strict } = parseJsoncChecked(text, file);
    if (!isObject(current))
      throw new HookBridgeError('expected a JSON object at the top level; not overwriting it', file);
    const currentHooks = isObject(current.hooks) ? current.hooks : undefined;
    if (current.hooks !== undefined && !currentHooks)
      throw new HookBridgeError('"hooks" is not an object; not overwriting it', file, 'hooks');
    const fo = layoutOf(text);

    // The entries already there, with their places in the text.
    const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false })!;
    const hooksNode = findNodeAtLocation(root, ['hooks']);
    const existingEntries = existingEntriesOf(root, currentHooks);
    const plan = planSync(hooks, existingEntries, (h) => placeKey(h.matcher, h.groupFields), own);

    // Edits on the original text: replaced handlers, removed handlers (and the groups and events they empty), appended
    // groups.
    const edits: TextEdit[] = [];
    const removed = new Map<string, Map<number, Set<number>>>();
    // Per group, where its entries move (an update that changed their matcher): the group keeps its place if all go.
    const moved = new Map<string, (NativeHook | undefined)[]>();
    existingEntries.forEach((e, i) => {
      const a = plan.actions[i]!;
      if (a.kind === 'replace')
        edits.push({ offset: e.node.offset, length: e.node.length, content: jsonAt(a.hook.handler, text, e.node, fo) });
      if (a.kind !== 'remove') return;
      const byGroup = removed.get(e.event) ?? new Map<number, Set<number>>();
      removed.set(e.event, byGroup.set(e.gi, (byGroup.get(e.gi) ?? new Set()).add(e.hi)));
      moved.set(`${e.event}\0${e.gi}`, [...(moved.get(`${e.event}\0${e.gi}`) ?? []), a.movedTo]);
    });
    const additions = new Map<string, NativeHook[]>();
    for (const h of plan.additions) additions.set(h.event, [...(additions.get(h.event) ?? []), h]);
    // A group whose entries all move to one new group (its matcher changed) is that group, where it was: the same
    // entries as a remove and an append at the end of the event, in the order a first conversion writes them.
    const inPlace = (event: string, gi: number, size: number): boolean => {
      const to = moved.get(`${event}\0${gi}`) ?? [];
      if (to.length !== size || to.some((h) => h === undefined)) return false;
      const group = groupHooks(to as NativeHook[]);
      if (group.length !== 1) return false;
      const node = findNodeAtLocation(root, ['hooks', event, gi])!;
      edits.push({ offset: node.offset, length: node.length, content: jsonAt(group[0], text, node, fo) });
      additions.set(
        event,
        (additions.get(event) ?? []).filter((h) => !to.includes(h)),
      );
      if (!additions.get(event)!.length) additions.delete(event);
      return true;
    };
    const goneEvents = new Set<number>();
    const eventProps = hooksNode?.children ?? [];
    for (const [event, byGroup] of removed) {
      const eventNode = findNodeAtLocation(root, ['hooks', event])!;
      const goneGroups = new Set<number>();
      for (const [gi, his] of byGroup) {
        const handlersNode = findNodeAtLocation(root, ['hooks', event, gi, 'hooks'])!;
        if (his.size < handlersNode.children!.length) edits.push(...removeChildren(handlersNode, his));
        else if (!inPlace(event, gi, his.size)) goneGroups.add(gi);
      }
      if (!goneGroups.size) continue;
      if (goneGroups.size < eventNode.children!.length) edits.push(...removeChildren(eventNode, goneGroups));
      else if (additions.has(event)) {
        edits.push(replaceIn(hooksNode!, eventNode, groupHooks(additions.get(event)!), text, fo));
        additions.delete(event);
      } else goneEvents.add(eventProps.findIndex((p) => p.children?.[0]?.value === event));
    }
    if (goneEvents.size) edits.push(...removeChildren(hooksNode!, goneEvents));
    for (const [event, list] of additions) {
      const eventNode = findNodeAtLocation(root, ['hooks', event]);
      if (eventNode?.type !== 'array' || !eventNode.children?.length) continue;
      edits.push(appendChildren(text, eventNode, groupHooks(list), fo));
      additions.delete(event);
    }
    // New events (and events whose value was empty or not an array) on the text as edited, then "hooks" taken out
    // again where hook-bridge added it and it holds nothing now: every edit is undone by its reverse, byte for byte.
    const placed = placeNewEvents(applyTextEdits(text, edits), additions, fo);
    const out = own?.added?.includes('hooks') ? dropEmptyKey(placed.text, 'hooks') : placed.text;
    const diagnostics = writtenFileDiagnostics(existing, strict, current, file, d);
    // Nothing at all left in it (a comment is someone's: not empty). A regex, not a parse: the text can be large.
    const empty = /^\s*\{\s*\}\s*$/.test(out);
    return { text: out, diagnostics, changes: plan.changes, added: placed.added, empty };
  },
};

/** Where one read's hooks and diagnostics go, and what it was asked. */
interface ReadSink {
  file: string;
  opts: Parameters<Codec['read']>[3];
  hooks: Hook[];
  diagnostics: Diagnostic[];
}

/** An event's matcher groups read: each handler through the shared reader, each bad group or handler said. */
function readGroups(d: Dialect, nativeEvent: string, groups: unknown[], evPath: string, sink: ReadSink): void {
  const { file, opts, hooks, diagnostics } = sink;
  groups.forEach((g, gi) => {
    const gPath = `${evPath}[${gi}]`;
    if (!isObject(g) || !Array.isArray(g.hooks)) {
      diagnostics.push({
        severity: 'error',
        code: 'groupInvalid',
        message: 'expected { "matcher": …, "hooks": [ … ] }',
        file,
        path: gPath,
      });
      return;
    }
    const { matcher, hooks: handlers, ...groupFields } = g;
    (handlers as unknown[]).forEach((h, hi) => {
      const path = `${gPath}.hooks[${hi}]`;
      if (!isObject(h)) {
        diagnostics.push({
          severity: 'error',
          code: 'handlerInvalid',
          message: 'expected a hook object',
          file,
          path,
        });
        return;
      }
      hooks.push(
        ...readHandler(
          d,
          h,
          {
            nativeEvent,
            nativeMatcher: matcher,
            groupFields,
            file,
            path,
            ...(opts?.runners ? { runners: opts.runners } : {}),
          },
          diagnostics,
        ),
      );
    });
  });
}

/** An existing handler of the file, with its place in the text. */
type PlacedEntry = ExistingEntry & { node: JsonNode; event: string; gi: number; hi: number };

/** The handlers already in the file, each with its matcher group's identity and its node in the text. */
function existingEntriesOf(root: JsonNode, currentHooks: Record<string, unknown> | undefined): PlacedEntry[] {
  const existingEntries: PlacedEntry[] = [];
  for (const [event, groups] of Object.entries(currentHooks ?? {})) {
    if (!Array.isArray(groups)) continue;
    groups.forEach((g, gi) => {
      if (!isObject(g) || !Array.isArray(g.hooks)) return;
      const { matcher, hooks: handlers, ...groupFields } = g;
      const place = placeKey(matcher, groupFields);
      (handlers as unknown[]).forEach((h, hi) => {
        if (isObject(h))
          existingEntries.push({
            event,
            handler: h,
            place,
            node: findNodeAtLocation(root, ['hooks', event, gi, 'hooks', hi])!,
            gi,
            hi,
          });
      });
    });
  }
  return existingEntries;
}

/** What the written file still says to its agent: syntax that makes it ignore the file, hooks switched off. */
function writtenFileDiagnostics(
  existing: string | undefined,
  strict: boolean,
  current: Record<string, unknown>,
  file: string,
  d: Dialect,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  // Our edits add no comment or trailing comma: only what the existing file had can make the agent ignore it.
  const ignored = existing === undefined || strict ? undefined : syntaxThatIgnoresFile(existing, d.spec);
  if (ignored) {
    diagnostics.push({
      severity: 'error',
      code: 'jsonSyntaxIgnoresFile',
      message:
        `this file keeps ` +
        (ignored.kind === 'comment' ? 'a comment' : 'a trailing comma') +
        ` (` +
        lineCol(existing!, ignored.offset) +
        `), so ${d.spec.agent} will ignore all of it: remove it`,
      file,
    });
  }
  // Gemini CLI: hooksConfig.enabled false turns every hook off (the default is on, so nothing is written to enable
  // them).
  const sw = d.spec.config.hooksSwitch;
  if (sw && sw.split('.').reduce<unknown>((o, k) => (isObject(o) ? o[k] : undefined), current) === false) {
    diagnostics.push({
      severity: 'warning',
      code: 'hooksSwitchedOff',
      message: `${sw} is false in this file: ${d.spec.agent} runs none of its hooks until it is true`,
      file,
      path: sw,
    });
  }
  return diagnostics;
}

const JSONC = { allowTrailingComma: true, disallowComments: false };

/** Events to add that the file does not hold yet (or holds as an empty or non-array value), and "hooks" itself where
 * absent.
 */
function placeNewEvents(
  text: string,
  additions: Map<string, NativeHook[]>,
  fo: Layout,
): { text: string; added: string[] } {
  if (!additions.size) return { text, added: [] };
  const root = parseTree(text, [], JSONC)!;
  const events = [...additions].map(([ev, list]): [string, unknown] => [ev, groupHooks(list)]);
  const hooksNode = findNodeAtLocation(root, ['hooks']);
  if (!hooksNode)
    return {
      text: applyTextEdits(text, [appendProperties(text, root, [['hooks', Object.fromEntries(events)]], fo)]),
      added: ['hooks'],
    };
  const edits: TextEdit[] = [];
  const fresh: [string, unknown][] = [];
  for (const [event, groups] of events) {
    const node = findNodeAtLocation(root, ['hooks', event]);
    if (node) edits.push(replaceIn(hooksNode, node, groups, text, fo));
    else fresh.push([event, groups]);
  }
  if (fresh.length) edits.push(appendProperties(text, hooksNode, fresh, fo));
  return { text: applyTextEdits(text, edits), added: [] };
}

/** A matcher group's identity: its matcher and other fields. */
const placeKey = (matcher: unknown, groupFields: Record<string, unknown>) => stableJson([matcher ?? null, groupFields]);

/** Consecutive hooks with the same matcher and group fields share one matcher group. */
function groupHooks(list: NativeHook[]): Record<string, unknown>[] {
  const groups: Record<string, unknown>[] = [];
  let lastKey: string | undefined;
  for (const h of list) {
    const key = JSON.stringify([h.matcher, h.groupFields]);
    if (key === lastKey) (groups.at(-1)!.hooks as unknown[]).push(h.handler);
    else
      groups.push({ ...(h.matcher !== undefined ? { matcher: h.matcher } : {}), hooks: [h.handler], ...h.groupFields });
    lastKey = key;
  }
  return groups;
}
