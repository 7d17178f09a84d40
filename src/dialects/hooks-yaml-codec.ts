// hooks.yaml v2.0.0: `version: '2.0.0'` and a flat list of hooks
//   hooks:
//     - { event: PreToolUse, matcher: [Bash], command: ./guard.sh, timeout: 30, priority: 10 }
// Order in the list is the run order after `priority` (lower first). See docs/hooks-yaml.md.
import type { YAMLSeq } from 'yaml';
import { yaml } from '../lazy.js';
import { HookBridgeError } from '../model/errors.js';
import type { Diagnostic, Hook } from '../model/hook.js';
import type { Codec, NativeHook, ReadResult } from './define.js';
import { managed, planSync } from './sync-plan.js';
import { editHooksYaml } from './yaml-edit.js';
import { readHandler, unknownEvent } from './handler-reader.js';
import { canonicalEvent } from './catalog.js';

const HOOKS_YAML_VERSION = '2.0.0';

function parse(text: string, file: string) {
  const doc = yaml().parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length) {
    const e = doc.errors[0]!;
    // With prettyErrors off, yaml gives only the offset: line:col from it, so the one error line names the place.
    const before = text.slice(0, e.pos[0]).split('\n');
    throw new HookBridgeError(
      `invalid YAML: ${e.message.split('\n')[0]}`,
      file,
      `${before.length}:${before.at(-1)!.length + 1}`,
    );
  }
  return doc;
}

export const hooksYaml: Codec = {
  read(text, file, d, opts): ReadResult {
    const root = parse(text, file).toJS() as unknown;
    const diagnostics: Diagnostic[] = [];
    const hooks: Hook[] = [];
    if (root === null || typeof root !== 'object' || Array.isArray(root))
      throw new HookBridgeError('expected a mapping with "version" and "hooks"', file);
    const { version, hooks: list } = root as Record<string, unknown>;
    if (version !== undefined && String(version) !== HOOKS_YAML_VERSION) {
      diagnostics.push({
        severity: 'warning',
        code: 'versionUnknown',
        message: `version ${String(version)}: hook-bridge reads ${HOOKS_YAML_VERSION}`,
        file,
        path: 'version',
      });
    }
    if (!Array.isArray(list)) {
      diagnostics.push({
        severity: 'error',
        code: 'hooksNotList',
        message: '"hooks" must be a list',
        file,
        path: 'hooks',
      });
      return { hooks, diagnostics };
    }
    list.forEach((entry, i) => {
      const path = `hooks[${i}]`;
      if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
        diagnostics.push({ severity: 'error', code: 'handlerInvalid', message: 'expected a hook mapping', file, path });
        return;
      }
      const { event, matcher, priority, type = 'command', ...rest } = entry as Record<string, unknown>;
      if (typeof event !== 'string') {
        diagnostics.push({
          severity: 'error',
          code: 'eventMissing',
          message: 'hook has no "event"',
          file,
          path: `${path}.event`,
        });
        return;
      }
      if (!canonicalEvent(d.id, event)) diagnostics.push(unknownEvent(d, event, file, `${path}.event`));
      if (priority !== undefined && typeof priority !== 'number') {
        diagnostics.push({
          severity: 'error',
          code: 'priorityInvalid',
          message: `priority must be a number, got ${JSON.stringify(priority)}`,
          file,
          path: `${path}.priority`,
        });
      }
      hooks.push(
        ...readHandler(
          d,
          { type, ...rest },
          {
            nativeEvent: event,
            nativeMatcher: matcher,
            groupFields: {},
            file,
            path,
            ...(typeof priority === 'number' ? { priority } : {}),
            ...(opts?.runners ? { runners: opts.runners } : {}),
          },
          diagnostics,
        ),
      );
    });
    // Run order: priority (lower first), then list order (sort is stable).
    hooks.sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0));
    return { hooks, diagnostics };
  },

  write(hooks, existing, file, _d, own) {
    const { isMap, isSeq, parseDocument, YAMLSeq: Seq } = yaml();
    const doc = existing ? parse(existing, file) : parseDocument(`version: '${HOOKS_YAML_VERSION}'\n`);
    if (!isMap(doc.contents))
      throw new HookBridgeError('expected a mapping at the top level; not overwriting it', file);
    let seq = doc.get('hooks');
    if (seq !== undefined && seq !== null && !isSeq(seq))
      throw new HookBridgeError('"hooks" is not a list; not overwriting it', file, 'hooks');
    const list = (seq ?? new Seq()) as YAMLSeq;
    const entries = list.items.map((item) => {
      const e = (isMap(item) ? item.toJSON() : {}) as Record<string, unknown>;
      const { event, matcher, priority, ...handler } = e;
      return {
        event: String(event),
        handler: { type: 'command', ...handler },
        place: JSON.stringify([matcher ?? null, priority ?? null]),
      };
    });
    const plan = planSync(hooks, entries, (h) => JSON.stringify([h.matcher ?? null, h.priority ?? null]), own);
    const changed = plan.additions.length > 0 || plan.actions.some((a) => a.kind === 'replace' || a.kind === 'remove');
    if (!changed && existing) return { text: existing, diagnostics: [], changes: plan.changes, empty: isEmpty(doc) };
    // A file that exists is edited as lines of text, so everything else in it stays as the user wrote it.
    if (existing) {
      const items = plan.actions.map((a) =>
        a.kind === 'replace' ? toEntry(a.hook) : a.kind === 'remove' ? ('remove' as const) : ('keep' as const),
      );
      const ours = managed(plan.changes).length > 0;
      const edit = editHooksYaml(existing, doc, {
        items,
        append: plan.additions.map(toEntry),
        version: HOOKS_YAML_VERSION,
        added: own?.added ?? [],
        ours,
      });
      // Empty only once nothing of hook-bridge's is left (then the text is parsed once more to see what is).
      if (edit)
        return {
          text: edit.text,
          diagnostics: [],
          changes: plan.changes,
          added: edit.added,
          empty: !ours && isEmpty(parse(edit.text, file)),
        };
    }
    // A new file, or a layout that cannot be edited as lines (a flow list with items): the document printed anew.
    const added = existing ? (['version', 'hooks'] as const).filter((k) => !doc.has(k)) : ['version', 'hooks'];
    doc.set('version', HOOKS_YAML_VERSION);
    if (seq === undefined || seq === null) {
      seq = list;
      doc.set('hooks', seq);
    }
    if (!list.items.length) list.flow = false; // `hooks: []` grows into a block list
    const items: unknown[] = [];
    list.items.forEach((item, i) => {
      const a = plan.actions[i]!;
      if (a.kind === 'replace') items.push(doc.createNode(toEntry(a.hook)));
      else if (a.kind !== 'remove') items.push(item);
    });
    for (const h of plan.additions) items.push(doc.createNode(toEntry(h)));
    list.items = items;
    return {
      text: doc.toString({ lineWidth: 0 }),
      diagnostics: [],
      changes: plan.changes,
      added,
      empty: !existing && !items.length,
    };
  },
};

/** A document with no key at all (a comment alone holds nothing). */
function isEmpty(doc: ReturnType<typeof parse>): boolean {
  const c = doc.contents as { items?: unknown[] } | null;
  return c === null || (Array.isArray(c.items) && c.items.length === 0);
}

function toEntry(h: NativeHook): Record<string, unknown> {
  const { type, ...handler } = h.handler;
  return {
    event: h.event,
    ...(h.matcher !== undefined ? { matcher: h.matcher } : {}),
    ...(type !== 'command' ? { type } : {}),
    ...handler,
    ...(h.priority !== undefined ? { priority: h.priority } : {}),
  };
}
