// The published type of a dialect's facts (src/model/dialect-spec.ts, written out so that dist/types needs no zod) is
// exactly what the zod schema accepts: `npm run typecheck` fails when a field is added, dropped or changed on one side.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { DialectFile } from '../../src/model/dialect-spec.js';
import { dialectFileSchema } from '../../src/model/mapping-schema.js';
import { mappings } from '../../src/model/mappings.js';

type Parsed = z.infer<typeof dialectFileSchema>;

describe('DialectFile (src/model/dialect-spec.ts) and the zod schema of mappings/dialects/*.yaml', () => {
  it('are one type (checked by tsc: npm run typecheck)', () => {
    expectTypeOf<Parsed>().toEqualTypeOf<DialectFile>();
    // The check sees one field's difference, in either direction, at any depth:
    expectTypeOf<Parsed>().not.toEqualTypeOf<Omit<DialectFile, 'shell'>>();
    expectTypeOf<Parsed>().not.toEqualTypeOf<DialectFile & { payload?: { toolResults?: 'another-format' } }>();
    expectTypeOf<Parsed['timeout']>().not.toEqualTypeOf<Omit<DialectFile['timeout'], 'unit'> & { unit: 's' }>();
  });
  it('every compiled dialect parses with the schema (the data is of the published type)', () => {
    for (const spec of Object.values(mappings.dialects))
      expect(dialectFileSchema.safeParse(spec).success, spec.id).toBe(true);
  });
});
