// The answers a hook's script gives, read from its text (a deny in JSON and the exit code it leaves with, an exit 2,
// an ask, a rewrite, context …), each as the output the script produces — and what an agent does with that output,
// decided by the same tables `hook-bridge test` runs real output through (src/run/answer.ts readAnswer,
// src/run/host-decision.ts decide). The audit rules about answers say which form and why; whether the agent honours it
// is never theirs to re-derive, so `audit` and `test` cannot disagree about an agent.
import type { Hook } from '../model/hook.js';
import type { DialectId } from '../model/dialect-ids.js';
import type { ScriptResult } from '../run/answer.js';
import { answerVoid } from '../run/answer.js';
import { hostDecides, type Decision, type Outcome } from '../run/host-decision.js';
import { quoted, usesKey } from './script-text.js';

type FormKind = 'permission' | 'decision' | 'exit2' | 'continue' | 'rewrite' | 'context';

export interface AnswerForm {
  kind: FormKind;
  /** Where it is written: 'the command', or the script as the command names it. */
  where: string;
  /** The answer in a message's words: `permissionDecision "deny"`, `decision "block"`, `exit 2` … */
  what: string;
  /** The value it gives: deny, allow, ask, block, approve (permission and decision forms). */
  value?: string;
  /** The JSON it prints on stdout. */
  json?: Record<string, unknown>;
  /** The exit code it leaves with: the one its text gives right after the answer, else 0. */
  exitCode: number;
  /** Whether the script writes anything to stderr (an exit-2 reason). */
  stderr: boolean;
}

/** The output a form stands for: what the agent reads. */
const formResult = (f: AnswerForm): ScriptResult => ({
  exitCode: f.exitCode,
  stdout: f.json ? `${JSON.stringify(f.json)}\n` : '',
  stderr: f.stderr ? 'reason\n' : '',
  timedOut: false,
});

/** Whether a script writes to stderr at all: `>&2`, sys.stderr, console.error, process.stderr, warn(). */
const WRITES_STDERR = />&2|\bstderr\b|console\.error|\bwarn\(/;
/** `exit 2`, sys.exit(2), process.exit(2), process.exitCode = 2, os._exit(2). */
const EXIT2 = /(?<![A-Za-z0-9])_?exit\s*\(?\s*2(?![0-9.])|\bexitCode\s*=\s*2(?![0-9.])/;
/** An exit with its code: `exit 1`, `sys.exit(3)`, `process.exit(1)`, `process.exitCode = 1`. */
const EXIT = /(?<![A-Za-z0-9])_?exit\s*\(?\s*(\d+)(?![0-9.])|\bexitCode\s*=\s*(\d+)(?![0-9.])/;
/** A line that ends the block an answer is printed in: the code after it runs on another path. */
const BLOCK_END = /^\s*(?:fi|done|esac|;;|}|\)|return\b|else\b|elif\b|except\b|finally\b|case\b)/;

/**
 * The exit code the code right after position `at` leaves with: an exit in the same block, within a few lines, else 0
 * (the script goes on and ends). A block's end, a return or a dedent (Python) ends the search: an exit after it is on
 * another path.
 */
function exitAfter(text: string, at: number): number {
  const start = text.lastIndexOf('\n', at) + 1;
  const first = text.slice(start, text.indexOf('\n', at) < 0 ? text.length : text.indexOf('\n', at));
  const indent = first.length - first.trimStart().length;
  const sameLine = EXIT.exec(text.slice(at, start + first.length));
  if (sameLine) return Number(sameLine[1] ?? sameLine[2]);
  const lines = text.slice(start + first.length + 1).split('\n');
  for (const line of lines.slice(0, 6)) {
    if (!line.trim()) continue;
    if (BLOCK_END.test(line) || line.length - line.trimStart().length < indent) return 0;
    const m = EXIT.exec(line);
    if (m) return Number(m[1] ?? m[2]);
  }
  return 0;
}

/** `key: "value"` (JSON, a JS/Python literal, a shell assignment, shell-escaped JSON), with where it is. */
function found(text: string, key: string, value: string): number | undefined {
  const m = new RegExp(`(?<![A-Za-z0-9_$])${key}\\\\?["']?\\s*[:=]\\s*${quoted(value)}`).exec(text);
  return m?.index;
}

/** Every answer the texts give on the hook's event. */
export function answerForms(texts: { where: string; text: string }[], h: Hook): AnswerForm[] {
  const out: AnswerForm[] = [];
  for (const { where, text } of texts) {
    const stderr = WRITES_STDERR.test(text);
    const nested = usesKey(text, 'hookSpecificOutput');
    const hso = (fields: Record<string, unknown>): Record<string, unknown> =>
      nested
        ? {
            hookSpecificOutput: {
              ...(usesKey(text, 'hookEventName') ? { hookEventName: h.nativeEvent } : {}),
              ...fields,
            },
          }
        : fields;
    for (const value of ['deny', 'allow', 'ask']) {
      const at = found(text, 'permissionDecision', value);
      if (at === undefined) continue;
      const reason = usesKey(text, 'permissionDecisionReason') ? { permissionDecisionReason: 'reason' } : {};
      out.push({
        kind: 'permission',
        where,
        what: `permissionDecision "${value}"`,
        value,
        json: hso({ permissionDecision: value, ...reason }),
        exitCode: exitAfter(text, at),
        stderr,
      });
    }
    for (const value of ['block', 'deny', 'ask', 'approve', 'allow']) {
      const at = found(text, 'decision', value);
      if (at === undefined) continue;
      out.push({
        kind: 'decision',
        where,
        what: `decision "${value}"`,
        value,
        json: { decision: value, ...(usesKey(text, 'reason') ? { reason: 'reason' } : {}) },
        exitCode: exitAfter(text, at),
        stderr,
      });
    }
    if (EXIT2.test(text)) out.push({ kind: 'exit2', where, what: 'exit 2', exitCode: 2, stderr });
    const cont = /(?<![A-Za-z0-9_$])continue\\?["']?\s*[:=]\s*(?:false|False)\b/.exec(text);
    if (cont)
      out.push({
        kind: 'continue',
        where,
        what: '"continue": false',
        json: { continue: false, ...(usesKey(text, 'stopReason') ? { stopReason: 'reason' } : {}) },
        exitCode: exitAfter(text, cont.index),
        stderr,
      });
    for (const field of ['updatedInput', 'modifiedInput', 'tool_input']) {
      if (!usesKey(text, field) || (field === 'tool_input' && !nested)) continue;
      const allow = found(text, 'permissionDecision', 'allow') !== undefined ? { permissionDecision: 'allow' } : {};
      out.push({
        kind: 'rewrite',
        where,
        what: field,
        json: hso({ ...allow, [field]: { rewritten: true } }),
        exitCode: 0,
        stderr,
      });
    }
    if (usesKey(text, 'additionalContext'))
      out.push({
        kind: 'context',
        where,
        what: 'additionalContext',
        json: hso({ additionalContext: 'context' }),
        exitCode: 0,
        stderr,
      });
  }
  return out;
}

/** What the answer asks for, as its fields say: the decision an agent that reads them as written reaches. */
export function intentOf(f: AnswerForm, event: string): Decision {
  const tool = event === 'pre-tool-use' || event === 'permission-request';
  if (f.kind === 'exit2' || f.value === 'block' || f.value === 'deny') return tool ? 'deny' : 'block';
  if (f.value === 'ask') return 'ask';
  if (f.value === 'allow' || f.value === 'approve') return 'allow';
  return 'none';
}

export interface Reading {
  outcome: Outcome;
  /** The agent rejects the answer as a whole (a strict schema: Codex CLI). */
  void: boolean;
  /** It reads the rewrite the answer gives. */
  rewrite: boolean;
}

/** What `host` does with a form on the hook's event (`headless`: in a -p run), by the one model of the agent. */
export function reading(host: DialectId, event: string, f: AnswerForm, headless = false): Reading {
  const { answer, outcome } = hostDecides(host, event, formResult(f), { headless, permissionMode: 'default' });
  return {
    outcome,
    void: f.json !== undefined && f.exitCode === 0 && answerVoid(host, event, f.json),
    rewrite: answer.updatedInput !== undefined,
  };
}
