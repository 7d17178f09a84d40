// The bundled example project with known problems gives a stable, reviewed report in every format.
// Regenerate after a deliberate change: UPDATE_GOLDEN=1 npx vitest run test/audit/golden.test.ts
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ajvDraft04 from 'ajv-draft-04';
import ajvFormats from 'ajv-formats';

// ajv-draft-04 is CommonJS with a `default` export; under NodeNext its types see the module object.
type Validator = ((data: unknown) => boolean) & { errors?: unknown };
const Ajv = ((ajvDraft04 as unknown as { default?: unknown }).default ?? ajvDraft04) as new (
  o: object,
) => { compile(schema: object): Validator };
// ajv-formats, too: the schema's `uri` and `date-time` formats are checked, not skipped with a warning.
const addFormats = ((ajvFormats as unknown as { default?: unknown }).default ?? ajvFormats) as (ajv: object) => void;
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.js';
import { formatJson } from '../../src/audit/format/json.js';
import { formatMarkdown } from '../../src/audit/format/markdown.js';
import { formatSarif } from '../../src/audit/format/sarif.js';
import { formatText } from '../../src/audit/format/text.js';
import { colors } from '../../src/audit/format/colors.js';

const root = resolve(import.meta.dirname, '../..');
const golden = (name: string) => join(import.meta.dirname, 'golden', name);
// Audit a copy at a fixed-depth temp path so file paths in the reports are stable.
const dir = mkdtempSync(join(tmpdir(), 'hb-golden-'));
cpSync(join(root, 'examples/audit-project'), dir, { recursive: true });
const result = audit({ paths: [dir], cwd: dir }); // reported as seen from the project, like the formats below
const reports: Record<string, string> = {
  'report.txt': formatText(result, dir, colors(false)),
  'report.json': formatJson(result, dir),
  'report.md': formatMarkdown(result, dir),
  'report.sarif': formatSarif(result, dir)
    .replace(/"version": "[^"]+"/, '"version": "<version>"')
    .replace(/"uri": "file:[^"]+"/, '"uri": "file:///<cwd>/"'),
};

describe('golden reports of examples/audit-project', () => {
  for (const [name, text] of Object.entries(reports)) {
    it(name, () => {
      if (process.env.UPDATE_GOLDEN) writeFileSync(golden(name), text);
      expect(text).toBe(readFileSync(golden(name), 'utf8'));
    });
  }
  it('every planted problem is found', () => {
    const ids = new Set(result.findings.map((f) => f.ruleId));
    for (const id of [
      'timeout-unit-mismatch',
      'matcher-invalid',
      'event-unsupported',
      'script-missing',
      'matcher-overmatch',
      'matcher-dead',
      'foreign-tool-literal',
      'config-not-read',
    ])
      expect(ids, id).toContain(id);
  });
});

describe('formats', () => {
  it('SARIF validates against the SARIF 2.1.0 schema', () => {
    const schema = JSON.parse(
      readFileSync(
        createRequire(import.meta.url).resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'),
        'utf8',
      ),
    );
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    const log = JSON.parse(formatSarif(result));
    expect(validate(log), JSON.stringify(validate.errors, null, 1)).toBe(true);
    expect(log.runs[0].results.length).toBe(result.findings.length);
    expect(log.runs[0].results[0].locations[0].physicalLocation.region.startLine).toBeGreaterThan(0);
  });
  it(
    "JSON findings carry ruleId, severity, message, file and path ('' " + 'for a whole file); file opens from the cwd',
    () => {
      const json = JSON.parse(readFileSync(golden('report.json'), 'utf8'));
      expect(json.some((f: { path: string }) => f.path === '')).toBe(true);
      for (const f of json) {
        expect(f).toMatchObject({
          ruleId: expect.any(String),
          messageId: expect.any(String),
          severity: expect.stringMatching(/^(error|warning|info)$/),
          message: expect.any(String),
          file: expect.any(String),
          path: expect.any(String),
        });
        expect(existsSync(join(dir, f.file)), f.file).toBe(true);
      }
    },
  );
  it('markdown with --target says what convert would change, hook by hook', () => {
    const t = audit({ paths: [join(root, 'examples/claude-project')], target: 'qwen' });
    const md = formatMarkdown(t, join(root, 'examples/claude-project'));
    expect(md).toMatch(/^## What `hook-bridge convert --to qwen` would change$/m);
    expect(md).toMatch(
      /\| `\.claude\/settings\.json` `hooks\.PreToolUse\[1\]\.hooks\[0\]` \| PreToolUse "Write\\\|Edit\\\|MultiEdit" \| translated \| Qwen Code has no MultiEdit \(file\.multi-edit\): a tool it does not have is never called there, so nothing is lost/,
    );
  });
  it('markdown has the summary table and a section per severity', () => {
    const md = formatMarkdown(result, dir);
    expect(md).toMatch(/^# Hook migration audit\n/);
    expect(md).toMatch(/\| `\.claude\/settings\.json` \| claude \| \d+ \|/);
    expect(md).toMatch(/^## Errors \(\d+\)$/m);
  });
});
