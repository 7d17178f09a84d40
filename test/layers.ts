// The layers of src/ (docs/architecture.md "Layers"), for test/structure.test.ts and the docs' check in
// test/meta.test.ts.

/** The layer of a source file: a file may import its own layer or a lower one. run and convert are one layer that does
 * not mix.
 */
export const LAYERS: [prefix: string, layer: number][] = [
  ['src/generated/', -1],
  ['src/version.ts', 0],
  ['src/lazy.ts', 0],
  ['src/model/', 0],
  ['src/dialects/', 1],
  ['src/results/', 2],
  ['src/transcript/', 3],
  ['src/run/', 4],
  ['src/convert/', 4],
  ['src/audit/', 5],
  ['src/simulate/', 6],
  ['src/doctor/', 6],
  ['src/cli/', 7],
  ['src/index.ts', 8],
];
export const layerOf = (f: string) => LAYERS.find(([p]) => f.startsWith(p))?.[1];
