// A JSON value read as a string, one helper per behaviour (payloads, transcripts and tool results carry loosely typed
// fields).

/** The value when it is a string, else undefined. */
export const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The value when it is a string, else the empty string. */
export const stringOrEmpty = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A string as it is, a number as its decimal text (an id written either way), else undefined. */
export const scalarString = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
