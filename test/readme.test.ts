// The README says what the code does: its generated event table is the mappings' own.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { eventTable } from '../scripts/event-table.js';

it("the README's event table is the one mappings/ gives (regenerate: npx tsx scripts/event-table.ts)", () => {
  const readme = readFileSync(resolve(import.meta.dirname, '../README.md'), 'utf8');
  const m = /<!-- event-table:[^\n]*-->\n([\s\S]*?)\n<!-- \/event-table -->/.exec(readme);
  expect(m, 'the README has the generated table between its markers').not.toBeNull();
  expect(m![1]).toBe(eventTable());
});
