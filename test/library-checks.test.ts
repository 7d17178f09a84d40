// The library checks what it is given (issue 21): every exported function, called with a bad argument or option,
// throws a HookBridgeError that names the function, the option and what was expected — never a TypeError from
// inside — and `cwd` options are honoured. Through the built package entry, as a user imports it.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DIALECT_IDS } from '../src/model/dialect-ids.js';

const entry = pathToFileURL(resolve(import.meta.dirname, '../dist/index.js')).href;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Lib = Record<string, any>;
const lib = (await import(entry)) as Lib;
const SRC = '{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./g.sh"}]}]}}';
const KNOWN = `(known: ${DIALECT_IDS.join(', ')})`;

/** The error a call throws (or its promise rejects with). */
async function failure(call: () => unknown): Promise<Error> {
  try {
    await call();
  } catch (e) {
    return e as Error;
  }
  throw new Error('no error');
}

describe('the cases users met: a HookBridgeError with a clear message, not a TypeError', () => {
  it.each([
    [
      'convert with a list of targets',
      () => lib.convert(SRC, { from: 'claude', to: ['qwen', 'codex'] }),
      'convert(): options.to: expected one dialect id: convert() writes one text (convertProject() takes a list of targets), got an array (["qwen","codex"])',
    ],
    [
      'convert with a one-element list',
      () => lib.convert(SRC, { from: 'claude', to: ['qwen'] }),
      'convert(): options.to: expected one dialect id: convert() writes one text (convertProject() takes a list of targets), got an array (["qwen"])',
    ],
    [
      'convert without from',
      () => lib.convert(SRC, { to: 'qwen' }),
      `convert(): options.from: expected a dialect id (${DIALECT_IDS.join(', ')}), got nothing`,
    ],
    [
      'convert to an unknown dialect',
      () => lib.convert(SRC, { from: 'claude', to: 'Qwen' }),
      `convert(): options.to: unknown dialect "Qwen": did you mean qwen? ${KNOWN}`,
    ],
    [
      'convert without options',
      () => lib.convert(SRC),
      'convert(): options: expected an object of options, got nothing',
    ],
    [
      'an option with a typo',
      () => lib.convert(SRC, { from: 'claude', to: 'qwen', wrapp: false }),
      'convert(): options.wrapp: not an option (did you mean wrap?); the options are to, wrap, runner, pluginRoot, loader, pluginRootOf, keyOf, emulateTodos, from, existing, file, readFrom',
    ],
    [
      'convertProject with one dialect, not a list',
      () => lib.convertProject({ to: 'qwen' }),
      'convertProject(): options.to: expected an array of dialect ids, one per target, or "all", got a string ("qwen")',
    ],
    [
      'convertProject without to',
      () => lib.convertProject({ project: '.' }),
      'convertProject(): options.to: expected an array of dialect ids, one per target, or "all", got nothing',
    ],
    [
      'convertProject with dryrun',
      () => lib.convertProject({ to: ['qwen'], dryrun: true }),
      expect.stringMatching(/^convertProject\(\): options\.dryrun: not an option \(did you mean dryRun\?\)/),
    ],
    [
      'audit with paths as a string',
      () => lib.audit({ paths: '.' }),
      'audit(): options.paths: expected an array of strings, got a string (".")',
    ],
    [
      'audit with a rule setting that is none',
      () => lib.audit({ rules: { 'matcher-dead': 'loud' } }),
      'audit(): options.rules.matcher-dead: expected one of "off", "error", "warning", "info", got a string ("loud")',
    ],
  ])('%s', async (_n, call, message) => {
    const e = await failure(call);
    expect(e).toBeInstanceOf(lib.HookBridgeError);
    expect(e.message).toEqual(message);
  });

  it('convertProject rejects its promise (it does not throw at the call)', async () => {
    let p: Promise<unknown> | undefined;
    expect(() => (p = lib.convertProject({ to: 'qwen' }))).not.toThrow();
    await expect(p).rejects.toBeInstanceOf(lib.HookBridgeError);
  });
});

/** For every exported function, a call with a bad argument, and the start of its message. */
const BAD_CALLS: Record<string, [() => unknown, RegExp]> = {
  convert: [
    () => lib.convert(42, { from: 'claude', to: 'qwen' }),
    /^convert\(\): text: expected a string, got a number \(42\)$/,
  ],
  convertProject: [
    () => lib.convertProject({ to: ['qwen'], project: 1 }),
    /^convertProject\(\): options\.project: expected a string, got a number \(1\)$/,
  ],
  detectFileDialect: [() => lib.detectFileDialect(undefined, '{}'), /^detectFileDialect\(\): file: expected a string/],
  audit: [() => lib.audit({ target: 'no-such-agent' }), /^audit\(\): options\.target: unknown dialect "no-such-agent"/],
  auditExitCode: [
    () => lib.auditExitCode([], 'errors'),
    /^auditExitCode\(\): failOn: expected one of "error", "warning", "never", got a string \("errors"\)$/,
  ],
  applyFixes: [() => lib.applyFixes([{}]), /^applyFixes\(\): findings\[0\]\.file: expected a string, got nothing$/],
  formatAuditText: [
    () => lib.formatAuditText({}),
    /^formatAuditText\(\): result\.findings: expected an array of findings, got nothing$/,
  ],
  formatAuditJson: [() => lib.formatAuditJson(undefined), /^formatAuditJson\(\): result: expected an object/],
  formatAuditMarkdown: [
    () => lib.formatAuditMarkdown({ findings: [] }, 7),
    /^formatAuditMarkdown\(\): cwd: expected a string, got a number \(7\)$/,
  ],
  formatAuditSarif: [
    () => lib.formatAuditSarif({ findings: [] }),
    /^formatAuditSarif\(\): result\.rules: expected an array of rules, got nothing$/,
  ],
  run: [
    () => lib.run({ from: 'claude', to: 'qwen', onError: 'deny', rewrite: 'deny' }, Buffer.from('{}'), {}),
    /^run\(\): args\.command: expected a shell command \(a string\) or an argv \(an array of strings\), got nothing$/,
  ],
  translatePayload: [
    () => lib.translatePayload(null, 'qwen', 'claude', {}),
    /^translatePayload\(\): payload: expected an object, got null$/,
  ],
  translateTranscript: [
    () => lib.translateTranscript('qwen', 'claude', Buffer.from('')),
    /^translateTranscript\(\): text: expected a string, got an object/,
  ],
  simulate: [
    () => lib.simulate({ call: { event: 'PreToolUse' }, to: ['Qwen'] }),
    /^simulate\(\): options\.to\[0\]: unknown dialect "Qwen": did you mean qwen\?/,
  ],
  simulateExitCode: [
    () => lib.simulateExitCode({}),
    /^simulateExitCode\(\): result\.results: expected an array of rows, got nothing$/,
  ],
  readCases: [() => lib.readCases(3), /^readCases\(\): file: expected a string, got a number \(3\)$/],
  runCases: [
    () => lib.runCases([{ name: 'x', call: {} }], {}, 'cases.yaml'),
    /^runCases\(\): cases\[0\]\.expected: expected an object, got nothing$/,
  ],
  doctor: [() => lib.doctor({ projct: '.' }), /^doctor\(\): options\.projct: not an option \(did you mean project\?\)/],
  doctorExitCode: [
    () => lib.doctorExitCode({ checks: [{}] }),
    /^doctorExitCode\(\): result\.checks\[0\]\.status: expected a string, got nothing$/,
  ],
  describeDialect: [
    () => lib.describeDialect('Qwen'),
    /^describeDialect\(\): id: unknown dialect "Qwen": did you mean qwen\?/,
  ],
  casesExitCode: [
    () => lib.casesExitCode([{ pass: 'yes', result: { results: [] } }]),
    /^casesExitCode\(\): cases\[0\]\.pass: expected true or false/,
  ],
};

describe('every exported function checks its arguments', () => {
  it(
    'the table names every function the package exports (isDialectId ' + 'takes anything; HookBridgeError is a class)',
    () => {
      const functions = Object.keys(lib).filter(
        (k) => typeof lib[k] === 'function' && !['isDialectId', 'HookBridgeError'].includes(k),
      );
      expect(functions.sort()).toEqual(Object.keys(BAD_CALLS).sort());
    },
  );
  for (const [name, [call, message]] of Object.entries(BAD_CALLS)) {
    it(`${name}: a HookBridgeError naming the argument and what was expected`, async () => {
      const e = await failure(call);
      expect(e, String(e)).toBeInstanceOf(lib.HookBridgeError);
      expect(e.message).toMatch(message);
    });
  }
  it('good calls are untouched by the checks', async () => {
    expect(lib.convert(SRC, { from: 'claude', to: 'qwen', wrap: undefined }).output).toContain('^run_shell_command$');
    const r = await lib.run(
      { from: 'claude', to: 'qwen', onError: 'deny', rewrite: 'deny', command: 'exit 0' },
      Buffer.from(JSON.stringify({ hook_event_name: 'Stop', session_id: 's' })),
      { PATH: process.env.PATH },
    );
    expect(r.exitCode).toBe(0);
  });
});

describe('audit({ cwd }) resolves its paths from cwd, not from the process directory', () => {
  const project = () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-lib-cwd-'));
    mkdirSync(join(dir, '.claude'));
    writeFileSync(
      join(dir, '.claude/settings.json'),
      JSON.stringify({
        hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './missing.sh' }] }] },
      }),
    );
    return dir;
  };
  it('no paths: the project at cwd', () => {
    const dir = project();
    const r = lib.audit({ cwd: dir });
    expect(r.projects).toEqual([dir]);
    expect(r.configs.map((c: { file: string }) => c.file)).toEqual([join(dir, '.claude/settings.json')]);
    expect(r.findings.some((f: { ruleId: string }) => f.ruleId === 'script-missing')).toBe(true);
  });
  it('relative paths: from cwd; a path that is not there is named in the error', () => {
    const dir = project();
    expect(
      lib.audit({ cwd: dir, paths: ['.claude/settings.json'] }).configs.map((c: { file: string }) => c.file),
    ).toEqual([join(dir, '.claude/settings.json')]);
    const e = (() => {
      try {
        lib.audit({ cwd: dir, paths: ['nope'] });
      } catch (x) {
        return x as Error & { describe(): string };
      }
      throw new Error('no error');
    })();
    expect(e).toBeInstanceOf(lib.HookBridgeError);
    expect(e.describe()).toBe(`${join(dir, 'nope')}: no such file or directory`);
  });
});
