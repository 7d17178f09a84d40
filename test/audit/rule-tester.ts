// ESLint-style rule tests: each case is a small project (files) audited with one rule.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.js';
import { formatJson } from '../../src/audit/format/json.js';
import type { Rule } from '../../src/audit/types.js';
import type { DialectId } from '../../src/model/dialect-ids.js';

export interface Case {
  name: string;
  /** Project files: path -> content (objects are written as JSON). Paths ending in .sh/.py/.js are made executable
   * unless listed in `notExecutable`.
   */
  files: Record<string, string | object>;
  target?: DialectId;
  notExecutable?: string[];
  /** The environment user files are found with (e.g. CODEX_HOME). */
  env?: Record<string, string>;
}
export interface InvalidCase extends Case {
  errors: { messageId?: string; path?: string; message?: RegExp | string; file?: string; severity?: string }[];
}

export function project(c: Case): string {
  const dir = mkdtempSync(join(tmpdir(), 'hb-audit-'));
  for (const [rel, content] of Object.entries(c.files)) {
    const f = join(dir, rel);
    mkdirSync(dirname(f), { recursive: true });
    writeFileSync(f, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
    if (/\.(sh|py|js)$/.test(rel) && !c.notExecutable?.includes(rel)) chmodSync(f, 0o755);
  }
  return dir;
}

export function runRule(rule: Rule, c: Case, existing?: string) {
  const dir = existing ?? project(c);
  const env = c.env ? { ...process.env, ...c.env } : undefined;
  // Audited from the project's root, as a user in the project runs it (messages name paths from there).
  const r = audit({
    paths: [dir],
    ruleSet: [rule],
    cwd: dir,
    ...(c.target ? { target: c.target } : {}),
    ...(env ? { env } : {}),
  });
  return { dir, findings: r.findings, result: r };
}

export function ruleTester(rule: Rule, cases: { valid: Case[]; invalid: InvalidCase[] }): void {
  describe(rule.id, () => {
    it('is documented', () => {
      expect(rule.description.length).toBeGreaterThan(10);
      expect(rule.docs.length).toBeGreaterThan(60);
      expect(Object.keys(rule.messages).length).toBeGreaterThan(0);
    });
    for (const c of cases.valid) {
      it(`valid: ${c.name}`, () => expect(runRule(rule, c).findings).toEqual([]));
    }
    for (const c of cases.invalid) {
      it(`invalid: ${c.name}`, () => {
        const { findings, dir, result } = runRule(rule, c);
        const got = findings.map((f, i) => {
          const e = c.errors[i] ?? {};
          return {
            messageId: f.messageId,
            ...('path' in e ? { path: f.path } : {}),
            ...(e.file ? { file: f.file.slice(dir.length + 1) } : {}),
            ...(e.message ? { message: f.message } : {}),
            ...(e.severity ? { severity: f.severity } : {}),
          };
        });
        const want = c.errors.map((e) => ({
          messageId: e.messageId ?? expect.any(String),
          ...('path' in e ? { path: e.path } : {}),
          ...(e.file ? { file: e.file } : {}),
          ...(e.message ? { message: e.message instanceof RegExp ? expect.stringMatching(e.message) : e.message } : {}),
          ...(e.severity ? { severity: e.severity } : {}),
        }));
        expect(got, JSON.stringify(findings, null, 1)).toEqual(want);
        // Every rule's JSON findings have the same shape: a `file` that opens from the current directory
        // and a `path` ('' for the whole file), so consumers need no special case.
        for (const f of JSON.parse(formatJson(result, dir))) {
          expect(f, rule.id).toMatchObject({ file: expect.any(String), path: expect.any(String) });
          expect(existsSync(join(dir, f.file)), f.file).toBe(true);
        }
      });
    }
  });
}

export const claude = (hooks: object) => ({ '.claude/settings.json': { hooks } });
export const qwen = (hooks: object) => ({ '.qwen/settings.json': { hooks } });
export const gemini = (hooks: object) => ({ '.gemini/settings.json': { hooks } });
export const codex = (hooks: object) => ({ '.codex/hooks.json': { hooks } });
export const codebuddy = (hooks: object) => ({ '.codebuddy/settings.json': { hooks } });
export const cmd = (command: string, extra: object = {}) => ({ type: 'command', command, ...extra });
