/** A count with its noun, in the singular for one: `1 hook`, `2 hooks`, `0 entries` (with `many`). */
export const plural = (n: number, noun: string, many = `${noun}s`): string => `${n} ${n === 1 ? noun : many}`;
