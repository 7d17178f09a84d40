// `test --cases` limits: a host that decides through hook-bridge by its documented limit is green; one that decides
// otherwise than both the reference and that limit (a regression) is red — the exit code's rule on a case's result.
import { describe, expect, it } from 'vitest';
import { beyondLimits, casesExitCode, type CaseResult } from '../../src/simulate/cases.js';
import type { SimulateRow } from '../../src/simulate/simulate.js';

const row = (host: SimulateRow['host'], mode: SimulateRow['mode'], decision: SimulateRow['decision']): SimulateRow => ({
  host,
  mode,
  decision,
  reason: null,
  context: [],
  hooks: [],
  notRun: [],
  notes: [],
  differs: decision === 'allow' ? [] : ['decision'],
});
const result = (qwen: SimulateRow['decision']): CaseResult => ({
  name: 'reads are approved',
  expected: { decision: 'allow' },
  pass: true,
  withinLimits: qwen === 'none' ? ['qwen'] : [],
  result: {
    from: 'claude',
    project: '.',
    event: 'PreToolUse',
    headless: false,
    sources: [],
    results: [
      { ...row('claude', 'as-is', 'allow'), differs: [] },
      row('qwen', 'as-is', 'none'),
      row('qwen', 'bridged', qwen),
    ],
  },
});

describe('--cases limits', () => {
  it('the documented limit is green, a regression beyond it is red', () => {
    expect(beyondLimits(result('none'))).toEqual([]);
    expect(casesExitCode([result('none')])).toBe(0);
    expect(beyondLimits(result('deny')).map((x) => `${x.host} ${x.decision}`)).toEqual(['qwen deny']);
    expect(casesExitCode([result('deny')])).toBe(1);
  });
});
