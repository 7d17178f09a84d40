// Dialect lists in the CLI's help come from the data, not from text kept by hand.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { DIALECT_IDS } from '../../src/model/dialect-ids.js';
import { mappings } from '../../src/model/mappings.js';
import { askRelaysSafely } from '../../src/run/emit.js';
import { translatable } from '../../src/transcript/translate.js';

const bin = resolve(import.meta.dirname, '../../bin/hook-bridge.cjs');
const help = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');

it.each([[['transcript', '--help']], [['help', 'transcript']]])(
  '%j lists the dialects whose transcripts are read, and those they are written for',
  (args) => {
    const text = help(...args);
    const { from, to } = translatable();
    expect(text).toContain(`the agent that wrote the transcript: ${from.join(', ')}`);
    expect(text).toContain(`the script's agent: ${to.join(', ')}`);
  },
);

it('convert --help lists every dialect of the registry', () => {
  expect(help('convert', '--help')).toContain(`comma-separated: ${DIALECT_IDS.join(', ')}`);
});

it.each([[['run', '--help']], [['help', 'run']], [['dispatch', '--help']], [['help', 'dispatch']]])(
  '%j names the hosts a hook\'s "ask" is relayed to from the data (output.askInteractive, askHeadless)',
  (args) => {
    const relayed = DIALECT_IDS.filter((d) => !mappings.dialects[d].payloadDialect && askRelaysSafely(d)).map(
      (d) => mappings.dialects[d].agent,
    );
    expect(relayed).toEqual(expect.arrayContaining(['Qwen Code']));
    expect(relayed).not.toContain(mappings.dialects.codex.agent); // ask is void there: a deny with the reason instead
    expect(help(...args)).toContain(`relayed on ${relayed.join(', ')} `);
  },
);
