// hook-bridge as a library: the built package entry exposes what the CLI does.
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const entry = pathToFileURL(resolve(import.meta.dirname, '../dist/index.js')).href;

describe('import from "hook-bridge" (dist/index.js)', () => {
  it('convert, audit and run are usable without the CLI', async () => {
    const lib = await import(entry);
    expect(
      JSON.parse(
        lib.convert('{"hooks":{"PreToolUse":[{"matcher":"Write|Edit","hooks":[{"type":"command","command":"x"}]}]}}', {
          from: 'claude',
          to: 'codebuddy-ide',
        }).output,
      ).hooks.PreToolUse[0].matcher,
    ).toBe('^(write_to_file|replace_in_file)$');
    const r = lib.audit({ paths: [resolve(import.meta.dirname, '../examples/audit-project')] });
    expect(r.findings.length).toBeGreaterThan(10);
    expect(JSON.parse(lib.formatAuditSarif(r)).version).toBe('2.1.0');
    expect(
      lib.translatePayload(
        {
          hook_event_name: 'PreToolUse',
          tool_name: 'run_shell_command',
          tool_input: { command: 'ls', is_background: false },
        },
        'qwen',
        'claude',
        {},
      ).payload,
    ).toMatchObject({ tool_name: 'Bash', tool_input: { command: 'ls', run_in_background: false } });
    // one rule per file in src/audit/rules/ (index.ts lists them)
    expect(lib.RULES.length).toBe(
      readdirSync(resolve(import.meta.dirname, '../src/audit/rules')).filter((f) => f !== 'index.ts').length,
    );
    expect(lib.DIALECT_IDS).toEqual([
      'claude',
      'qwen',
      'codebuddy',
      'codebuddy-ide',
      'hooks-yaml',
      'gemini',
      'codex',
      'copilot',
      'pi',
      'opencode',
      'cline',
      'droid',
      'auggie',
      'cursor',
      'kilo',
      'kiro',
    ]);
  });
});

// The public API (docs/library.md documents each): what a user needs to convert, audit, test, check and describe
// agents' hooks and run a script as a host's hook; the pieces these are built from stay inside (issue 35). A change
// here is a change to the published API: docs/library.md and this list change together.
const API = {
  values: [
    'DIALECT_IDS',
    'HookBridgeError',
    'RULES',
    'applyFixes',
    'audit',
    'auditExitCode',
    'casesExitCode',
    'convert',
    'convertProject',
    'describeDialect',
    'detectFileDialect',
    'doctor',
    'doctorExitCode',
    'formatAuditJson',
    'formatAuditMarkdown',
    'formatAuditSarif',
    'formatAuditText',
    'isDialectId',
    'readCases',
    'run',
    'runCases',
    'simulate',
    'simulateExitCode',
    'translatePayload',
    'translateTranscript',
  ],
  types: [
    'AuditOptions',
    'AuditResult',
    'Call',
    'Case',
    'CaseResult',
    'CheckKind',
    'CheckStatus',
    'ConvertOptions',
    'ConvertProjectOptions',
    'ConvertProjectResult',
    'ConvertTextOptions',
    'Decision',
    'DescribedEvent',
    'DescribedTool',
    'Diagnostic',
    'DialectDescription',
    'DialectId',
    'DoctorCheck',
    'DoctorOptions',
    'DoctorResult',
    'Fact',
    'Finding',
    'Hook',
    'HostReply',
    'Limit',
    'Matcher',
    'ReportRow',
    'Rule',
    'RuleSetting',
    'RunArgs',
    'SimulateOptions',
    'SimulateResult',
    'SimulateRow',
    'Status',
  ],
};

describe('the public API: exactly the documented exports', () => {
  it('dist/index.js exports the values, dist/types/index.d.ts those and the types, nothing else', async () => {
    expect(Object.keys(await import(entry)).sort()).toEqual(API.values);
    const file = resolve(import.meta.dirname, '../dist/types/index.d.ts');
    const program = ts.createProgram([file], { noEmit: true, types: [] });
    const checker = program.getTypeChecker();
    const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(file)!)!);
    const isValue = (s: ts.Symbol) =>
      ((s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s).flags & ts.SymbolFlags.Value) !== 0;
    expect(
      exported
        .filter((s) => !isValue(s))
        .map((s) => s.name)
        .sort(),
    ).toEqual(API.types);
    expect(
      exported
        .filter(isValue)
        .map((s) => s.name)
        .sort(),
    ).toEqual(API.values);
  });
  it('docs/library.md names every export', () => {
    const doc = readFileSync(resolve(import.meta.dirname, '../docs/library.md'), 'utf8');
    const missing = [...API.values, ...API.types].filter((n) => !new RegExp(`\\b${n}\\b`).test(doc));
    expect(missing).toEqual([]);
  });
});

describe('convert() from the library: text in, text and report out, no disk', () => {
  it('converts, merges into given text, and refuses bad input', async () => {
    const { convert, HookBridgeError } = await import(entry);
    const src = JSON.stringify({
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh' }] }] },
    });
    const r = convert(src, { from: 'claude', to: 'qwen', existing: '{ "model": "m" }\n' });
    expect(JSON.parse(r.output)).toMatchObject({
      model: 'm',
      hooks: { PreToolUse: [{ matcher: '^run_shell_command$' }] },
    });
    expect(r.report[0]).toMatchObject({ status: 'translated', target: { event: 'PreToolUse' } });
    expect(() => convert('{"hooks":', { from: 'claude', to: 'qwen' })).toThrow(HookBridgeError);
    // One mistyped event drops its hook with a suggestion; it never refuses the file.
    const typo = convert(
      '{"hooks":{"PreToolUSe":[{"hooks":[{"type":"command","command":"x"}]}],"Stop":[{"hooks":[{"type":"command","command":"y"}]}]}}',
      { from: 'claude', to: 'qwen' },
    );
    expect(typo.report.map((r: { status: string }) => r.status)).toEqual(['dropped', 'translated']);
    expect(typo.report[0].reason).toMatch(/did you mean PreToolUse\?/);
  });
});

describe('transcript translation: in the library, and kept off the run hot path', () => {
  it('translateTranscript from the package entry', async () => {
    const { translateTranscript } = await import(entry);
    const qwen = JSON.stringify({
      uuid: 'u',
      timestamp: 't',
      type: 'assistant',
      message: { role: 'model', parts: [{ text: 'hi' }] },
    });
    expect(JSON.parse(translateTranscript('qwen', 'claude', `${qwen}\n`))).toMatchObject({
      type: 'assistant',
      message: { role: 'assistant', content: [{ type: 'text', text: 'hi' }] },
    });
  });
  it(
    "dist/run.cjs requires the translator bundle on demand instead of containing it; the translator reuses run's " +
      'mappings',
    () => {
      const dist = (f: string) => readFileSync(resolve(import.meta.dirname, '../dist', f), 'utf8');
      for (const f of ['run.cjs', 'dispatch.cjs']) {
        expect(dist(f)).toContain('require("./transcript.cjs")');
        expect(dist(f)).not.toContain('function_call_result');
      }
      expect(dist('transcript.cjs')).toContain('function_call_result');
      expect(dist('transcript.cjs')).not.toContain('run_shell_command'); // the mappings are not parsed twice
    },
  );
});
