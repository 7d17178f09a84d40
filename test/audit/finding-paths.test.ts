// A finding names a place that exists in its file (issue 35): rules speak of a hook's canonical fields (`command`,
// `timeout`), and GitHub Copilot CLI's files spell them `bash` (or the system's own `linux`) and `timeoutSec`. SARIF
// consumers go to the path and region, so both must be the field's own, on the real Copilot projects' files.
import { chmodSync, cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.js';
import { formatSarif } from '../../src/audit/format/sarif.js';
import { valueAt } from '../../src/dialects/json-path.js';

const real = resolve(import.meta.dirname, '../real-projects');
const copy = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'hb-paths-'));
  cpSync(join(real, name), dir, { recursive: true });
  return dir;
};

describe('finding paths in a GitHub Copilot CLI file', () => {
  it('a missing program in `bash` (Arithmomaniac/copilot-repository-tools): the path and SARIF region are its', () => {
    const dir = copy('Arithmomaniac__copilot-repository-tools');
    const file = join(dir, '.github/hooks/hooks.json');
    // A PATH without uv (the hook's runner): everything else the command starts is a builtin.
    const r = audit({ paths: [dir], only: ['script-interpreter-missing'], env: { PATH: '/nonexistent' }, cwd: dir });
    const f = r.findings.find((x) => x.message.startsWith('uv '));
    expect(f?.path).toBe('hooks.sessionEnd[0].bash');
    const text = readFileSync(file, 'utf8');
    expect(valueAt(text, f!.path, 'json')).toMatch(/uv run ruff/);
    const line = text.split('\n').findIndex((l) => l.includes('"bash"')) + 1;
    const column = text.split('\n')[line - 1]!.indexOf('"echo') + 1;
    const sarif = JSON.parse(formatSarif(r, dir));
    const loc = sarif.runs[0].results.find((x: { message: { text: string } }) => x.message.text.startsWith('uv '))
      .locations[0];
    expect(loc.physicalLocation.region).toEqual({ startLine: line, startColumn: column });
    expect(loc.logicalLocations[0].fullyQualifiedName).toBe('hooks.sessionEnd[0].bash');
  });

  it.runIf(process.platform === 'linux')(
    'the system’s own field where the action has one (Nick2bad4u/Stylelint-Config-Inspector: `linux`)',
    () => {
      const dir = copy('Nick2bad4u__Stylelint-Config-Inspector');
      chmodSync(join(dir, '.github/hooks/scripts/remove-temp.sh'), 0o644);
      const r = audit({ paths: [dir], only: ['script-not-executable'], cwd: dir });
      expect(r.findings.map((f) => f.path)).toContain('hooks.SessionStart[0].linux');
      // The field holds the script the finding names (not the Windows `command` beside it).
      const text = readFileSync(join(dir, '.github/hooks/hooks.json'), 'utf8');
      for (const f of r.findings)
        expect(f.message.startsWith(String(valueAt(text, f.path, 'json'))), f.path).toBe(true);
    },
  );

  it('a path that exists as the rule gives it is kept (a Claude settings file)', () => {
    const dir = copy('riddopic__cc-tools');
    const r = audit({ paths: [dir], only: ['script-interpreter-missing'], env: { PATH: '/nonexistent' }, cwd: dir });
    expect(r.findings.length).toBeGreaterThan(0);
    for (const f of r.findings) expect(f.path).toMatch(/\.hooks\[\d+\]\.command$/);
  });
});
