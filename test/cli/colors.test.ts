import { describe, expect, it } from 'vitest';
import { useColor } from '../../src/audit/format/colors.js';

const tty = { isTTY: true } as NodeJS.WriteStream;
const pipe = { isTTY: false } as NodeJS.WriteStream;
describe('colour only on a TTY', () => {
  it('TTY yes, pipe no — CI=true does not turn it on', () => {
    expect(useColor(tty, {})).toBe(true);
    expect(useColor(pipe, {})).toBe(false);
    expect(useColor(pipe, { CI: 'true' })).toBe(false);
  });
  it('NO_COLOR wins; FORCE_COLOR forces; TERM=dumb disables', () => {
    expect(useColor(tty, { NO_COLOR: '1' })).toBe(false);
    expect(useColor(pipe, { FORCE_COLOR: '1' })).toBe(true);
    expect(useColor(pipe, { FORCE_COLOR: '0' })).toBe(false);
    expect(useColor(tty, { TERM: 'dumb' })).toBe(false);
  });
});
